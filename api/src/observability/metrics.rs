//! Prometheus metrics, served on `METRICS_ADDR` (off by default) by a listener of their own,
//! never on the public address. Counters and histograms are recorded where things happen
//! (requests here, e-mails and jobs in the workers); gauges are read at each scrape.

use std::net::SocketAddr;
use std::sync::OnceLock;
use std::time::Duration;

use axum::Router;
use axum::extract::State;
use axum::http::header;
use axum::response::IntoResponse;
use axum::routing::get;
use metrics_exporter_prometheus::{Matcher, PrometheusBuilder, PrometheusHandle};
use threshold_store::Db;
use tokio::net::TcpListener;
use tokio::sync::watch;

const REQUEST_DURATION: &str = "http_request_duration_seconds";

/// Seconds, from a cached answer to a request about to time out.
const LATENCY_BUCKETS: [f64; 12] = [
    0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1.0, 2.5, 5.0, 10.0, 30.0,
];

static RECORDER: OnceLock<PrometheusHandle> = OnceLock::new();

/// The process's recorder, installed at the first call. Until then (and for good without
/// `METRICS_ADDR`) the `metrics` macros record nothing and cost next to nothing.
fn recorder() -> PrometheusHandle {
    RECORDER
        .get_or_init(|| {
            let builder = PrometheusBuilder::new();
            let recorder = builder
                .set_buckets_for_metric(Matcher::Full(REQUEST_DURATION.into()), &LATENCY_BUCKETS)
                .unwrap_or_else(|_| PrometheusBuilder::new())
                .build_recorder();
            let handle = recorder.handle();
            if metrics::set_global_recorder(recorder).is_err() {
                tracing::warn!("another metrics recorder is installed; /metrics will be empty");
            }
            handle
        })
        .clone()
}

/// Counts one answered request, and its latency, by route template.
pub fn record_request(method: &'static str, route: &str, status: u16, latency: Duration) {
    metrics::counter!(
        "http_requests_total",
        "method" => method,
        "route" => route.to_owned(),
        "status" => status.to_string(),
    )
    .increment(1);
    metrics::histogram!(REQUEST_DURATION, "method" => method, "route" => route.to_owned())
        .record(latency.as_secs_f64());
}

/// What a scrape reads besides the recorded metrics.
#[derive(Clone)]
struct Scrape {
    handle: PrometheusHandle,
    db: Db,
}

/// Binds `addr` for the metrics (before serving, so a taken address stops the start-up).
pub async fn bind(addr: SocketAddr) -> anyhow::Result<TcpListener> {
    let listener = TcpListener::bind(addr)
        .await
        .map_err(|err| anyhow::anyhow!("cannot listen for metrics on {addr}: {err}"))?;
    tracing::info!(%addr, "metrics at /metrics");
    Ok(listener)
}

/// Serves `GET /metrics` on `listener` until `shutdown` flips.
pub async fn serve(listener: TcpListener, db: Db, mut shutdown: watch::Receiver<bool>) {
    let router = Router::new()
        .route("/metrics", get(scrape))
        .with_state(Scrape {
            handle: recorder(),
            db,
        });
    let stopped = async move {
        let _ = shutdown.wait_for(|s| *s).await;
    };
    if let Err(err) = axum::serve(listener, router)
        .with_graceful_shutdown(stopped)
        .await
    {
        tracing::warn!(error = %err, "the metrics listener stopped");
    }
}

async fn scrape(State(scrape): State<Scrape>) -> impl IntoResponse {
    sample_gauges(&scrape.db).await;
    scrape.handle.run_upkeep();
    (
        [(
            header::CONTENT_TYPE,
            "text/plain; version=0.0.4; charset=utf-8",
        )],
        scrape.handle.render(),
    )
}

/// Reads the gauges: the database pool, the effects outbox and the job queues. A failed
/// query leaves its gauge as it was (and says so) rather than failing the scrape.
async fn sample_gauges(db: &Db) {
    let (size, idle) = match db {
        Db::Sqlite(pool) => (pool.size(), pool.num_idle()),
        Db::Postgres(pool) => (pool.size(), pool.num_idle()),
    };
    metrics::gauge!("db_pool_connections").set(f64::from(size));
    metrics::gauge!("db_pool_idle_connections").set(idle as f64);
    match db.effects_waiting().await {
        Ok(count) => metrics::gauge!("effects_waiting").set(count as f64),
        Err(err) => tracing::warn!(error = %err, "could not count the effects waiting"),
    }
    match threshold_workers::queue::depth::waiting(db).await {
        Ok(queues) => {
            for (queue, count) in queues {
                metrics::gauge!("jobs_waiting", "queue" => queue).set(count as f64);
            }
        }
        Err(err) => tracing::warn!(error = %err, "could not count the jobs waiting"),
    }
}
