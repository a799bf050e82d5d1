//! Adults (over 17) living at the property who are not owners: the question and the list.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use threshold_cases::OwnersWrite;
use threshold_engine::CaseType;

use super::types::{CreatedId, OccupantsRequest, Problems};
use super::{case_id, open, rule_conflict, section_open, write};
use crate::app::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

#[utoipa::path(post, path = "/remortgaging/{caseId}/property-occupant", tag = "owners",
    request_body = OccupantsRequest,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 201, description = "The answer saved and the occupant added", body = CreatedId),
        (status = 204, description = "The answer saved"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "`occupants_listed`: no adult occupants while some are listed; `section_closed`: the Owners section is locked, hidden or disabled, or a broker outside a broker stage", body = ErrorBody),
        (status = 422, description = "`occupant` without `hasAdultOccupants: true`, or `occupant.fullName` / `occupant.email` not valid", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn save_occupants(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(raw_case): ApiPath<String>,
    ApiJson(body): ApiJson<OccupantsRequest>,
) -> ApiResult<Response> {
    let case_id = case_id(&raw_case)?;
    let mut problems = Problems::default();
    let occupant = body
        .occupant
        .as_ref()
        .map(|p| problems.person("occupant", p));
    if occupant.is_some() && !body.has_adult_occupants {
        problems.add(
            "occupant",
            "Answer yes to adults living at the property to add one",
        );
    }
    problems.done()?;
    let (caller, case) = open(&state, &session, CaseType::Remortgaging, case_id).await?;
    section_open(&state, &caller, &case, "owners")?;
    if !body.has_adult_occupants && !state.db.owners_extras(case_id).await?.occupants.is_empty() {
        return Err(rule_conflict(
            "occupants_listed",
            "Remove the occupants first.",
        ));
    }
    let created = write(
        &state,
        &caller,
        &case,
        OwnersWrite::AdultOccupants {
            has_adult_occupants: body.has_adult_occupants,
            occupant,
        },
    )
    .await?;
    Ok(match created {
        Some(id) => (StatusCode::CREATED, Json(CreatedId { id })).into_response(),
        None => StatusCode::NO_CONTENT.into_response(),
    })
}

#[utoipa::path(post, path = "/remortgaging/{caseId}/property-occupants/{occupantId}/delete", tag = "owners",
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("occupantId" = i64, Path, description = "An occupant of the case"),
    ),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case or occupant, or not yours", body = ErrorBody),
        (status = 409, description = "`section_closed`: the Owners section is locked, hidden or disabled, or a broker outside a broker stage", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn delete_occupant(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((raw_case, occupant_id)): ApiPath<(String, i64)>,
) -> ApiResult<StatusCode> {
    let case_id = case_id(&raw_case)?;
    let (caller, case) = open(&state, &session, CaseType::Remortgaging, case_id).await?;
    write(
        &state,
        &caller,
        &case,
        OwnersWrite::RemoveOccupant { occupant_id },
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
