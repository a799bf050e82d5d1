//! The buyers' up-front payment (spec: "deposit payment (buying)"): each attempt is a row with
//! the payment provider's reference, so the provider's later word (a webhook, the local
//! confirmation) finds its case and payer. Recording it as paid is a case write
//! (`Db::record_deposit_paid`), through the case service.

use chrono::{DateTime, Utc};
use serde_json::json;

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

/// A payment started with a provider.
#[derive(Clone, Debug)]
pub struct NewDepositPayment<'a> {
    pub case_id: i64,
    pub amount: i64,
    /// STRIPE or LOCAL.
    pub provider: &'a str,
    pub reference: &'a str,
    pub payer: UserId,
}

/// A payment as stored.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct DepositPayment {
    pub case_id: i64,
    pub amount: i64,
    pub provider: String,
    pub payer_user_id: Option<UserId>,
    pub paid_at: Option<DateTime<Utc>>,
}

impl Db {
    /// Records a payment just started with the provider, audited (the amount and provider,
    /// never card details: Threshold never sees them).
    #[tracing::instrument(skip_all, fields(case_id = p.case_id))]
    pub async fn start_deposit_payment(
        &self,
        p: &NewDepositPayment<'_>,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            sqlx::query(
                "INSERT INTO deposit_payments \
                 (case_id, amount, provider, provider_reference, payer_user_id, created_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(p.case_id)
            .bind(p.amount)
            .bind(p.provider)
            .bind(p.reference)
            .bind(p.payer)
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(|e| StoreError::from_unique(e, "this payment reference is in use"))?;
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES ($1, 'case.deposit_payment_started', 'case', $2, $3, $4)",
            )
            .bind(p.payer)
            .bind(p.case_id.to_string())
            .bind(sqlx::types::Json(json!({ "provider": p.provider, "amount": p.amount })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(())
        })
    }

    /// The payment with this provider reference, if any.
    #[tracing::instrument(skip_all)]
    pub async fn deposit_payment(
        &self,
        reference: &str,
    ) -> Result<Option<DepositPayment>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as::<_, DepositPayment>(
            "SELECT case_id, amount, provider, payer_user_id, paid_at FROM deposit_payments \
             WHERE provider_reference = $1",
        )
        .bind(reference)
        .fetch_optional(pool)
        .await)?)
    }
}
