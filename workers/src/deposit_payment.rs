//! A provider's word that a buyer's up-front payment is in (Stripe's webhook), recorded on the
//! case through the case service, which moves a case waiting for it on.

use apalis::prelude::BoxDynError;
use serde::{Deserialize, Serialize};
use threshold_cases::{Caller, Progress};
use threshold_engine::CaseType;

use crate::queue::{Job, WorkerDeps};

/// The payment the provider knows as `reference` is paid.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct DepositPaymentConfirmed {
    pub reference: String,
}

impl Job for DepositPaymentConfirmed {
    const QUEUE: &'static str = "deposit-payment";

    async fn run(self, deps: WorkerDeps) -> Result<(), BoxDynError> {
        let Some(payment) = deps.db.deposit_payment(&self.reference).await? else {
            // A session made elsewhere on the same Stripe account: not ours.
            tracing::warn!("a paid Checkout Session matches no payment of ours");
            return Ok(());
        };
        let Some(payer) = payment.payer_user_id else {
            return Err("the payment has no payer".into());
        };
        let case = deps
            .cases
            .open(&Caller::System, CaseType::Buying, payment.case_id)
            .await?;
        // Paid already (the event came twice): the case service changes nothing.
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
