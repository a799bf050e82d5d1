//! Server faults to Sentry when `SENTRY_DSN` is set (the browser reports there too): ERROR
//! events (a 500's "internal error", a job that gave up, a worker that stopped) and panics.
//! Nothing identifies a user (`send_default_pii` off, no user, no request's cookies, body or
//! query), and every string is scrubbed as the browser scrubs its reports
//! (web/src/lib/privacy.ts): URLs lose their query, `…token=` values and e-mail addresses are
//! masked.

use std::sync::{Arc, LazyLock};

use regex::Regex;
use sentry::protocol::Event;
use serde_json::Value;
use tracing::{Level, Subscriber};
use tracing_subscriber::Layer;
use tracing_subscriber::filter::filter_fn;
use tracing_subscriber::registry::LookupSpan;

use crate::config::Config;

static EMAIL: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"[A-Za-z0-9._%+-]+@[A-Za-z0-9.-]+\.[A-Za-z]{2,}").expect("a valid pattern")
});
/// `token=…`, `access_token=…`, `magicToken=…` and the like, up to the next separator.
static TOKEN_PARAM: LazyLock<Regex> =
    LazyLock::new(|| Regex::new(r#"(?i)([A-Za-z_]*token=)[^&#\s"'<>]*"#).expect("a valid pattern"));
/// An absolute or root-relative URL with a query string or fragment inside free text.
static URL_WITH_QUERY: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r#"(https?://[^\s?#"'<>]+|(?:^|[\s("'=])/[^\s?#"'<>]*)[?#][^\s"'<>]*"#)
        .expect("a valid pattern")
});
/// Keys whose value is a URL, which loses its whole query.
static URL_KEYS: LazyLock<Regex> = LazyLock::new(|| {
    Regex::new(r"(?i)^(url|href|referr?er|from|to|url\.full|http\.url)$").expect("a valid pattern")
});

/// How deep into an event's data strings are scrubbed (as the browser's 16).
const SCRUB_DEPTH: usize = 16;

/// Starts the Sentry client on the current thread's hub (call it from `main`, before the
/// runtime, so every thread reports). None without a DSN, or with one that does not parse.
pub fn init(config: &Config) -> Option<sentry::ClientInitGuard> {
    let raw = config
        .sentry_dsn
        .as_deref()
        .filter(|d| !d.trim().is_empty())?;
    let dsn = match raw.trim().parse::<sentry::types::Dsn>() {
        Ok(dsn) => dsn,
        Err(err) => {
            tracing::warn!(error = %err, "SENTRY_DSN is not a Sentry DSN; server errors are not reported");
            return None;
        }
    };
    // Sentry's HTTPS client takes the process's TLS provider: ring, as the rest of Threshold.
    let _ = rustls::crypto::ring::default_provider().install_default();
    let mut options = sentry::ClientOptions::default();
    options.dsn = Some(dsn);
    options.release = Some(config.release.trim().to_owned().into());
    options.send_default_pii = false;
    options.before_send = Some(Arc::new(scrub_event));
    Some(sentry::init(options))
}

/// The tracing layer that turns ERROR events into Sentry events (a no-op while no client is
/// started). The HTTP trace's own "response failed" line is left out: the handler's error
/// that caused the 5xx is reported already.
pub fn error_layer<S>() -> impl Layer<S>
where
    S: Subscriber + for<'a> LookupSpan<'a>,
{
    sentry::integrations::tracing::ErrorLayer::new().with_filter(filter_fn(|meta| {
        *meta.level() == Level::ERROR && !meta.target().starts_with("tower_http")
    }))
}

/// The event as it may leave the server: no user, no request's query, cookies, headers or
/// body, and every string scrubbed. None (not sent) if it cannot be scrubbed.
fn scrub_event(event: Event<'static>) -> Option<Event<'static>> {
    let mut value = serde_json::to_value(&event).ok()?;
    if let Some(fields) = value.as_object_mut() {
        fields.remove("user");
        if let Some(request) = fields.get_mut("request").and_then(Value::as_object_mut) {
            for private in ["query_string", "cookies", "data", "headers", "env"] {
                request.remove(private);
            }
        }
    }
    let scrubbed = scrub_value(value, SCRUB_DEPTH, false);
    serde_json::from_value(scrubbed).ok()
}

fn scrub_value(value: Value, depth: usize, is_url: bool) -> Value {
    match value {
        Value::String(text) if is_url => Value::String(scrub_url(&text)),
        Value::String(text) => Value::String(scrub_text(&text)),
        Value::Array(items) if depth > 0 => Value::Array(
            items
                .into_iter()
                .map(|v| scrub_value(v, depth - 1, false))
                .collect(),
        ),
        Value::Object(fields) if depth > 0 => Value::Object(
            fields
                .into_iter()
                .map(|(key, v)| {
                    let is_url = URL_KEYS.is_match(&key);
                    (key, scrub_value(v, depth - 1, is_url))
                })
                .collect(),
        ),
        other => other,
    }
}

/// The URL without its query string and fragment.
fn scrub_url(url: &str) -> String {
    let end = url.find(['?', '#']).unwrap_or(url.len());
    scrub_text(&url[..end])
}

/// Free text with URLs' queries removed, tokens masked and e-mail addresses replaced.
fn scrub_text(text: &str) -> String {
    let text = URL_WITH_QUERY.replace_all(text, "$1");
    let text = TOKEN_PARAM.replace_all(&text, "${1}[redacted]");
    EMAIL.replace_all(&text, "[email]").into_owned()
}

#[cfg(test)]
mod tests {
    use std::collections::BTreeMap;

    use sentry::protocol::{Request, User};

    use super::*;

    #[test]
    fn free_text_loses_queries_tokens_and_addresses() {
        assert_eq!(
            scrub_text("GET https://threshold.example/login?token=abc123 for cara@example.com"),
            "GET https://threshold.example/login for [email]"
        );
        assert_eq!(
            scrub_text("redeem /api/auth/magic-link?x=1 failed"),
            "redeem /api/auth/magic-link failed"
        );
        assert_eq!(
            scrub_text("magicToken=s3cr3t&step=2"),
            "magicToken=[redacted]&step=2"
        );
        assert_eq!(scrub_url("/cases/12?token=abc#top"), "/cases/12");
    }

    #[test]
    fn an_event_keeps_nothing_that_identifies_a_person() {
        let mut event = Event {
            message: Some("no account for cara@example.com".into()),
            user: Some(User {
                email: Some("cara@example.com".into()),
                ..Default::default()
            }),
            request: Some(Request {
                url: "https://threshold.example/login?token=abc".parse().ok(),
                query_string: Some("token=abc".into()),
                cookies: Some("session=xyz".into()),
                data: Some(r#"{"username":"cara@example.com"}"#.into()),
                ..Default::default()
            }),
            ..Default::default()
        };
        event.extra = BTreeMap::from([(
            "link".to_owned(),
            Value::String("https://threshold.example/login?token=abc".into()),
        )]);
        let event_id = event.event_id;
        let scrubbed = scrub_event(event).expect("a scrubbed event");
        assert_eq!(scrubbed.event_id, event_id);
        assert_eq!(scrubbed.message.as_deref(), Some("no account for [email]"));
        assert!(scrubbed.user.is_none());
        let request = scrubbed.request.expect("the request, scrubbed");
        assert_eq!(
            request.url.map(|u| u.to_string()).as_deref(),
            Some("https://threshold.example/login")
        );
        assert_eq!(
            (request.query_string, request.cookies, request.data),
            (None, None, None)
        );
        assert_eq!(
            scrubbed.extra["link"],
            Value::String("https://threshold.example/login".into())
        );
    }
}
