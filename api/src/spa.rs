//! Serves the browser app built into the binary, and its runtime configuration.
//! Unknown paths get `index.html` so the app's router can handle them (its 404 page too).

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::{StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use rust_embed::RustEmbed;
use serde::Serialize;

use crate::app::AppState;

#[derive(RustEmbed)]
#[folder = "../web/dist"]
#[allow_missing = true]
struct Assets;

/// What the browser app reads before it starts (spec: the API address is runtime config).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct RuntimeConfig {
    api_base_url: &'static str,
    support_email: String,
    /// The release, for the error reporter's reports.
    release: String,
    sentry_dsn: Option<String>,
    posthog_key: Option<String>,
    posthog_host: String,
    /// The static-map service for the case cards; null: no maps.
    maps: Option<StaticMaps>,
    /// Whether GET /address-lookup can answer (else the address is typed by hand).
    address_lookup: bool,
    /// MANUAL (uploads, reviewed by the firm) or ONFIDO (Onfido's hosted check).
    identity_provider: &'static str,
}

#[derive(Serialize)]
struct StaticMaps {
    url: String,
    key: String,
}

pub fn router(state: AppState) -> Router {
    Router::new()
        .route("/runtime-config.json", get(runtime_config))
        .fallback(get(asset_or_index))
        .with_state(state)
}

async fn runtime_config(State(state): State<AppState>) -> impl IntoResponse {
    (
        [(header::CACHE_CONTROL, "no-store")],
        Json(RuntimeConfig {
            api_base_url: "/api",
            support_email: state.config.support_email.clone(),
            release: state.config.release.clone(),
            sentry_dsn: state.config.sentry_dsn.clone(),
            posthog_key: state.config.posthog_key.clone(),
            posthog_host: state.config.posthog_host.clone(),
            maps: state.config.maps_api_key.clone().map(|key| StaticMaps {
                url: state.config.maps_api_url.clone(),
                key,
            }),
            address_lookup: state.config.address_lookup_key.is_some(),
            identity_provider: state.identity.name(),
        }),
    )
}

async fn asset_or_index(uri: Uri) -> Response {
    let path = uri.path().trim_start_matches('/');
    if let Some(file) = Assets::get(path).filter(|_| !path.is_empty()) {
        // Vite puts a content hash in every file name under assets/: cache those for good.
        let cache = if path.starts_with("assets/") {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        return (
            [
                (header::CONTENT_TYPE, file.metadata.mimetype().to_owned()),
                (header::CACHE_CONTROL, cache.to_owned()),
            ],
            file.data,
        )
            .into_response();
    }
    if path.starts_with("assets/") || path.starts_with("api/") {
        return StatusCode::NOT_FOUND.into_response();
    }
    match Assets::get("index.html") {
        Some(index) => ([(header::CACHE_CONTROL, "no-cache")], Html(index.data)).into_response(),
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            Html("<!doctype html><title>Threshold</title><p>The web app has not been built. Run <code>make build</code>.</p>"),
        )
            .into_response(),
    }
}
