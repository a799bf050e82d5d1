//! Sign-in by e-mail link, sessions, and the calls of spec section 7 under `/auth`.

pub mod cookies;
pub mod email_address;
mod session;
mod sign_in;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;

pub use session::{EmptyBody, MeResponse, MeUser, SessionView, SessionsResponse, VerifyResponse};
pub use sign_in::{LoginRequest, SignupRequest, audit as sign_in_audit};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(sign_in::login))
        .routes(routes!(sign_in::signup))
        .routes(routes!(sign_in::redeem_magic_link))
        .routes(routes!(sign_in::renew_magic_link))
        .routes(routes!(session::verify))
        .routes(routes!(session::me))
        .routes(routes!(session::refresh))
        .routes(routes!(session::logout))
        .routes(routes!(session::logout_all))
        .routes(routes!(session::list_sessions))
        .routes(routes!(session::revoke_session))
}
