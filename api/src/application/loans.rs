//! POST /loans and DELETE /loans/{loanId}: other charges secured on the property (the
//! remortgage's Financial Details section, a purchase's Loans section).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use threshold_cases::{NewLoan, PropertyWrite};
use threshold_engine::CaseType;

use super::types::{LoansRequest, RowCreated};
use super::{case_type, conflict, open, write};
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

const LENDER_NAME_MAX: usize = 100;

#[utoipa::path(post, path = "/loans", tag = "application", request_body = LoansRequest,
    responses(
        (status = 201, description = "The loan was added", body = RowCreated),
        (status = 204, description = "The answer was saved"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "`hasLoans: false` while loans are listed (`loans_listed`), or the section is closed (`section_closed`)", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named); `loan` without `hasLoans: true`", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn loans(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<LoansRequest>,
) -> ApiResult<Response> {
    let case_type = case_type(body.case_type, &[CaseType::Remortgaging, CaseType::Buying])?;
    let add = match &body.loan {
        Some(_) if !body.has_loans => {
            return Err(ApiError::bad_field(
                "loan",
                "can only be added with hasLoans true",
            ));
        }
        Some(l) => {
            let lender_name = l
                .lender_name
                .as_deref()
                .map(str::trim)
                .filter(|n| !n.is_empty());
            if lender_name.is_some_and(|n| n.chars().count() > LENDER_NAME_MAX) {
                return Err(ApiError::bad_field(
                    "loan.lenderName",
                    "must be at most 100 characters",
                ));
            }
            if l.amount.is_some_and(|a| a < 0) {
                return Err(ApiError::bad_field("loan.amount", "must be 0 or more"));
            }
            Some(NewLoan {
                charge_type: l.charge_type,
                lender_name: lender_name.map(str::to_owned),
                amount: l.amount,
            })
        }
        None => None,
    };
    let (caller, case) = open(&state, &session, case_type, body.case_id).await?;
    if !body.has_loans && !case.loaded.loans.is_empty() {
        return Err(conflict("loans_listed", "Remove the loans first."));
    }
    let change = PropertyWrite::Loans {
        has_loans: body.has_loans,
        add,
    };
    Ok(match write(&state, &caller, &case, change).await?.1 {
        Some(id) => (StatusCode::CREATED, Json(RowCreated { id })).into_response(),
        None => StatusCode::NO_CONTENT.into_response(),
    })
}

#[utoipa::path(delete, path = "/loans/{loanId}", tag = "application",
    params(("loanId" = i64, Path, description = "A loan of one of your cases")),
    responses(
        (status = 204, description = "Removed"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown loan, or not yours", body = ErrorBody),
        (status = 409, description = "The loans' section is closed (`section_closed`)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn delete_loan(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(loan_id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    // Staff are refused before anything about the loan is looked up.
    crate::cases::access::caller(&session)?;
    let (case_id, case_type) = state
        .db
        .row_case(threshold_store::cases::CaseList::Loans, loan_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let case_type = CaseType::parse(&case_type).ok_or_else(ApiError::not_found)?;
    let (caller, case) = open(&state, &session, case_type, case_id).await?;
    write(
        &state,
        &caller,
        &case,
        PropertyWrite::DeleteLoan { loan_id },
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
