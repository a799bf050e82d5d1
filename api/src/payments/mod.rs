//! The buyers' up-front payment (spec §1: "a card or direct-debit payment provider"). With
//! `STRIPE_SECRET_KEY` set, buyers pay on Stripe Checkout and Stripe's signed webhook tells us
//! the money is in; without it a local test payment stands in, confirmed by the buyer, so a
//! demo or a developer's machine works end to end with nothing charged.

mod deposit;
mod provider;
mod webhook;
mod work_start;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;

pub use provider::PaymentProvider;
pub use webhook::STRIPE_WEBHOOK_PATH;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(deposit::start_deposit_payment))
        .routes(routes!(deposit::local_payment_response))
        .routes(routes!(webhook::stripe_webhook))
        .routes(routes!(work_start::work_start_wording))
}
