//! The client ledger of a case (issue 28, item 1; SRA Accounts Rules): what the firm received
//! for the client and paid out for them, each entry dated and written with its audit row in one
//! transaction, and the existing lenders' redemption statements a remortgage pays off. The
//! up-front payment the payment provider took stays in `deposit_payments`: it is read from
//! there ([`Db::paid_up_front`]), never written here a second time.

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::json;
use threshold_engine::ledger::{LedgerDirection, LedgerKind};

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

/// An entry to record. Money in pence, more than 0; a kind that moves money one way only with
/// that direction (the API checks; the database refuses any other names).
#[derive(Clone, Debug)]
pub struct NewLedgerEntry<'a> {
    pub case_id: i64,
    pub direction: LedgerDirection,
    pub kind: LedgerKind,
    pub amount: i64,
    /// Who paid it, or to whom it was paid.
    pub counterparty: &'a str,
    /// The bank's or the payee's reference.
    pub reference: Option<&'a str>,
    /// When the money moved.
    pub entry_date: NaiveDate,
    pub recorded_by: UserId,
}

/// A recorded entry.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LedgerEntry {
    pub id: i64,
    #[sqlx(try_from = "String")]
    pub direction: LedgerDirection,
    #[sqlx(try_from = "String")]
    pub kind: LedgerKind,
    pub amount_pence: i64,
    pub counterparty: String,
    pub reference: Option<String>,
    pub entry_date: NaiveDate,
    pub recorded_by_user_id: Option<UserId>,
    pub recorded_at: DateTime<Utc>,
}

/// An existing lender's redemption figure for one charge of the case.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewRedemptionStatement {
    pub case_id: i64,
    pub loan_id: i64,
    /// The figure to repay the charge on `as_at`, in pence.
    pub amount: i64,
    pub as_at: NaiveDate,
    /// Added for each day after `as_at`, in pence.
    pub daily_interest: i64,
    /// The last day the lender holds to the figure.
    pub valid_until: NaiveDate,
}

/// A recorded redemption statement.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct RedemptionStatement {
    pub loan_id: i64,
    pub amount_pence: i64,
    pub as_at: NaiveDate,
    pub daily_interest_pence: i64,
    pub valid_until: NaiveDate,
    pub recorded_by_user_id: Option<UserId>,
    pub recorded_at: DateTime<Utc>,
}

/// The up-front payment as the provider took it.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UpFrontPayment {
    pub amount: i64,
    pub provider_reference: Option<String>,
    pub paid_at: DateTime<Utc>,
}

impl Db {
    /// Records an entry with its audit row (the figures and dates; not the counterparty or the
    /// reference, which may name people); its id.
    #[tracing::instrument(skip_all, fields(case_id = e.case_id))]
    pub async fn record_ledger_entry(
        &self,
        e: &NewLedgerEntry<'_>,
        now: DateTime<Utc>,
    ) -> Result<i64, StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let (id,): (i64,) = sqlx::query_as(
                "INSERT INTO ledger_entries (case_id, direction, kind, amount_pence, counterparty, \
                 reference, entry_date, recorded_by_user_id, recorded_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) RETURNING id",
            )
            .bind(e.case_id)
            .bind(e.direction.as_str())
            .bind(e.kind.as_str())
            .bind(e.amount)
            .bind(e.counterparty)
            .bind(e.reference)
            .bind(e.entry_date)
            .bind(e.recorded_by)
            .bind(now)
            .fetch_one(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, \
                 detail, at) VALUES ($1, 'case.ledger_entry_recorded', 'case', $2, $3, $4)",
            )
            .bind(e.recorded_by)
            .bind(e.case_id.to_string())
            .bind(sqlx::types::Json(json!({
                "entryId": id, "direction": e.direction, "kind": e.kind,
                "amount": e.amount, "entryDate": e.entry_date,
            })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(id)
        })
    }

    /// The case's entries, in the order the money moved.
    #[tracing::instrument(skip_all)]
    pub async fn ledger_entries(&self, case_id: i64) -> Result<Vec<LedgerEntry>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT id, direction, kind, amount_pence, counterparty, reference, entry_date, \
             recorded_by_user_id, recorded_at FROM ledger_entries WHERE case_id = $1 \
             ORDER BY entry_date, id",
        )
        .bind(case_id)
        .fetch_all(pool)
        .await)?)
    }

    /// Records a charge's redemption statement (replacing an earlier one), audited with the
    /// figures it replaced. `NotFound` when the loan is not one of the case's charges.
    #[tracing::instrument(skip_all, fields(case_id = r.case_id))]
    pub async fn record_redemption_statement(
        &self,
        r: &NewRedemptionStatement,
        actor: UserId,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let loan: Option<(i64,)> =
                sqlx::query_as("SELECT id FROM loans WHERE id = $1 AND case_id = $2")
                    .bind(r.loan_id)
                    .bind(r.case_id)
                    .fetch_optional(&mut *tx)
                    .await?;
            if loan.is_none() {
                return Err(StoreError::NotFound);
            }
            let before: Option<(i64, NaiveDate)> = sqlx::query_as(
                "SELECT amount_pence, as_at FROM redemption_statements WHERE loan_id = $1",
            )
            .bind(r.loan_id)
            .fetch_optional(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO redemption_statements (loan_id, case_id, amount_pence, as_at, \
                 daily_interest_pence, valid_until, recorded_by_user_id, recorded_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                 ON CONFLICT (loan_id) DO UPDATE SET amount_pence = excluded.amount_pence, \
                 as_at = excluded.as_at, daily_interest_pence = excluded.daily_interest_pence, \
                 valid_until = excluded.valid_until, \
                 recorded_by_user_id = excluded.recorded_by_user_id, \
                 recorded_at = excluded.recorded_at",
            )
            .bind(r.loan_id)
            .bind(r.case_id)
            .bind(r.amount)
            .bind(r.as_at)
            .bind(r.daily_interest)
            .bind(r.valid_until)
            .bind(actor)
            .bind(now)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, \
                 detail, at) VALUES ($1, 'case.redemption_statement_recorded', 'case', $2, $3, $4)",
            )
            .bind(actor)
            .bind(r.case_id.to_string())
            .bind(sqlx::types::Json(json!({
                "loanId": r.loan_id, "amount": r.amount, "asAt": r.as_at,
                "dailyInterest": r.daily_interest, "validUntil": r.valid_until,
                "replaced": before.map(|(amount, as_at)| json!({ "amount": amount, "asAt": as_at })),
            })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(())
        })
    }

    /// The redemption statements recorded for the case's charges.
    #[tracing::instrument(skip_all)]
    pub async fn redemption_statements(
        &self,
        case_id: i64,
    ) -> Result<Vec<RedemptionStatement>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT loan_id, amount_pence, as_at, daily_interest_pence, valid_until, \
             recorded_by_user_id, recorded_at FROM redemption_statements \
             WHERE case_id = $1 ORDER BY loan_id",
        )
        .bind(case_id)
        .fetch_all(pool)
        .await)?)
    }

    /// The up-front payment the provider took for the case, if it has been paid.
    #[tracing::instrument(skip_all)]
    pub async fn paid_up_front(&self, case_id: i64) -> Result<Option<UpFrontPayment>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT amount, provider_reference, paid_at FROM deposit_payments \
             WHERE case_id = $1 AND paid_at IS NOT NULL ORDER BY paid_at LIMIT 1",
        )
        .bind(case_id)
        .fetch_optional(pool)
        .await)?)
    }
}
