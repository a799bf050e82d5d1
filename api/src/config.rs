//! Typed configuration: defaults, then an optional TOML file (`THRESHOLD_CONFIG`), then
//! environment variables. Every setting is listed in the README.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use figment::Figment;
use figment::providers::{Env, Format, Serialized, Toml};
use serde::{Deserialize, Serialize};

/// The release this binary was built as; `/version` serves it and the browser app
/// compares it with its own.
pub const BUILD_RELEASE: &str = include_str!("../../VERSION");

#[derive(Clone, Serialize, Deserialize)]
#[serde(default)]
pub struct Config {
    /// `sqlite://…` (default) or `postgres://…`.
    pub database_url: String,
    pub db_max_connections: u32,
    /// Address to listen on.
    pub listen_addr: SocketAddr,
    /// The address users reach the site at; links in e-mails point here and it decides
    /// whether cookies are `Secure`.
    pub public_url: String,
    /// Where the SQLite file, the outbox and local files live.
    pub data_dir: PathBuf,
    /// SMTP server, e.g. `smtp://user:pass@smtp.example.com:587?tls=required`. Unset:
    /// e-mail goes to `data/outbox/`.
    pub smtp_url: Option<String>,
    pub mail_from: String,
    pub support_email: String,
    /// Overrides the release reported by `/version` (normally the VERSION file).
    pub release: String,
    pub magic_link_minutes: i64,
    pub access_token_minutes: i64,
    pub session_idle_minutes: i64,
    pub session_absolute_hours: i64,
    /// Requests per minute per IP to POST /auth and POST /auth/signup (each).
    pub rate_limit_auth_per_minute: u32,
    /// Requests per minute per IP to GET /auth/magic-link/{token}.
    pub rate_limit_redeem_per_minute: u32,
    /// Sign-in e-mails per address per hour; more are dropped silently.
    pub email_cap_per_hour: i64,
    pub privacy_policy_version: i32,
    pub terms_version: i32,
    pub privacy_policy_url: String,
    pub terms_url: String,
    /// Use the first `X-Forwarded-For` address as the client IP (behind a trusted proxy).
    pub trust_proxy_headers: bool,
    /// How often workers look for new jobs, in milliseconds.
    pub worker_poll_ms: u64,
    /// Error reporting (Sentry DSN) for the browser app; unset: none.
    pub sentry_dsn: Option<String>,
    /// Product analytics key for the browser app (only used after cookie consent).
    pub posthog_key: Option<String>,
    /// Seed the demo accounts at start-up (`make run` turns this on).
    pub demo: bool,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            database_url: "sqlite://data/threshold.db".into(),
            db_max_connections: 10,
            listen_addr: "127.0.0.1:8080".parse().expect("valid default address"),
            public_url: "http://localhost:8080".into(),
            data_dir: "data".into(),
            smtp_url: None,
            mail_from: "Threshold <no-reply@threshold.localhost>".into(),
            support_email: "support@threshold.example".into(),
            release: BUILD_RELEASE.trim().into(),
            magic_link_minutes: 15,
            access_token_minutes: 5,
            session_idle_minutes: 30,
            session_absolute_hours: 12,
            rate_limit_auth_per_minute: 10,
            rate_limit_redeem_per_minute: 30,
            email_cap_per_hour: 5,
            privacy_policy_version: 2,
            terms_version: 2,
            privacy_policy_url: "/legal/privacy-policy.html".into(),
            terms_url: "/legal/terms-of-service.html".into(),
            trust_proxy_headers: false,
            worker_poll_ms: 250,
            sentry_dsn: None,
            posthog_key: None,
            demo: false,
        }
    }
}

/// The environment variables read, one per field (upper-cased field names).
const ENV_KEYS: &[&str] = &[
    "DATABASE_URL",
    "DB_MAX_CONNECTIONS",
    "LISTEN_ADDR",
    "PUBLIC_URL",
    "DATA_DIR",
    "SMTP_URL",
    "MAIL_FROM",
    "SUPPORT_EMAIL",
    "RELEASE",
    "MAGIC_LINK_MINUTES",
    "ACCESS_TOKEN_MINUTES",
    "SESSION_IDLE_MINUTES",
    "SESSION_ABSOLUTE_HOURS",
    "RATE_LIMIT_AUTH_PER_MINUTE",
    "RATE_LIMIT_REDEEM_PER_MINUTE",
    "EMAIL_CAP_PER_HOUR",
    "PRIVACY_POLICY_VERSION",
    "TERMS_VERSION",
    "PRIVACY_POLICY_URL",
    "TERMS_URL",
    "TRUST_PROXY_HEADERS",
    "WORKER_POLL_MS",
    "SENTRY_DSN",
    "POSTHOG_KEY",
    "DEMO",
];

impl Config {
    /// Defaults ← `THRESHOLD_CONFIG` file (if set) ← environment.
    pub fn load() -> Result<Self, Box<figment::Error>> {
        let mut figment = Figment::from(Serialized::defaults(Config::default()));
        if let Ok(path) = std::env::var("THRESHOLD_CONFIG") {
            figment = figment.merge(Toml::file_exact(path));
        }
        figment
            .merge(Env::raw().only(ENV_KEYS))
            .extract()
            .map_err(Box::new)
    }

    /// Whether the site is served over https (cookies then carry `Secure`).
    pub fn is_https(&self) -> bool {
        self.public_url.starts_with("https://")
    }

    /// The site's origin (scheme, host, port) for same-origin checks.
    pub fn public_origin(&self) -> String {
        url::Url::parse(&self.public_url)
            .map(|u| u.origin().ascii_serialization())
            .unwrap_or_else(|_| self.public_url.trim_end_matches('/').to_owned())
    }

    pub fn outbox_dir(&self) -> PathBuf {
        self.data_dir.join("outbox")
    }
}

/// Secrets (SMTP password, DSNs) never reach logs through `Debug`.
impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let redact = |v: &Option<String>| v.as_ref().map(|_| "<set>");
        f.debug_struct("Config")
            .field("database_url", &redact_url(&self.database_url))
            .field("listen_addr", &self.listen_addr)
            .field("public_url", &self.public_url)
            .field("data_dir", &self.data_dir)
            .field("smtp_url", &redact(&self.smtp_url))
            .field("release", &self.release)
            .field("sentry_dsn", &redact(&self.sentry_dsn))
            .field("posthog_key", &redact(&self.posthog_key))
            .finish_non_exhaustive()
    }
}

/// Drops the password from a database URL.
fn redact_url(raw: &str) -> String {
    match url::Url::parse(raw) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("<redacted>"));
            u.to_string()
        }
        _ => raw.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn debug_output_hides_secrets() {
        let config = Config {
            database_url: "postgres://app:hunter2@db/threshold".into(),
            smtp_url: Some("smtp://u:smtp-secret@mail:587".into()),
            ..Config::default()
        };
        let shown = format!("{config:?}");
        assert!(!shown.contains("hunter2"));
        assert!(!shown.contains("smtp-secret"));
    }

    #[test]
    fn public_origin_drops_the_path() {
        let config = Config {
            public_url: "https://app.example.com/".into(),
            ..Config::default()
        };
        assert_eq!(config.public_origin(), "https://app.example.com");
        assert!(config.is_https());
    }
}
