//! Issue 10, Medium #7: sign-in mail is throttled per address (one per interval, and past a
//! daily ceiling one per link lifetime) instead of capped, so nobody can keep a person from
//! signing in: the person's inbox always holds a link that works.

use crate::support;

use std::time::Duration;

use chrono::Utc;
use reqwest::StatusCode;
use serde_json::json;
use support::{Backend, TestApp};

on_both_databases!(
    asking_again_within_the_interval_sends_nothing_and_the_first_link_still_works,
    nobody_can_keep_a_person_from_getting_a_link,
    past_the_daily_ceiling_a_link_still_goes_out_once_per_link_lifetime,
    a_retried_sign_in_job_sends_nothing_after_its_mail_went_out,
);

/// Lets the worker finish the jobs already queued (the dropped ones leave no trace to wait on).
async fn settle() {
    tokio::time::sleep(Duration::from_millis(800)).await;
}

async fn ask(app: &TestApp, email: &str) {
    let res = app
        .client()
        .post("/api/auth", json!({ "username": email }))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
}

fn mail_count(app: &TestApp, email: &str) -> usize {
    threshold_api::mailbox::read_outbox(&app.outbox)
        .unwrap_or_default()
        .iter()
        .filter(|m| m.to == email)
        .count()
}

async fn asking_again_within_the_interval_sends_nothing_and_the_first_link_still_works(
    backend: Backend,
) {
    let app = TestApp::spawn_with(backend, |c| c.email_min_interval_seconds = 60).await;
    app.create_user("ann@example.com", "ROLE_USER", true).await;
    ask(&app, "ann@example.com").await;
    let first = app.link_token("ann@example.com", 1).await;
    ask(&app, "ann@example.com").await;
    ask(&app, "ann@example.com").await;
    settle().await;
    assert_eq!(mail_count(&app, "ann@example.com"), 1);
    // Nothing superseded it.
    assert_eq!(
        app.client().redeem(&first).await.status,
        StatusCode::NO_CONTENT
    );
}

async fn nobody_can_keep_a_person_from_getting_a_link(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| c.email_min_interval_seconds = 2).await;
    app.create_user("victim@example.com", "ROLE_USER", true)
        .await;
    // An attacker asks over and over (more than the old hourly cap of five).
    for _ in 0..8 {
        ask(&app, "victim@example.com").await;
    }
    app.mails_to("victim@example.com", 1).await;
    settle().await;
    assert_eq!(mail_count(&app, "victim@example.com"), 1);
    // Those mails went to the victim, with a working link; and once the interval is over the
    // victim's own request gets a new one.
    tokio::time::sleep(Duration::from_millis(1_500)).await;
    ask(&app, "victim@example.com").await;
    let token = app.link_token("victim@example.com", 2).await;
    assert_eq!(
        app.client().redeem(&token).await.status,
        StatusCode::NO_CONTENT
    );
}

async fn past_the_daily_ceiling_a_link_still_goes_out_once_per_link_lifetime(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| {
        c.email_min_interval_seconds = 0;
        c.email_cap_per_day = 2;
        c.magic_link_minutes = 15;
    })
    .await;
    app.create_user("busy@example.com", "ROLE_USER", true).await;
    ask(&app, "busy@example.com").await;
    app.mails_to("busy@example.com", 1).await;
    ask(&app, "busy@example.com").await;
    let second = app.link_token("busy@example.com", 2).await;
    ask(&app, "busy@example.com").await;
    settle().await;
    assert_eq!(mail_count(&app, "busy@example.com"), 2, "past the ceiling");
    // The newest mail in the inbox still works.
    assert_eq!(
        app.client().redeem(&second).await.status,
        StatusCode::NO_CONTENT
    );
    // A link lifetime later, the next request is sent again.
    let earlier = Utc::now() - chrono::Duration::minutes(16);
    threshold_store::on_db!(&app.db, pool => sqlx::query("UPDATE email_throttle SET last_sent_at = $1")
        .bind(earlier)
        .execute(pool)
        .await
        .map(|_| ()))
    .unwrap();
    ask(&app, "busy@example.com").await;
    let third = app.link_token("busy@example.com", 3).await;
    assert_eq!(
        app.client().redeem(&third).await.status,
        StatusCode::NO_CONTENT
    );
}

/// Issue 10, Low: a worker killed between the SMTP server accepting a sign-in mail and the
/// job's acknowledgement. The same job runs again (here: queued twice, as apalis retries it).
/// Marked as mailed, it sends nothing; killed before the mark, it sends once more with the
/// same Message-ID, and the first attempt's link still works.
async fn a_retried_sign_in_job_sends_nothing_after_its_mail_went_out(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| c.email_min_interval_seconds = 0).await;
    app.create_user("ria@example.com", "ROLE_USER", true).await;
    let queue = threshold_workers::JobQueue::setup(&app.db).await.unwrap();
    let job = threshold_workers::AuthEmail::SignIn {
        email: "ria@example.com".into(),
        redirect_to: None,
        request_id: threshold_workers::auth_email::new_request_id(),
    };
    queue.push(job.clone()).await.unwrap();
    let first = app.link_token("ria@example.com", 1).await;
    queue.push(job.clone()).await.unwrap();
    settle().await;
    assert_eq!(
        mail_count(&app, "ria@example.com"),
        1,
        "a retry after the mark"
    );

    // The worker died after SMTP accepted but before the mark: the retry sends again.
    let request_id = match &job {
        threshold_workers::AuthEmail::SignIn { request_id, .. } => request_id.clone(),
        _ => unreachable!(),
    };
    sqlx_unmark(&app, &request_id).await;
    queue.push(job).await.unwrap();
    let second = app.link_token("ria@example.com", 2).await;
    assert_ne!(first, second);
    let ids = message_ids(&app, "ria@example.com");
    assert_eq!(ids.len(), 2);
    assert_eq!(ids[0], ids[1], "the same Message-ID on both attempts");
    // Neither attempt's link supersedes the other's.
    assert_eq!(
        app.client().redeem(&first).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        app.client().redeem(&second).await.status,
        StatusCode::NO_CONTENT
    );
}

/// What the worker's crash would leave: the request's link issued, the mail not marked sent.
async fn sqlx_unmark(app: &TestApp, request_id: &str) {
    let sql = "UPDATE magic_links SET mailed_at = NULL WHERE request_id = $1";
    match &app.db {
        threshold_store::Db::Sqlite(pool) => {
            sqlx::query(sql)
                .bind(request_id)
                .execute(pool)
                .await
                .unwrap();
        }
        threshold_store::Db::Postgres(pool) => {
            sqlx::query(sql)
                .bind(request_id)
                .execute(pool)
                .await
                .unwrap();
        }
    };
}

/// The Message-ID headers of the mails to `to`, read from the outbox's files.
fn message_ids(app: &TestApp, to: &str) -> Vec<String> {
    std::fs::read_dir(&app.outbox)
        .unwrap()
        .filter_map(Result::ok)
        .filter_map(|e| std::fs::read_to_string(e.path()).ok())
        .filter(|raw| raw.contains(to))
        .filter_map(|raw| {
            raw.lines()
                .find(|l| l.to_ascii_lowercase().starts_with("message-id:"))
                .map(|l| l[11..].trim().to_owned())
        })
        .collect()
}
