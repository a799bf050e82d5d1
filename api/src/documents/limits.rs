//! What one person may upload: `RATE_LIMIT_UPLOADS_PER_MINUTE` files a minute, and what one
//! case may hold, `CASE_STORAGE_QUOTA_MB` of uploaded files. Defaults a real customer never
//! meets; they stop one account filling the store (12 × 32 MiB in a second was kept before).

use axum::http::StatusCode;
use threshold_store::UserId;

use super::upload::MAX_FILE_BYTES;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult};

const MIB: u64 = 1024 * 1024;

/// How large this upload may be: 32 MiB, or less when the case's quota is nearly spent.
pub struct Room {
    max_bytes: u64,
    quota_mb: u64,
}

/// Counts the upload against the person's rate (429 past it) and finds the room its case has
/// left (413 when none). Concurrent uploads to one case may overshoot the quota by what they
/// carry at once, at most a few files: the quota bounds storage, it is not a bill.
pub async fn room_for_upload(state: &AppState, user: UserId, case_id: i64) -> ApiResult<Room> {
    let per_minute = state.config.rate_limit_uploads_per_minute;
    state.limits.uploads.check_user(user).map_err(|limited| ApiError {
        retry_after: limited.retry_after,
        ..limit_error(
            StatusCode::TOO_MANY_REQUESTS,
            "upload_rate_limited",
            format!("at most {per_minute} uploads a minute"),
            format!(
                "You can upload at most {per_minute} files a minute. Wait a minute and try again."
            ),
        )
    })?;
    let quota_mb = state.config.case_storage_quota_mb;
    let used = state.db.case_upload_bytes(case_id).await?.max(0) as u64;
    let left = (quota_mb * MIB).saturating_sub(used);
    let room = Room {
        max_bytes: left.min(MAX_FILE_BYTES),
        quota_mb,
    };
    if room.max_bytes == 0 {
        return Err(room.too_large());
    }
    Ok(room)
}

impl Room {
    pub fn max_bytes(&self) -> u64 {
        self.max_bytes
    }

    /// The file went past [`Room::max_bytes`]: the 32 MiB limit, or the case's quota.
    pub fn too_large(&self) -> ApiError {
        if self.max_bytes < MAX_FILE_BYTES {
            limit_error(
                StatusCode::PAYLOAD_TOO_LARGE,
                "case_storage_full",
                format!("the case's files may take at most {} MiB", self.quota_mb),
                format!(
                    "This case's files take nearly all of its {} MiB. Delete files it no longer \
                     needs, or ask us to help.",
                    self.quota_mb
                ),
            )
        } else {
            file_too_large()
        }
    }
}

/// A file over 32 MiB, whether it said so up front (its length) or showed it on the way.
pub fn file_too_large() -> ApiError {
    limit_error(
        StatusCode::PAYLOAD_TOO_LARGE,
        "payload_too_large",
        "must be at most 32 MiB".into(),
        "The file is larger than 32 MiB.".into(),
    )
}

/// The error, naming the limit under the `file` field.
fn limit_error(status: StatusCode, code: &'static str, limit: String, message: String) -> ApiError {
    ApiError {
        fields: [("file".to_owned(), limit)].into(),
        ..ApiError::new(status, code, message)
    }
}
