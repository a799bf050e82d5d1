//! Keeping an uploaded file: its bytes streamed to the document store, then the row that
//! points at them. Without the row the object is unreachable, so when the row cannot be
//! written the object goes too: nothing is left behind, whoever uploaded it.

use axum::extract::multipart::Field;
use axum::http::StatusCode;
use chrono::Utc;
use threshold_documents::{DocumentStore, FileKind, UploadError, kinds_in_words};
use threshold_engine::CaseType;
use threshold_store::UserId;
use threshold_store::documents::{GENERATED, NewDocument, UPLOADED};

use super::limits::Room;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult};

/// What the kept file is to the case.
pub(crate) enum Filing {
    /// Evidence from a party, their broker, a donor or the firm, in the required-document
    /// slot named (or the first empty one of its type); `side` is who may remove it
    /// (`PARTY`, `BROKER`; none: the firm only).
    Evidence {
        slot: Option<i64>,
        side: Option<&'static str>,
    },
    /// The firm's own version of a document it issues: a draft only staff see until issued.
    OwnDraft,
}

/// One upload to keep.
pub(crate) struct Upload<'a> {
    pub case_id: i64,
    pub case_type: CaseType,
    pub document_type: &'a str,
    pub by: UserId,
    pub filing: Filing,
}

/// Streams `file` to the store (at most `room`'s bytes, one of `accepted`'s kinds read from
/// its first bytes), then records it; returns the new document's id.
pub(crate) async fn keep(
    state: &AppState,
    room: &Room,
    file: Field<'_>,
    accepted: &'static [FileKind],
    upload: Upload<'_>,
) -> ApiResult<i64> {
    let given_name = file.file_name().unwrap_or("").to_owned();
    let key = DocumentStore::new_key();
    let stored = state
        .documents
        .put_stream(&key, file, room.max_bytes(), accepted)
        .await
        .map_err(|err| upload_error(err, room))?;
    let file_name = file_name(&given_name, upload.document_type, stored.kind.extension());
    let (kind, side, is_draft) = match upload.filing {
        Filing::Evidence { side, .. } => (UPLOADED, side, false),
        Filing::OwnDraft => (GENERATED, None, true),
    };
    let new = NewDocument {
        case_id: upload.case_id,
        case_type: upload.case_type.as_str(),
        document_type: upload.document_type,
        kind,
        storage_key: &key,
        file_name: &file_name,
        content_type: stored.kind.content_type(),
        size_bytes: stored.size as i64,
        is_draft,
        created_by: Some(upload.by),
        uploaded_by_side: side,
    };
    let now = Utc::now();
    let recorded = match upload.filing {
        Filing::Evidence { slot, .. } => state.db.insert_upload(&new, slot, now).await,
        Filing::OwnDraft => state.db.insert_document(&new, now).await,
    };
    match recorded {
        Ok(id) => Ok(id),
        Err(err) => {
            if let Err(e) = state.documents.delete(&key).await {
                tracing::warn!(error = %e, "an unrecorded upload's object remains");
            }
            Err(err.into())
        }
    }
}

fn upload_error(err: UploadError, room: &Room) -> ApiError {
    match err {
        UploadError::TooLarge { .. } => room.too_large(),
        UploadError::Unsupported { accepted } => {
            let kinds = kinds_in_words(accepted);
            ApiError {
                fields: [("file".to_owned(), format!("must be {kinds}"))].into(),
                ..ApiError::new(
                    StatusCode::UNSUPPORTED_MEDIA_TYPE,
                    "unsupported_media_type",
                    format!("Upload {kinds}."),
                )
            }
        }
        UploadError::ImageTooLarge { .. } => ApiError::bad_field(
            "file",
            format!(
                "must be a photo of at most {} pixels a side (this image says it is larger)",
                threshold_documents::MAX_IMAGE_SIDE
            ),
        ),
        UploadError::Body(detail) => super::form::unreadable(detail),
        UploadError::Store(err) => ApiError::internal(err),
    }
}

/// The name the file is kept under: the uploader's name without any folder or control
/// characters, with the extension of the type its bytes showed (a PNG named `.pdf` becomes
/// `.png`); the document type when no usable name was given.
fn file_name(given: &str, document_type: &str, extension: &str) -> String {
    let base = given.rsplit(['/', '\\']).next().unwrap_or("");
    let stem = base.rsplit_once('.').map_or(base, |(stem, _)| stem);
    let stem: String = stem
        .chars()
        .filter(|c| !c.is_control() && !is_bidi_control(*c))
        .take(120)
        .collect();
    let stem = stem.trim();
    let stem = if stem.is_empty() {
        document_type.to_ascii_lowercase()
    } else {
        stem.to_owned()
    };
    format!("{stem}.{extension}")
}

/// Unicode's bidirectional controls: U+202E makes `invoice\u{202E}fdp.exe` show as
/// `invoiceexe.pdf`, so a kept name never carries them.
fn is_bidi_control(c: char) -> bool {
    matches!(c, '\u{061C}' | '\u{200E}' | '\u{200F}' | '\u{202A}'..='\u{202E}' | '\u{2066}'..='\u{2069}')
}

#[cfg(test)]
mod tests {
    use super::file_name;

    #[test]
    fn the_kept_name_has_the_real_extension_and_no_folders() {
        assert_eq!(file_name("C:\\docs\\scan.pdf", "ID", "png"), "scan.png");
        assert_eq!(file_name("../../etc/x\n.jpg", "ID", "jpg"), "x.jpg");
        assert_eq!(file_name("", "BANK_STATEMENT", "pdf"), "bank_statement.pdf");
        // Issue 25 (8): bidirectional controls are stripped.
        assert_eq!(
            file_name("invoice\u{202E}fdp.exe.pdf", "ID", "pdf"),
            "invoicefdp.exe.pdf"
        );
        assert_eq!(
            file_name("\u{2066}a\u{2069}\u{200F}.png", "ID", "png"),
            "a.png"
        );
    }
}
