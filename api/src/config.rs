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
    /// Where to serve Prometheus metrics (`/metrics`), apart from the public address.
    /// Unset: no metrics.
    pub metrics_addr: Option<SocketAddr>,
    /// The address users reach the site at; links in e-mails point here and it decides
    /// whether cookies are `Secure`.
    pub public_url: String,
    /// Where the SQLite file, the outbox and local files live.
    pub data_dir: PathBuf,
    /// SMTP server, e.g. `smtp://user:pass@smtp.example.com:587?tls=required`. Unset:
    /// e-mail goes to files in the outbox (only allowed for a site on this machine, or with
    /// `mail_outbox_dir` set explicitly).
    pub smtp_url: Option<String>,
    /// Write e-mail as files to this directory instead of sending it (when `smtp_url` is
    /// unset). Never served over HTTP. Unset: `data_dir/outbox`.
    pub mail_outbox_dir: Option<PathBuf>,
    pub mail_from: String,
    pub support_email: String,
    /// The firm's name as its documents (mortgage report, completion statement) print it.
    pub firm_name: String,
    /// The firm's telephone number, shown to customers on their case page (issue 26).
    pub firm_phone_number: String,
    /// When the telephone is answered, in words, shown beside the number.
    pub firm_opening_hours: String,
    /// The firm's reply-time promise (issue 32): a customer's or broker's message is answered
    /// within this many working days (England and Wales: weekends and bank holidays aside),
    /// or the queue shows it overdue.
    pub reply_within_working_days: u32,
    /// The firm's SRA number: its documents say it is authorised and regulated by the
    /// Solicitors Regulation Authority under this number (SRA Transparency Rules, rule 4).
    /// Unset (the demo), the documents say no number rather than a made-up one.
    pub firm_sra_number: Option<String>,
    /// The firm's registered office, one line, printed on its documents.
    pub firm_address: Option<String>,
    /// Where a client sends a complaint (SRA Code of Conduct for Solicitors, para 8.3).
    /// Unset: `support_email`.
    pub firm_complaints_email: Option<String>,
    /// The firm's client account, which the completion statement tells the clients to pay
    /// into: its name, sort code and account number. The defaults are a demo's, never a real
    /// account: set all three in production.
    pub firm_client_account_name: String,
    pub firm_client_account_sort_code: String,
    pub firm_client_account_number: String,
    /// Overrides the release reported by `/version` (normally the VERSION file).
    pub release: String,
    pub magic_link_minutes: i64,
    pub access_token_minutes: i64,
    pub session_idle_minutes: i64,
    pub session_absolute_hours: i64,
    /// Requests per minute per IP to POST /auth and POST /auth/signup (each).
    pub rate_limit_auth_per_minute: u32,
    /// Requests per minute per IP to POST /auth/magic-link.
    pub rate_limit_redeem_per_minute: u32,
    /// Questions per minute per user to the assistant (POST /assistant/messages).
    pub rate_limit_assistant_per_minute: u32,
    /// Uploads per minute per user (POST /document; staff included).
    pub rate_limit_uploads_per_minute: u32,
    /// The most one case may hold of uploaded files, in MiB.
    pub case_storage_quota_mb: u64,
    /// At most one sign-in e-mail per address per this many seconds; more are dropped silently.
    pub email_min_interval_seconds: i64,
    /// Sign-in e-mails per address in a day at full rate; past it, one per link lifetime.
    pub email_cap_per_day: i64,
    pub privacy_policy_version: i32,
    pub terms_version: i32,
    pub privacy_policy_url: String,
    pub terms_url: String,
    /// Take the client IP from `X-Forwarded-For` (only behind proxies you run).
    pub trust_proxy_headers: bool,
    /// How many proxies of yours append to `X-Forwarded-For`: the client is the entry this
    /// many places from the right. Used when `trusted_proxies` is empty.
    pub trusted_proxy_hops: usize,
    /// Comma-separated addresses or CIDR ranges of your proxies, e.g. `10.0.0.0/8, ::1`: the
    /// client is the right-most `X-Forwarded-For` entry outside them, and the header is only
    /// read from a peer inside them.
    pub trusted_proxies: String,
    /// Seconds a connection may take to send a request's headers (also the idle keep-alive limit).
    pub header_read_timeout_seconds: u64,
    /// Seconds a request may take from its headers to its answer, body upload included (408).
    pub request_timeout_seconds: u64,
    /// Open connections served at once; more wait to be accepted.
    pub max_connections: usize,
    /// Connections one client address may hold at once (requests in flight, for clients
    /// behind `TRUSTED_PROXIES`); more are closed (answered 429).
    pub max_connections_per_client: usize,
    /// How often workers look for new jobs, in milliseconds; unset, see [`Config::worker_poll`].
    pub worker_poll_ms: Option<u64>,
    /// Wait before a failed job's first retry, in milliseconds; it doubles after each further
    /// failure up to an hour (with jitter), and a job gives up after about a day.
    pub job_retry_base_ms: u64,
    /// Let broker webhooks go to loopback, private and other internal addresses, over http too
    /// (local development and tests). Refused for a site other people reach.
    pub webhook_allow_private_targets: bool,
    /// Error reporting (Sentry DSN) for the browser app; unset: none.
    pub sentry_dsn: Option<String>,
    /// Product analytics key for the browser app (only used after cookie consent).
    pub posthog_key: Option<String>,
    /// The PostHog instance the browser app sends its events to.
    pub posthog_host: String,
    /// A Google Maps browser key (restricted to this site and the Maps Static API): with it,
    /// the case cards show a map of the property's postcode on large screens; unset, none.
    pub maps_api_key: Option<String>,
    /// The static-map service (a local fake in the tests).
    pub maps_api_url: String,
    /// Seed the demo accounts at start-up (`make run` turns this on).
    pub demo: bool,
    /// Where documents are kept: unset keeps them in `data_dir/files`; `s3://bucket` (with the
    /// S3 settings below) keeps them in an S3-compatible bucket; `file:///dir` in that folder.
    pub document_store_url: Option<String>,
    /// An S3-compatible server other than AWS (MinIO, …), e.g. `https://s3.example.com`.
    pub s3_endpoint: Option<String>,
    pub aws_region: String,
    pub aws_access_key_id: Option<String>,
    pub aws_secret_access_key: Option<String>,
    /// Ideal Postcodes API key: with it, customers pick their address from the postcode's
    /// list; unset, they type it.
    pub address_lookup_key: Option<String>,
    /// The address provider's base URL (a local fake in the tests).
    pub address_lookup_url: String,
    /// Stripe's secret API key: with it, buyers pay the up-front payment through Stripe
    /// Checkout; unset, a local test payment stands in (nothing is charged).
    pub stripe_secret_key: Option<String>,
    /// The signing secret of the Stripe webhook endpoint (`/api/webhooks/stripe`).
    pub stripe_webhook_secret: Option<String>,
    /// Stripe's API base URL (a local fake in the tests); unset, Stripe's own.
    pub stripe_api_url: Option<String>,
    /// An Onfido API token: with it (and `onfido_workflow_id`), owners and buyers verify their
    /// identity on Onfido's hosted page; unset, they upload a photo ID and a selfie for the
    /// firm's manual review.
    pub onfido_api_token: Option<String>,
    /// The Onfido Studio workflow each check runs (document and face checks, set up in
    /// Onfido's dashboard).
    pub onfido_workflow_id: Option<String>,
    /// The token of the Onfido webhook (`/api/webhooks/onfido`), which signs its reports;
    /// without it no check's outcome is believed.
    pub onfido_webhook_token: Option<String>,
    /// Onfido's API base URL (a local fake in the tests): the EU region's by default.
    pub onfido_api_url: String,
    /// OpenSanctions' API key (issue 29): with it, the back office screens a case's clients
    /// against the sanctions and PEP lists in one step (`screening`); unset (and no
    /// `opensanctions_api_url`), the firm screens by its own means and uploads the report.
    pub opensanctions_api_key: Option<String>,
    /// A yente server's base URL (the firm's own OpenSanctions instance, which needs no key;
    /// a local fake in the tests); unset, OpenSanctions' hosted API when a key is set.
    pub opensanctions_api_url: Option<String>,
    /// The collection screened against: `default` (sanctions, PEPs, crime and debarment lists).
    pub opensanctions_dataset: String,
    /// TrueLayer's Data API client id and secret (issue 33): with both, a buyer with the `SOF`
    /// feature may connect their bank to share a source of funds' statements instead of
    /// uploading them; unset, they upload.
    pub truelayer_client_id: Option<String>,
    pub truelayer_client_secret: Option<String>,
    /// TrueLayer's auth server (a local fake in the tests).
    pub truelayer_auth_url: String,
    /// TrueLayer's Data API (a local fake in the tests).
    pub truelayer_api_url: String,
    /// The key that seals the staff's authenticator secrets in the database: 32 random bytes,
    /// base64, the same for every process. Unset: `data_dir/secrets.key`, made on first start.
    pub secrets_key: Option<String>,
    /// An API key for an OpenAI-compatible Chat Completions API: with it, the assistant's
    /// answers come from that model (sent only the conversation and the stage guides); unset,
    /// the built-in assistant answers from the stage guides alone.
    pub assistant_api_key: Option<String>,
    /// The Chat Completions API's base URL (a local fake in the tests).
    pub assistant_api_url: String,
    /// The model the assistant asks.
    pub assistant_model: String,
}

impl Default for Config {
    fn default() -> Self {
        Self {
            database_url: "sqlite://data/threshold.db".into(),
            db_max_connections: 10,
            listen_addr: "127.0.0.1:8080".parse().expect("valid default address"),
            metrics_addr: None,
            public_url: "http://localhost:8080".into(),
            data_dir: "data".into(),
            smtp_url: None,
            mail_outbox_dir: None,
            mail_from: "Threshold <no-reply@threshold.localhost>".into(),
            support_email: "support@threshold.example".into(),
            firm_name: "Threshold Conveyancing LLP".into(),
            // Ofcom's range for drama: never a real line.
            firm_phone_number: "020 7946 0000".into(),
            firm_opening_hours: "Monday to Friday, 9am to 5:30pm".into(),
            reply_within_working_days: 1,
            firm_sra_number: None,
            firm_address: None,
            firm_complaints_email: None,
            firm_client_account_name: "Threshold Conveyancing LLP Client Account".into(),
            // A sort code no bank issues (00-00-00): the demo's account cannot be paid.
            firm_client_account_sort_code: "00-00-00".into(),
            firm_client_account_number: "00000000".into(),
            release: BUILD_RELEASE.trim().into(),
            magic_link_minutes: 15,
            access_token_minutes: 5,
            session_idle_minutes: 30,
            session_absolute_hours: 12,
            rate_limit_auth_per_minute: 10,
            rate_limit_redeem_per_minute: 30,
            rate_limit_assistant_per_minute: 20,
            rate_limit_uploads_per_minute: 20,
            case_storage_quota_mb: 2048,
            email_min_interval_seconds: 60,
            email_cap_per_day: 20,
            privacy_policy_version: 2,
            terms_version: 2,
            privacy_policy_url: "/legal/privacy-policy.html".into(),
            terms_url: "/legal/terms-of-service.html".into(),
            trust_proxy_headers: false,
            trusted_proxy_hops: 1,
            trusted_proxies: String::new(),
            header_read_timeout_seconds: 10,
            request_timeout_seconds: 30,
            max_connections: 1024,
            max_connections_per_client: 128,
            worker_poll_ms: None,
            job_retry_base_ms: 5_000,
            webhook_allow_private_targets: false,
            sentry_dsn: None,
            posthog_key: None,
            posthog_host: "https://eu.i.posthog.com".into(),
            maps_api_key: None,
            maps_api_url: "https://maps.googleapis.com/maps/api/staticmap".into(),
            demo: false,
            document_store_url: None,
            s3_endpoint: None,
            aws_region: "eu-west-2".into(),
            aws_access_key_id: None,
            aws_secret_access_key: None,
            address_lookup_key: None,
            address_lookup_url: "https://api.ideal-postcodes.co.uk".into(),
            stripe_secret_key: None,
            stripe_webhook_secret: None,
            secrets_key: None,
            stripe_api_url: None,
            onfido_api_token: None,
            onfido_workflow_id: None,
            onfido_webhook_token: None,
            onfido_api_url: "https://api.eu.onfido.com".into(),
            opensanctions_api_key: None,
            opensanctions_api_url: None,
            opensanctions_dataset: "default".into(),
            truelayer_client_id: None,
            truelayer_client_secret: None,
            truelayer_auth_url: "https://auth.truelayer.com".into(),
            truelayer_api_url: "https://api.truelayer.com".into(),
            assistant_api_key: None,
            assistant_api_url: "https://api.openai.com/v1".into(),
            assistant_model: "gpt-4o-mini".into(),
        }
    }
}

/// Settings read from the environment as they are written: `Env` would parse an all-digit
/// value as a number, and an account number's leading 0 would be lost.
const TEXT_KEYS: &[&str] = &[
    "FIRM_CLIENT_ACCOUNT_NUMBER",
    "FIRM_CLIENT_ACCOUNT_SORT_CODE",
];

/// The [`TEXT_KEYS`] that `get` has, as text.
fn text_settings(
    get: impl Fn(&str) -> Option<String>,
) -> Serialized<std::collections::BTreeMap<String, String>> {
    let values = TEXT_KEYS
        .iter()
        .filter_map(|k| get(k).map(|v| (k.to_ascii_lowercase(), v)))
        .collect();
    Serialized::defaults(values)
}

/// The environment variables read, one per field (upper-cased field names).
const ENV_KEYS: &[&str] = &[
    "DATABASE_URL",
    "DB_MAX_CONNECTIONS",
    "LISTEN_ADDR",
    "METRICS_ADDR",
    "PUBLIC_URL",
    "DATA_DIR",
    "SMTP_URL",
    "MAIL_OUTBOX_DIR",
    "MAIL_FROM",
    "SUPPORT_EMAIL",
    "FIRM_NAME",
    "FIRM_PHONE_NUMBER",
    "FIRM_OPENING_HOURS",
    "REPLY_WITHIN_WORKING_DAYS",
    "FIRM_SRA_NUMBER",
    "FIRM_ADDRESS",
    "FIRM_COMPLAINTS_EMAIL",
    "FIRM_CLIENT_ACCOUNT_NAME",
    "FIRM_CLIENT_ACCOUNT_SORT_CODE",
    "FIRM_CLIENT_ACCOUNT_NUMBER",
    "RELEASE",
    "MAGIC_LINK_MINUTES",
    "ACCESS_TOKEN_MINUTES",
    "SESSION_IDLE_MINUTES",
    "SESSION_ABSOLUTE_HOURS",
    "RATE_LIMIT_AUTH_PER_MINUTE",
    "RATE_LIMIT_REDEEM_PER_MINUTE",
    "RATE_LIMIT_ASSISTANT_PER_MINUTE",
    "RATE_LIMIT_UPLOADS_PER_MINUTE",
    "CASE_STORAGE_QUOTA_MB",
    "EMAIL_MIN_INTERVAL_SECONDS",
    "EMAIL_CAP_PER_DAY",
    "PRIVACY_POLICY_VERSION",
    "TERMS_VERSION",
    "PRIVACY_POLICY_URL",
    "TERMS_URL",
    "TRUST_PROXY_HEADERS",
    "TRUSTED_PROXY_HOPS",
    "TRUSTED_PROXIES",
    "HEADER_READ_TIMEOUT_SECONDS",
    "REQUEST_TIMEOUT_SECONDS",
    "MAX_CONNECTIONS",
    "MAX_CONNECTIONS_PER_CLIENT",
    "WORKER_POLL_MS",
    "JOB_RETRY_BASE_MS",
    "WEBHOOK_ALLOW_PRIVATE_TARGETS",
    "SENTRY_DSN",
    "POSTHOG_KEY",
    "POSTHOG_HOST",
    "MAPS_API_KEY",
    "MAPS_API_URL",
    "DEMO",
    "DOCUMENT_STORE_URL",
    "S3_ENDPOINT",
    "AWS_REGION",
    "AWS_ACCESS_KEY_ID",
    "AWS_SECRET_ACCESS_KEY",
    "ADDRESS_LOOKUP_KEY",
    "ADDRESS_LOOKUP_URL",
    "STRIPE_SECRET_KEY",
    "STRIPE_WEBHOOK_SECRET",
    "STRIPE_API_URL",
    "ONFIDO_API_TOKEN",
    "ONFIDO_WORKFLOW_ID",
    "ONFIDO_WEBHOOK_TOKEN",
    "ONFIDO_API_URL",
    "OPENSANCTIONS_API_KEY",
    "OPENSANCTIONS_API_URL",
    "OPENSANCTIONS_DATASET",
    "TRUELAYER_CLIENT_ID",
    "TRUELAYER_CLIENT_SECRET",
    "TRUELAYER_AUTH_URL",
    "TRUELAYER_API_URL",
    "SECRETS_KEY",
    "ASSISTANT_API_KEY",
    "ASSISTANT_API_URL",
    "ASSISTANT_MODEL",
];

impl Config {
    /// How often workers look for jobs. On PostgreSQL the database wakes them for each new job
    /// (LISTEN/NOTIFY), so polling only bounds how soon a retry or a reminder that comes due is
    /// taken up: every 5 s there, rather than four idle transactions a second per worker.
    pub fn worker_poll(&self) -> std::time::Duration {
        let default = if self.database_url.starts_with("postgres") {
            5_000
        } else {
            250
        };
        std::time::Duration::from_millis(self.worker_poll_ms.unwrap_or(default))
    }

    /// How failed background jobs are tried again.
    pub fn job_backoff(&self) -> threshold_workers::queue::retry::Backoff {
        threshold_workers::queue::retry::Backoff::new(std::time::Duration::from_millis(
            self.job_retry_base_ms,
        ))
    }

    /// Defaults ← `THRESHOLD_CONFIG` file (if set) ← environment.
    pub fn load() -> Result<Self, Box<figment::Error>> {
        let mut figment = Figment::from(Serialized::defaults(Config::default()));
        if let Ok(path) = std::env::var("THRESHOLD_CONFIG") {
            figment = figment.merge(Toml::file_exact(path));
        }
        figment
            .merge(Env::raw().only(ENV_KEYS).ignore(TEXT_KEYS))
            .merge(text_settings(|k| std::env::var(k).ok()))
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

    /// Whether `public_url` names this machine (localhost or a loopback address).
    pub fn public_url_is_loopback(&self) -> bool {
        url::Url::parse(&self.public_url)
            .ok()
            .and_then(|u| match u.host()? {
                url::Host::Domain(name) => Some(name.eq_ignore_ascii_case("localhost")),
                url::Host::Ipv4(ip) => Some(ip.is_loopback()),
                url::Host::Ipv6(ip) => Some(ip.is_loopback()),
            })
            .unwrap_or(false)
    }

    /// Where e-mail goes as files when there is no SMTP server.
    pub fn outbox_dir(&self) -> PathBuf {
        self.mail_outbox_dir
            .clone()
            .unwrap_or_else(|| self.data_dir.join("outbox"))
    }

    /// What `serve` and `worker` check before starting: a site other people reach must send
    /// its e-mail, not leave sign-in links in a folder (which the mailbox page would serve).
    pub fn check_for_serving(&self) -> Result<(), String> {
        if self.smtp_url.is_none()
            && self.mail_outbox_dir.is_none()
            && !self.public_url_is_loopback()
        {
            return Err(format!(
                "PUBLIC_URL is {}, which is not this machine, but SMTP_URL is not set, so sign-in \
                 e-mails would only be written to files. Set SMTP_URL (e.g. \
                 smtp://user:pass@smtp.example.com:587?tls=required), or set MAIL_OUTBOX_DIR to \
                 write e-mail to files you deliver yourself.",
                self.public_url
            ));
        }
        if self.webhook_allow_private_targets && !self.public_url_is_loopback() {
            return Err(format!(
                "PUBLIC_URL is {}, which is not this machine, but WEBHOOK_ALLOW_PRIVATE_TARGETS \
                 is on, which would let a broker firm's webhooks reach this machine and its \
                 private network. Turn it off.",
                self.public_url
            ));
        }
        Ok(())
    }
}

/// Secrets (SMTP password, DSNs) never reach logs through `Debug`.
impl Config {
    /// Where documents are kept, from `document_store_url` and the S3 settings.
    pub fn document_location(&self) -> anyhow::Result<threshold_documents::Location> {
        use threshold_documents::{Location, S3Settings};
        let Some(url) = self.document_store_url.as_deref().filter(|u| !u.is_empty()) else {
            return Ok(Location::Local(self.data_dir.join("files")));
        };
        if let Some(path) = url.strip_prefix("file://") {
            return Ok(Location::Local(path.into()));
        }
        let bucket = url
            .strip_prefix("s3://")
            .map(|b| b.trim_end_matches('/'))
            .filter(|b| !b.is_empty() && !b.contains('/'))
            .ok_or_else(|| {
                anyhow::anyhow!("DOCUMENT_STORE_URL must be s3://BUCKET or file:///DIR")
            })?;
        Ok(Location::S3(S3Settings {
            bucket: bucket.to_owned(),
            endpoint: self.s3_endpoint.clone(),
            region: self.aws_region.clone(),
            access_key_id: self.aws_access_key_id.clone(),
            secret_access_key: self.aws_secret_access_key.clone(),
        }))
    }
}

impl fmt::Debug for Config {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let redact = |v: &Option<String>| v.as_ref().map(|_| "<set>");
        f.debug_struct("Config")
            .field("database_url", &redact_url(&self.database_url))
            .field("listen_addr", &self.listen_addr)
            .field("metrics_addr", &self.metrics_addr)
            .field("public_url", &self.public_url)
            .field("data_dir", &self.data_dir)
            .field("smtp_url", &redact(&self.smtp_url))
            .field("release", &self.release)
            .field("sentry_dsn", &redact(&self.sentry_dsn))
            .field("posthog_key", &redact(&self.posthog_key))
            .field("posthog_host", &self.posthog_host)
            .field("maps_api_key", &redact(&self.maps_api_key))
            .field("maps_api_url", &self.maps_api_url)
            .field("document_store_url", &self.document_store_url)
            .field(
                "aws_secret_access_key",
                &redact(&self.aws_secret_access_key),
            )
            .field("address_lookup_key", &redact(&self.address_lookup_key))
            .field("address_lookup_url", &self.address_lookup_url)
            .field("stripe_secret_key", &redact(&self.stripe_secret_key))
            .field(
                "stripe_webhook_secret",
                &redact(&self.stripe_webhook_secret),
            )
            .field("onfido_api_token", &redact(&self.onfido_api_token))
            .field("onfido_workflow_id", &self.onfido_workflow_id)
            .field("onfido_webhook_token", &redact(&self.onfido_webhook_token))
            .field("onfido_api_url", &self.onfido_api_url)
            .field(
                "opensanctions_api_key",
                &redact(&self.opensanctions_api_key),
            )
            .field("opensanctions_api_url", &self.opensanctions_api_url)
            .field("opensanctions_dataset", &self.opensanctions_dataset)
            .field("truelayer_client_id", &self.truelayer_client_id)
            .field(
                "truelayer_client_secret",
                &redact(&self.truelayer_client_secret),
            )
            .field("truelayer_auth_url", &self.truelayer_auth_url)
            .field("truelayer_api_url", &self.truelayer_api_url)
            .field("secrets_key", &redact(&self.secrets_key))
            .field("assistant_api_key", &redact(&self.assistant_api_key))
            .field("assistant_api_url", &self.assistant_api_url)
            .field("assistant_model", &self.assistant_model)
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
            address_lookup_key: Some("ak_lookup-secret".into()),
            stripe_secret_key: Some("sk_test_stripe-secret".into()),
            stripe_webhook_secret: Some("whsec_hook-secret".into()),
            onfido_api_token: Some("api_sandbox.onfido-secret".into()),
            onfido_webhook_token: Some("onfido-hook-secret".into()),
            assistant_api_key: Some("sk-assistant-secret".into()),
            opensanctions_api_key: Some("os-screening-secret".into()),
            ..Config::default()
        };
        let shown = format!("{config:?}");
        assert!(!shown.contains("hunter2"));
        assert!(!shown.contains("smtp-secret"));
        assert!(!shown.contains("lookup-secret"));
        assert!(!shown.contains("stripe-secret"));
        assert!(!shown.contains("hook-secret"));
        assert!(!shown.contains("onfido-secret"));
        assert!(!shown.contains("assistant-secret"));
        assert!(!shown.contains("screening-secret"));
    }

    /// Every setting can be given in the environment (FIRM_NAME once could not).
    #[test]
    fn every_setting_has_its_environment_variable() {
        let fields = serde_json::to_value(Config::default()).unwrap();
        for field in fields.as_object().unwrap().keys() {
            let key = field.to_ascii_uppercase();
            assert!(
                ENV_KEYS.contains(&key.as_str()),
                "{key} is not read from the environment"
            );
        }
    }

    /// An account number is digits, often with a leading 0: it is read as text.
    #[test]
    fn a_client_account_number_keeps_its_leading_zero() {
        let env = |k: &str| (k == "FIRM_CLIENT_ACCOUNT_NUMBER").then(|| "01234567".to_owned());
        let config: Config = Figment::from(Serialized::defaults(Config::default()))
            .merge(text_settings(env))
            .extract()
            .unwrap();
        assert_eq!(config.firm_client_account_number, "01234567");
    }

    #[test]
    fn a_public_site_without_smtp_refuses_to_serve() {
        let public = Config {
            public_url: "https://app.example.test".into(),
            ..Config::default()
        };
        let problem = public.check_for_serving().unwrap_err();
        assert!(problem.contains("SMTP_URL"), "{problem}");
        let with_smtp = Config {
            smtp_url: Some("smtp://mail.example.test:587".into()),
            ..public.clone()
        };
        assert!(with_smtp.check_for_serving().is_ok());
        let with_files = Config {
            mail_outbox_dir: Some("/var/spool/threshold".into()),
            ..public
        };
        assert!(with_files.check_for_serving().is_ok());
        for local in [
            "http://localhost:8080",
            "http://127.0.0.1:9",
            "http://[::1]:8080",
        ] {
            let config = Config {
                public_url: local.into(),
                ..Config::default()
            };
            assert!(config.check_for_serving().is_ok(), "{local}");
        }
    }

    #[test]
    fn a_public_site_refuses_private_webhook_targets() {
        let public = Config {
            public_url: "https://app.example.test".into(),
            smtp_url: Some("smtp://mail.example.test:587".into()),
            webhook_allow_private_targets: true,
            ..Config::default()
        };
        let problem = public.check_for_serving().unwrap_err();
        assert!(
            problem.contains("WEBHOOK_ALLOW_PRIVATE_TARGETS"),
            "{problem}"
        );
        let local = Config {
            public_url: "http://localhost:8080".into(),
            ..public
        };
        assert!(local.check_for_serving().is_ok());
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
