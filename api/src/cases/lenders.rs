//! GET /lenders: the named UK lenders plus NO_LENDER, kept as data in lenders.json.

use std::sync::LazyLock;

use axum::Json;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use super::types::{LenderBody, Lenders};
use crate::app::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::CurrentSession;

static LENDERS: LazyLock<Vec<LenderBody>> = LazyLock::new(|| {
    serde_json::from_str(include_str!("lenders.json")).expect("lenders.json is valid")
});

/// A lender code from the list (NO_LENDER included).
pub fn is_known(code: &str) -> bool {
    LENDERS.iter().any(|l| l.code == code)
}

/// The lender's name as a document prints it (the code when unknown).
pub fn name(code: &str) -> String {
    LENDERS
        .iter()
        .find(|l| l.code == code)
        .map(|l| l.name.clone())
        .unwrap_or_else(|| code.to_owned())
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(lenders))
}

#[utoipa::path(get, path = "/lenders", tag = "cases",
    responses(
        (status = 200, description = "The named UK lenders, then NO_LENDER", body = Lenders),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
    ))]
pub async fn lenders(session: CurrentSession) -> ApiResult<Json<Lenders>> {
    super::access::require_app_role(&session.user)?;
    Ok(Json(Lenders {
        lenders: LENDERS.clone(),
    }))
}
