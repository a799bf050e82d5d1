//! Identity verification by a provider. The firm's own review of uploads is the default
//! (`POST /identity` in `progress`, decided in the back office); with Onfido configured, the
//! owner takes Onfido's hosted check and its webhook reports the outcome.

mod check;
mod provider;
mod webhook;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;

pub use provider::IdentityProvider;
pub use webhook::ONFIDO_WEBHOOK_PATH;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(check::start_identity_check))
        .routes(routes!(webhook::onfido_webhook))
}
