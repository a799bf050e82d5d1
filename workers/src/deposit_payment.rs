//! A provider's word that a buyer's up-front payment is in (Stripe's webhook), recorded on the
//! case through the case service, which moves a case waiting for it on. Money the case did not
//! expect (it is paid already, or the session is not one Threshold started for it) is never
//! dropped: it is kept as an unexpected payment, audited and shown to the firm, who refund it.

use apalis::prelude::BoxDynError;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use threshold_cases::{Caller, CaseError, Progress};
use threshold_engine::CaseType;
use threshold_store::payments::NewUnexpectedPayment;

use crate::queue::{Job, WorkerDeps};

/// The payment the provider knows as `reference` is paid. The rest is what the provider said
/// of it (absent from a job queued before they were kept).
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DepositPaymentConfirmed {
    pub reference: String,
    /// The case the provider's session names (`metadata.caseId`, else
    /// `client_reference_id`): where a session Threshold has no record of belongs.
    #[serde(default)]
    pub case_id: Option<i64>,
    /// In the currency's minor unit.
    #[serde(default)]
    pub amount: Option<i64>,
    #[serde(default)]
    pub currency: Option<String>,
    /// The provider's payment (a PaymentIntent), for a refund.
    #[serde(default)]
    pub payment_id: Option<String>,
    #[serde(default)]
    pub paid_at: Option<DateTime<Utc>>,
}

impl Job for DepositPaymentConfirmed {
    const QUEUE: &'static str = "deposit-payment";

    async fn run(self, deps: WorkerDeps) -> Result<(), BoxDynError> {
        let payment = deps.db.deposit_payment(&self.reference).await?;
        if payment.as_ref().is_some_and(|p| p.paid_at.is_some()) {
            // This very payment is recorded (the event came twice).
            return Ok(());
        }
        let Some(case_id) = payment.as_ref().map(|p| p.case_id).or(self.case_id) else {
            // A session made elsewhere on the same Stripe account: not ours.
            tracing::warn!("a paid Checkout Session matches no payment or case of ours");
            return Ok(());
        };
        let case = match deps
            .cases
            .open(&Caller::System, CaseType::Buying, case_id)
            .await
        {
            Ok(case) => case,
            Err(CaseError::NotFound) if payment.is_none() => {
                tracing::warn!("a paid Checkout Session names no purchase of ours");
                return Ok(());
            }
            Err(e) => return Err(e.into()),
        };
        let expected = payment.filter(|_| case.snapshot.deposit_paid_at().is_none());
        let Some(payment) = expected else {
            // Paid already through another session, or a session Threshold did not start:
            // the money is kept in view for the firm to refund.
            let recorded = deps
                .db
                .record_unexpected_payment(
                    &NewUnexpectedPayment {
                        case_id,
                        provider: "STRIPE",
                        reference: &self.reference,
                        amount: self.amount,
                        currency: self.currency.as_deref(),
                        payment_id: self.payment_id.as_deref(),
                        paid_at: self.paid_at.unwrap_or_else(Utc::now),
                    },
                    Utc::now(),
                )
                .await?;
            if recorded {
                tracing::warn!(
                    case_id,
                    "an unexpected payment is recorded for the firm to refund"
                );
            }
            return Ok(());
        };
        let Some(payer) = payment.payer_user_id else {
            return Err("the payment has no payer".into());
        };
        // Another session's payment recorded meanwhile: this one fails, and is kept as
        // unexpected when the job is tried again.
        deps.cases
            .progress(
                &Caller::System,
                &case,
                Progress::DepositPaid {
                    reference: self.reference,
                    payer,
                },
            )
            .await?;
        Ok(())
    }
}
