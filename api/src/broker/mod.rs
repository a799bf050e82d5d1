//! A broker firm's own settings, for its broker admin (issue 32): the firm's webhooks.

pub mod webhooks;

use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    webhooks::router()
}
