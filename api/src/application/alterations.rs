//! POST /property/alterations and
//! POST /remortgaging/{caseId}/property/alterations/{alterationId}/delete.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use chrono::Utc;
use threshold_cases::{NewAlteration, PropertyWrite};
use threshold_engine::CaseType;

use super::types::{AlterationsRequest, RowCreated};
use super::{case_type, conflict, open, write};
use crate::app::AppState;
use crate::cases::access;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

#[utoipa::path(post, path = "/property/alterations", tag = "application",
    request_body = AlterationsRequest,
    responses(
        (status = 201, description = "The alteration was added", body = RowCreated),
        (status = 204, description = "The answer was saved"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "`hasAlterations: false` while alterations are listed (`alterations_listed`), or the section is closed (`section_closed`)", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named); `alteration` without `hasAlterations: true`", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn alterations(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<AlterationsRequest>,
) -> ApiResult<Response> {
    let case_type = case_type(body.case_type, &[CaseType::Remortgaging])?;
    let add = match &body.alteration {
        Some(_) if !body.has_alterations => {
            return Err(ApiError::bad_field(
                "alteration",
                "can only be added with hasAlterations true",
            ));
        }
        Some(a) => {
            if a.completed_on.is_some_and(|d| d > Utc::now().date_naive()) {
                return Err(ApiError::bad_field(
                    "alteration.completedOn",
                    "must not be in the future",
                ));
            }
            Some(NewAlteration {
                alteration_type: a.alteration_type,
                completed_on: a.completed_on,
                documents_held_by: a.documents_held_by,
            })
        }
        None => None,
    };
    let (caller, case) = open(&state, &session, case_type, body.case_id).await?;
    if !body.has_alterations && !case.loaded.alterations.is_empty() {
        return Err(conflict(
            "alterations_listed",
            "Remove the alterations first.",
        ));
    }
    let change = PropertyWrite::Alterations {
        has_alterations: body.has_alterations,
        add,
    };
    Ok(match write(&state, &caller, &case, change).await?.1 {
        Some(id) => (StatusCode::CREATED, Json(RowCreated { id })).into_response(),
        None => StatusCode::NO_CONTENT.into_response(),
    })
}

#[utoipa::path(post, path = "/remortgaging/{caseId}/property/alterations/{alterationId}/delete",
    tag = "application",
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("alterationId" = i64, Path, description = "An alteration of the case"),
    ),
    responses(
        (status = 204, description = "Removed, with its required documents"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case or alteration, or not yours", body = ErrorBody),
        (status = 409, description = "The section is closed (`section_closed`)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn delete_alteration(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((case_id, alteration_id)): ApiPath<(String, i64)>,
) -> ApiResult<StatusCode> {
    let case_id = access::parse_case_id(&case_id)?;
    let (caller, case) = open(&state, &session, CaseType::Remortgaging, case_id).await?;
    if !case
        .loaded
        .alterations
        .iter()
        .any(|a| a.id == alteration_id)
    {
        return Err(ApiError::not_found());
    }
    write(
        &state,
        &caller,
        &case,
        PropertyWrite::DeleteAlteration { alteration_id },
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
