//! One structured log line per request, at INFO under the target `threshold::access`: method,
//! route template, status, latency and request id. Never the raw path nor its query: paths
//! and queries can carry sign-in tokens and identifiers.

use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::http::Method;
use axum::middleware::Next;
use axum::response::Response;

/// The route of a request no route matched (the browser app's pages, unknown paths).
const UNMATCHED: &str = "unmatched";

/// Logs the request once answered, and counts it in the metrics. Runs inside the router (a
/// `Router::layer`), where axum has set the matched route template.
pub async fn log_request(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = method_label(req.method());
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| UNMATCHED.to_owned(), |p| p.as_str().to_owned());
    let request_id = req
        .headers()
        .get("x-request-id")
        .and_then(|v| v.to_str().ok())
        .map_or("-", loggable_id)
        .to_owned();
    let response = next.run(req).await;
    let latency = started.elapsed();
    let status = response.status().as_u16();
    tracing::info!(
        target: "threshold::access",
        method,
        route = %route,
        status,
        latency_ms = latency.as_secs_f64() * 1000.0,
        request_id = %request_id,
        "request"
    );
    super::metrics::record_request(method, &route, status, latency);
    response
}

/// The method as a label: the standard ones by name, anything else as one value, so a client
/// cannot fill the logs or the metrics with names of its own.
fn method_label(method: &Method) -> &'static str {
    const KNOWN: [Method; 9] = [
        Method::GET,
        Method::HEAD,
        Method::POST,
        Method::PUT,
        Method::PATCH,
        Method::DELETE,
        Method::OPTIONS,
        Method::CONNECT,
        Method::TRACE,
    ];
    KNOWN
        .iter()
        .find(|known| *known == method)
        .map_or("OTHER", Method::as_str)
}

/// A client may send its own `X-Request-Id` (a proxy's, say): it is logged only when it looks
/// like one, so it cannot forge a log line or smuggle personal data in.
fn loggable_id(id: &str) -> &str {
    let plausible = !id.is_empty()
        && id.len() <= 128
        && id
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'-' | b'_' | b'.'));
    if plausible { id } else { "invalid" }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn unknown_methods_share_one_label() {
        assert_eq!(method_label(&Method::PATCH), "PATCH");
        assert_eq!(method_label(&Method::from_bytes(b"BREW").unwrap()), "OTHER");
    }

    #[test]
    fn only_plausible_request_ids_are_logged() {
        assert_eq!(
            loggable_id("0b6d4a52-9f0e-4f7e-a3b2-1f5d2b8c9e01"),
            "0b6d4a52-9f0e-4f7e-a3b2-1f5d2b8c9e01"
        );
        assert_eq!(loggable_id("a\nforged line"), "invalid");
        assert_eq!(loggable_id("cara@example.com"), "invalid");
        assert_eq!(loggable_id(""), "invalid");
    }
}
