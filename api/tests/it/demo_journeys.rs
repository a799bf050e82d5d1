//! `make run`'s demo cases are made by running the workflows: the demo customer has a quote
//! waiting, and every case got where it is through audited transitions.

use crate::support;

use std::time::Duration;

use chrono::{DateTime, NaiveDate, Utc};
use threshold_engine::{BuyingStatus, RemortgagingStatus, WorkflowStatus};

use support::{Backend, TestApp};

on_both_databases!(
    demo_cases_are_made_by_the_workflows,
    the_demo_invitations_are_answered_as_a_person_would,
    bulk_cases_hold_what_their_status_implies,
);

async fn demo_cases_are_made_by_the_workflows(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    threshold_api::demo::seed_accounts(&app.db, &app.config, &app.secrets)
        .await
        .unwrap();
    let workflows = threshold_workflows::Workflows::load().unwrap();
    let made = threshold_api::demo_journeys::seed(&app.db, &app.cases, &workflows, &app.config)
        .await
        .unwrap();
    assert_eq!(made, 8);
    let customer = app
        .db
        .user_by_email("customer@demo.threshold.test")
        .await
        .unwrap()
        .unwrap();
    // The pending quote reaches the customer's feed (the modal at sign-in).
    let feed = feed_of(&app, customer.id).await;
    assert_eq!(feed.len(), 1);
    assert_eq!(feed[0].kind, "case-quote");
    assert_eq!(feed[0].data.0["brokerFirm"], "Demo Mortgage Brokers Ltd");
    // The half-filled purchase: Property and Buyer Details done, Purchase & Financing done as
    // far as the rules go (a deposit, a gift and its donor), and the donor asked to confirm.
    let grace = app
        .db
        .user_by_email("grace@demo.threshold.test")
        .await
        .unwrap()
        .unwrap();
    let donor_feed = feed_of(&app, grace.id).await;
    assert_eq!(donor_feed.len(), 1);
    assert_eq!(donor_feed[0].kind, "case-donor-invitation");
    // The submitted remortgage's customer has asked the firm a question: it waits for a reply.
    let waiting_for_reply: (i64,) = threshold_store::on_db!(&app.db, pool => sqlx::query_as(
            "SELECT COUNT(*) FROM cases c JOIN case_messages m ON m.case_id = c.id \
             WHERE c.reply_due_at IS NOT NULL AND m.topic = 'PARTIES'",
        )
        .fetch_one(pool)
        .await)
    .unwrap();
    assert_eq!(waiting_for_reply.0, 1);
    assert!(!grace.is_onboarded);
    // ... and the donor has asked the firm about her gift in her own thread: it waits too.
    let donor_asked: (i64,) = threshold_store::on_db!(&app.db, pool => sqlx::query_as(
            "SELECT COUNT(*) FROM cases c JOIN case_messages m ON m.case_id = c.id \
             WHERE c.reply_due_at IS NOT NULL AND m.topic LIKE 'DONOR:%' AND m.author_user_id = $1",
        )
        .bind(grace.id)
        .fetch_one(pool)
        .await)
    .unwrap();
    assert_eq!(donor_asked.0, 1);
    let purchase = donor_feed[0].case_id.unwrap();
    let mut jess = app.sign_in("jess@demo.threshold.test").await;
    let case = jess
        .get(&format!("/api/buying/case/{purchase}/expanded"))
        .await
        .body;
    assert_eq!(case["status"], "CUSTOMER_APPLICATION");
    let states: Vec<(&str, &str)> = case["view"]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| (s["key"].as_str().unwrap(), s["state"].as_str().unwrap()))
        .collect();
    for (key, state) in [
        ("property", "IS_COMPLETE"),
        ("buyer-details", "IS_COMPLETE"),
        ("purchase-and-financing", "IS_COMPLETE"),
        ("stamp-duty-land-tax", "NOT_STARTED"),
    ] {
        assert!(states.contains(&(key, state)), "{key}: {states:?}");
    }
    assert_eq!(case["gifts"][0]["donorName"], "Grace Morgan");
    assert_eq!(case["gifts"][0]["status"], "INVITED");
    assert_eq!(case["gifts"][0]["giftAmount"], 2_000_000);
    // Every case is where its creation and audited transitions put it.
    let mut statuses = vec![];
    for id in 1..=made as i64 {
        let events = app.db.audit_for("case", &id.to_string()).await.unwrap();
        let created = events.iter().find(|e| e.action == "case.created").unwrap();
        let case_type =
            threshold_engine::CaseType::parse(created.detail.0["caseType"].as_str().unwrap())
                .unwrap();
        let audited = events
            .iter()
            .rev()
            .find(|e| e.action == "case.transition")
            .map_or(&created.detail.0["status"], |e| &e.detail.0["to"])
            .as_str()
            .unwrap()
            .to_owned();
        let case = app
            .cases
            .open(&threshold_cases::Caller::System, case_type, id)
            .await
            .unwrap();
        assert_eq!(case.snapshot.status().as_str(), audited, "case {id}");
        statuses.push(audited);
    }
    for expected in [
        "BROKER_APPLICATION_INVITE",
        "BROKER_APPLICATION",
        "CUSTOMER_APPLICATION",
        "IDENTITY_VERIFICATION",
        "INELIGIBLE",
        "CANCELLED",
    ] {
        assert!(statuses.iter().any(|s| s == expected), "{statuses:?}");
    }
}

/// Issue 26 (1): the demo's waiting invitations were sent the way a broker's click sends them,
/// so 'Accept Quote & Continue' (the answer, then the quote: INVITE-05, INVITE-07) and a
/// lender's invitation both work; before, the answer was refused with 409 `no_invitation`.
async fn the_demo_invitations_are_answered_as_a_person_would(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    threshold_api::demo::seed_accounts(&app.db, &app.config, &app.secrets)
        .await
        .unwrap();
    let workflows = threshold_workflows::Workflows::load().unwrap();
    threshold_api::demo_journeys::seed(&app.db, &app.cases, &workflows, &app.config)
        .await
        .unwrap();
    for (email, accepts_quote) in [
        ("customer@demo.threshold.test", true),
        ("tom@demo.threshold.test", false),
    ] {
        let user = app.db.user_by_email(email).await.unwrap().unwrap();
        let case_id = feed_of(&app, user.id).await[0].case_id.unwrap();
        let mut client = app.sign_in(email).await;
        let answered = client
            .post(
                &format!("/api/remortgaging/{case_id}/invitation/respond"),
                serde_json::json!({ "accepted": true }),
            )
            .await;
        assert_eq!(answered.status, 200, "{email}: {}", answered.body);
        let status = if accepts_quote {
            let quote = client
                .get(&format!("/api/remortgaging/{case_id}/quote/latest"))
                .await
                .body;
            let accepted = client
                .post(
                    &format!("/api/quote/{}/accept", quote["id"]),
                    serde_json::json!({ "caseType": "REMORTGAGING", "caseId": case_id }),
                )
                .await;
            assert_eq!(accepted.status, 200, "{email}: {}", accepted.body);
            accepted.body["status"].clone()
        } else {
            answered.body["status"].clone()
        };
        assert_eq!(status, "CUSTOMER_APPLICATION", "{email}");
    }
}

/// A bulk case's type, status and completion date, with one owner's identity times.
type BulkRow = (
    String,
    String,
    Option<NaiveDate>,
    Option<DateTime<Utc>>,
    Option<DateTime<Utc>>,
);

/// `threshold demo --cases N` (the benchmark's and the list tests' data) writes rows in bulk,
/// but what it writes agrees with each status: a case past identity verification has every
/// owner's identity verified, and a completed one completed on a day already past.
async fn bulk_cases_hold_what_their_status_implies(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    threshold_api::demo::seed_accounts(&app.db, &app.config, &app.secrets)
        .await
        .unwrap();
    let workflows = threshold_workflows::Workflows::load().unwrap();
    // Enough for every status of both types, twice.
    let made = threshold_api::demo_cases::seed_cases(&app.db, &workflows, 80, false)
        .await
        .unwrap();
    assert_eq!(made, 80);
    let rows: Vec<BulkRow> = threshold_store::on_db!(&app.db, pool => sqlx::query_as(
            "SELECT c.case_type, c.status, c.completion_date, a.identity_submitted_at, \
             a.identity_verified_at FROM cases c JOIN applicants a ON a.case_id = c.id",
        )
        .fetch_all(pool)
        .await)
    .unwrap();
    let today = Utc::now().date_naive();
    let past_identity = |case_type: &str, status: &str| match case_type {
        "REMORTGAGING" => {
            RemortgagingStatus::parse(status).unwrap().position()
                > RemortgagingStatus::IdentityVerification.position()
        }
        _ => {
            BuyingStatus::parse(status).unwrap().position()
                > BuyingStatus::IdentityVerification.position()
        }
    };
    let mut checked = std::collections::HashSet::new();
    for (case_type, status, completion, submitted, verified) in &rows {
        let closed = status == "CANCELLED" || status == "INELIGIBLE";
        if !closed && past_identity(case_type, status) {
            assert!(
                submitted.is_some() && verified.is_some(),
                "{case_type} {status}"
            );
            assert!(verified.unwrap() <= Utc::now(), "{case_type} {status}");
            checked.insert((case_type.clone(), status.clone()));
        } else {
            assert!(
                verified.is_none(),
                "{case_type} {status} verified too early"
            );
        }
        if status == "COMPLETED" {
            let date = completion.expect("a completed case has its date");
            assert!(
                date <= today,
                "{case_type} completed on {date}, after today"
            );
        }
    }
    for case_type in ["REMORTGAGING", "BUYING"] {
        assert!(checked.contains(&(case_type.to_owned(), "COMPLETED".to_owned())));
    }
    // No case says its mortgage offer is in without a recorded offer and its document (the
    // client's list would say 'Uploaded'; issue 26.13).
    let (unfounded,): (i64,) = threshold_store::on_db!(&app.db, pool => sqlx::query_as(
            "SELECT COUNT(*) FROM cases c WHERE c.has_mortgage_offer AND NOT EXISTS \
             (SELECT 1 FROM mortgage_offers o JOIN documents d ON d.id = o.document_id \
             WHERE o.case_id = c.id)",
        )
        .fetch_one(pool)
        .await)
    .unwrap();
    assert_eq!(unfounded, 0);
    // A case waiting for its customer's answer holds the invitation a broker's 'Send to
    // customer' records, so the customer can answer it (issue 26: it was refused with 409).
    let waiting: Vec<(i64, String, i64)> = threshold_store::on_db!(&app.db, pool => sqlx::query_as(
            "SELECT c.id, c.case_type, (SELECT COUNT(*) FROM invitations i \
             WHERE i.case_id = c.id) FROM cases c WHERE c.status = 'BROKER_APPLICATION_INVITE' \
             ORDER BY c.id",
        )
        .fetch_all(pool)
        .await)
    .unwrap();
    assert!(waiting.len() >= 4, "{waiting:?}");
    assert!(
        waiting.iter().all(|(_, _, invited)| *invited == 1),
        "{waiting:?}"
    );
    let (case_id, case_type, _) = &waiting[0];
    let customer: (String,) = threshold_store::on_db!(&app.db, pool => sqlx::query_as(
            "SELECT u.email FROM applicants a JOIN users u ON u.id = a.user_id \
             WHERE a.case_id = $1 AND a.is_lead",
        )
        .bind(case_id)
        .fetch_one(pool)
        .await)
    .unwrap();
    let mut client = app.sign_in(&customer.0).await;
    let answered = client
        .post(
            &format!(
                "/api/{}/{case_id}/invitation/respond",
                case_type.to_lowercase()
            ),
            serde_json::json!({ "accepted": true }),
        )
        .await;
    assert_eq!(answered.status, 200, "{}", answered.body);
}

/// The user's feed once the worker has delivered to it (up to 10 s).
async fn feed_of(
    app: &TestApp,
    user: threshold_store::UserId,
) -> Vec<threshold_store::effects::FeedItem> {
    for _ in 0..200 {
        let feed = app.db.feed_items(user).await.unwrap();
        if !feed.is_empty() {
            return feed;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    vec![]
}
