//! Serves the browser app built into the binary, and its runtime configuration.
//! Unknown paths get `index.html` so the app's router can handle them (its 404 page too).

use axum::Json;
use axum::Router;
use axum::extract::State;
use axum::http::{HeaderMap, HeaderValue, StatusCode, Uri, header};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use rust_embed::RustEmbed;
use serde::Serialize;

use crate::app::AppState;
use crate::error::ApiError;

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
        .fallback(get(asset_or_index).fallback(crate::error::method_not_allowed))
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

async fn asset_or_index(uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path().trim_start_matches('/');
    let accepted = accepted_encodings(&headers);
    if !path.is_empty() && Assets::get(path).is_some() {
        // Vite puts a content hash in every file name under assets/: cache those for good.
        let cache = if path.starts_with("assets/") {
            "public, max-age=31536000, immutable"
        } else {
            "no-cache"
        };
        return embedded(path, &accepted, cache);
    }
    if path.starts_with("assets/") || path.starts_with("api/") {
        return ApiError::not_found().into_response();
    }
    if Assets::get("index.html").is_some() {
        return embedded("index.html", &accepted, "no-cache");
    }
    (
        StatusCode::SERVICE_UNAVAILABLE,
        Html("<!doctype html><title>Threshold</title><p>The web app has not been built. Run <code>make build</code>.</p>"),
    )
        .into_response()
}

/// The precompressed copies the build makes (web/vite.config.ts), best first.
const ENCODINGS: [(&str, &str); 2] = [("br", ".br"), ("gzip", ".gz")];

/// An embedded file in the best encoding the browser accepts that the build made a copy in.
fn embedded(path: &str, accepted: &[&str], cache: &str) -> Response {
    let original = Assets::get(path).expect("the caller checked the file exists");
    let mimetype = original.metadata.mimetype().to_owned();
    let compressed = ENCODINGS
        .iter()
        .filter(|(name, _)| accepted.contains(name))
        .find_map(|(name, suffix)| Some((*name, Assets::get(&format!("{path}{suffix}"))?)));
    let mut headers = vec![
        (header::CONTENT_TYPE, mimetype),
        (header::CACHE_CONTROL, cache.to_owned()),
    ];
    let has_copies = ENCODINGS
        .iter()
        .any(|(_, suffix)| Assets::get(&format!("{path}{suffix}")).is_some());
    if has_copies {
        // Caches must keep one copy per encoding.
        headers.push((header::VARY, "accept-encoding".to_owned()));
    }
    let mut response = match compressed {
        Some((name, file)) => {
            headers.push((header::CONTENT_ENCODING, name.to_owned()));
            file.data.into_response()
        }
        None => original.data.into_response(),
    };
    for (name, value) in headers {
        if let Ok(value) = HeaderValue::from_str(&value) {
            response.headers_mut().insert(name, value);
        }
    }
    response
}

/// The content codings an `Accept-Encoding` header accepts (RFC 9110 §12.5.3): listed with a
/// quality above zero, or covered by `*`.
fn accepted_encodings(headers: &HeaderMap) -> Vec<&'static str> {
    let mut accepted = vec![];
    let mut refused = vec![];
    let mut wildcard = false;
    for value in headers.get_all(header::ACCEPT_ENCODING) {
        let Ok(value) = value.to_str() else { continue };
        for item in value.split(',') {
            let mut parts = item.split(';').map(str::trim);
            let coding = parts.next().unwrap_or_default().to_ascii_lowercase();
            let quality = parts
                .find_map(|p| p.strip_prefix("q=").or_else(|| p.strip_prefix("Q=")))
                .and_then(|q| q.parse::<f32>().ok())
                .unwrap_or(1.0);
            match ENCODINGS.iter().find(|(name, _)| *name == coding) {
                Some((name, _)) if quality > 0.0 => accepted.push(*name),
                Some((name, _)) => refused.push(*name),
                None if coding == "*" => wildcard = quality > 0.0,
                None => {}
            }
        }
    }
    if wildcard {
        for (name, _) in ENCODINGS {
            if !accepted.contains(&name) && !refused.contains(&name) {
                accepted.push(name);
            }
        }
    }
    accepted
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(value: &str) -> Vec<&'static str> {
        let mut headers = HeaderMap::new();
        headers.insert(
            header::ACCEPT_ENCODING,
            HeaderValue::from_str(value).unwrap(),
        );
        accepted_encodings(&headers)
    }

    #[test]
    fn accept_encoding_is_read_with_its_qualities() {
        assert_eq!(parse("gzip, deflate, br, zstd"), ["gzip", "br"]);
        assert_eq!(parse("gzip;q=1.0, br;q=0"), ["gzip"]);
        assert_eq!(parse("identity"), Vec::<&str>::new());
        assert_eq!(parse("*;q=0.5, gzip;q=0"), ["br"]);
        assert_eq!(parse("BR ; q=0.8"), ["br"]);
    }
}
