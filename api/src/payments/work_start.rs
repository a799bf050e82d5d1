//! The buyers' express request to start work within the 14-day cancellation period (Consumer
//! Contracts (Information, Cancellation and Additional Charges) Regulations 2013, reg. 36).
//! It is made on the Deposit page, with the payment (`POST /deposit-payment` refuses to start
//! one without it): the firm starts work, the searches and identity checks, once the payment
//! is in, so that is the step at which the client asks for work to begin. The statement and
//! its version are `buying.express_request` in workflows/fees.toml.

use axum::Json;
use axum::extract::State;
use chrono::{DateTime, Utc};
use serde::Serialize;
use threshold_engine::CaseType;
use threshold_engine::quote::ExpressRequest;
use utoipa::ToSchema;

use crate::app::AppState;
use crate::cases::access;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiPath, CurrentSession};

/// What a buyer ticks before paying, and whether they have.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct WorkStartWording {
    /// Sent back as `wordingVersion` with the payment.
    pub version: String,
    pub text: String,
    /// When the caller asked under this wording; null if they have not.
    pub requested_at: Option<DateTime<Utc>>,
}

/// The statement the firm asks buyers to tick (fees.toml `buying.express_request`).
pub fn wording(state: &AppState) -> ApiResult<ExpressRequest> {
    state
        .cases
        .workflows()
        .fees
        .buying
        .express_request
        .clone()
        .ok_or_else(|| ApiError::internal("buying.express_request is not configured"))
}

#[utoipa::path(get, path = "/buying/{caseId}/work-start-request", tag = "payments",
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "The statement to tick on the Deposit page (reg. 36 of the Consumer Contracts Regulations 2013) and when the caller ticked it", body = WorkStartWording),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "Unknown case, not a purchase, or not yours", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn work_start_wording(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
) -> ApiResult<Json<WorkStartWording>> {
    let case_id = access::parse_case_id(&case_id)?;
    let caller = access::caller(&session)?;
    state.cases.open(&caller, CaseType::Buying, case_id).await?;
    let ExpressRequest { version, text } = wording(&state)?;
    let requested_at = state
        .db
        .work_start_requests(case_id)
        .await?
        .into_iter()
        .find(|r| r.user_id == session.user.id && r.wording_version == version)
        .map(|r| r.requested_at);
    Ok(Json(WorkStartWording {
        version,
        text,
        requested_at,
    }))
}
