//! Liveness and readiness probes for a load balancer or orchestrator.

use std::time::Duration;

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

/// How long the document store may take to answer a readiness probe: a probe must answer
/// before the balancer's own timeout, and the store client's retries would wait far longer.
const DOCUMENT_STORE_PROBE: Duration = Duration::from_secs(3);

/// Ready when the database and the document store answer: a missing bucket or wrong
/// credentials keep the process out of rotation instead of failing the first upload.
async fn ready(State(state): State<AppState>) -> (StatusCode, Json<Value>) {
    let unavailable = (
        StatusCode::SERVICE_UNAVAILABLE,
        Json(json!({ "status": "unavailable" })),
    );
    if let Err(err) = state.db.ping().await {
        tracing::warn!(error = %err, "database not ready");
        return unavailable;
    }
    match tokio::time::timeout(DOCUMENT_STORE_PROBE, state.documents.check()).await {
        Ok(Ok(())) => (StatusCode::OK, Json(json!({ "status": "ready" }))),
        Ok(Err(err)) => {
            tracing::warn!(error = %err, "document store not ready");
            unavailable
        }
        Err(_) => {
            tracing::warn!("document store not ready: no answer in time");
            unavailable
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
