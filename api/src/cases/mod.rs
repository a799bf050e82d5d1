//! The case calls of issue 4: create and update key facts, the lists, the expanded case with
//! the engine's view, the latest quote, overviews, broker cancel, managed brokers and lenders.

pub(crate) mod access;
mod cancel;
mod create;
pub(crate) mod expanded;
pub mod expanded_body;
pub mod facts;
pub(crate) mod invitations;
pub(crate) mod lenders;
pub mod list;
mod overview;
pub(crate) mod quote;
pub(crate) mod requote;
pub mod types;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(create::create_remortgaging))
        .routes(routes!(create::create_buying))
        .routes(routes!(create::update_remortgaging))
        .routes(routes!(create::update_buying))
        .routes(routes!(list::list_remortgaging))
        .routes(routes!(list::list_buying))
        .routes(routes!(expanded::remortgaging))
        .routes(routes!(expanded::buying))
        .routes(routes!(quote::latest_remortgaging))
        .routes(routes!(quote::latest_buying))
        .routes(routes!(quote::report_issue))
        .routes(routes!(overview::case_overviews))
        .routes(routes!(overview::managed_brokers))
        .routes(routes!(cancel::broker_cancel_case))
        .routes(routes!(invitations::send_quote))
        .routes(routes!(invitations::resend_quote))
        .routes(routes!(invitations::respond_remortgaging))
        .routes(routes!(invitations::respond_buying))
        .routes(routes!(invitations::accept_quote))
        .merge(lenders::router())
}
