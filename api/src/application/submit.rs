//! POST /remortgaging/{caseId}/submit and /buying/{caseId}/submit: a customer submits the
//! application (the workflow's `submit_application`, guarded by `ready_to_submit`; its
//! effects tell the customers, the broker and the conveyancers).

use axum::Json;
use axum::extract::State;
use threshold_engine::CaseType;

use crate::app::AppState;
use crate::cases::access;
use crate::cases::types::CaseMoved;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiPath, CurrentSession};

const SUBMIT: &str = "submit_application";

#[utoipa::path(post, path = "/remortgaging/{caseId}/submit", tag = "application",
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "Submitted: the case moves to IDENTITY_VERIFICATION", body = CaseMoved),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer of the case (brokers and staff may not submit)", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "Not ready to submit (`not_ready`, the first unmet condition as the message) or not in CUSTOMER_APPLICATION (`wrong_status`)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn submit_remortgaging(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
) -> ApiResult<Json<CaseMoved>> {
    submit(&state, &session, CaseType::Remortgaging, &case_id).await
}

#[utoipa::path(post, path = "/buying/{caseId}/submit", tag = "application",
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "Submitted: the case moves to PREPARE_CLIENT_CARE_LETTER", body = CaseMoved),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer of the case (brokers and staff may not submit)", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "Not ready to submit (`not_ready`, the first unmet condition as the message) or not in CUSTOMER_APPLICATION (`wrong_status`)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn submit_buying(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
) -> ApiResult<Json<CaseMoved>> {
    submit(&state, &session, CaseType::Buying, &case_id).await
}

async fn submit(
    state: &AppState,
    session: &CurrentSession,
    case_type: CaseType,
    case_id: &str,
) -> ApiResult<Json<CaseMoved>> {
    let case_id = access::parse_case_id(case_id)?;
    let caller = access::caller(session)?;
    let status = state
        .cases
        .transition(&caller, case_type, case_id, SUBMIT, None)
        .await?;
    Ok(Json(CaseMoved {
        case_id,
        case_type,
        status,
    }))
}
