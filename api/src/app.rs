//! Builds the application (state, routes, middleware) and serves it.

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::extract::{ConnectInfo, DefaultBodyLimit};
use axum::http::{HeaderName, Request, StatusCode};
use chrono::Duration as ChronoDuration;
use threshold_cases::CaseService;
use threshold_store::Db;
use threshold_store::cases::ListMemo;
use threshold_store::email_quota::EmailThrottle;
use threshold_store::sessions::SessionPolicy;
use threshold_workers::templates::Templates;
use threshold_workers::{AuthEmailSettings, JobQueue, Mailer, WorkerDeps};
use threshold_workflows::Workflows;
use tokio::net::TcpListener;
use tokio::sync::{Semaphore, watch};
use tower_http::compression::CompressionLayer;
use tower_http::compression::predicate::{
    DefaultPredicate, NotForContentType, Predicate, SizeAbove,
};
use tower_http::request_id::{MakeRequestUuid, PropagateRequestIdLayer, SetRequestIdLayer};
use tower_http::trace::TraceLayer;

use crate::config::Config;
use crate::rate_limit::RateLimits;
use crate::{health, mailbox, openapi, security, spa};

/// A back-office session ends after this long unused (or sooner if every session does).
const STAFF_IDLE_MINUTES: i64 = 30;

/// JSON bodies are small; uploads get their own limit on their own routes.
const JSON_BODY_LIMIT: usize = 64 * 1024;

/// What every handler may use.
#[derive(Clone)]
pub struct AppState {
    pub db: Db,
    pub queue: JobQueue,
    pub config: Arc<Config>,
    pub session_policy: SessionPolicy,
    pub limits: Arc<RateLimits>,
    pub mailer: Mailer,
    /// Both case workflows, the fee schedule and the land tax tables, validated at start-up.
    pub workflows: Arc<Workflows>,
    /// The one way to read and change a case.
    pub cases: CaseService,
    /// The feed token's signing key, loaded once.
    pub knock_key: crate::feed::knock::KnockKey,
    /// Counts and name-search matches of recent case lists, valid per data generation.
    pub list_memo: ListMemo,
    /// The bytes of uploaded and generated documents (local folder or S3-compatible bucket).
    pub documents: threshold_documents::DocumentStore,
    /// The postcode → addresses provider, when a key is configured.
    pub address_lookup: Option<crate::address_lookup::IdealPostcodes>,
    /// Who answers the assistant: a language model, or the search of the stage guides.
    pub assistant: crate::assistant::Assistant,
    /// Who takes the buyers' up-front payment: Stripe, or the local stand-in.
    pub payments: crate::payments::PaymentProvider,
    /// Who checks identities: the firm's own review, or Onfido.
    pub identity: crate::identity::IdentityProvider,
    /// The sanctions and PEP screening provider, when configured (issue 29).
    pub screening: Option<crate::screening::OpenSanctions>,
    /// The open-banking provider buyers may share statements through, when configured.
    pub open_banking: Option<crate::open_banking::truelayer::TrueLayer>,
    /// Seals the staff's authenticator secrets in the database.
    pub secrets: crate::staff::SecretBox,
    /// The Content-Security-Policy header, with the configured third parties' origins.
    pub csp: axum::http::HeaderValue,
    /// Requests in flight per client address (see [`crate::client_slots`]).
    pub client_requests: Arc<crate::client_slots::ClientSlots>,
    /// Which cases' conversations changed, heard from every server process (issue 32).
    pub live: threshold_store::live::Live,
}

impl AppState {
    /// Cookie names carry the `__Host-` prefix when the browser will honour it (https, or
    /// a loopback address, which browsers treat as secure).
    pub fn cookie_name(&self, base: &str) -> String {
        if self.secure_cookies() {
            format!("__Host-{base}")
        } else {
            base.to_owned()
        }
    }

    pub fn secure_cookies(&self) -> bool {
        self.config.is_https() || is_loopback_url(&self.config.public_url)
    }
}

fn is_loopback_url(raw: &str) -> bool {
    url::Url::parse(raw)
        .ok()
        .and_then(|u| u.host_str().map(str::to_owned))
        .is_some_and(|host| host == "localhost" || host == "127.0.0.1" || host == "[::1]")
}

/// The assembled application, ready to serve.
pub struct App {
    pub state: AppState,
    worker_deps: WorkerDeps,
}

impl App {
    /// Connects to the database, applies migrations and prepares the queue.
    pub async fn build(config: Config) -> anyhow::Result<Self> {
        Self::build_with(config, Templates::default()).await
    }

    /// As [`App::build`], with this e-mail template set. Refuses to start when a workflow
    /// names an e-mail template the set does not have.
    pub async fn build_with(config: Config, templates: Templates) -> anyhow::Result<Self> {
        let workflows = Arc::new(Workflows::load()?);
        let missing = templates.missing_case_templates(workflows.email_templates());
        if let Some(name) = missing.first() {
            anyhow::bail!(
                "the workflows name the e-mail template `{name}`, which does not exist \
                 (add workers/templates/case/{name}.txt)"
            );
        }
        if config.database_url.starts_with("sqlite:") {
            std::fs::create_dir_all(&config.data_dir)?;
        }
        let db = Db::connect(&config.database_url, config.db_max_connections).await?;
        db.migrate().await?;
        let queue = JobQueue::setup(&db).await?;
        let from = config.mail_from.parse()?;
        let mailer = match &config.smtp_url {
            Some(url) => Mailer::smtp(url, from)?,
            None => Mailer::outbox(&config.outbox_dir(), from)?,
        };
        let session_policy = SessionPolicy {
            access_ttl: ChronoDuration::minutes(config.access_token_minutes),
            idle_timeout: ChronoDuration::minutes(config.session_idle_minutes),
            staff_idle_timeout: ChronoDuration::minutes(
                config.session_idle_minutes.min(STAFF_IDLE_MINUTES),
            ),
            absolute_timeout: ChronoDuration::hours(config.session_absolute_hours),
        };
        let cases = CaseService::new(db.clone(), workflows.clone());
        let live = threshold_store::live::Live::start(&db).await?;
        let identity = crate::identity::IdentityProvider::from_config(&config)?;
        let secrets = crate::staff::SecretBox::from_config(&config)?;
        let worker_deps = WorkerDeps {
            live: live.clone(),
            webhook_secrets: Arc::new(secrets.clone()),
            webhook_allow_private: config.webhook_allow_private_targets,
            identity_runs: identity.runs(),
            db: db.clone(),
            cases: cases.clone(),
            backoff: config.job_backoff(),
            mailer: mailer.clone(),
            templates: Arc::new(templates),
            auth_email: AuthEmailSettings {
                public_url: config.public_url.trim_end_matches('/').to_owned(),
                support_email: config.support_email.clone(),
                link_lifetime: ChronoDuration::minutes(config.magic_link_minutes),
                throttle: EmailThrottle {
                    min_interval: ChronoDuration::seconds(config.email_min_interval_seconds),
                    daily_cap: config.email_cap_per_day,
                    after_cap_interval: ChronoDuration::minutes(config.magic_link_minutes),
                },
            },
        };
        let limits = Arc::new(RateLimits::new(&config)?);
        let payments = crate::payments::PaymentProvider::from_config(&config)?;
        crate::staff::check_key(&db, &secrets).await?;
        let sealed = crate::staff::seal_stored_secrets(&db, &secrets).await?;
        if sealed > 0 {
            tracing::info!(sealed, "sealed the authenticator secrets stored in clear");
        }
        let documents = threshold_documents::DocumentStore::open(&config.document_location()?)?;
        let address_lookup = match &config.address_lookup_key {
            Some(key) => Some(crate::address_lookup::IdealPostcodes::new(
                &config.address_lookup_url,
                key.clone(),
            )?),
            None => None,
        };
        let assistant = crate::assistant::Assistant::from_config(&config, &workflows)?;
        let open_banking = crate::open_banking::truelayer::TrueLayer::from_config(&config)?;
        let screening = crate::screening::OpenSanctions::from_config(&config)?;
        let client_requests =
            crate::client_slots::ClientSlots::new(config.max_connections_per_client);
        let state = AppState {
            csp: crate::security::content_security_policy(&config)?,
            address_lookup,
            assistant,
            payments,
            identity,
            screening,
            open_banking,
            secrets,
            documents,
            cases,
            knock_key: Default::default(),
            db,
            queue,
            config: Arc::new(config),
            session_policy,
            limits,
            mailer,
            list_memo: ListMemo::default(),
            workflows,
            client_requests,
            live,
        };
        Ok(App { state, worker_deps })
    }

    pub fn router(&self) -> Router {
        let state = self.state.clone();
        let request_id = HeaderName::from_static("x-request-id");
        let api = openapi::api_router(state.clone())
            .layer(axum::middleware::from_fn_with_state(
                state.clone(),
                security::same_origin_writes,
            ))
            .layer(axum::middleware::map_response(security::no_store))
            .layer(axum::middleware::from_fn_with_state(
                state.clone(),
                crate::client_slots::requests_per_client,
            ))
            .layer(CompressionLayer::new().compress_when(json_worth_compressing()));
        Router::new()
            .nest("/api", api)
            .merge(health::router(state.clone()))
            .merge(mailbox::router(state.clone()))
            // Metrics are served on METRICS_ADDR only; here the path is an API 404, not the app.
            .route(
                "/metrics",
                axum::routing::any(|| async { crate::error::ApiError::not_found() }),
            )
            .merge(spa::router(state.clone()))
            .method_not_allowed_fallback(crate::error::method_not_allowed)
            .layer(DefaultBodyLimit::max(JSON_BODY_LIMIT))
            .layer(axum::middleware::from_fn_with_state(
                state,
                security::headers,
            ))
            // The whole request, body upload included, within the limit: a client trickling its
            // body holds a connection no longer than this. Inside the access log, which logs
            // the 408.
            .layer(tower_http::timeout::TimeoutLayer::with_status_code(
                StatusCode::REQUEST_TIMEOUT,
                ServerLimits::from_config(&self.state.config).request_timeout,
            ))
            .layer(axum::middleware::from_fn(
                crate::observability::access_log::log_request,
            ))
            .layer(
                TraceLayer::new_for_http().make_span_with(|req: &Request<_>| {
                    // The matched route, never the raw path: paths can carry tokens.
                    let route = req
                        .extensions()
                        .get::<axum::extract::MatchedPath>()
                        .map(|p| p.as_str().to_owned())
                        .unwrap_or_else(|| "unmatched".into());
                    let id = req
                        .headers()
                        .get("x-request-id")
                        .and_then(|v| v.to_str().ok())
                        .unwrap_or("-");
                    let span = tracing::info_span!(
                        "request",
                        method = %req.method(),
                        route,
                        request_id = id
                    );
                    crate::observability::otel::continue_trace(&span, req.headers());
                    span
                }),
            )
            .layer(PropagateRequestIdLayer::new(request_id.clone()))
            .layer(SetRequestIdLayer::new(request_id, MakeRequestUuid))
    }

    /// Serves on `listener` until `shutdown` flips; runs the workers in-process too when
    /// `with_workers`. Returns when both have stopped.
    pub async fn serve(
        self,
        listener: TcpListener,
        with_workers: bool,
        shutdown: watch::Receiver<bool>,
    ) -> anyhow::Result<()> {
        let limits = ServerLimits::from_config(&self.state.config);
        let router = self.router();
        let metrics = self.serve_metrics(&shutdown).await?;
        let workers = with_workers.then(|| {
            let queue = self.state.queue.clone();
            let deps = self.worker_deps.clone();
            let poll = self.state.config.worker_poll();
            let mut stop = shutdown.clone();
            tokio::spawn(queue.run_workers(deps, poll, async move {
                let _ = stop.wait_for(|s| *s).await;
            }))
        });
        // Open event streams end as the server stops, so the shutdown need not wait for them.
        let live = self.state.live.clone();
        let mut stopping = shutdown.clone();
        tokio::spawn(async move {
            let _ = stopping.wait_for(|s| *s).await;
            live.close();
        });
        let proxies = self.state.limits.clone();
        serve_http(
            listener,
            router,
            limits,
            move |peer| proxies.is_our_proxy(peer),
            shutdown,
        )
        .await;
        if let Some(handle) = workers {
            let _ = handle.await;
        }
        if let Some(handle) = metrics {
            let _ = handle.await;
        }
        Ok(())
    }

    /// Starts the metrics listener when `METRICS_ADDR` is set.
    async fn serve_metrics(
        &self,
        shutdown: &watch::Receiver<bool>,
    ) -> anyhow::Result<Option<tokio::task::JoinHandle<()>>> {
        let Some(addr) = self.state.config.metrics_addr else {
            return Ok(None);
        };
        let listener = crate::observability::metrics::bind(addr).await?;
        Ok(Some(tokio::spawn(crate::observability::metrics::serve(
            listener,
            self.state.db.clone(),
            shutdown.clone(),
        ))))
    }

    /// Runs only the workers (the `threshold worker` command).
    pub async fn work(self, shutdown: watch::Receiver<bool>) -> anyhow::Result<()> {
        let metrics = self.serve_metrics(&shutdown).await?;
        let poll = self.state.config.worker_poll();
        let mut stop = shutdown;
        self.state
            .queue
            .clone()
            .run_workers(self.worker_deps, poll, async move {
                let _ = stop.wait_for(|s| *s).await;
            })
            .await;
        if let Some(handle) = metrics {
            let _ = handle.await;
        }
        Ok(())
    }
}

/// What one client may hold of the server.
#[derive(Clone, Copy, Debug)]
struct ServerLimits {
    /// To send a request's headers, and the longest an idle kept-alive connection stays open.
    header_read_timeout: Duration,
    /// From the headers to the answer (408 after it).
    request_timeout: Duration,
    /// Connections served at once; further ones wait in the listen queue.
    max_connections: usize,
    /// Connections one address may hold at once (a proxy of ours excepted); more are closed.
    max_connections_per_client: usize,
}

impl ServerLimits {
    fn from_config(config: &Config) -> Self {
        Self {
            header_read_timeout: Duration::from_secs(config.header_read_timeout_seconds.max(1)),
            request_timeout: Duration::from_secs(config.request_timeout_seconds.max(1)),
            max_connections: config.max_connections.max(1),
            max_connections_per_client: config.max_connections_per_client.max(1),
        }
    }
}

/// HTTP/1.1 on `listener` (hyper, as `axum::serve` does, with its timeouts set): at most
/// `max_connections` at once, and `max_connections_per_client` from one address (other than
/// `is_our_proxy`'s), each with the peer address for the handlers, until `shutdown` flips;
/// then stops accepting and lets requests in flight finish.
async fn serve_http(
    listener: TcpListener,
    router: Router,
    limits: ServerLimits,
    is_our_proxy: impl Fn(std::net::IpAddr) -> bool,
    mut shutdown: watch::Receiver<bool>,
) {
    use hyper_util::rt::{TokioIo, TokioTimer};
    use hyper_util::server::graceful::GracefulShutdown;
    use hyper_util::service::TowerToHyperService;
    use tower::ServiceExt;

    let stopped = async move {
        let _ = shutdown.wait_for(|s| *s).await;
    };
    tokio::pin!(stopped);
    let slots = Arc::new(Semaphore::new(limits.max_connections));
    let per_client = crate::client_slots::ClientSlots::new(limits.max_connections_per_client);
    let graceful = GracefulShutdown::new();
    let mut http = hyper::server::conn::http1::Builder::new();
    http.timer(TokioTimer::new())
        .header_read_timeout(limits.header_read_timeout);
    loop {
        let permit = tokio::select! {
            permit = slots.clone().acquire_owned() => match permit {
                Ok(permit) => permit,
                Err(_) => break,
            },
            () = &mut stopped => break,
        };
        let (stream, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(accepted) => accepted,
                Err(err) => {
                    // Out of file descriptors and the like: wait rather than spin.
                    tracing::warn!(error = %err, "accept failed");
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            },
            () = &mut stopped => break,
        };
        // One address past its share is closed at once, so the slot goes to someone else.
        let client_slot = if is_our_proxy(peer.ip()) {
            None
        } else {
            match per_client.take(peer.ip()) {
                Some(slot) => Some(slot),
                None => {
                    tracing::debug!("closed a connection: its address holds its share");
                    continue;
                }
            }
        };
        let _ = stream.set_nodelay(true);
        let service = router
            .clone()
            .map_request(move |mut req: Request<hyper::body::Incoming>| {
                req.extensions_mut().insert(ConnectInfo(peer));
                req.map(Body::new)
            });
        let connection = graceful
            .watch(http.serve_connection(TokioIo::new(stream), TowerToHyperService::new(service)));
        tokio::spawn(async move {
            if let Err(err) = connection.await {
                tracing::debug!(error = %err, "connection ended with an error");
            }
            drop(permit);
            drop(client_slot);
        });
    }
    drop(listener);
    graceful.shutdown().await;
}

/// API answers worth compressing (brotli or gzip, as the client accepts): text over 1 KiB. Small
/// answers gain nothing, and documents (PDFs, images) are compressed already.
fn json_worth_compressing() -> impl Predicate {
    DefaultPredicate::new()
        .and(SizeAbove::new(1024))
        .and(NotForContentType::const_new("application/pdf"))
}
