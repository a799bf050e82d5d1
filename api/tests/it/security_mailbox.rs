//! Issue 10, High #1: the local mailbox hands out every sign-in link, so it is served only to a
//! demo on this machine, never cached; a public site without SMTP refuses to start.

use crate::support;

use std::io::{BufRead, BufReader};
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use reqwest::header::{HeaderMap, HeaderValue};
use serde_json::json;
use support::{Backend, TestApp};

on_both_databases!(
    the_mailbox_is_not_served_unless_the_site_is_a_local_demo,
    a_local_demo_serves_the_mailbox_and_no_cache_keeps_it,
    a_public_site_never_serves_the_mailbox_even_when_mail_goes_to_files,
    serve_refuses_to_start_for_a_public_site_without_smtp,
);

async fn the_mailbox_is_not_served_unless_the_site_is_a_local_demo(backend: Backend) {
    // Loopback, e-mail to the outbox, but no DEMO: the attacker's view of a forgotten setup.
    let app = TestApp::spawn(backend).await;
    app.create_user("admin@firm.test", "ROLE_BROKER_ADMIN", true)
        .await;
    let mut anyone = app.client();
    anyone
        .post("/api/auth", json!({ "username": "admin@firm.test" }))
        .await;
    app.mails_to("admin@firm.test", 1).await;
    assert_not_the_mailbox(&anyone.get("/dev/mailbox").await);
    let id = newest_mail_id(&app);
    assert_not_the_mailbox(&anyone.get(&format!("/dev/mailbox/{id}")).await);
}

/// Without the mailbox these addresses are the browser app's (its 404 page), which shows no mail.
fn assert_not_the_mailbox(res: &support::Res) {
    let page = res.body.to_string();
    assert!(
        !page.contains("Local mailbox") && !page.contains("token="),
        "the mailbox was served: {page}"
    );
}

async fn a_local_demo_serves_the_mailbox_and_no_cache_keeps_it(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| c.demo = true).await;
    app.create_user("dev@firm.test", "ROLE_BROKER", true).await;
    let mut dev = app.client();
    dev.post("/api/auth", json!({ "username": "dev@firm.test" }))
        .await;
    app.mails_to("dev@firm.test", 1).await;
    let list = dev.get("/dev/mailbox").await;
    assert_eq!(list.status, StatusCode::OK);
    assert_eq!(list.headers["cache-control"], "no-store");
    assert!(
        list.body
            .as_str()
            .unwrap()
            .contains("Your Threshold sign-in link")
    );
    let one = dev
        .get(&format!("/dev/mailbox/{}", newest_mail_id(&app)))
        .await;
    assert_eq!(one.status, StatusCode::OK);
    assert_eq!(one.headers["cache-control"], "no-store");
    assert!(one.body.as_str().unwrap().contains("token="));
    // Through a proxy in front of the loopback listener: somebody else.
    let mut forwarded = HeaderMap::new();
    forwarded.insert("x-forwarded-for", HeaderValue::from_static("203.0.113.9"));
    let proxied = dev
        .send(reqwest::Method::GET, "/dev/mailbox", None, forwarded)
        .await;
    assert_eq!(proxied.status, StatusCode::NOT_FOUND);
    assert_not_the_mailbox(&proxied);
}

async fn a_public_site_never_serves_the_mailbox_even_when_mail_goes_to_files(backend: Backend) {
    let files = tempfile::tempdir().unwrap();
    let dir = files.path().to_owned();
    let app = TestApp::spawn_with(backend, move |c| {
        c.demo = true;
        c.public_url = "https://app.example.test".into();
        c.mail_outbox_dir = Some(dir);
    })
    .await;
    assert_eq!(app.outbox, files.path());
    app.create_user("admin@firm.test", "ROLE_BROKER_ADMIN", true)
        .await;
    let mut anyone = app.client();
    let asked = anyone
        .post("/api/auth", json!({ "username": "admin@firm.test" }))
        .await;
    assert_eq!(asked.status, StatusCode::NO_CONTENT);
    // The mail is written to MAIL_OUTBOX_DIR…
    let mail = &app.mails_to("admin@firm.test", 1).await[0];
    assert!(mail.links[0].starts_with("https://app.example.test/login/auth?token="));
    // …and never served.
    assert_not_the_mailbox(&anyone.get("/dev/mailbox").await);

    // A demo listening on every interface is not local either.
    let app = TestApp::spawn_with(backend, |c| {
        c.demo = true;
        c.listen_addr = "0.0.0.0:8080".parse().unwrap();
    })
    .await;
    app.create_user("dev@firm.test", "ROLE_BROKER", true).await;
    app.client()
        .post("/api/auth", json!({ "username": "dev@firm.test" }))
        .await;
    app.mails_to("dev@firm.test", 1).await;
    assert_not_the_mailbox(&app.client().get("/dev/mailbox").await);
}

async fn serve_refuses_to_start_for_a_public_site_without_smtp(backend: Backend) {
    let dir = tempfile::tempdir().unwrap();
    let database_url = match backend {
        Backend::Sqlite => format!("sqlite://{}/serve.db", dir.path().display()),
        Backend::Postgres => support::fresh_postgres_database().await,
    };
    let command = || {
        let mut command = Command::new(env!("CARGO_BIN_EXE_threshold"));
        command
            .arg("serve")
            .env_clear()
            .env("DATABASE_URL", &database_url)
            .env("DATA_DIR", dir.path())
            .env("LISTEN_ADDR", "127.0.0.1:0")
            .env("PUBLIC_URL", "https://app.example.test")
            .env("RUST_LOG", "warn")
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped());
        command
    };
    let mut refused = command().spawn().unwrap();
    let started = Instant::now();
    let status = loop {
        if let Some(status) = refused.try_wait().unwrap() {
            break status;
        }
        if started.elapsed() > Duration::from_secs(30) {
            let _ = refused.kill();
            panic!("`threshold serve` started for a public site with no SMTP_URL");
        }
        std::thread::sleep(Duration::from_millis(100));
    };
    assert!(!status.success());
    let mut stderr = String::new();
    std::io::Read::read_to_string(refused.stderr.as_mut().unwrap(), &mut stderr).unwrap();
    assert!(stderr.contains("SMTP_URL"), "{stderr}");
    assert!(stderr.contains("MAIL_OUTBOX_DIR"), "{stderr}");

    // An explicit MAIL_OUTBOX_DIR is an operator's choice: it starts (and serves no mailbox).
    let mut files = command()
        .env("MAIL_OUTBOX_DIR", dir.path().join("spool"))
        .spawn()
        .unwrap();
    let stdout = BufReader::new(files.stdout.take().unwrap());
    let running = stdout
        .lines()
        .map_while(Result::ok)
        .find(|line| line.contains("is running"));
    let _ = files.kill();
    let _ = files.wait();
    assert!(running.is_some(), "`threshold serve` did not start");
}

fn newest_mail_id(app: &TestApp) -> String {
    threshold_api::mailbox::read_outbox(&app.outbox).unwrap()[0]
        .id
        .clone()
}
