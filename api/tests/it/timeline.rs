//! Issue 32, part 3: the case page's timeline, read from the case's real moves (each audited in
//! the transaction that makes it) and the workflow file's `typical_days`; the queue marks a
//! stage past its expected date. On both databases.

use crate::support;

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::Value;
use support::cases::set_case;
use support::remortgage::{customer_case, fill_in_and_submit};
use support::staff::enrolled_conveyancer;
use support::{Backend, TestApp};

on_both_databases!(the_timeline_follows_the_case_and_the_queue_marks_a_late_stage);

fn stage<'a>(timeline: &'a Value, status: &str) -> &'a Value {
    timeline
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["status"] == status)
        .unwrap_or_else(|| panic!("no {status} in {timeline}"))
}

async fn the_timeline_follows_the_case_and_the_queue_marks_a_late_stage(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = customer_case(&app).await;
    let today = Utc::now().date_naive();
    let on = |days: i64| (today + Duration::days(days)).to_string();
    let expanded = format!("/api/remortgaging/cases/{id}/expanded");
    let timeline = cara.get(&expanded).await.body["timeline"].clone();
    // The broker's stages, done today; the application now: 7 typical days
    // (remortgaging.toml).
    for done in [
        "TITLE_DOCUMENT_RETRIEVAL",
        "BROKER_APPLICATION",
        "BROKER_APPLICATION_INVITE",
    ] {
        let s = stage(&timeline, done);
        assert_eq!(s["state"], "DONE", "{done}");
        assert_eq!(s["startedOn"], on(0), "{done}");
        assert_eq!(s["finishedOn"], on(0), "{done}");
    }
    let now = stage(&timeline, "CUSTOMER_APPLICATION");
    assert_eq!(now["state"], "CURRENT");
    assert_eq!(now["startedOn"], on(0));
    assert_eq!(now["expectedBy"], on(7));
    assert_eq!(now["waitsOn"], "customer");
    assert_eq!(now["overdue"], false);
    // Ahead: identity (3), the offer (14), … completion.
    assert_eq!(
        stage(&timeline, "IDENTITY_VERIFICATION")["expectedBy"],
        on(10)
    );
    assert_eq!(
        stage(&timeline, "AWAITING_MORTGAGE_OFFER")["expectedBy"],
        on(24)
    );
    assert_eq!(
        timeline.as_array().unwrap().last().unwrap()["status"],
        "COMPLETED"
    );
    // The broker reads the same dates.
    assert_eq!(broker.get(&expanded).await.body["timeline"], timeline);
    // Submitted: the application is done today and identity verification is under way.
    fill_in_and_submit(&app, &mut cara, id).await;
    let timeline = cara.get(&expanded).await.body["timeline"].clone();
    assert_eq!(stage(&timeline, "CUSTOMER_APPLICATION")["state"], "DONE");
    let now = stage(&timeline, "IDENTITY_VERIFICATION");
    assert_eq!(
        (now["state"].clone(), now["expectedBy"].clone()),
        ("CURRENT".into(), on(3).into())
    );
    // The firm's queue: on time today; a week in, identity verification is overdue.
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let item = |body: Value| {
        body["items"]
            .as_array()
            .unwrap()
            .iter()
            .find(|i| i["id"] == id)
            .cloned()
            .unwrap()
    };
    let queue = connie.get("/api/staff/cases").await;
    assert_eq!(queue.status, StatusCode::OK);
    assert_eq!(item(queue.body)["stageOverdue"], false);
    set_case(
        &app,
        id,
        "status_changed_at",
        Utc::now() - Duration::days(7),
    )
    .await;
    assert_eq!(
        item(connie.get("/api/staff/cases").await.body)["stageOverdue"],
        true
    );
}
