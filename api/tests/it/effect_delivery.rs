//! How a case's effects reach people through a `threshold worker` process: one killed with
//! SIGKILL in the middle of a delivery neither loses nor doubles it (both databases); on
//! PostgreSQL, new work wakes a worker that has gone idle.

use crate::support;

use std::time::Duration;

use support::cases::{firm, remortgaging_body};
use support::smtp::SmtpServer;
use support::worker::{WorkerProcess, wait_for};
use support::{Backend, TestApp};
use threshold_api::cases::facts;
use threshold_api::cases::types::RemortgagingCaseRequest;
use threshold_cases::{Caller, CaseStart};
use threshold_engine::CaseType;
use threshold_workflows::Workflows;

/// A broker sends Kim her quote: an invitation e-mail and a feed item wait to be delivered
/// (and a reminder, not due for two days); earlier effects are marked done.
async fn quote_sent_to_kim(app: &TestApp) -> threshold_store::users::User {
    let f = firm(app).await;
    let kim = app.create_user("kim@example.test", "ROLE_USER", true).await;
    let broker = Caller::User {
        id: f.broker.id,
        role: f.broker.role,
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
        &facts::QuoteFor::new_case(chrono::Utc::now().date_naive(), None),
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
    kim
}

async fn a_killed_worker_neither_loses_nor_doubles_a_delivery(backend: Backend) {
    let app = TestApp::spawn_without_workers(backend).await;
    let kim = quote_sent_to_kim(&app).await;

    // The first worker takes the e-mail job and hangs inside the SMTP exchange: killed there.
    let hanging = SmtpServer::stalling().await;
    let mut first = WorkerProcess::start(&app, &hanging.url(), &[]);
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
    let mut second = WorkerProcess::start(&app, &smtp.url(), &[]);
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

/// A worker process on PostgreSQL that has nothing to do asks the database little (a
/// heartbeat per queue every two seconds; idle workers woke each other into ~1,100
/// transactions a second before), and new work reaches it at once although `WORKER_POLL_MS`
/// is ten minutes: the new effects wake the relay, the job it queues wakes the e-mail's worker
/// (LISTEN/NOTIFY). SQLite has no such signal; its workers poll.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_postgres_worker_idles_quietly_and_new_work_wakes_it() {
    let app = TestApp::spawn_without_workers(Backend::Postgres).await;
    let smtp = SmtpServer::accepting().await;
    let worker = WorkerProcess::start(&app, &smtp.url(), &[("WORKER_POLL_MS", "600000")]);
    wait_for("the worker's queues", Duration::from_secs(30), async || {
        app.scalar("SELECT COUNT(*) FROM apalis.workers").await >= 6
    })
    .await;

    let commits = "SELECT xact_commit FROM pg_stat_database WHERE datname = current_database()";
    let before = app.scalar(commits).await;
    tokio::time::sleep(Duration::from_secs(5)).await;
    let per_second = (app.scalar(commits).await - before) / 5;
    assert!(per_second < 60, "{per_second} transactions a second, idle");

    let kim = quote_sent_to_kim(&app).await;
    wait_for("the delivery", Duration::from_secs(20), async || {
        !smtp.accepted().is_empty()
    })
    .await;
    wait_for("the feed item", Duration::from_secs(20), async || {
        !app.db.feed_items(kim.id).await.unwrap().is_empty()
    })
    .await;
    assert!(
        worker.logged("WARN", "").is_empty(),
        "{}",
        worker.log_text()
    );
}
