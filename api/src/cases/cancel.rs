//! POST /broker-cancel-case: a broker cancels a case still in a broker status, through the
//! case service's `broker_cancel` transition.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use threshold_cases::CaseError;

use super::access;
use super::types::{CancelCaseResponse, CaseRef};
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, CurrentSession};

#[utoipa::path(post, path = "/broker-cancel-case", tag = "cases", request_body = CaseRef,
    responses(
        (status = 200, description = "Cancelled", body = CancelCaseResponse),
        (status = 403, description = "Not a broker (customers always, whichever case they name)", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "The case is past the broker statuses (cannot_cancel)", body = ErrorBody),
        (status = 422, description = "Unknown caseType", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn broker_cancel_case(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<CaseRef>,
) -> ApiResult<Json<CancelCaseResponse>> {
    let caller = access::caller(&session)?;
    // A customer never may, whichever case they name: refused for who they are, before the
    // case is looked at (a 404 or 409 would depend on the case).
    if !access::is_broker(&session.user) {
        return Err(ApiError::forbidden("Only brokers may cancel a case here."));
    }
    let case_type = body.case_type;
    // Who may cancel, and from which statuses, is the workflow's `broker_cancel` transition.
    let status = state
        .cases
        .transition(&caller, case_type, body.case_id, "broker_cancel", None)
        .await
        .map_err(|err| match err {
            CaseError::WrongStatus { .. } | CaseError::Conflict => ApiError::new(
                StatusCode::CONFLICT,
                "cannot_cancel",
                "This case can no longer be cancelled.",
            ),
            CaseError::NotPermitted(_) => {
                ApiError::forbidden("Only brokers may cancel a case here.")
            }
            other => other.into(),
        })?;
    Ok(Json(CancelCaseResponse {
        case_id: body.case_id,
        case_type,
        status,
    }))
}
