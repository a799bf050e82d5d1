//! The buyers' up-front payment (spec: "deposit payment (buying)"): each attempt is a row with
//! the payment provider's reference, so the provider's later word (a webhook, the local
//! confirmation) finds its case and payer. Recording it as paid is a case write
//! (`Db::record_deposit_paid`), through the case service.
//!
//! A case has at most one payment open (unpaid and not closed) at a time, which the database
//! enforces (`deposit_payments_one_open`): every buyer who asks to pay gets that one back, so
//! nobody pays twice through two checkouts. Money the provider took all the same (a checkout
//! paid after another, or as it was being replaced) is an [`UnexpectedPayment`]: kept, audited
//! and shown to the firm, who refund it.

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
    /// Where the buyer pays (the provider's checkout page; none for the local stand-in).
    pub checkout_url: Option<&'a str>,
    /// Until when it can be paid.
    pub expires_at: DateTime<Utc>,
}

/// A payment as stored.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct DepositPayment {
    pub id: i64,
    pub case_id: i64,
    pub amount: i64,
    pub provider: String,
    pub provider_reference: Option<String>,
    pub payer_user_id: Option<UserId>,
    pub checkout_url: Option<String>,
    /// None for a payment started before payments expired.
    pub expires_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub paid_at: Option<DateTime<Utc>>,
    /// When Threshold stopped offering it (expired, or replaced).
    pub closed_at: Option<DateTime<Utc>>,
}

impl DepositPayment {
    /// Still payable at `at` by Threshold's account: not paid, not closed, not expired.
    pub fn is_open_at(&self, at: DateTime<Utc>) -> bool {
        self.paid_at.is_none()
            && self.closed_at.is_none()
            && self.expires_at.is_some_and(|e| e > at)
    }
}

/// Why an open payment is no longer offered.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClosedBecause {
    /// Its time ran out (or it was started before payments expired).
    Expired,
    /// Another replaces it (it could not be given back: another amount, provider or page).
    Replaced,
}

impl ClosedBecause {
    fn as_str(self) -> &'static str {
        match self {
            Self::Expired => "EXPIRED",
            Self::Replaced => "REPLACED",
        }
    }
}

/// A payment the provider reports that Threshold did not expect.
#[derive(Clone, Debug)]
pub struct NewUnexpectedPayment<'a> {
    pub case_id: i64,
    /// STRIPE or LOCAL.
    pub provider: &'a str,
    /// The provider's session (Checkout Session id).
    pub reference: &'a str,
    pub amount: Option<i64>,
    /// ISO 4217, lower case as Stripe writes it (`gbp`).
    pub currency: Option<&'a str>,
    /// The provider's payment (a PaymentIntent id), which the firm refunds.
    pub payment_id: Option<&'a str>,
    /// When the provider says it was paid.
    pub paid_at: DateTime<Utc>,
}

/// An unexpected payment as stored.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct UnexpectedPayment {
    pub id: i64,
    pub case_id: i64,
    pub provider: String,
    pub provider_reference: String,
    pub amount: Option<i64>,
    pub currency: Option<String>,
    pub provider_payment_id: Option<String>,
    pub paid_at: DateTime<Utc>,
    pub recorded_at: DateTime<Utc>,
}

impl Db {
    /// Records a payment just started with the provider, audited (the amount and provider,
    /// never card details: Threshold never sees them). A `Conflict` when the case has an open
    /// payment already (another buyer started one at the same moment): that one stands.
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
                 (case_id, amount, provider, provider_reference, payer_user_id, created_at, \
                  checkout_url, expires_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
            )
            .bind(p.case_id)
            .bind(p.amount)
            .bind(p.provider)
            .bind(p.reference)
            .bind(p.payer)
            .bind(now)
            .bind(p.checkout_url)
            .bind(p.expires_at)
            .execute(&mut *tx)
            .await
            .map_err(|e| StoreError::from_unique(e, "a payment of this case is open already"))?;
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES ($1, 'case.deposit_payment_started', 'case', $2, $3, $4)",
            )
            .bind(p.payer)
            .bind(p.case_id.to_string())
            .bind(sqlx::types::Json(json!({
                "provider": p.provider, "amount": p.amount, "reference": p.reference,
            })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(())
        })
    }

    /// The case's open payment (unpaid, not closed), if any; it may have expired meanwhile
    /// (see [`DepositPayment::is_open_at`]).
    #[tracing::instrument(skip_all)]
    pub async fn open_deposit_payment(
        &self,
        case_id: i64,
    ) -> Result<Option<DepositPayment>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as::<_, DepositPayment>(
            "SELECT id, case_id, amount, provider, provider_reference, payer_user_id, \
             checkout_url, expires_at, created_at, paid_at, closed_at FROM deposit_payments \
             WHERE case_id = $1 AND paid_at IS NULL AND closed_at IS NULL",
        )
            .bind(case_id)
            .fetch_optional(pool)
            .await)?)
    }

    /// Threshold no longer offers this payment (the provider has expired it), audited;
    /// `false` when it was closed or paid meanwhile.
    #[tracing::instrument(skip_all)]
    pub async fn close_deposit_payment(
        &self,
        payment: &DepositPayment,
        because: ClosedBecause,
        actor: Option<UserId>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let n = sqlx::query(
                "UPDATE deposit_payments SET closed_at = $2 \
                 WHERE id = $1 AND paid_at IS NULL AND closed_at IS NULL",
            )
            .bind(payment.id)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if n == 0 {
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES ($1, 'case.deposit_payment_closed', 'case', $2, $3, $4)",
            )
            .bind(actor)
            .bind(payment.case_id.to_string())
            .bind(sqlx::types::Json(json!({
                "provider": payment.provider,
                "reference": payment.provider_reference,
                "because": because.as_str(),
            })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(true)
        })
    }

    /// The payment with this provider reference, if any.
    #[tracing::instrument(skip_all)]
    pub async fn deposit_payment(
        &self,
        reference: &str,
    ) -> Result<Option<DepositPayment>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as::<_, DepositPayment>(
            "SELECT id, case_id, amount, provider, provider_reference, payer_user_id, \
             checkout_url, expires_at, created_at, paid_at, closed_at FROM deposit_payments \
             WHERE provider_reference = $1",
        )
            .bind(reference)
            .fetch_optional(pool)
            .await)?)
    }

    /// Keeps a payment the provider took that Threshold did not expect, audited
    /// (`case.unexpected_payment`), for the firm to refund. Once per provider session: `false`
    /// when it is recorded already (the provider told us again).
    #[tracing::instrument(skip_all, fields(case_id = p.case_id))]
    pub async fn record_unexpected_payment(
        &self,
        p: &NewUnexpectedPayment<'_>,
        now: DateTime<Utc>,
    ) -> Result<bool, StoreError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await?;
            let n = sqlx::query(
                "INSERT INTO unexpected_payments \
                 (case_id, provider, provider_reference, amount, currency, provider_payment_id, \
                  paid_at, recorded_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8) \
                 ON CONFLICT (provider_reference) DO NOTHING",
            )
            .bind(p.case_id)
            .bind(p.provider)
            .bind(p.reference)
            .bind(p.amount)
            .bind(p.currency)
            .bind(p.payment_id)
            .bind(p.paid_at)
            .bind(now)
            .execute(&mut *tx)
            .await?
            .rows_affected();
            if n == 0 {
                return Ok(false);
            }
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES (NULL, 'case.unexpected_payment', 'case', $1, $2, $3)",
            )
            .bind(p.case_id.to_string())
            .bind(sqlx::types::Json(json!({
                "provider": p.provider,
                "reference": p.reference,
                "amount": p.amount,
                "currency": p.currency,
                "paymentId": p.payment_id,
            })))
            .bind(now)
            .execute(&mut *tx)
            .await?;
            tx.commit().await?;
            Ok(true)
        })
    }

    /// The case's unexpected payments, oldest first.
    #[tracing::instrument(skip_all)]
    pub async fn unexpected_payments(
        &self,
        case_id: i64,
    ) -> Result<Vec<UnexpectedPayment>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as::<_, UnexpectedPayment>(
            "SELECT id, case_id, provider, provider_reference, amount, currency, \
             provider_payment_id, paid_at, recorded_at \
             FROM unexpected_payments WHERE case_id = $1 ORDER BY id",
        )
        .bind(case_id)
        .fetch_all(pool)
        .await)?)
    }
}
