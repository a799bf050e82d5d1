//! Changing the e-mail address: a link to the new address confirms it.
//!
//! The request is recorded (and shown as pending) at once; a worker mails the link to the
//! new address and a notice to the current one. Opening the link only loads the browser
//! app's `/confirm-email` page, which posts the token here (as sign-in links are redeemed),
//! so a mail scanner opening it consumes nothing. Whether the new address has an account is
//! not told to the requester: only whoever opens the link, in that address's inbox, learns it.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{Duration, Utc};
use serde::{Deserialize, Serialize};
use threshold_store::email_changes::ConfirmEmailChangeError;
use threshold_workers::EmailChangeMail;
use threshold_workers::auth_email::new_request_id;
use utoipa::ToSchema;

use super::{PendingEmailChangeView, can_change_legal_details, own};
use crate::app::AppState;
use crate::auth::email_address::EmailAddress;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};
use crate::rate_limit::{self, ClientIp};

/// Requests one account may make in an hour, whatever addresses they come from.
const REQUESTS_PER_HOUR: i64 = 5;

/// POST /users/{userId}/email-change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EmailChangeRequest {
    /// The new address, lower-cased.
    #[schema(min_length = 5, max_length = 254, pattern = r"^\S+@\S+\.\S+$")]
    pub email: String,
}

/// The request as recorded: the link is on its way to the new address.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailChangeResponse {
    pub pending_email_change: PendingEmailChangeView,
}

/// POST /email-change/confirm.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConfirmEmailChangeRequest {
    /// The `token` query parameter of the `/confirm-email` link.
    #[schema(max_length = 128)]
    pub token: String,
}

/// The address the account uses from now on.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConfirmEmailChangeResponse {
    pub email: String,
}

#[utoipa::path(post, path = "/users/{userId}/email-change", tag = "users", request_body = EmailChangeRequest,
    params(("userId" = String, Path, description = "Must be the signed-in user's own id")),
    responses(
        (status = 202, description = "Recorded: a confirmation link is on its way to the new address, and a notice to the current one", body = EmailChangeResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another user's account, a broker (support changes their address) or a staff account", body = ErrorBody),
        (status = 422, description = "Not an e-mail address, or the current one", body = ErrorBody),
        (status = 429, description = "Too many requests from this address or for this account", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn request_email_change(
    State(state): State<AppState>,
    ip: ClientIp,
    session: CurrentSession,
    ApiPath(user_id): ApiPath<String>,
    ApiJson(body): ApiJson<EmailChangeRequest>,
) -> ApiResult<(StatusCode, Json<EmailChangeResponse>)> {
    own(&session, &user_id)?;
    if !can_change_legal_details(&session.user) {
        // A broker's address is how their firm and its clients reach them: support changes it.
        return Err(ApiError::forbidden(
            "Brokers can change only their preferred name and phone number.",
        ));
    }
    rate_limit::check(&state.limits.email_change, &ip)?;
    let email = EmailAddress::parse(&body.email)
        .map_err(|problem| ApiError::bad_field("email", problem))?;
    if email.as_str() == session.user.email {
        return Err(ApiError::bad_field(
            "email",
            "This is already your e-mail address",
        ));
    }
    let now = Utc::now();
    let recent = state
        .db
        .email_changes_since(session.user.id, now - Duration::hours(1))
        .await?;
    if recent >= REQUESTS_PER_HOUR {
        return Err(ApiError::too_many_requests());
    }
    let request_id = new_request_id();
    let pending = state
        .db
        .request_email_change(session.user.id, email.as_str(), &request_id, now)
        .await?;
    state
        .queue
        .push(EmailChangeMail { request_id })
        .await
        .map_err(ApiError::internal)?;
    Ok((
        StatusCode::ACCEPTED,
        Json(EmailChangeResponse {
            pending_email_change: PendingEmailChangeView {
                email: pending.new_email,
                requested_at: pending.created_at,
                expires_at: pending.expires_at,
            },
        }),
    ))
}

#[utoipa::path(post, path = "/email-change/confirm", tag = "users", request_body = ConfirmEmailChangeRequest,
    responses(
        (status = 200, description = "The account uses the new address from now on (sign in with it)", body = ConfirmEmailChangeResponse),
        (status = 409, description = "`email_taken`: another account uses that address now; the link still works if that changes", body = ErrorBody),
        (status = 410, description = "`email_change_link_invalid`: the link is unknown, used, replaced by a newer request or expired", body = ErrorBody),
        (status = 422, description = "The body is not `{\"token\": \"…\"}`", body = ErrorBody),
        (status = 429, description = "Too many attempts from this address", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn confirm_email_change(
    State(state): State<AppState>,
    ip: ClientIp,
    ApiJson(body): ApiJson<ConfirmEmailChangeRequest>,
) -> ApiResult<Json<ConfirmEmailChangeResponse>> {
    rate_limit::check(&state.limits.redeem, &ip)?;
    let invalid = || {
        ApiError::new(
            StatusCode::GONE,
            "email_change_link_invalid",
            "This link has expired or has been used already. Ask for a new one from your settings.",
        )
    };
    // Longer than any token we issue: the body breaks the schema (a 422, as for any field).
    if body.token.len() > 128 {
        return Err(ApiError::bad_field("token", "is not a link token"));
    }
    match state.db.confirm_email_change(&body.token, Utc::now()).await {
        Ok((_, email)) => Ok(Json(ConfirmEmailChangeResponse { email })),
        Err(ConfirmEmailChangeError::Invalid) => Err(invalid()),
        Err(ConfirmEmailChangeError::Taken) => Err(ApiError::new(
            StatusCode::CONFLICT,
            "email_taken",
            "Another Threshold account uses this e-mail address.",
        )),
        Err(ConfirmEmailChangeError::Store(e)) => Err(e.into()),
    }
}
