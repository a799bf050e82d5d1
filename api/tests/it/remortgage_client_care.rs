//! Issue 29: a remortgage's client care letter (SRA Code of Conduct for Solicitors 8.6-8.7:
//! costs in writing at engagement) is issued while the owners' identities are checked, and
//! waits in the same stage for every owner's acceptance. Its fees are the accepted quote's
//! figures. Two days on, the owners are reminded only while someone has not accepted it (the
//! reminder's `until` guard), though the case is still in IDENTITY_VERIFICATION either way.

use crate::support;
use reqwest::StatusCode;
use serde_json::json;
use support::remortgage::{CARA, submitted_remortgage};
use support::staff::{client_care_letter_issued, enrolled_conveyancer};
use support::{Backend, TestApp, pdf_text};
use threshold_engine::money::pounds;

on_both_databases!(
    the_letter_states_the_accepted_quotes_figures,
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
    app.reminders_fall_due(id).await;
    app.settled().await;
}

/// Every fee line and the total are the quote Cara accepted (workflows/fees.toml made it, the
/// letter says so); a remortgage has no up-front payment, so all of it is due at completion.
async fn the_letter_states_the_accepted_quotes_figures(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut cara, id, letter) = letter_issued(&app).await;
    let quote = cara
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await
        .body;
    assert_ne!(quote["acceptedAt"], serde_json::Value::Null, "{quote:?}");
    assert_eq!(quote["deposit"], 0);
    let (status, _, bytes) = cara.get_bytes(&format!("/api/document/{letter}")).await;
    assert_eq!(status, StatusCode::OK);
    let text = pdf_text(&bytes)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    assert!(text.contains("Client Care Letter"), "{text}");
    assert!(
        text.contains("acts for you in your remortgage and for your new lender"),
        "{text}"
    );
    assert!(
        text.contains("These are the figures of the quote you accepted."),
        "{text}"
    );
    let costs: Vec<&serde_json::Value> = quote["costBreakdown"]
        .as_array()
        .unwrap()
        .iter()
        .flat_map(|s| s["costs"].as_array().unwrap())
        .collect();
    assert!(!costs.is_empty());
    // The labels in the quote's order, then their amounts beside them (the PDF's two columns).
    let labels: Vec<&str> = costs.iter().map(|c| c["label"].as_str().unwrap()).collect();
    let amounts: Vec<String> = costs
        .iter()
        .map(|c| pounds(c["amount"].as_i64().unwrap()))
        .collect();
    let total = pounds(quote["totalAmount"].as_i64().unwrap());
    let fees = format!("{} Total {} {total}", labels.join(" "), amounts.join(" "));
    assert!(text.contains(&fees), "{fees}: {text}");
    assert!(
        text.contains(&format!("Due at completion {total}")),
        "{text}"
    );
    // The 14 days to cancel are stated once, as the quote's terms give them.
    assert_eq!(
        text.matches("You may cancel within 14 days").count(),
        1,
        "{text}"
    );
    // Work started within them is at her express request (regulation 36).
    assert!(
        text.contains("Consumer Contracts Regulations 2013"),
        "{text}"
    );
}

async fn an_unaccepted_letter_is_reminded_after_two_days(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_cara, id, _) = letter_issued(&app).await;
    two_days_later(&app, id).await;
    let mail = app.mail_with_subject(CARA, SUBJECT).await;
    assert!(
        mail.text
            .contains("client care letter for the remortgage of"),
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
    assert!(
        !outbox.iter().any(|m| m.subject.contains(SUBJECT)),
        "{outbox:?}"
    );
    assert!(app.waiting_reminders(id, TEMPLATE).await.is_empty());
}
