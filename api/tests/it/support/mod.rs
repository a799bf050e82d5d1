//! Test harness: starts the real app on port 0 with a fresh database (SQLite file, or a new
//! PostgreSQL database on TEST_DATABASE_URL's server), and a cookie-keeping HTTP client.
#![allow(dead_code)]

pub mod cases;
pub mod moto;
pub mod purchase;
pub mod remortgage;
pub mod smtp;
pub mod staff;
pub mod stripe;
pub mod worker;

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use reqwest::header::{HeaderMap, HeaderValue};
use reqwest::{Method, StatusCode};
use serde_json::Value;
use threshold_api::{App, Config};
use threshold_store::Db;
use tokio::sync::watch;

pub const DEFAULT_PG: &str = "postgres://postgres@127.0.0.1:5432/test";

#[derive(Clone, Copy, Debug)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// Runs each listed async test body on both databases.
#[macro_export]
macro_rules! on_both_databases {
    ($($name:ident),* $(,)?) => {
        mod sqlite {
            $( #[tokio::test(flavor = "multi_thread", worker_threads = 2)] async fn $name() { super::$name($crate::support::Backend::Sqlite).await } )*
        }
        mod postgres {
            $( #[tokio::test(flavor = "multi_thread", worker_threads = 2)] async fn $name() { super::$name($crate::support::Backend::Postgres).await } )*
        }
    };
}

pub struct TestApp {
    pub base: String,
    pub db: Db,
    /// The app's own case service (for steps no endpoint offers yet).
    pub cases: threshold_cases::CaseService,
    pub outbox: PathBuf,
    pub config: Config,
    /// The app's sealing key for the staff's authenticator secrets.
    pub secrets: threshold_api::staff::SecretBox,
    shutdown: watch::Sender<bool>,
    _dir: tempfile::TempDir,
}

impl TestApp {
    pub async fn spawn(backend: Backend) -> Self {
        Self::spawn_with(backend, |_| {}).await
    }

    pub async fn spawn_with(backend: Backend, adjust: impl FnOnce(&mut Config)) -> Self {
        Self::start(backend, true, adjust).await
    }

    /// The API alone: jobs wait in the queue for a worker the test runs itself.
    pub async fn spawn_without_workers(backend: Backend) -> Self {
        Self::start(backend, false, |_| {}).await
    }

    async fn start(backend: Backend, workers: bool, adjust: impl FnOnce(&mut Config)) -> Self {
        let dir = tempfile::tempdir().unwrap();
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = listener.local_addr().unwrap();
        let database_url = match backend {
            Backend::Sqlite => format!("sqlite://{}/test.db", dir.path().display()),
            Backend::Postgres => fresh_postgres_database().await,
        };
        let base = format!("http://127.0.0.1:{}", addr.port());
        let mut config = Config {
            database_url,
            public_url: base.clone(),
            data_dir: dir.path().to_owned(),
            worker_poll_ms: Some(50),
            // Tests sign the same address in many times a second; the throttle has its own tests.
            email_min_interval_seconds: 0,
            email_cap_per_day: 100_000,
            ..Config::default()
        };
        adjust(&mut config);
        let app = App::build(config.clone()).await.unwrap();
        let db = app.state.db.clone();
        let cases = app.state.cases.clone();
        let secrets = app.state.secrets.clone();
        let (tx, rx) = watch::channel(false);
        tokio::spawn(async move { app.serve(listener, workers, rx).await.unwrap() });
        TestApp {
            // Always the address the test server listens on, whatever PUBLIC_URL a test sets.
            base,
            outbox: config.outbox_dir(),
            db,
            cases,
            config,
            secrets,
            shutdown: tx,
            _dir: dir,
        }
    }

    /// Flags a user as a lender (a broker who invites without a quote).
    pub async fn set_lender(&self, id: threshold_store::UserId) {
        match &self.db {
            Db::Sqlite(pool) => {
                sqlx::query("UPDATE users SET is_lender = TRUE WHERE id = $1")
                    .bind(id)
                    .execute(pool)
                    .await
                    .unwrap();
            }
            Db::Postgres(pool) => {
                sqlx::query("UPDATE users SET is_lender = TRUE WHERE id = $1")
                    .bind(id)
                    .execute(pool)
                    .await
                    .unwrap();
            }
        }
    }

    /// Runs one statement on the app's database (test fixtures).
    pub async fn exec(&self, sql: &'static str) {
        match &self.db {
            Db::Sqlite(pool) => {
                sqlx::query(sql).execute(pool).await.unwrap();
            }
            Db::Postgres(pool) => {
                sqlx::query(sql).execute(pool).await.unwrap();
            }
        }
    }

    /// Gives the account these enabled features, as `threshold user set-features` does.
    pub async fn set_features(&self, email: &str, features: &[&str]) {
        let user = self.db.user_by_email(email).await.unwrap().unwrap();
        let features: Vec<String> = features.iter().map(|f| (*f).to_owned()).collect();
        self.db
            .set_user_features(user.id, &features, None, chrono::Utc::now())
            .await
            .unwrap();
    }

    /// Waits until every effect due now is handed on and every job has run (20 s at most):
    /// what was queued before has had its effect, or been found not needed.
    pub async fn settled(&self) {
        let unfinished = match self.db {
            Db::Sqlite(_) => {
                "SELECT COUNT(*) FROM Jobs WHERE status IN ('Pending', 'Queued', 'Running')"
            }
            Db::Postgres(_) => {
                "SELECT COUNT(*) FROM apalis.jobs WHERE status IN ('Pending', 'Queued', 'Running')"
            }
        };
        worker::wait_for("the queue to settle", Duration::from_secs(20), async || {
            self.db
                .due_effects(chrono::Utc::now(), 10)
                .await
                .unwrap()
                .is_empty()
                && self.scalar(unfinished).await == 0
        })
        .await;
    }

    /// Time passes for the case's waiting reminders: each falls due now (the workers then send
    /// it, or find it no longer needed).
    pub async fn reminders_fall_due(&self, case_id: i64) {
        remortgage::exec(
            self,
            format!(
                "UPDATE case_effects SET due_at = created_at \
                 WHERE case_id = {case_id} AND done_at IS NULL AND due_at IS NOT NULL"
            ),
        )
        .await;
    }

    /// Reads one integer from the app's database (test checks).
    pub async fn scalar(&self, sql: &'static str) -> i64 {
        match &self.db {
            Db::Sqlite(pool) => sqlx::query_scalar(sql).fetch_one(pool).await.unwrap(),
            Db::Postgres(pool) => sqlx::query_scalar(sql).fetch_one(pool).await.unwrap(),
        }
    }

    pub fn client(&self) -> Client {
        Client {
            base: self.base.clone(),
            http: reqwest::Client::new(),
            cookies: BTreeMap::new(),
            origin: Some(self.config.public_origin()),
        }
    }

    /// The case's reminders of `template` still waiting to be sent, as queued (their JSON).
    pub async fn waiting_reminders(&self, case_id: i64, template: &str) -> Vec<serde_json::Value> {
        let far = chrono::Utc::now() + chrono::Duration::days(400);
        self.db
            .due_effects(far, 1000)
            .await
            .unwrap()
            .into_iter()
            .filter(|e| e.case_id == case_id && e.effect.0["template"] == template)
            .map(|e| e.effect.0)
            .collect()
    }

    /// Waits for the e-mails sent to `to`, newest last (the outbox is read as files).
    pub async fn mails_to(
        &self,
        to: &str,
        count: usize,
    ) -> Vec<threshold_api::mailbox::OutboxMail> {
        for _ in 0..600 {
            let mut mails: Vec<_> = threshold_api::mailbox::read_outbox(&self.outbox)
                .unwrap_or_default()
                .into_iter()
                .filter(|m| m.to == to)
                .collect();
            if mails.len() >= count {
                mails.reverse();
                return mails;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("expected {count} e-mail(s) to {to}");
    }

    /// The newest e-mail to `to` whose subject contains `part`, waiting up to 10 s for it.
    pub async fn mail_with_subject(
        &self,
        to: &str,
        part: &str,
    ) -> threshold_api::mailbox::OutboxMail {
        for _ in 0..200 {
            let found = threshold_api::mailbox::read_outbox(&self.outbox)
                .unwrap_or_default()
                .into_iter()
                .rfind(|m| m.to == to && m.subject.contains(part));
            if let Some(mail) = found {
                return mail;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        panic!("no e-mail to {to} with `{part}` in its subject");
    }

    /// The sign-in e-mails to `to` (those with a token link), oldest first. Case e-mails (an
    /// invitation's link signs its invitee in too) end with "Open your case: …" and do not count.
    fn token_mails(&self, to: &str) -> Vec<String> {
        let mut links: Vec<String> = threshold_api::mailbox::read_outbox(&self.outbox)
            .unwrap_or_default()
            .into_iter()
            .filter(|m| m.to == to && !m.text.contains("Open your case: "))
            .filter_map(|m| m.links.into_iter().find(|l| l.contains("token=")))
            .collect();
        links.reverse();
        links
    }

    /// The token in the newest link e-mailed to `to`, after waiting for the `count`th e-mail
    /// that carries one (case e-mails to the same address do not count).
    pub async fn link_token(&self, to: &str, count: usize) -> String {
        let mut links = self.token_mails(to);
        for _ in 0..600 {
            if links.len() >= count {
                break;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
            links = self.token_mails(to);
        }
        let link = links.last().expect("a link with a token");
        let url = reqwest::Url::parse(link).unwrap();
        url.query_pairs()
            .find(|(k, _)| k == "token")
            .unwrap()
            .1
            .into_owned()
    }

    /// Asks for a sign-in link for an existing account and opens it: a signed-in client.
    pub async fn sign_in(&self, email: &str) -> Client {
        let before = self.token_mails(email).len();
        let mut client = self.client();
        let res = client
            .post("/api/auth", serde_json::json!({ "username": email }))
            .await;
        assert_eq!(res.status, StatusCode::NO_CONTENT);
        let token = self.link_token(email, before + 1).await;
        let res = client.redeem(&token).await;
        assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
        client
    }

    pub async fn create_user(
        &self,
        email: &str,
        role: &str,
        onboarded: bool,
    ) -> threshold_store::users::User {
        self.db
            .create_user(
                &threshold_store::users::NewUser {
                    email: email.into(),
                    preferred_name: "Test Person".into(),
                    role: threshold_engine::Role::parse(role).expect("a role's stored name"),
                    is_lender: false,
                    enabled_features: vec![],
                    privacy_version: Some(2),
                    terms_version: Some(2),
                    is_onboarded: onboarded,
                },
                chrono::Utc::now(),
            )
            .await
            .unwrap()
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        let _ = self.shutdown.send(true);
    }
}

/// The text of a PDF, as `pdftotext` (poppler-utils) reads it.
/// Pence as a PDF of ours writes them: `£1,234.56`.
pub fn pounds(pence: i64) -> String {
    let whole = (pence / 100).to_string();
    let mut grouped = String::new();
    for (i, c) in whole.chars().enumerate() {
        if i > 0 && (whole.len() - i).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(c);
    }
    format!("£{grouped}.{:02}", pence % 100)
}

/// A one-object PDF: what the upload tests send (the server reads a file's type from its bytes).
pub const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

/// Uploads [`PDF`] as a document of `document_type` to the case (`POST /document`, the
/// caller's own way in), asserting it is stored; the stored document's body.
pub async fn upload_pdf(
    client: &mut Client,
    case_type: &str,
    id: i64,
    document_type: &str,
) -> Value {
    let form = reqwest::multipart::Form::new()
        .text("caseType", case_type.to_owned())
        .text("caseId", id.to_string())
        .text("documentType", document_type.to_owned())
        .part(
            "file",
            reqwest::multipart::Part::bytes(PDF.to_vec()).file_name("scan.pdf"),
        );
    let res = client.post_form("/api/document", form).await;
    assert_eq!(
        res.status,
        StatusCode::CREATED,
        "{document_type}: {:?}",
        res.body
    );
    res.body
}

pub fn pdf_text(bytes: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("document.pdf");
    std::fs::write(&path, bytes).unwrap();
    let out = std::process::Command::new("pdftotext")
        .arg(&path)
        .arg("-")
        .output()
        .expect("pdftotext (poppler-utils) is installed");
    assert!(out.status.success());
    String::from_utf8(out.stdout).unwrap()
}

pub async fn fresh_postgres_database() -> String {
    use sqlx::Connection;
    let admin_url = std::env::var("TEST_DATABASE_URL").unwrap_or_else(|_| DEFAULT_PG.to_owned());
    let mut admin = sqlx::PgConnection::connect(&admin_url)
        .await
        .expect("PostgreSQL at TEST_DATABASE_URL");
    let name = format!("threshold_test_{}", uuid::Uuid::new_v4().simple());
    sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
        .execute(&mut admin)
        .await
        .unwrap();
    let mut url = reqwest::Url::parse(&admin_url).unwrap();
    url.set_path(&name);
    url.to_string()
}

/// A post-submit tile's state in an expanded case (`view.tiles[key].state`).
pub fn tile(case: &Value, key: &str) -> String {
    case["view"]["tiles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["key"] == key)
        .unwrap()["state"]
        .as_str()
        .unwrap()
        .to_owned()
}

/// A response, read in full.
#[derive(Debug)]
pub struct Res {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub body: Value,
}

impl Res {
    pub fn set_cookies(&self) -> Vec<String> {
        self.headers
            .get_all("set-cookie")
            .iter()
            .map(|v| v.to_str().unwrap().to_owned())
            .collect()
    }

    pub fn field_error(&self, field: &str) -> Option<&str> {
        self.body["error"]["fields"][field].as_str()
    }
}

/// An HTTP client that keeps cookies like a browser would (including `Secure` ones, which
/// browsers send to loopback addresses) and sends our Origin on writes.
#[derive(Clone)]
pub struct Client {
    pub base: String,
    http: reqwest::Client,
    pub cookies: BTreeMap<String, String>,
    pub origin: Option<String>,
}

impl Client {
    pub async fn get(&mut self, path: &str) -> Res {
        self.send(Method::GET, path, None, HeaderMap::new()).await
    }

    pub async fn post(&mut self, path: &str, body: Value) -> Res {
        self.send(Method::POST, path, Some(body), HeaderMap::new())
            .await
    }

    /// Redeems a sign-in link's token as the `/login/auth` page does (a same-origin POST).
    pub async fn redeem(&mut self, token: &str) -> Res {
        self.post(
            "/api/auth/magic-link",
            serde_json::json!({ "token": token }),
        )
        .await
    }

    pub async fn put(&mut self, path: &str, body: Value) -> Res {
        self.send(Method::PUT, path, Some(body), HeaderMap::new())
            .await
    }

    pub async fn delete(&mut self, path: &str) -> Res {
        self.send(Method::DELETE, path, None, HeaderMap::new())
            .await
    }

    /// POSTs a multipart form (uploads), with our Origin and the cookies.
    pub async fn post_form(&mut self, path: &str, form: reqwest::multipart::Form) -> Res {
        let mut req = self
            .http
            .post(format!("{}{}", self.base, path))
            .multipart(form);
        if let Some(origin) = &self.origin {
            req = req.header("origin", origin.as_str());
        }
        self.finish(req).await
    }

    /// GETs raw bytes (downloads): status, headers and body.
    /// A GET whose body is read as it arrives (server-sent events).
    pub async fn stream(&self, path: &str) -> reqwest::Response {
        self.with_cookies(self.http.get(format!("{}{}", self.base, path)))
            .send()
            .await
            .unwrap()
    }

    pub async fn get_bytes(&mut self, path: &str) -> (StatusCode, HeaderMap, Vec<u8>) {
        let req = self.with_cookies(self.http.get(format!("{}{}", self.base, path)));
        let res = req.send().await.unwrap();
        let status = res.status();
        let headers = res.headers().clone();
        (status, headers, res.bytes().await.unwrap().to_vec())
    }

    fn with_cookies(&self, mut req: reqwest::RequestBuilder) -> reqwest::RequestBuilder {
        if !self.cookies.is_empty() {
            let cookie = self
                .cookies
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join("; ");
            req = req.header("cookie", cookie);
        }
        req
    }

    async fn finish(&mut self, req: reqwest::RequestBuilder) -> Res {
        let req = self.with_cookies(req);
        let res = req.send().await.unwrap();
        let status = res.status();
        let headers = res.headers().clone();
        let text = res.text().await.unwrap();
        let body = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(Value::String(text))
        };
        Res {
            status,
            headers,
            body,
        }
    }

    pub async fn send(
        &mut self,
        method: Method,
        path: &str,
        body: Option<Value>,
        mut headers: HeaderMap,
    ) -> Res {
        if method != Method::GET
            && let Some(origin) = &self.origin
        {
            headers
                .entry("origin")
                .or_insert(HeaderValue::from_str(origin).unwrap());
        }
        let mut req = self
            .http
            .request(method, format!("{}{}", self.base, path))
            .headers(headers);
        if !self.cookies.is_empty() {
            let cookie = self
                .cookies
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect::<Vec<_>>()
                .join("; ");
            req = req.header("cookie", cookie);
        }
        if let Some(body) = body {
            req = req
                .header("content-type", "application/json")
                .body(body.to_string());
        }
        let res = req.send().await.unwrap();
        let status = res.status();
        let headers = res.headers().clone();
        for set in headers.get_all("set-cookie") {
            let pair = set.to_str().unwrap().split(';').next().unwrap();
            let (name, value) = pair.split_once('=').unwrap();
            if value.is_empty() {
                self.cookies.remove(name);
            } else {
                self.cookies.insert(name.to_owned(), value.to_owned());
            }
        }
        let text = res.text().await.unwrap();
        let body = if text.is_empty() {
            Value::Null
        } else {
            serde_json::from_str(&text).unwrap_or(Value::String(text))
        };
        Res {
            status,
            headers,
            body,
        }
    }
}

/// Serves a local fake of a third-party service (its API as far as Threshold uses it) on a
/// loopback port; returns its base address, `http://127.0.0.1:PORT`.
pub async fn serve_fake(app: axum::Router) -> String {
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let base = format!("http://{}", listener.local_addr().unwrap());
    tokio::spawn(async move { axum::serve(listener, app).await.unwrap() });
    base
}
