//! The one HTTP error type: `{"error":{"code","message","fields"}}` with the right status.
//! Internal details are logged with the request id and never sent to the client.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Serialize;
use utoipa::ToSchema;

/// The body of every error response.
#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorBody {
    pub error: ErrorDetail,
}

#[derive(Debug, Serialize, ToSchema)]
pub struct ErrorDetail {
    /// Machine-readable code, e.g. `validation_failed`.
    pub code: &'static str,
    /// A sentence a person can read.
    pub message: String,
    /// Field name → problem, for bad input.
    #[serde(skip_serializing_if = "BTreeMap::is_empty")]
    pub fields: BTreeMap<String, String>,
}

#[derive(Debug)]
pub struct ApiError {
    pub status: StatusCode,
    pub code: &'static str,
    pub message: String,
    pub fields: BTreeMap<String, String>,
    /// For a 429: how many seconds until a retry can succeed (sent as `Retry-After`).
    pub retry_after: Option<u64>,
}

impl ApiError {
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            fields: BTreeMap::new(),
            retry_after: None,
        }
    }

    /// Tells the client when to try again (RFC 9110 §10.2.3), at least a second from now.
    pub fn retry_after(mut self, wait: std::time::Duration) -> Self {
        self.retry_after = Some(wait.as_secs_f64().ceil().max(1.0) as u64);
        self
    }

    pub fn unauthenticated() -> Self {
        Self::new(
            StatusCode::UNAUTHORIZED,
            "unauthenticated",
            "Please log in again to continue.",
        )
    }

    /// A 403 `feature_off`: the feature this call belongs to is not among the user's enabled
    /// features (AI_BOT, SOF).
    pub fn feature_off(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "feature_off", message)
    }

    pub fn forbidden(message: impl Into<String>) -> Self {
        Self::new(StatusCode::FORBIDDEN, "forbidden", message)
    }

    pub fn not_found() -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", "Not found")
    }

    /// 422 with one message per offending field.
    pub fn invalid_fields(fields: BTreeMap<String, String>) -> Self {
        Self {
            status: StatusCode::UNPROCESSABLE_ENTITY,
            code: "validation_failed",
            message: "Some of the details are not valid.".into(),
            fields,
            retry_after: None,
        }
    }

    pub fn bad_field(field: &str, problem: impl Into<String>) -> Self {
        Self::invalid_fields(BTreeMap::from([(field.to_owned(), problem.into())]))
    }

    pub fn too_many_requests() -> Self {
        Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "Too many attempts. Please wait a minute and try again.",
        )
    }

    /// A fault on our side: logged in full, reported to the client generically.
    pub fn internal(err: impl std::fmt::Display) -> Self {
        tracing::error!(error = %err, "internal error");
        Self::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal_error",
            "Something went wrong on our side. Please try again.",
        )
    }
}

/// For callers outside a request (the CLI's demo), which report it as an error.
impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} {}: {}",
            self.status.as_u16(),
            self.code,
            self.message
        )
    }
}

impl std::error::Error for ApiError {}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let body = ErrorBody {
            error: ErrorDetail {
                code: self.code,
                message: self.message,
                fields: self.fields,
            },
        };
        let mut response = (self.status, axum::Json(body)).into_response();
        if let Some(seconds) = self.retry_after {
            response
                .headers_mut()
                .insert(axum::http::header::RETRY_AFTER, seconds.into());
        }
        response
    }
}

impl From<threshold_store::StoreError> for ApiError {
    fn from(err: threshold_store::StoreError) -> Self {
        match err {
            threshold_store::StoreError::NotFound => ApiError::not_found(),
            threshold_store::StoreError::Conflict(what) => {
                ApiError::new(StatusCode::CONFLICT, "conflict", what)
            }
            other => ApiError::internal(other),
        }
    }
}

/// The case service's refusals, mapped once for every case endpoint.
impl From<threshold_cases::CaseError> for ApiError {
    fn from(err: threshold_cases::CaseError) -> Self {
        use threshold_cases::CaseError as E;
        match err {
            E::NotFound => ApiError::not_found(),
            E::NotPermitted(message) => ApiError::forbidden(message),
            E::ReasonRequired(_) => ApiError::bad_field("reason", "is required for this step"),
            E::UnknownTransition(name) => {
                ApiError::bad_field("transition", format!("there is no step named `{name}`"))
            }
            e @ E::WrongStatus { .. } => {
                ApiError::new(StatusCode::CONFLICT, "wrong_status", e.to_string())
            }
            E::GuardFailed { reason, .. } => {
                ApiError::new(StatusCode::CONFLICT, "not_ready", reason)
            }
            E::SectionClosed { reason, .. } => {
                ApiError::new(StatusCode::CONFLICT, "section_closed", reason)
            }
            e @ E::Conflict => ApiError::new(StatusCode::CONFLICT, "conflict", e.to_string()),
            E::AlreadyDone(message) => ApiError::new(StatusCode::CONFLICT, "conflict", message),
            E::InvalidField { field, message } => ApiError::bad_field(field, message),
            e @ (E::Corrupt(_) | E::Store(_)) => ApiError::internal(e),
        }
    }
}

pub type ApiResult<T> = Result<T, ApiError>;

/// A known address asked with a method it does not take (axum adds the `Allow` header).
pub async fn method_not_allowed() -> ApiError {
    ApiError::new(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "This address does not take that method.",
    )
}
