//! What operators see: the access log's line per request, and the Prometheus metrics on
//! their own address (issue 30).

use std::io::Write;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex};

use axum::body::Body;
use axum::extract::ConnectInfo;
use axum::http::Request;
use reqwest::StatusCode;
use serde_json::{Value, json};
use threshold_api::{App, Config};
use tower::ServiceExt;

use crate::support::{Backend, TestApp};

/// The log lines written while it is the thread's subscriber.
#[derive(Clone, Default)]
struct Captured(Arc<Mutex<Vec<u8>>>);

impl Write for Captured {
    fn write(&mut self, buf: &[u8]) -> std::io::Result<usize> {
        self.0.lock().unwrap().extend_from_slice(buf);
        Ok(buf.len())
    }
    fn flush(&mut self) -> std::io::Result<()> {
        Ok(())
    }
}

impl Captured {
    /// The access log's lines, as JSON.
    fn access_lines(&self) -> Vec<Value> {
        String::from_utf8(self.0.lock().unwrap().clone())
            .unwrap()
            .lines()
            .map(|line| serde_json::from_str::<Value>(line).unwrap())
            .filter(|line| line["target"] == "threshold::access")
            .collect()
    }

    fn text(&self) -> String {
        String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
    }
}

fn request(method: &str, uri: &str, body: Option<Value>) -> Request<Body> {
    let peer: SocketAddr = "127.0.0.1:40000".parse().unwrap();
    let builder = Request::builder()
        .method(method)
        .uri(uri)
        .header("origin", "http://127.0.0.1:9")
        .header("content-type", "application/json");
    let mut req = builder
        .body(body.map_or_else(Body::empty, |b| Body::from(b.to_string())))
        .unwrap();
    req.extensions_mut().insert(ConnectInfo(peer));
    req
}

/// One line per request at the default level: the route's template, never the path's values,
/// its query or the body's address.
#[tokio::test]
async fn each_request_logs_one_line_with_its_route_template() {
    let dir = tempfile::tempdir().unwrap();
    let config = Config {
        database_url: format!("sqlite://{}/test.db", dir.path().display()),
        public_url: "http://127.0.0.1:9".into(),
        data_dir: dir.path().to_owned(),
        ..Config::default()
    };
    let app = App::build(config).await.unwrap();
    let router = app.router();
    let captured = Captured::default();
    let writer = captured.clone();
    let subscriber = tracing_subscriber::fmt()
        .json()
        .with_env_filter("info")
        .with_writer(move || writer.clone())
        .finish();
    let _guard = tracing::subscriber::set_default(subscriber);

    let res = router
        .clone()
        .oneshot(request(
            "GET",
            "/api/buying/case/98765?token=leak-me-123",
            None,
        ))
        .await
        .unwrap();
    let request_id = res.headers()["x-request-id"].to_str().unwrap().to_owned();
    let status = res.status().as_u16();
    let res = router
        .oneshot(request(
            "POST",
            "/api/auth",
            Some(json!({ "username": "cara.secret@example.com" })),
        ))
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::NO_CONTENT);

    let lines = captured.access_lines();
    assert_eq!(lines.len(), 2, "{lines:?}");
    let case = &lines[0]["fields"];
    assert_eq!(case["method"], "GET");
    assert_eq!(case["route"], "/api/buying/case/{caseId}");
    assert_eq!(case["status"], status);
    assert_eq!(case["request_id"], request_id.as_str());
    assert!(case["latency_ms"].as_f64().unwrap() >= 0.0);
    let auth = &lines[1]["fields"];
    assert_eq!(
        (&auth["method"], &auth["route"], &auth["status"]),
        (&json!("POST"), &json!("/api/auth"), &json!(204))
    );
    let text = captured.text();
    for private in ["98765", "leak-me-123", "cara.secret", "example.com"] {
        assert!(!text.contains(private), "{private} in the log: {text}");
    }
}

/// A free loopback address for the metrics listener.
fn free_address() -> SocketAddr {
    let probe = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    probe.local_addr().unwrap()
}

async fn metrics_are_served_on_their_own_address(backend: Backend) {
    let metrics_addr = free_address();
    let app = TestApp::spawn_with(backend, |c| c.metrics_addr = Some(metrics_addr)).await;
    app.create_user("metrics.user@example.com", "ROLE_USER", true)
        .await;
    let mut client = app.sign_in("metrics.user@example.com").await;
    let res = client.get("/api/buying/case/424242").await;
    assert!(res.status.is_client_error(), "{:?}", res.status);

    // Not on the public address: an API 404, not the browser app.
    let res = client.get("/metrics").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.body["error"]["code"], "not_found", "{:?}", res.body);

    let res = reqwest::get(format!("http://{metrics_addr}/metrics"))
        .await
        .unwrap();
    assert_eq!(res.status(), StatusCode::OK);
    assert!(
        res.headers()["content-type"]
            .to_str()
            .unwrap()
            .starts_with("text/plain")
    );
    let text = res.text().await.unwrap();
    for expected in [
        r#"http_requests_total{method="POST",route="/api/auth",status="204"}"#,
        r#"http_request_duration_seconds_bucket{method="GET",route="/api/buying/case/{caseId}",le="0.005"}"#,
        r#"route="/api/buying/case/{caseId}",status="#,
        "db_pool_connections ",
        "db_pool_idle_connections ",
        "effects_waiting ",
        r#"jobs_waiting{queue="auth-email"}"#,
        "emails_sent_total ",
        r#"sign_in_links_issued_total{kind="sign_in"}"#,
    ] {
        assert!(text.contains(expected), "no {expected} in:\n{text}");
    }
    assert!(
        !text.contains("424242"),
        "a raw path in the metrics:\n{text}"
    );
}

on_both_databases!(metrics_are_served_on_their_own_address);

/// A server fault (a 500) reaches Sentry, scrubbed; the request's address, cookie and body
/// do not. The fake Sentry keeps the envelopes it is sent.
#[tokio::test]
async fn a_server_error_is_reported_to_sentry_without_personal_data() {
    use axum::routing::post;
    use tracing_subscriber::prelude::*;

    let envelopes = Arc::new(Mutex::new(Vec::<String>::new()));
    let kept = envelopes.clone();
    let sentry = crate::support::serve_fake(axum::Router::new().route(
        "/api/1/envelope/",
        post(move |body: String| {
            let kept = kept.clone();
            async move { kept.lock().unwrap().push(body) }
        }),
    ))
    .await;
    let dir = tempfile::tempdir().unwrap();
    let config = Config {
        database_url: format!("sqlite://{}/test.db", dir.path().display()),
        public_url: "http://127.0.0.1:9".into(),
        data_dir: dir.path().to_owned(),
        sentry_dsn: Some(sentry.replace("http://", "http://public@") + "/1"),
        ..Config::default()
    };
    let app = App::build(config.clone()).await.unwrap();
    let threshold_store::Db::Sqlite(pool) = &app.state.db else {
        unreachable!("a SQLite database")
    };
    // The queue's table gone: asking for a sign-in link fails on our side.
    sqlx::query("ALTER TABLE Jobs RENAME TO jobs_gone")
        .execute(pool)
        .await
        .unwrap();
    let _client = threshold_api::observability::sentry::init(&config).expect("a client");
    let subscriber =
        tracing_subscriber::registry().with(threshold_api::observability::sentry::error_layer());
    let _guard = tracing::subscriber::set_default(subscriber);

    let mut req = request(
        "POST",
        "/api/auth?token=leak-me-123",
        Some(json!({ "username": "cara.secret@example.com" })),
    );
    req.headers_mut()
        .insert("cookie", "session=cookie-secret-456".parse().unwrap());
    let res = app.router().oneshot(req).await.unwrap();
    assert_eq!(res.status(), StatusCode::INTERNAL_SERVER_ERROR);

    let mut sent = String::new();
    for _ in 0..100 {
        sent = envelopes.lock().unwrap().concat();
        if !sent.is_empty() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert!(sent.contains("internal error"), "{sent}");
    assert!(sent.contains("could not enqueue the job"), "{sent}");
    for private in ["cara.secret", "leak-me-123", "cookie-secret-456"] {
        assert!(!sent.contains(private), "{private} sent to Sentry: {sent}");
    }
}

/// A span as the fake collector received it.
#[derive(Debug)]
struct ExportedSpan {
    service: String,
    name: String,
    trace_id: String,
    parent_span_id: String,
    attributes: Vec<(String, String)>,
}

/// Issue 30: with `OTEL_EXPORTER_OTLP_ENDPOINT` set, `threshold serve` sends its spans to the
/// collector as OTLP/HTTP protobuf (decoded here as a collector would): each request's span with
/// its route template, continuing the trace a caller's W3C `traceparent` names, under the
/// service name "threshold" — and never the raw path nor its query.
#[tokio::test]
async fn spans_go_to_an_opentelemetry_collector_continuing_the_callers_trace() {
    use axum::routing::post;
    use opentelemetry_proto::tonic::collector::trace::v1::ExportTraceServiceRequest;
    use opentelemetry_proto::tonic::common::v1::any_value::Value as Any;
    use prost::Message as _;
    use std::process::{Command, Stdio};

    let spans = Arc::new(Mutex::new(Vec::<ExportedSpan>::new()));
    let kept = spans.clone();
    let collector = crate::support::serve_fake(axum::Router::new().route(
        "/v1/traces",
        post(move |body: axum::body::Bytes| {
            let kept = kept.clone();
            async move {
                let export = ExportTraceServiceRequest::decode(body).expect("OTLP protobuf");
                let text = |v: &Option<opentelemetry_proto::tonic::common::v1::AnyValue>| match v
                    .as_ref()
                    .and_then(|v| v.value.as_ref())
                {
                    Some(Any::StringValue(s)) => s.clone(),
                    other => format!("{other:?}"),
                };
                for resource in export.resource_spans {
                    let service = resource
                        .resource
                        .iter()
                        .flat_map(|r| &r.attributes)
                        .find(|a| a.key == "service.name")
                        .map(|a| text(&a.value))
                        .unwrap_or_default();
                    for span in resource.scope_spans.into_iter().flat_map(|s| s.spans) {
                        kept.lock().unwrap().push(ExportedSpan {
                            service: service.clone(),
                            name: span.name,
                            trace_id: hex::encode(&span.trace_id),
                            parent_span_id: hex::encode(&span.parent_span_id),
                            attributes: span
                                .attributes
                                .iter()
                                .map(|a| (a.key.clone(), text(&a.value)))
                                .collect(),
                        });
                    }
                }
            }
        }),
    ))
    .await;

    let dir = tempfile::tempdir().unwrap();
    let addr = free_address();
    let mut server = Command::new(env!("CARGO_BIN_EXE_threshold"))
        .arg("serve")
        .env_clear()
        .env(
            "DATABASE_URL",
            format!("sqlite://{}/otel.db", dir.path().display()),
        )
        .env("DATA_DIR", dir.path())
        .env("LISTEN_ADDR", addr.to_string())
        .env("PUBLIC_URL", format!("http://{addr}"))
        .env("RUST_LOG", "info")
        .env("OTEL_EXPORTER_OTLP_ENDPOINT", &collector)
        .env("OTEL_BSP_SCHEDULE_DELAY", "100")
        .stdin(Stdio::null())
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the threshold binary starts");

    let (trace_id, caller_span) = ("4bf92f3577b34da6a3ce929d0e0e4736", "00f067aa0ba902b7");
    let http = reqwest::Client::new();
    let url = format!("http://{addr}/api/auth/me?token=leak-me-123");
    let mut answered = None;
    for _ in 0..300 {
        let sent = http
            .get(&url)
            .header("traceparent", format!("00-{trace_id}-{caller_span}-01"))
            .send()
            .await;
        if let Ok(res) = sent {
            answered = Some(res.status());
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    assert_eq!(
        answered,
        Some(StatusCode::UNAUTHORIZED),
        "the server answered"
    );

    let mut request_span = None;
    for _ in 0..150 {
        request_span = spans
            .lock()
            .unwrap()
            .iter()
            .position(|s| s.name == "request" && s.trace_id == trace_id);
        if request_span.is_some() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }
    let _ = server.kill();
    let _ = server.wait();
    let spans = spans.lock().unwrap();
    let span = &spans[request_span.unwrap_or_else(|| panic!("no request span in {spans:?}"))];
    assert_eq!(span.service, "threshold");
    assert_eq!(
        span.parent_span_id, caller_span,
        "the caller's span is the parent"
    );
    let attribute = |key: &str| {
        span.attributes
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    };
    assert_eq!(attribute("route"), Some("/api/auth/me"), "{span:?}");
    assert_eq!(attribute("method"), Some("GET"), "{span:?}");
    let everything = format!("{spans:?}");
    assert!(!everything.contains("leak-me-123"), "{everything}");
}
