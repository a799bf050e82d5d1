//! Issue 29: a remortgage's client care letter is issued while the owners' identities are
//! checked, and waits in the same stage for every owner's acceptance. Two days on, the owners
//! are reminded only while someone has not accepted it (the reminder's `until` guard), though
//! the case is still in IDENTITY_VERIFICATION either way.

use crate::support;
use reqwest::StatusCode;
use serde_json::json;
use support::remortgage::{CARA, submitted_remortgage};
use support::staff::{client_care_letter_issued, enrolled_conveyancer};
use support::{Backend, TestApp};

on_both_databases!(
    an_unaccepted_letter_is_reminded_after_two_days,
    an_accepted_letter_is_not_reminded_while_identities_are_checked,
);

const TEMPLATE: &str = "client_care_letter_reminder";
const SUBJECT: &str = "Reminder: please accept your client care letter";

/// Cara's submitted remortgage with its client care letter issued: (Cara, case id, letter id).
async fn letter_issued(app: &TestApp) -> (support::Client, i64, i64) {
    let (_broker, cara, id) = submitted_remortgage(app).await;
    let (mut connie, _, _) = enrolled_conveyancer(app).await;
    let letter = client_care_letter_issued(&mut connie, id).await;
    // One reminder waits, two days on, until every owner has accepted.
    let waiting = app.waiting_reminders(id, TEMPLATE).await;
    assert_eq!(waiting.len(), 1, "{waiting:?}");
    assert_eq!(waiting[0]["to"], "CUSTOMERS");
    assert_eq!(waiting[0]["until"], "all_accepted_client_care_letter");
    (cara, id, letter)
}

/// Two days have passed: every reminder of the case waiting now falls due.
async fn two_days_later(app: &TestApp, id: i64) {
    support::remortgage::exec(
        app,
        format!(
            "UPDATE case_effects SET due_at = created_at \
             WHERE case_id = {id} AND done_at IS NULL AND due_at IS NOT NULL"
        ),
    )
    .await;
    app.settled().await;
}

async fn an_unaccepted_letter_is_reminded_after_two_days(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_cara, id, _) = letter_issued(&app).await;
    two_days_later(&app, id).await;
    let mail = app.mail_with_subject(CARA, SUBJECT).await;
    assert!(
        mail.text.contains("client care letter for the remortgage of"),
        "{}",
        mail.text
    );
}

async fn an_accepted_letter_is_not_reminded_while_identities_are_checked(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut cara, id, letter) = letter_issued(&app).await;
    let res = cara
        .post(&format!("/api/document/{letter}/accept"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    two_days_later(&app, id).await;
    // The case is still in the stage: her identity reminder, due with it, is sent…
    app.mail_with_subject(CARA, "Reminder: please verify your identity")
        .await;
    // …and the letter's is not.
    let outbox = threshold_api::mailbox::read_outbox(&app.outbox).unwrap_or_default();
    assert!(!outbox.iter().any(|m| m.subject.contains(SUBJECT)), "{outbox:?}");
    assert!(app.waiting_reminders(id, TEMPLATE).await.is_empty());
}
