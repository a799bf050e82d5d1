//! An owner's or buyer's own case details: address, occupation, National Insurance number,
//! UK residency (the rest of their details are their profile's, given at onboarding), and
//! their previous legal names, which they may delete from the case (CALLS-71/74).

use axum::extract::State;
use axum::http::StatusCode;
use threshold_cases::OwnersWrite;
use threshold_engine::CaseType;

use super::types::ApplicantDetailsRequest;
use super::{case_id, open, write};
use crate::app::AppState;
use crate::cases::requote;
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
        (status = 422, description = "`addressLine1`, `addressLine2`, `town`, `postcode` (a buyer's town and postcode are required), `livesAtProperty` (not for a purchase; the property has no address yet), `occupation` or `nationalInsuranceNumber` not valid", body = ErrorBody),
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
        (status = 422, description = "`addressLine1`, `addressLine2`, `town`, `postcode` (a buyer's town and postcode are required), `livesAtProperty` (not for a purchase; the property has no address yet), `occupation` or `nationalInsuranceNumber` not valid", body = ErrorBody),
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
    let mut details = body.details(case_type)?;
    let (caller, case) = open(state, session, case_type, case_id).await?;
    own_or_brokers(&case, session, applicant_id)?;
    if details.lives_at_property == Some(true) {
        // Not asked again: the owner's address is the property's, as the case holds it.
        let property = &case.loaded.row.property;
        details.address_line1 = property
            .address_line1
            .clone()
            .filter(|line| !line.trim().is_empty())
            .ok_or_else(|| {
                ApiError::bad_field("livesAtProperty", "the property has no address yet")
            })?;
        details.address_line2 = property.address_line2.clone();
        details.town = property.town.clone();
        details.postcode = property.postcode.clone();
    }
    let requote =
        requote::requote_for_residence(state, &case, applicant_id, details.is_uk_resident).await?;
    let requoted = requote.is_some();
    write(
        state,
        &caller,
        &case,
        OwnersWrite::ApplicantDetails {
            applicant_id,
            details,
            requote: requote.map(Box::new),
        },
    )
    .await?;
    if requoted {
        requote::tell_broker(state, &caller, &case, requote::quote_accepted(&case)).await?;
    }
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(delete, path = "/remortgaging/{caseId}/applicant/{applicantId}/legal-name/{legalNameId}", tag = "owners",
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("applicantId" = i64, Path, description = "The owner (an applicant id of the case)"),
        ("legalNameId" = i64, Path, description = "One of the owner's previous legal names"),
    ),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another owner's name, or staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case, owner or name, or not yours", body = ErrorBody),
        (status = 409, description = "`current_legal_name`: the current name is replaced, never deleted; `section_closed`: the Owners section is not open to you", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn delete_owner_legal_name(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((raw_case, applicant_id, legal_name_id)): ApiPath<(String, i64, i64)>,
) -> ApiResult<StatusCode> {
    let target = (applicant_id, legal_name_id);
    remove_legal_name(&state, &session, CaseType::Remortgaging, &raw_case, target).await
}

#[utoipa::path(delete, path = "/buying/{caseId}/applicant/{applicantId}/legal-name/{legalNameId}", tag = "owners",
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("applicantId" = i64, Path, description = "The buyer (an applicant id of the case)"),
        ("legalNameId" = i64, Path, description = "One of the buyer's previous legal names"),
    ),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another buyer's name, or staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case, buyer or name, or not yours", body = ErrorBody),
        (status = 409, description = "`current_legal_name`: the current name is replaced, never deleted; `section_closed`: Buyer Details is not open to you", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn delete_buyer_legal_name(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((raw_case, applicant_id, legal_name_id)): ApiPath<(String, i64, i64)>,
) -> ApiResult<StatusCode> {
    let target = (applicant_id, legal_name_id);
    remove_legal_name(&state, &session, CaseType::Buying, &raw_case, target).await
}

async fn remove_legal_name(
    state: &AppState,
    session: &CurrentSession,
    case_type: CaseType,
    raw_case: &str,
    (applicant_id, legal_name_id): (i64, i64),
) -> ApiResult<StatusCode> {
    let case_id = case_id(raw_case)?;
    let (caller, case) = open(state, session, case_type, case_id).await?;
    let owner = own_or_brokers(&case, session, applicant_id)?;
    let name = state
        .db
        .legal_names(owner)
        .await?
        .into_iter()
        .find(|n| n.id == legal_name_id)
        .ok_or_else(ApiError::not_found)?;
    if name.until.is_none() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "current_legal_name",
            "The current legal name cannot be deleted. Give the new name instead.",
        ));
    }
    let change = OwnersWrite::RemoveLegalName {
        applicant_id,
        legal_name_id,
    };
    write(state, &caller, &case, change).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The account of an owner whose details the caller may change: their own (ENT-12); the case's
/// broker may fill them in while the case is theirs (the case service checks the stage).
fn own_or_brokers(
    case: &threshold_cases::OpenCase,
    session: &CurrentSession,
    applicant_id: i64,
) -> ApiResult<threshold_store::UserId> {
    let owner = case
        .loaded
        .applicants()
        .find(|p| p.id == applicant_id)
        .ok_or_else(ApiError::not_found)?;
    if owner.user_id != session.user.id && !case.loaded.relationship.is_case_admin {
        return Err(ApiError::forbidden("You can only change your own details."));
    }
    Ok(owner.user_id)
}
