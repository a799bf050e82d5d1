//! POST /remortgaging/{caseId}/submit and /buying/{caseId}/submit: a customer submits the
//! application (the workflow's `submit_application`, guarded by `ready_to_submit`; its
//! effects tell the customers, the broker and the conveyancers) once they have confirmed the
//! declaration, which the audit trail keeps with who and when (issue 26).

use axum::Json;
use axum::extract::State;
use serde::Deserialize;
use threshold_engine::CaseType;
use utoipa::ToSchema;

use crate::app::AppState;
use crate::cases::access;
use crate::cases::types::CaseMoved;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

const SUBMIT: &str = "submit_application";

/// What the customer confirms before submitting; the web app shows the same words.
const DECLARATION: &str = "I confirm the information I have given is true and complete to \
    the best of my knowledge, and I will tell you if anything changes before completion.";

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SubmitRequest {
    /// The customer ticked the declaration (the `DECLARATION` text); must be true.
    #[serde(default)]
    pub declaration_confirmed: bool,
}

#[utoipa::path(post, path = "/remortgaging/{caseId}/submit", tag = "application",
    request_body = SubmitRequest,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "Submitted: the case moves to IDENTITY_VERIFICATION", body = CaseMoved),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer of the case (brokers and staff may not submit)", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "Not ready to submit (`not_ready`, the first unmet condition as the message) or not in CUSTOMER_APPLICATION (`wrong_status`)", body = ErrorBody),
        (status = 422, description = "`declarationConfirmed` is not true", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn submit_remortgaging(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
    ApiJson(body): ApiJson<SubmitRequest>,
) -> ApiResult<Json<CaseMoved>> {
    submit(&state, &session, CaseType::Remortgaging, &case_id, &body).await
}

#[utoipa::path(post, path = "/buying/{caseId}/submit", tag = "application",
    request_body = SubmitRequest,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "Submitted: the case moves to PREPARE_CLIENT_CARE_LETTER", body = CaseMoved),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer of the case (brokers and staff may not submit)", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "Not ready to submit (`not_ready`, the first unmet condition as the message) or not in CUSTOMER_APPLICATION (`wrong_status`)", body = ErrorBody),
        (status = 422, description = "`declarationConfirmed` is not true", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn submit_buying(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
    ApiJson(body): ApiJson<SubmitRequest>,
) -> ApiResult<Json<CaseMoved>> {
    submit(&state, &session, CaseType::Buying, &case_id, &body).await
}

async fn submit(
    state: &AppState,
    session: &CurrentSession,
    case_type: CaseType,
    case_id: &str,
    body: &SubmitRequest,
) -> ApiResult<Json<CaseMoved>> {
    let case_id = access::parse_case_id(case_id)?;
    let caller = access::caller(session)?;
    // Whoever may not see or submit the case hears so before being told about the declaration.
    let case = state.cases.open(&caller, case_type, case_id).await?;
    if !case.loaded.relationship.is_party {
        return Err(ApiError::forbidden(
            "Only the customers on the case submit its application.",
        ));
    }
    if !body.declaration_confirmed {
        return Err(ApiError::bad_field(
            "declarationConfirmed",
            "Confirm the declaration before you submit",
        ));
    }
    // The declaration is kept as the transition's reason: the audit event holds who and when.
    let status = state
        .cases
        .transition(&caller, case_type, case_id, SUBMIT, Some(DECLARATION))
        .await?;
    Ok(Json(CaseMoved {
        case_id,
        case_type,
        status,
    }))
}
