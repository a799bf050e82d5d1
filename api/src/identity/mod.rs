//! Identity verification by a provider. The firm's own review of uploads is the default
//! (`POST /identity` in `progress`, decided in the back office); with an electronic provider
//! configured (Onfido), the owner takes its hosted check and its webhook reports the outcome.

mod check;
mod onfido;
mod provider;
mod webhook;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;

pub use provider::{ElectronicCheck, IdentityProvider};
pub use webhook::ONFIDO_WEBHOOK_PATH;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(check::start_identity_check))
        .routes(routes!(webhook::onfido_webhook))
}
