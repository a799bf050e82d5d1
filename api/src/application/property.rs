//! POST /property (a remortgage's Property Details, a purchase's Property) and
//! POST /remortgaging/{caseId}/ground-rent.

use axum::extract::State;
use axum::http::StatusCode;
use threshold_cases::PropertyWrite;
use threshold_engine::CaseType;

use super::types::{GroundRentRequest, PropertyRequest};
use super::{case_type, conflict, name, open, write};
use crate::app::AppState;
use crate::cases::access;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

#[utoipa::path(post, path = "/property", tag = "application", request_body = PropertyRequest,
    responses(
        (status = 204, description = "Saved"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "The section is locked, hidden or disabled (`section_closed`; a broker after the broker stages too)", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn property_details(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<PropertyRequest>,
) -> ApiResult<StatusCode> {
    let case_type = case_type(body.case_type, &[CaseType::Remortgaging, CaseType::Buying])?;
    let (caller, case) = open(&state, &session, case_type, body.case_id).await?;
    let change = PropertyWrite::Details {
        land_ownership: name(body.land_ownership),
        property_type: name(body.property_type),
        tenure: name(body.tenure),
    };
    write(&state, &caller, &case, change).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/remortgaging/{caseId}/ground-rent", tag = "application",
    request_body = GroundRentRequest,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 204, description = "Saved"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "The property is not leasehold (`not_leasehold`), or the Property Details section is closed (`section_closed`)", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn ground_rent(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
    ApiJson(body): ApiJson<GroundRentRequest>,
) -> ApiResult<StatusCode> {
    let case_id = access::parse_case_id(&case_id)?;
    if body.amount < 0 {
        return Err(ApiError::bad_field("amount", "must be 0 or more"));
    }
    let (caller, case) = open(&state, &session, CaseType::Remortgaging, case_id).await?;
    if case.loaded.row.property.tenure.as_deref() != Some("LEASEHOLD") {
        return Err(conflict(
            "not_leasehold",
            "Only a leasehold property has ground rent.",
        ));
    }
    let change = PropertyWrite::GroundRent {
        amount: body.amount,
        frequency: name(body.frequency),
    };
    write(&state, &caller, &case, change).await?;
    Ok(StatusCode::NO_CONTENT)
}
