//! A worker process killed with SIGKILL in the middle of delivering an effect: the e-mail and
//! the feed item still arrive exactly once, through the next worker (both databases).

use crate::support;

use std::process::Stdio;
use std::time::{Duration, Instant};

use support::cases::{firm, remortgaging_body};
use support::smtp::SmtpServer;
use support::{Backend, TestApp};
use threshold_api::cases::facts;
use threshold_api::cases::types::RemortgagingCaseRequest;
use threshold_cases::{Caller, CaseStart};
use threshold_engine::CaseType;
use threshold_workflows::Workflows;

/// A `threshold worker` process, SIGKILLed when dropped (also when a test fails).
struct Worker(std::process::Child);

impl Worker {
    /// SIGKILL: no shutdown, no chance to tidy up.
    fn kill(&mut self) {
        self.0.kill().unwrap();
        self.0.wait().unwrap();
    }
}

impl Drop for Worker {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn worker(app: &TestApp, smtp: &SmtpServer) -> Worker {
    let child = std::process::Command::new(env!("CARGO_BIN_EXE_threshold"))
        .arg("worker")
        .env_clear()
        .env("DATABASE_URL", &app.config.database_url)
        .env("DATA_DIR", &app.config.data_dir)
        .env("PUBLIC_URL", &app.config.public_url)
        .env("SMTP_URL", smtp.url())
        .env("WORKER_POLL_MS", "100")
        .env("RUST_LOG", "warn")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .expect("the threshold binary starts");
    Worker(child)
}

async fn wait_for(what: &str, limit: Duration, mut done: impl AsyncFnMut() -> bool) {
    let start = Instant::now();
    while !done().await {
        assert!(start.elapsed() < limit, "timed out waiting for {what}");
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

async fn a_killed_worker_neither_loses_nor_doubles_a_delivery(backend: Backend) {
    let app = TestApp::spawn_without_workers(backend).await;
    let f = firm(&app).await;
    let kim = app.create_user("kim@example.test", "ROLE_USER", true).await;
    let broker = Caller::User {
        id: f.broker.id,
        role: f.broker.role.clone(),
        is_lender: false,
        firm_id: None,
    };
    let body: RemortgagingCaseRequest =
        serde_json::from_value(remortgaging_body("kim@example.test", "Kim Owner")).unwrap();
    let key_facts = facts::key_facts(&body).unwrap();
    let workflows = Workflows::load().unwrap();
    let quote = facts::quote(
        &workflows,
        CaseType::Remortgaging,
        &key_facts,
        1,
        chrono::Utc::now().date_naive(),
    )
    .unwrap();
    let start = CaseStart {
        case_type: CaseType::Remortgaging,
        facts: key_facts,
        ineligibility_reason: None,
        quote,
        lead: kim.id,
        lead_names: vec!["Kim Owner".into()],
        lead_invited_name: Some("Kim Owner".into()),
    };
    let (case_id, _) = app.cases.create(&broker, start).await.unwrap();
    // Only the next transition's effects are pending: an invitation e-mail and a feed item
    // (and a reminder, not due for two days).
    app.exec("UPDATE case_effects SET done_at = created_at")
        .await;
    app.cases
        .transition(
            &broker,
            CaseType::Remortgaging,
            case_id,
            "send_to_customer",
            None,
        )
        .await
        .unwrap();

    // The first worker takes the e-mail job and hangs inside the SMTP exchange: killed there.
    let hanging = SmtpServer::stalling().await;
    let mut first = worker(&app, &hanging);
    wait_for(
        "the stalled delivery",
        Duration::from_secs(60),
        async || {
            hanging
                .stalled()
                .iter()
                .any(|m| m.to.contains(&"kim@example.test".to_owned()))
        },
    )
    .await;
    first.kill();

    // The next worker delivers it, once.
    let smtp = SmtpServer::accepting().await;
    let mut second = worker(&app, &smtp);
    wait_for("the delivery", Duration::from_secs(90), async || {
        !smtp.accepted().is_empty()
    })
    .await;
    wait_for("the feed item", Duration::from_secs(30), async || {
        !app.db.feed_items(kim.id).await.unwrap().is_empty()
    })
    .await;
    // Time for any second copy to show up.
    tokio::time::sleep(Duration::from_secs(8)).await;
    second.kill();

    let to_kim: Vec<_> = smtp
        .accepted()
        .into_iter()
        .filter(|m| m.to.contains(&"kim@example.test".to_owned()))
        .collect();
    assert_eq!(to_kim.len(), 1, "{to_kim:?}");
    assert!(
        to_kim[0]
            .data
            .contains("Your conveyancing quote from your broker")
    );
    assert_eq!(app.db.feed_items(kim.id).await.unwrap().len(), 1);
}

on_both_databases!(a_killed_worker_neither_loses_nor_doubles_a_delivery);
