//! Security headers on every response, and the same-origin rule for writes.

use axum::extract::{Request, State};
use axum::http::{HeaderValue, Method, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::app::AppState;
use crate::config::Config;
use crate::error::ApiError;

/// The Content-Security-Policy, made once at start-up: our own origin, plus the configured
/// services the browser app talks to (the error reporter and analytics receive its events;
/// the maps service draws the cards' maps). Styles are inline because the UI library injects
/// them at run time; scripts are not. Frames may show `blob:` documents: a PDF or photo is
/// fetched (the download is an attachment) and shown in the page from an object URL.
pub fn content_security_policy(config: &Config) -> anyhow::Result<HeaderValue> {
    let origin = |setting: &str, url: &str| -> anyhow::Result<String> {
        let url = url::Url::parse(url).map_err(|e| anyhow::anyhow!("{setting}: {e}"))?;
        Ok(url.origin().ascii_serialization())
    };
    let mut connect = vec!["'self'".to_owned()];
    if let Some(dsn) = &config.sentry_dsn {
        connect.push(origin("SENTRY_DSN", dsn)?);
    }
    if config.posthog_key.is_some() {
        connect.push(origin("POSTHOG_HOST", &config.posthog_host)?);
    }
    let mut img = vec!["'self'".to_owned(), "data:".to_owned(), "https:".to_owned()];
    if config.maps_api_key.is_some() {
        img.push(origin("MAPS_API_URL", &config.maps_api_url)?);
    }
    let policy = format!(
        "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
         img-src {}; font-src 'self' data:; connect-src {}; object-src 'none'; \
         frame-src 'self' blob:; base-uri 'self'; form-action 'self'; frame-ancestors 'none'",
        img.join(" "),
        connect.join(" ")
    );
    Ok(HeaderValue::from_str(&policy)?)
}

pub async fn headers(State(state): State<AppState>, req: Request, next: Next) -> Response {
    let mut res = next.run(req).await;
    let h = res.headers_mut();
    h.insert(header::CONTENT_SECURITY_POLICY, state.csp.clone());
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    // Sign-in links carry their token in the URL: never leak it to another site.
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(
        "cross-origin-opener-policy",
        HeaderValue::from_static("same-origin"),
    );
    h.insert(
        "permissions-policy",
        HeaderValue::from_static("camera=(), microphone=(), geolocation=()"),
    );
    if state.config.is_https() {
        h.insert(
            header::STRICT_TRANSPORT_SECURITY,
            HeaderValue::from_static("max-age=31536000; includeSubDomains"),
        );
    }
    res
}

/// API answers hold personal data: no cache may keep them.
/// A handler that sets its own (stricter) Cache-Control, a download's `private, no-store`,
/// keeps it.
pub async fn no_store(mut res: Response) -> Response {
    res.headers_mut()
        .entry(header::CACHE_CONTROL)
        .or_insert(HeaderValue::from_static("no-store"));
    res
}

/// Writes must come from our own pages: `Sec-Fetch-Site: same-origin`, or, from browsers
/// that do not send it, an `Origin` equal to the site's. Anything else is refused, which
/// (with SameSite cookies) closes cross-site request forgery.
pub async fn same_origin_writes(
    State(state): State<AppState>,
    req: Request,
    next: Next,
) -> Response {
    // A provider's webhook comes from its servers, not a browser: its signature is its proof.
    if matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS)
        || req.uri().path() == crate::payments::STRIPE_WEBHOOK_PATH
        || req.uri().path() == crate::identity::ONFIDO_WEBHOOK_PATH
    {
        return next.run(req).await;
    }
    let headers = req.headers();
    let allowed = match headers.get("sec-fetch-site").and_then(|v| v.to_str().ok()) {
        Some(site) => site == "same-origin",
        None => headers
            .get(header::ORIGIN)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|origin| origin == state.config.public_origin()),
    };
    if allowed {
        next.run(req).await
    } else {
        ApiError::forbidden("This request must come from the Threshold site itself.")
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::content_security_policy;
    use crate::config::Config;

    #[test]
    fn a_third_party_address_that_is_no_url_stops_the_start_naming_its_setting() {
        let config = Config {
            sentry_dsn: Some("not a dsn".into()),
            ..Config::default()
        };
        let err = content_security_policy(&config).unwrap_err();
        assert!(err.to_string().starts_with("SENTRY_DSN:"), "{err}");
    }
}
