//! An owner's or buyer's own case details: address, occupation, National Insurance number,
//! UK residency (the rest of their details are their profile's, given at onboarding).

use axum::extract::State;
use axum::http::StatusCode;
use threshold_cases::OwnersWrite;
use threshold_engine::CaseType;

use super::types::ApplicantDetailsRequest;
use super::{case_id, open, write};
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

#[utoipa::path(post, path = "/remortgaging/{caseId}/applicant/{applicantId}", tag = "owners",
    request_body = ApplicantDetailsRequest,
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("applicantId" = i64, Path, description = "The owner (an applicant id of the case)"),
    ),
    responses(
        (status = 204, description = "Saved (the whole form: a field left out is cleared)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another owner's details, or staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case or owner, or not yours", body = ErrorBody),
        (status = 409, description = "`section_closed`: the Owners section is locked, hidden or disabled, or a broker outside a broker stage", body = ErrorBody),
        (status = 422, description = "`addressLine1`, `occupation` or `nationalInsuranceNumber` not valid", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn save_applicant_details(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((raw_case, applicant_id)): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<ApplicantDetailsRequest>,
) -> ApiResult<StatusCode> {
    save_details(
        &state,
        &session,
        CaseType::Remortgaging,
        &raw_case,
        applicant_id,
        body,
    )
    .await
}

#[utoipa::path(post, path = "/buying/{caseId}/applicant/{applicantId}", tag = "owners",
    request_body = ApplicantDetailsRequest,
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("applicantId" = i64, Path, description = "The buyer (an applicant id of the case)"),
    ),
    responses(
        (status = 204, description = "Saved (the whole form: a field left out is cleared)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another buyer's details, or staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case or buyer, or not yours", body = ErrorBody),
        (status = 409, description = "`section_closed`: Buyer Details is locked, hidden or disabled, or a broker outside a broker stage", body = ErrorBody),
        (status = 422, description = "`addressLine1`, `occupation` or `nationalInsuranceNumber` not valid", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn save_buyer_details(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((raw_case, applicant_id)): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<ApplicantDetailsRequest>,
) -> ApiResult<StatusCode> {
    save_details(
        &state,
        &session,
        CaseType::Buying,
        &raw_case,
        applicant_id,
        body,
    )
    .await
}

async fn save_details(
    state: &AppState,
    session: &CurrentSession,
    case_type: CaseType,
    raw_case: &str,
    applicant_id: i64,
    body: ApplicantDetailsRequest,
) -> ApiResult<StatusCode> {
    let case_id = case_id(raw_case)?;
    let details = body.details()?;
    let (caller, case) = open(state, session, case_type, case_id).await?;
    let owner = case
        .loaded
        .applicants()
        .find(|p| p.id == applicant_id)
        .ok_or_else(ApiError::not_found)?;
    // Each owner completes their own details (ENT-12); the case's broker may fill them in
    // while the case is theirs (the case service checks the stage).
    if owner.user_id != session.user.id && !case.loaded.relationship.is_case_admin {
        return Err(ApiError::forbidden("You can only change your own details."));
    }
    write(
        state,
        &caller,
        &case,
        OwnersWrite::ApplicantDetails {
            applicant_id,
            details,
        },
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
