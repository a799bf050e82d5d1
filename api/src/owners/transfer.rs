//! Transfer of Equity: why the ownership changes, and the owners it takes off the title.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use threshold_cases::OwnersWrite;
use threshold_engine::CaseType;

use super::types::{
    CreatedId, PersonInput, Problems, TransferOfEquityRequest, TransferOfEquitySaved,
};
use super::{case_id, open, write};
use crate::app::AppState;
use crate::cases::requote;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

#[utoipa::path(post, path = "/remortgaging/{caseId}/transfer-of-equity", tag = "owners",
    request_body = TransferOfEquityRequest,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "Saved; the section is complete. A reason that changes the quote's price (a transfer on separation is free of land tax) makes a new quote for the owners to accept: `requoted`", body = TransferOfEquitySaved),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "`section_closed`: the Transfer of Equity section is locked, hidden (not a transfer of equity) or disabled, or a broker outside a broker stage", body = ErrorBody),
        (status = 422, description = "`reason` not a TransferReason", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn save_transfer_of_equity(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(raw_case): ApiPath<String>,
    ApiJson(body): ApiJson<TransferOfEquityRequest>,
) -> ApiResult<Json<TransferOfEquitySaved>> {
    let case_id = case_id(&raw_case)?;
    let (caller, case) = open(&state, &session, CaseType::Remortgaging, case_id).await?;
    // A transfer on separation is free of land tax: the quote says so once the reason is known.
    let requote = requote::requote_for_transfer_reason(&state, &case, body.reason).await?;
    let requoted = requote.is_some();
    write(
        &state,
        &caller,
        &case,
        OwnersWrite::TransferReason {
            reason: body.reason,
            requote: requote.map(Box::new),
        },
    )
    .await?;
    if requoted {
        requote::tell_broker(&state, &caller, &case, requote::quote_accepted(&case)).await?;
    }
    Ok(Json(TransferOfEquitySaved { requoted }))
}

#[utoipa::path(post, path = "/remortgaging/{caseId}/transfer-of-equity/removed-owners", tag = "owners",
    request_body = PersonInput,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 201, description = "Added", body = CreatedId),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "`section_closed`: the Transfer of Equity section is locked, hidden or disabled, or a broker outside a broker stage", body = ErrorBody),
        (status = 422, description = "`fullName` or `email` not valid", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn add_removed_owner(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(raw_case): ApiPath<String>,
    ApiJson(body): ApiJson<PersonInput>,
) -> ApiResult<(StatusCode, Json<CreatedId>)> {
    let case_id = case_id(&raw_case)?;
    let mut problems = Problems::default();
    let person = problems.person("", &body);
    problems.done()?;
    let (caller, case) = open(&state, &session, CaseType::Remortgaging, case_id).await?;
    let id = write(
        &state,
        &caller,
        &case,
        OwnersWrite::AddRemovedOwner { person },
    )
    .await?
    .ok_or_else(|| ApiError::internal("no removed owner id"))?;
    Ok((StatusCode::CREATED, Json(CreatedId { id })))
}

#[utoipa::path(delete, path = "/remortgaging/{caseId}/transfer-of-equity/removed-owners/{removedOwnerId}", tag = "owners",
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("removedOwnerId" = i64, Path, description = "A removed owner of the case"),
    ),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case or removed owner, or not yours", body = ErrorBody),
        (status = 409, description = "`section_closed`: the Transfer of Equity section is locked, hidden or disabled, or a broker outside a broker stage", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn delete_removed_owner(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((raw_case, removed_owner_id)): ApiPath<(String, i64)>,
) -> ApiResult<StatusCode> {
    let case_id = case_id(&raw_case)?;
    let (caller, case) = open(&state, &session, CaseType::Remortgaging, case_id).await?;
    write(
        &state,
        &caller,
        &case,
        OwnersWrite::RemoveRemovedOwner { removed_owner_id },
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
