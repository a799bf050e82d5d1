//! What the back office shows of a case's money: the ledger with the up-front payment read from
//! the payment provider's record, the client balance it holds, each charge's redemption
//! statement, and the completion statement those make. The same facts feed the statement's PDF
//! and the refusal to draft or issue one that lacks a figure.

use std::collections::BTreeMap;

use axum::http::StatusCode;
use chrono::{DateTime, NaiveDate, Utc};
use serde::Serialize;
use threshold_cases::OpenCase;
use threshold_engine::CaseType;
use threshold_engine::ledger::{LedgerDirection, LedgerKind};
use threshold_engine::snapshot::doc_types;
use utoipa::ToSchema;

use super::statement::{self, Advance, Charge, Deal, Entry, Facts, Line, Missing, Redemption};
use crate::app::AppState;
use crate::cases::lenders;
use crate::cases::quote::terms_of;
use crate::error::{ApiError, ApiResult};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerEntryBody {
    pub id: i64,
    pub direction: LedgerDirection,
    pub kind: LedgerKind,
    pub amount_pence: i64,
    pub counterparty: String,
    pub reference: Option<String>,
    pub entry_date: NaiveDate,
    pub recorded_at: DateTime<Utc>,
}

/// The up-front payment the payment provider took (not a ledger entry of its own).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UpFrontPaymentBody {
    pub amount_pence: i64,
    pub paid_at: DateTime<Utc>,
    pub reference: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RedemptionStatementBody {
    pub amount_pence: i64,
    pub as_at: NaiveDate,
    pub daily_interest_pence: i64,
    pub valid_until: NaiveDate,
    pub recorded_at: DateTime<Utc>,
}

/// An existing charge on the property, with its lender's redemption statement once recorded.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ChargeBody {
    pub loan_id: i64,
    pub charge_type: threshold_engine::types::ChargeType,
    pub lender: Option<String>,
    pub redemption_statement: Option<RedemptionStatementBody>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementLineBody {
    pub label: String,
    /// Signed: + money for the client, - money paid out for them.
    pub amount_pence: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StatementBody {
    pub lines: Vec<StatementLineBody>,
    /// What the client has sent so far (less refunds).
    pub received: Vec<StatementLineBody>,
    /// Below 0: the client owes it; above 0: it is due to them.
    pub balance_pence: i64,
    /// The working day before the agreed completion date (none before one is agreed).
    pub due_by: Option<NaiveDate>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerBody {
    /// In the order the money moved.
    pub entries: Vec<LedgerEntryBody>,
    pub up_front_payment: Option<UpFrontPaymentBody>,
    /// A remortgage's existing charges (a purchase's are not redeemed by the firm: empty).
    pub charges: Vec<ChargeBody>,
    /// Everything received, the up-front payment included.
    pub received_pence: i64,
    pub paid_pence: i64,
    /// Held for the client now: received less paid. Zero once a case is completed and
    /// every sum is paid out.
    pub client_balance_pence: i64,
    /// The completion statement the recorded figures make, when none is missing.
    pub statement: Option<StatementBody>,
    /// Otherwise, each missing figure by field, with what to record.
    pub statement_missing: BTreeMap<String, String>,
    /// The kinds of entry the firm may record, each with the one way it moves money (none:
    /// either way), so the back office's form offers what the server accepts.
    pub kinds: Vec<LedgerKindBody>,
}

/// A kind of ledger entry and the direction it moves money in.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LedgerKindBody {
    pub kind: LedgerKind,
    /// The one way this kind moves money; null: either (`OTHER`).
    pub direction: Option<LedgerDirection>,
}

fn lines(lines: Vec<Line>) -> Vec<StatementLineBody> {
    lines
        .into_iter()
        .map(|l| StatementLineBody {
            label: l.label,
            amount_pence: l.amount,
        })
        .collect()
}

/// The case's money as the back office shows it.
pub(super) async fn ledger_body(state: &AppState, case: &OpenCase) -> ApiResult<LedgerBody> {
    let id = case.loaded.row.id;
    let entries = state.db.ledger_entries(id).await?;
    let up_front = state.db.paid_up_front(id).await?;
    let received: i64 = entries
        .iter()
        .filter(|e| e.direction == LedgerDirection::Received)
        .map(|e| e.amount_pence)
        .sum::<i64>()
        + up_front.as_ref().map_or(0, |p| p.amount);
    let paid: i64 = entries
        .iter()
        .filter(|e| e.direction == LedgerDirection::Paid)
        .map(|e| e.amount_pence)
        .sum();
    let mut redemptions = state.db.redemption_statements(id).await?;
    // The existing charges a remortgage redeems (a purchase has none).
    let charges = case
        .loaded
        .loans
        .iter()
        .map(|l| ChargeBody {
            loan_id: l.id,
            charge_type: l.charge_type,
            lender: l.lender_name.clone(),
            redemption_statement: redemptions
                .iter()
                .position(|r| r.loan_id == l.id)
                .map(|i| redemptions.swap_remove(i))
                .map(|r| RedemptionStatementBody {
                    amount_pence: r.amount_pence,
                    as_at: r.as_at,
                    daily_interest_pence: r.daily_interest_pence,
                    valid_until: r.valid_until,
                    recorded_at: r.recorded_at,
                }),
        })
        .collect();
    let (statement, statement_missing) = match completion_statement(state, case).await? {
        Ok(s) => (
            Some(StatementBody {
                lines: lines(s.lines),
                received: lines(s.received),
                balance_pence: s.balance,
                due_by: s.due_by,
            }),
            BTreeMap::new(),
        ),
        Err(missing) => (None, missing),
    };
    Ok(LedgerBody {
        entries: entries
            .into_iter()
            .map(|e| LedgerEntryBody {
                id: e.id,
                direction: e.direction,
                kind: e.kind,
                amount_pence: e.amount_pence,
                counterparty: e.counterparty,
                reference: e.reference,
                entry_date: e.entry_date,
                recorded_at: e.recorded_at,
            })
            .collect(),
        up_front_payment: up_front.map(|p| UpFrontPaymentBody {
            amount_pence: p.amount,
            paid_at: p.paid_at,
            reference: p.provider_reference,
        }),
        charges,
        received_pence: received,
        paid_pence: paid,
        client_balance_pence: received - paid,
        statement,
        statement_missing,
        kinds: LedgerKind::ALL
            .into_iter()
            .map(|kind| LedgerKindBody {
                kind,
                direction: kind.direction(),
            })
            .collect(),
    })
}

/// The case's completion statement from what is recorded now, or what it lacks.
pub(super) async fn completion_statement(
    state: &AppState,
    case: &OpenCase,
) -> ApiResult<Result<statement::Statement, Missing>> {
    let loaded = &case.loaded;
    let id = loaded.row.id;
    let advance = state.db.mortgage_offer(id).await?.map(|o| Advance {
        lender: lenders::name(&o.lender),
        amount: o.amount,
    });
    let entries = state
        .db
        .ledger_entries(id)
        .await?
        .into_iter()
        .map(|e| Entry {
            received: e.direction == LedgerDirection::Received,
            kind: e.kind,
            amount: e.amount_pence,
            counterparty: e.counterparty,
            date: e.entry_date,
        })
        .collect();
    let deal = match case.case_type {
        CaseType::Buying => {
            let gifts = state
                .db
                .donor_gifts(id)
                .await?
                .into_iter()
                .filter(|g| g.accepted == Some(true))
                .filter_map(|g| {
                    let donor = g.invited_name.unwrap_or_else(|| "your donor".into());
                    g.gift_amount.map(|a| (donor, a))
                })
                .collect();
            Deal::Purchase {
                price: loaded.row.purchase_price,
                gifts,
            }
        }
        CaseType::Remortgaging => {
            let recorded = state.db.redemption_statements(id).await?;
            let charges = loaded
                .loans
                .iter()
                .map(|l| Charge {
                    loan_id: l.id,
                    lender: l.lender_name.clone(),
                    redemption: recorded
                        .iter()
                        .find(|r| r.loan_id == l.id)
                        .map(|r| Redemption {
                            amount: r.amount_pence,
                            as_at: r.as_at,
                            daily_interest: r.daily_interest_pence,
                            valid_until: r.valid_until,
                        }),
                })
                .collect();
            Deal::Remortgage { charges }
        }
    };
    let up_front = state
        .db
        .paid_up_front(id)
        .await?
        .map(|p| (p.amount, p.paid_at.date_naive()));
    // The statement charges what the clients accepted; a newer quote waiting for them counts
    // for nothing until they do.
    let accepted = loaded.quote.as_ref().filter(|q| q.accepted_at.is_some());
    // The quote's own words for its land tax: the tax, whom it is paid to and by when.
    let land_tax = accepted.and_then(|q| {
        let label = terms_of(q).and_then(|t| t.land_tax_label);
        let label = label.unwrap_or_else(|| "Land tax".to_owned());
        q.land_tax_amount.map(|t| (t, label))
    });
    Ok(statement::compute(&Facts {
        deal,
        advance,
        land_tax,
        firm_bill: accepted.map(|q| q.total_amount),
        up_front,
        entries,
        completion: loaded.row.completion_date,
        today: Utc::now().date_naive(),
    }))
}

/// The 409 for a completion statement that lacks a figure, naming each.
pub(super) fn incomplete(missing: Missing) -> ApiError {
    let mut e = ApiError::new(
        StatusCode::CONFLICT,
        "statement_incomplete",
        "The completion statement lacks figures the firm has not recorded: record them first.",
    );
    e.fields = missing;
    e
}

/// Issuing a completion statement checks its figures again: one recorded since the draft may
/// have lapsed (a redemption figure past its date).
pub(super) async fn refuse_incomplete_statement(
    state: &AppState,
    case: &OpenCase,
    document_id: i64,
) -> ApiResult<()> {
    let is_statement = case
        .loaded
        .generated_documents
        .iter()
        .any(|d| d.id == document_id && d.document_type == doc_types::COMPLETION_STATEMENT);
    if is_statement && let Err(missing) = completion_statement(state, case).await? {
        return Err(incomplete(missing));
    }
    Ok(())
}
