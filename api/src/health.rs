//! Liveness and readiness probes for a load balancer or orchestrator.

use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use axum::{Json, Router};
use serde_json::{Value, json};

use crate::app::AppState;

pub fn router(state: AppState) -> Router {
    Router::new()
        .route(
            "/healthz",
            get(|| async { Json(json!({ "status": "ok" })) }),
        )
        .route("/readyz", get(ready))
        .route("/version", get(version))
        .with_state(state)
}

/// Ready when the database answers.
async fn ready(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    match state.db.ping().await {
        Ok(()) => (StatusCode::OK, Json(json!({ "status": "ready" }))),
        Err(err) => {
            tracing::warn!(error = %err, "database not ready");
            (
                StatusCode::SERVICE_UNAVAILABLE,
                Json(json!({ "status": "unavailable" })),
            )
        }
    }
}

/// GET /version: the release the server runs; the browser app compares its own with it.
async fn version(
    State(state): State<AppState>,
) -> ([(axum::http::HeaderName, &'static str); 1], Json<Value>) {
    (
        [(axum::http::header::CACHE_CONTROL, "no-store")],
        Json(json!({ "version": state.config.release })),
    )
}
