//! The client ledger in the back office (issue 28, item 1): what the firm received for the
//! clients of a case and paid out for them, each entry recorded by a staff member and audited;
//! the existing lenders' redemption statements of a remortgage's charges; and the completion
//! statement those figures make (see `statement`), or what it still lacks.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{NaiveDate, Utc};
use serde::Deserialize;
use threshold_engine::CaseType;
use threshold_engine::ledger::{LedgerDirection, LedgerKind};
use threshold_store::ledger::{NewLedgerEntry, NewRedemptionStatement};
use utoipa::ToSchema;

use super::Staff;
use super::ledger_view::{LedgerBody, ledger_body};
use crate::app::AppState;
use crate::cases::access::path_case_type;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath};

/// The most one entry may be, in pence (£10 million): a larger figure is a typing error.
const MAX_AMOUNT: i64 = 1_000_000_000;
const MAX_TEXT: usize = 200;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LedgerEntryRequest {
    pub direction: Option<LedgerDirection>,
    /// CLIENT_FUNDS, MORTGAGE_ADVANCE, GIFT are received; SELLER_SOLICITOR, LAND_TAX,
    /// LAND_REGISTRY, REDEMPTION, FIRM_BILL, REFUND_TO_CLIENT paid; OTHER either.
    pub kind: Option<LedgerKind>,
    /// Pence, from 1 to 1000000000.
    pub amount_pence: Option<i64>,
    /// Who paid the money, or to whom it was paid.
    #[schema(max_length = 200)]
    pub counterparty: Option<String>,
    /// The bank's or the payee's reference.
    #[schema(max_length = 200)]
    pub reference: Option<String>,
    /// When the money moved: not in the future.
    pub entry_date: Option<NaiveDate>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RedemptionStatementRequest {
    /// The charge (one of the case's `loans`).
    pub loan_id: Option<i64>,
    /// The lender's figure to repay the charge on `asAt`, in pence.
    pub amount_pence: Option<i64>,
    pub as_at: Option<NaiveDate>,
    /// Interest added for each day after `asAt`, in pence.
    pub daily_interest_pence: Option<i64>,
    /// The last day the lender holds to the figure.
    pub valid_until: Option<NaiveDate>,
}

fn text(
    bad: &mut BTreeMap<String, String>,
    field: &str,
    value: Option<&str>,
    required: bool,
) -> Option<String> {
    let v = value.map(str::trim).filter(|v| !v.is_empty());
    match v {
        None if required => {
            bad.insert(field.into(), "is required".into());
        }
        Some(v) if v.chars().count() > MAX_TEXT => {
            bad.insert(field.into(), "must be at most 200 characters".into());
        }
        _ => {}
    }
    v.map(str::to_owned)
}

fn pence(bad: &mut BTreeMap<String, String>, field: &str, v: Option<i64>, min: i64) -> i64 {
    match v {
        Some(a) if (min..=MAX_AMOUNT).contains(&a) => a,
        _ => {
            bad.insert(
                field.into(),
                format!("must be pence from {min} to {MAX_AMOUNT}"),
            );
            0
        }
    }
}

fn date(
    bad: &mut BTreeMap<String, String>,
    field: &str,
    v: Option<NaiveDate>,
) -> Option<NaiveDate> {
    if v.is_none() {
        bad.insert(field.into(), "is required (YYYY-MM-DD)".into());
    }
    v
}

#[utoipa::path(get, path = "/staff/cases/{caseType}/{caseId}/ledger", tag = "staff",
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "The client ledger, the redemption statements of the charges and the completion statement they make (or what it lacks)", body = LedgerBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn client_ledger(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
) -> ApiResult<Json<LedgerBody>> {
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    Ok(Json(ledger_body(&state, &case).await?))
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/ledger", tag = "staff",
    request_body = LedgerEntryRequest,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 201, description = "Recorded and audited; the ledger as it is now", body = LedgerBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid, each named: `direction` (missing or unknown), `kind` (missing, unknown, or not one that moves money that way), `amountPence`, `counterparty`, `reference`, `entryDate` (missing or in the future)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn record_ledger_entry(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
    ApiJson(body): ApiJson<LedgerEntryRequest>,
) -> ApiResult<(StatusCode, Json<LedgerBody>)> {
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let now = Utc::now();
    let mut bad = BTreeMap::new();
    if body.direction.is_none() {
        bad.insert("direction".into(), "is required (RECEIVED or PAID)".into());
    }
    match (body.kind, body.kind.and_then(LedgerKind::direction)) {
        (None, _) => {
            bad.insert("kind".into(), "is required".into());
        }
        (Some(kind), Some(way)) if body.direction.is_some_and(|d| d != way) => {
            let kind = kind.as_str();
            bad.insert("kind".into(), format!("{kind} is money {}", way.as_str()));
        }
        _ => {}
    }
    let amount = pence(&mut bad, "amountPence", body.amount_pence, 1);
    let counterparty = text(&mut bad, "counterparty", body.counterparty.as_deref(), true);
    let reference = text(&mut bad, "reference", body.reference.as_deref(), false);
    let entry_date = date(&mut bad, "entryDate", body.entry_date);
    if entry_date.is_some_and(|d| d > now.date_naive()) {
        bad.insert("entryDate".into(), "cannot be in the future".into());
    }
    let (Some(direction), Some(kind), Some(counterparty), Some(entry_date), true) = (
        body.direction,
        body.kind,
        counterparty,
        entry_date,
        bad.is_empty(),
    ) else {
        return Err(ApiError::invalid_fields(bad));
    };
    let entry = NewLedgerEntry {
        case_id: case.loaded.row.id,
        direction,
        kind,
        amount,
        counterparty: &counterparty,
        reference: reference.as_deref(),
        entry_date,
        recorded_by: staff.user().id,
    };
    state.db.record_ledger_entry(&entry, now).await?;
    Ok((StatusCode::CREATED, Json(ledger_body(&state, &case).await?)))
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/redemption-statements", tag = "staff",
    request_body = RedemptionStatementRequest,
    params(
        ("caseType" = String, Path, description = "`remortgaging`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "Recorded (replacing the charge's earlier statement) and audited; the ledger as it is now", body = LedgerBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such remortgage", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid, each named: `loanId` (not a charge of this case), `amountPence`, `asAt` (in the future), `dailyInterestPence`, `validUntil` (before `asAt`)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn record_redemption_statement(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
    ApiJson(body): ApiJson<RedemptionStatementRequest>,
) -> ApiResult<Json<LedgerBody>> {
    if path_case_type(&case_type)? != CaseType::Remortgaging {
        return Err(ApiError::not_found());
    }
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let now = Utc::now();
    let mut bad = BTreeMap::new();
    let loan_id = body
        .loan_id
        .filter(|id| case.loaded.loans.iter().any(|l| l.id == *id));
    if loan_id.is_none() {
        bad.insert("loanId".into(), "must be one of this case's charges".into());
    }
    let amount = pence(&mut bad, "amountPence", body.amount_pence, 1);
    let daily_interest = pence(&mut bad, "dailyInterestPence", body.daily_interest_pence, 0);
    let as_at = date(&mut bad, "asAt", body.as_at);
    if as_at.is_some_and(|d| d > now.date_naive()) {
        bad.insert("asAt".into(), "cannot be in the future".into());
    }
    let valid_until = date(&mut bad, "validUntil", body.valid_until);
    if let (Some(a), Some(v)) = (as_at, valid_until)
        && v < a
    {
        bad.insert("validUntil".into(), "must not be before asAt".into());
    }
    let (Some(loan_id), Some(as_at), Some(valid_until), true) =
        (loan_id, as_at, valid_until, bad.is_empty())
    else {
        return Err(ApiError::invalid_fields(bad));
    };
    let statement = NewRedemptionStatement {
        case_id: case.loaded.row.id,
        loan_id,
        amount,
        as_at,
        daily_interest,
        valid_until,
    };
    state
        .db
        .record_redemption_statement(&statement, staff.user().id, now)
        .await?;
    Ok(Json(ledger_body(&state, &case).await?))
}
