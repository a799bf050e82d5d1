//! Reading the upload's multipart form part by part: the small fields first, each with a cap,
//! so the case is checked before a byte of the file is stored.

use axum::extract::{Multipart, multipart::Field};
use axum::http::StatusCode;

use crate::error::{ApiError, ApiResult};

/// The form fields before the file are short words and numbers.
const MAX_FIELD_BYTES: usize = 100;

/// The next part of the form, which must be `name`.
pub(super) async fn next_field<'a>(form: &'a mut Multipart, name: &str) -> ApiResult<Field<'a>> {
    let field = form
        .next_field()
        .await
        .map_err(form_error)?
        .ok_or_else(|| ApiError::bad_field(name, "is required"))?;
    if field.name() != Some(name) {
        return Err(ApiError::bad_field(
            name,
            "is required here (send caseType, caseId, documentType, then file)",
        ));
    }
    Ok(field)
}

/// The optional form field naming the slot an upload fills.
pub(super) const REQUIRED_DOCUMENT_ID: &str = "requiredDocumentId";

/// A short text part, read with a cap (never a whole body into memory).
pub(super) async fn text_field(form: &mut Multipart, name: &str) -> ApiResult<String> {
    let field = next_field(form, name).await?;
    read_text(field, name).await
}

pub(super) async fn read_text(mut field: Field<'_>, name: &str) -> ApiResult<String> {
    let mut bytes = Vec::new();
    while let Some(chunk) = field.chunk().await.map_err(form_error)? {
        bytes.extend_from_slice(&chunk);
        if bytes.len() > MAX_FIELD_BYTES {
            return Err(ApiError::bad_field(name, "is too long"));
        }
    }
    let text = String::from_utf8(bytes).map_err(|_| ApiError::bad_field(name, "must be text"))?;
    if text.chars().any(char::is_control) {
        return Err(ApiError::bad_field(
            name,
            "must not contain control characters",
        ));
    }
    Ok(text.trim().to_owned())
}

/// A form that could not be read: 413 when its declared length is past the limit (the body
/// limit refuses it before a byte is read), 400 otherwise.
pub(super) fn form_error(err: axum::extract::multipart::MultipartError) -> ApiError {
    if err.status() == StatusCode::PAYLOAD_TOO_LARGE {
        return super::limits::file_too_large();
    }
    unreadable(err.body_text())
}

pub(super) fn unreadable(detail: String) -> ApiError {
    tracing::debug!(detail, "unreadable upload form");
    ApiError::new(
        StatusCode::BAD_REQUEST,
        "bad_request",
        "The upload could not be read (send multipart/form-data).",
    )
}
