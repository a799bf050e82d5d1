//! The OpenAPI 3.1 document, generated from the handlers' annotations, and the `/api` router
//! built from the same declarations so the two cannot disagree.

use axum::routing::get;
use axum::{Json, Router};
use utoipa::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::app::AppState;
use crate::error::ErrorBody;
use crate::{auth, cases, policies, users};

#[derive(OpenApi)]
#[openapi(
    info(title = "Threshold API", description = "Conveyancing for remortgaging and buying a home. All paths are relative to /api; /version is at the site root."),
    servers((url = "/api")),
    components(schemas(ErrorBody)),
    tags(
        (name = "auth", description = "Sign-in by e-mail link and sessions"),
        (name = "policies", description = "Privacy policy and terms"),
        (name = "users", description = "The user's own details"),
        (name = "cases", description = "Remortgaging and buying cases: create, lists, expanded case, quotes, cancel"),
    )
)]
struct ApiDoc;

fn parts() -> (Router<AppState>, utoipa::openapi::OpenApi) {
    OpenApiRouter::with_openapi(ApiDoc::openapi())
        .merge(auth::router())
        .merge(policies::router())
        .merge(users::router())
        .merge(cases::router())
        .split_for_parts()
}

/// The document as served at `/api/openapi.json` and committed as `api/openapi.json`.
pub fn document() -> utoipa::openapi::OpenApi {
    let mut doc = parts().1;
    doc.info.version = crate::config::BUILD_RELEASE.trim().to_owned();
    doc
}

pub fn api_router(state: AppState) -> Router {
    let (router, _) = parts();
    let doc = document();
    router
        .route("/openapi.json", get(move || async move { Json(doc) }))
        .fallback(|| async { crate::error::ApiError::not_found() })
        .with_state(state)
}
