//! A purchase's Purchase & Financing section (issue 13, spec §4 BUY-APP-10..12): the deposit
//! and lender, where the money comes from, and the ISAs paying towards it.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use threshold_cases::PropertyWrite;
use threshold_engine::CaseType;
use threshold_engine::types::SourceOfFundsType;
use threshold_store::cases::CaseList;

use super::types::{IsaRequest, IsaType, PurchaseRequest, RowCreated, SourceOfFundsRequest};
use super::{case_type, conflict, name, open, write};
use crate::app::AppState;
use crate::cases::{access, lenders};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

#[utoipa::path(post, path = "/buying/{caseId}/purchase-and-financing", tag = "application",
    request_body = PurchaseRequest,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 204, description = "Saved"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "The section is locked or closed (`section_closed`)", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn purchase_and_financing(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
    ApiJson(body): ApiJson<PurchaseRequest>,
) -> ApiResult<StatusCode> {
    let case_id = access::parse_case_id(&case_id)?;
    non_negative("depositAmount", Some(body.deposit_amount))?;
    if let Some(code) = &body.lender
        && !lenders::is_known(code)
    {
        return Err(ApiError::bad_field(
            "lender",
            "is not a lender from GET /lenders",
        ));
    }
    let (caller, case) = open(&state, &session, CaseType::Buying, case_id).await?;
    if case
        .loaded
        .row
        .purchase_price
        .is_some_and(|price| body.deposit_amount > price)
    {
        return Err(ApiError::bad_field(
            "depositAmount",
            "must not be more than the purchase price",
        ));
    }
    let change = PropertyWrite::Purchase {
        deposit_amount: body.deposit_amount,
        lender: body.lender,
    };
    write(&state, &caller, &case, change).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/buying/{caseId}/sources-of-funds", tag = "application",
    request_body = SourceOfFundsRequest,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 201, description = "Added", body = RowCreated),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "The section is locked or closed (`section_closed`)", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn add_source_of_funds(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
    ApiJson(body): ApiJson<SourceOfFundsRequest>,
) -> ApiResult<Response> {
    let case_id = access::parse_case_id(&case_id)?;
    non_negative("amount", body.amount)?;
    let (caller, case) = open(&state, &session, CaseType::Buying, case_id).await?;
    let change = PropertyWrite::AddSourceOfFunds {
        source_type: name(body.source_type),
        amount: body.amount,
    };
    created(write(&state, &caller, &case, change).await?.1)
}

#[utoipa::path(delete, path = "/buying/{caseId}/sources-of-funds/{sourceId}", tag = "application",
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("sourceId" = i64, Path, description = "A source of funds of the case"),
    ),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case or source, or not yours", body = ErrorBody),
        (status = 409, description = "ISAs of its kind are listed (`isas_listed`), gift donors are listed (`donors_listed`), or the section is closed (`section_closed`)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn delete_source_of_funds(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((case_id, source_id)): ApiPath<(String, i64)>,
) -> ApiResult<StatusCode> {
    let case_id = access::parse_case_id(&case_id)?;
    let (caller, case) = open(&state, &session, CaseType::Buying, case_id).await?;
    let sources = &case.loaded.sources_of_funds;
    let source = sources
        .iter()
        .find(|f| f.id == source_id)
        .ok_or_else(ApiError::not_found)?;
    // The last ISA source goes only once its ISAs are gone: BUY-APP-12 would otherwise
    // count ISAs no source asks for.
    let last_of_kind = sources
        .iter()
        .filter(|f| f.source_type == source.source_type)
        .count()
        == 1;
    if last_of_kind
        && case
            .loaded
            .isas
            .iter()
            .any(|i| i.isa_type == source.source_type)
    {
        return Err(conflict(
            "isas_listed",
            "Remove the ISAs of this kind before removing it as a source of funds.",
        ));
    }
    if last_of_kind && source.source_type == "GIFTS" && !case.loaded.donors.is_empty() {
        return Err(conflict(
            "donors_listed",
            "Remove the gift donors before removing gifts as a source of funds.",
        ));
    }
    let change = PropertyWrite::DeleteSourceOfFunds { source_id };
    write(&state, &caller, &case, change).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/isas", tag = "application", request_body = IsaRequest,
    responses(
        (status = 201, description = "Added", body = RowCreated),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "No source of funds of the ISA's kind (`no_isa_source`), or the section is closed (`section_closed`)", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named); caseType must be BUYING", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn add_isa(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<IsaRequest>,
) -> ApiResult<Response> {
    let case_type = case_type(body.case_type, &[CaseType::Buying])?;
    non_negative("amount", body.amount)?;
    let (caller, case) = open(&state, &session, case_type, body.case_id).await?;
    if let Some(applicant) = body.applicant_id
        && !case.loaded.applicants().any(|p| p.id == applicant)
    {
        return Err(ApiError::bad_field(
            "applicantId",
            "must be a buyer of the case",
        ));
    }
    let isa_type = name(body.isa_type);
    if !case
        .loaded
        .has_source_of_funds(&name(source_of(body.isa_type)))
    {
        return Err(conflict(
            "no_isa_source",
            "Add the ISA as a source of funds first.",
        ));
    }
    let change = PropertyWrite::AddIsa {
        isa_type,
        amount: body.amount,
        applicant_id: body.applicant_id,
    };
    created(write(&state, &caller, &case, change).await?.1)
}

#[utoipa::path(delete, path = "/isas/{isaId}", tag = "application",
    params(("isaId" = i64, Path, description = "An ISA of one of your cases")),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown ISA, or not yours", body = ErrorBody),
        (status = 409, description = "The section is closed (`section_closed`)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn delete_isa(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(isa_id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    // Staff are refused before anything about the ISA is looked up.
    access::caller(&session)?;
    let (case_id, case_type) = state
        .db
        .row_case(CaseList::Isas, isa_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let case_type = CaseType::parse(&case_type).ok_or_else(ApiError::not_found)?;
    let (caller, case) = open(&state, &session, case_type, case_id).await?;
    write(&state, &caller, &case, PropertyWrite::DeleteIsa { isa_id }).await?;
    Ok(StatusCode::NO_CONTENT)
}

fn source_of(isa: IsaType) -> SourceOfFundsType {
    match isa {
        IsaType::LifetimeIsa => SourceOfFundsType::LifetimeIsa,
        IsaType::HelpToBuyIsa => SourceOfFundsType::HelpToBuyIsa,
    }
}

/// Money is never negative (422 naming the field).
pub(super) fn non_negative(field: &str, pence: Option<i64>) -> ApiResult<()> {
    match pence {
        Some(p) if p < 0 => Err(ApiError::bad_field(field, "must be 0 or more")),
        _ => Ok(()),
    }
}

/// 201 {id} for the row a write added.
fn created(id: Option<i64>) -> ApiResult<Response> {
    let id = id.ok_or_else(|| ApiError::internal("the write added no row"))?;
    Ok((StatusCode::CREATED, Json(RowCreated { id })).into_response())
}
