//! The broker's quote reaches the customer (issue 11; QUOTE-11/12, INVITE-05/07/08/10,
//! NOTIF-04, ENT-14, STATUS-09/10/11): send, resend, the invitee's answer, accepting the
//! quote, the feed items and e-mails they make; who may and who may not; every call safe to
//! repeat.

use crate::support;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::cases::{create_remortgaging, firm};
use support::{Backend, Client, TestApp};

on_both_databases!(
    quote_12_a_broker_sends_the_quote_and_the_customer_hears_of_it,
    only_the_case_s_brokers_may_send_or_resend,
    invite_05_07_accepting_moves_the_case_once_however_often_it_is_clicked,
    invite_10_declining_hands_the_case_back_to_the_broker,
    resend_reaches_one_applicant_again,
    only_the_invitee_may_answer,
    a_lender_s_invitation_is_accepted_without_a_quote,
    an_invitation_item_delivered_after_the_answer_is_not_added,
    deliveries_of_a_resent_quote_running_at_once_leave_the_newest_item,
    quote_05_a_reported_issue_reaches_the_broker,
    only_the_case_s_customers_may_report_an_issue,
);

fn case_ref(id: i64) -> Value {
    json!({ "caseId": id, "caseType": "REMORTGAGING" })
}

/// A broker's case for Cara, sent to her; returns (broker, case id).
async fn sent_case(app: &TestApp) -> (Client, i64) {
    firm(app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, "cara@example.test", "Cara Client").await;
    let res = broker.post("/api/quote/send", case_ref(id)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "BROKER_APPLICATION_INVITE");
    (broker, id)
}

async fn wait_for_feed(
    app: &TestApp,
    email: &str,
    count: usize,
) -> Vec<threshold_store::effects::FeedItem> {
    let user = app.db.user_by_email(email).await.unwrap().unwrap();
    for _ in 0..200 {
        let items = app.db.feed_items(user.id).await.unwrap();
        if items.len() >= count {
            return items;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("expected {count} feed item(s) for {email}");
}

/// The user's unarchived feed once it holds an item newer than `after`.
async fn wait_for_newer_item(
    app: &TestApp,
    email: &str,
    after: i64,
) -> Vec<threshold_store::effects::FeedItem> {
    let user = app.db.user_by_email(email).await.unwrap().unwrap();
    for _ in 0..200 {
        let items = app.db.feed_items(user.id).await.unwrap();
        if items.iter().any(|i| i.id > after) {
            return items;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!("no feed item newer than {after} for {email}");
}

async fn wait_for_subject(app: &TestApp, to: &str, part: &str) {
    for _ in 0..200 {
        if subjects(app, to).await.iter().any(|s| s.contains(part)) {
            return;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    panic!(
        "no e-mail to {to} with `{part}`: {:?}",
        subjects(app, to).await
    );
}

async fn subjects(app: &TestApp, to: &str) -> Vec<String> {
    threshold_api::mailbox::read_outbox(&app.outbox)
        .unwrap_or_default()
        .into_iter()
        .filter(|m| m.to == to)
        .map(|m| m.subject)
        .collect()
}

/// CALLS-35: POST /quote/send gives the invitee a case-quote feed item (and an e-mail).
async fn quote_12_a_broker_sends_the_quote_and_the_customer_hears_of_it(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, id) = sent_case(&app).await;
    let mails = app.mails_to("cara@example.test", 1).await;
    assert_eq!(mails[0].subject, "Your conveyancing quote from your broker");
    let feed = wait_for_feed(&app, "cara@example.test", 1).await;
    assert_eq!(feed[0].kind, "case-quote");
    let data = &feed[0].data.0;
    assert_eq!(data["caseId"], id);
    assert_eq!(data["caseType"], "REMORTGAGING");
    assert_eq!(data["brokerPreferredName"], "Test Person");
    assert_eq!(data["brokerFirm"], "Firm");
    assert_eq!(data["isLender"], false);
    assert_eq!(data["invitees"], json!(["Cara Client"]));
    assert_eq!(data["propertyAddressLine1"], "1 High Street");
    // STATUS-10 for the broker; the broker sees the invitation, not yet opened.
    let list = broker.get("/api/remortgaging/cases").await;
    assert_eq!(
        list.body["cases"][0]["statusMessage"],
        "We are waiting for the lead customer to accept the invite from the broker."
    );
    let case = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    let invitation = &case.body["invitations"][0];
    assert_eq!(invitation["preferredName"], "Cara Client");
    assert_eq!(invitation["sendCount"], 1);
    assert!(invitation["openedAt"].is_null());
    // QUOTE-11: Cara opens the quote; the broker sees it opened.
    let mut cara = app.sign_in("cara@example.test").await;
    let quote = cara
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    assert_eq!(quote.status, StatusCode::OK);
    let case = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert!(case.body["invitations"][0]["openedAt"].is_string());
    // A customer never sees the invitation log.
    let own = cara
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(own.body["invitations"], json!([]));
    // Sending again is refused: it is sent.
    let again = broker.post("/api/quote/send", case_ref(id)).await;
    assert_eq!(again.status, StatusCode::CONFLICT);
}

async fn only_the_case_s_brokers_may_send_or_resend(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    app.create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, "cara@example.test", "Cara Client").await;
    for (who, expected) in [
        ("rival@other.test", StatusCode::NOT_FOUND),
        ("loner@firm.test", StatusCode::NOT_FOUND),
        ("cara@example.test", StatusCode::FORBIDDEN),
        ("conveyancer@threshold.test", StatusCode::FORBIDDEN),
    ] {
        let mut client = app.sign_in(who).await;
        let res = client.post("/api/quote/send", case_ref(id)).await;
        assert_eq!(res.status, expected, "{who}: {:?}", res.body);
        let res = client.post("/api/quote/resend/1", case_ref(id)).await;
        assert!(
            matches!(res.status, StatusCode::NOT_FOUND | StatusCode::FORBIDDEN),
            "{who}: {:?}",
            res.status
        );
    }
    let mut anonymous = app.client();
    let res = anonymous.post("/api/quote/send", case_ref(id)).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    // The manager of the case's broker may.
    let mut manager = app.sign_in("manager@firm.test").await;
    let res = manager.post("/api/quote/send", case_ref(id)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

/// CALLS-27, CALLS-34, CALLS-48, ENT-15 (quote id): the invitee's `{accepted:true}` is 2xx; the
/// id of GET …/quote/latest accepts the quote by POST /quote/{quoteId}/accept (`acceptedAt` set).
async fn invite_05_07_accepting_moves_the_case_once_however_often_it_is_clicked(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, id) = sent_case(&app).await;
    wait_for_feed(&app, "cara@example.test", 1).await;
    let mut cara = app.sign_in("cara@example.test").await;
    let respond = format!("/api/remortgaging/{id}/invitation/respond");
    let res = cara.post(&respond, json!({ "accepted": true })).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // The quote is not accepted yet: the case waits for it.
    assert_eq!(res.body["status"], "BROKER_APPLICATION_INVITE");
    let quote = cara
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    let quote_id = quote.body["id"].as_i64().unwrap();
    let accept = format!("/api/quote/{quote_id}/accept");
    for _ in 0..3 {
        let res = cara.post(&accept, case_ref(id)).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        assert_eq!(res.body["status"], "CUSTOMER_APPLICATION");
        let res = cara.post(&respond, json!({ "accepted": true })).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        assert_eq!(res.body["status"], "CUSTOMER_APPLICATION");
    }
    let quote = cara
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    assert!(quote.body["acceptedAt"].is_string());
    // INVITE-08: the quote item is archived.
    let user = app
        .db
        .user_by_email("cara@example.test")
        .await
        .unwrap()
        .unwrap();
    assert!(app.db.feed_items(user.id).await.unwrap().is_empty());
    // One move, one e-mail and one feed item for the broker.
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let accepted = audit
        .iter()
        .filter(|e| e.detail.0["transition"] == "accept_invitation")
        .count();
    assert_eq!(accepted, 1);
    wait_for_subject(&app, "broker@firm.test", "accepted the quote").await;
    tokio::time::sleep(Duration::from_millis(500)).await;
    let to_broker = subjects(&app, "broker@firm.test").await;
    let accepted_mails = to_broker
        .iter()
        .filter(|s| s.contains("accepted the quote"))
        .count();
    assert_eq!(accepted_mails, 1, "{to_broker:?}");
    // STATUS-11 for the broker.
    let list = broker.get("/api/remortgaging/cases").await;
    assert_eq!(
        list.body["cases"][0]["statusMessage"],
        "This application is currently with the lead customer awaiting completion."
    );
    let case = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(case.body["invitations"][0]["accepted"], true);
}

/// CALLS-27: the invitee's `{accepted:false}` is 2xx.
async fn invite_10_declining_hands_the_case_back_to_the_broker(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, id) = sent_case(&app).await;
    wait_for_feed(&app, "cara@example.test", 1).await;
    let mut cara = app.sign_in("cara@example.test").await;
    let respond = format!("/api/remortgaging/{id}/invitation/respond");
    for _ in 0..2 {
        let res = cara.post(&respond, json!({ "accepted": false })).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        assert_eq!(res.body["status"], "BROKER_APPLICATION");
    }
    let user = app
        .db
        .user_by_email("cara@example.test")
        .await
        .unwrap()
        .unwrap();
    assert!(app.db.feed_items(user.id).await.unwrap().is_empty());
    wait_for_subject(&app, "broker@firm.test", "declined the quote").await;
    let case = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(case.body["invitations"][0]["accepted"], false);
    // The broker can send it again; the answer starts afresh.
    let res = broker.post("/api/quote/send", case_ref(id)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let case = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert!(case.body["invitations"][0]["accepted"].is_null());
    assert_eq!(case.body["invitations"][0]["sendCount"], 2);
}

/// CALLS-36, ENT-15 (applicant id): a resend reaches that one applicant with a new mail and item.
async fn resend_reaches_one_applicant_again(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, id) = sent_case(&app).await;
    app.mails_to("cara@example.test", 1).await;
    // The first item, before the resend replaces it.
    let first = wait_for_feed(&app, "cara@example.test", 1).await;
    let case = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    let applicant = case.body["propertyOwners"][0]["id"].as_i64().unwrap();
    let res = broker
        .post(&format!("/api/quote/resend/{applicant}"), case_ref(id))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let mails = app.mails_to("cara@example.test", 2).await;
    assert_eq!(mails[1].subject, "Your conveyancing quote from your broker");
    // The resent item replaces the first: the modal opens once, for the newest.
    let feed = wait_for_newer_item(&app, "cara@example.test", first[0].id).await;
    assert_eq!(feed.len(), 1, "{feed:?}");
    assert_eq!(feed[0].kind, "case-quote");
    let case = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(case.body["invitations"][0]["sendCount"], 2);
    // Not an applicant of this case: 404. After the answer: nothing to resend (409).
    let res = broker
        .post(
            &format!("/api/quote/resend/{}", applicant + 1000),
            case_ref(id),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let mut cara = app.sign_in("cara@example.test").await;
    cara.post(
        &format!("/api/remortgaging/{id}/invitation/respond"),
        json!({ "accepted": false }),
    )
    .await;
    let res = broker
        .post(&format!("/api/quote/resend/{applicant}"), case_ref(id))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
}

/// CALLS-27: a non-invitee answering is refused (404/403).
async fn only_the_invitee_may_answer(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, id) = sent_case(&app).await;
    app.create_user("other@example.test", "ROLE_USER", true)
        .await;
    let respond = format!("/api/remortgaging/{id}/invitation/respond");
    let mut other = app.sign_in("other@example.test").await;
    let res = other.post(&respond, json!({ "accepted": true })).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let res = broker.post(&respond, json!({ "accepted": true })).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let mut rival = app.sign_in("rival@other.test").await;
    let res = rival.post(&respond, json!({ "accepted": true })).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let mut anonymous = app.client();
    let res = anonymous.post(&respond, json!({ "accepted": true })).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    // Staff work on cases in the back office; answering for the customer is not theirs.
    app.create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    let mut staff = app.sign_in("conveyancer@threshold.test").await;
    let res = staff.post(&respond, json!({ "accepted": true })).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    // The invitee's own malformed answer is named, not guessed.
    let mut cara = app.sign_in("cara@example.test").await;
    let res = cara.post(&respond, json!({ "accepted": "yes" })).await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    assert!(
        res.body["error"]["fields"]["accepted"].is_string(),
        "{:?}",
        res.body
    );
    let res = cara.post(&respond, json!({})).await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    assert_eq!(res.body["error"]["fields"]["accepted"], "is required");
    // Nor may anyone but the invitee accept the quote.
    let quote = cara
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    let accept = format!("/api/quote/{}/accept", quote.body["id"]);
    assert_eq!(
        broker.post(&accept, case_ref(id)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        other.post(&accept, case_ref(id)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        staff.post(&accept, case_ref(id)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        rival.post(&accept, case_ref(id)).await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        anonymous.post(&accept, case_ref(id)).await.status,
        StatusCode::UNAUTHORIZED
    );
    // Still unanswered after all of that: the case has not moved.
    let res = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(res.body["status"], "BROKER_APPLICATION_INVITE");
    // A quote id of another case is not this case's.
    let res = cara
        .post(&format!("/api/quote/{}/accept", 999_999), case_ref(id))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    // A case with no invitation has nothing to answer.
    let mut own = app.sign_in("other@example.test").await;
    let mut body = support::cases::remortgaging_body("ignored@example.test", "x");
    body.as_object_mut().unwrap().remove("client");
    let created = own.post("/api/remortgaging/case", body).await;
    assert_eq!(created.status, StatusCode::CREATED, "{:?}", created.body);
    let mine = created.body["caseId"].as_i64().unwrap();
    let res = own
        .post(
            &format!("/api/remortgaging/{mine}/invitation/respond"),
            json!({ "accepted": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
}

async fn a_lender_s_invitation_is_accepted_without_a_quote(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let lender = app
        .create_user("lender@firm.test", "ROLE_BROKER", true)
        .await;
    app.set_lender(lender.id).await;
    let mut broker = app.sign_in("lender@firm.test").await;
    let id = create_remortgaging(&mut broker, "lee@example.test", "Lee Owner").await;
    let res = broker.post("/api/quote/send", case_ref(id)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let feed = wait_for_feed(&app, "lee@example.test", 1).await;
    assert_eq!(feed[0].data.0["isLender"], true);
    let mut lee = app.sign_in("lee@example.test").await;
    let res = lee
        .post(
            &format!("/api/remortgaging/{id}/invitation/respond"),
            json!({ "accepted": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "CUSTOMER_APPLICATION");
}

/// The feed worker can deliver a resend's item after the invitee has answered (the e-mail and
/// the feed item are separate jobs): it must not reopen the modal.
async fn an_invitation_item_delivered_after_the_answer_is_not_added(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, id) = sent_case(&app).await;
    let before = wait_for_feed(&app, "cara@example.test", 1).await;
    let mut cara = app.sign_in("cara@example.test").await;
    let res = cara
        .post(
            &format!("/api/remortgaging/{id}/invitation/respond"),
            json!({ "accepted": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let user = app
        .db
        .user_by_email("cara@example.test")
        .await
        .unwrap()
        .unwrap();
    let late = threshold_store::effects::NewFeedItem {
        user_id: user.id,
        case_id: Some(id),
        kind: "case-quote",
        data: &json!({ "caseId": id }),
        effect_id: None,
    };
    app.db
        .add_invitation_feed_item(&late, chrono::Utc::now())
        .await
        .unwrap();
    let after = app.db.feed_items(user.id).await.unwrap();
    assert_eq!(
        after.iter().map(|i| i.id).collect::<Vec<_>>(),
        before.iter().map(|i| i.id).collect::<Vec<_>>()
    );
}

/// A first delivery retried while the resend's delivery runs, many times over: whatever order
/// they run in, the invitee is left with exactly one item, the newest (a CI run that lost both
/// items left the client with no quote modal; one that saw both, between the insert and the
/// archive, made them one transaction).
async fn deliveries_of_a_resent_quote_running_at_once_leave_the_newest_item(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, id) = sent_case(&app).await;
    let first = wait_for_feed(&app, "cara@example.test", 1).await;
    let user = app
        .db
        .user_by_email("cara@example.test")
        .await
        .unwrap()
        .unwrap();
    let data = json!({ "caseId": id, "caseType": "REMORTGAGING" });
    let item = threshold_store::effects::NewFeedItem {
        user_id: user.id,
        case_id: Some(id),
        kind: "case-quote",
        data: &data,
        effect_id: None,
    };
    let now = chrono::Utc::now();
    // Many deliveries at once: still one item, the newest row, newer than the first.
    let deliveries = (0..8).map(|_| app.db.add_invitation_feed_item(&item, now));
    for delivered in futures::future::join_all(deliveries).await {
        delivered.unwrap();
    }
    let left = app.db.feed_items(user.id).await.unwrap();
    assert_eq!(left.len(), 1, "{left:?}");
    let newest = app
        .scalar("SELECT MAX(id) FROM feed_items WHERE kind = 'case-quote'")
        .await;
    assert_eq!(left[0].id, newest);
    assert!(newest > first[0].id);
}

/// The latest quote's id, as the caller sees it.
async fn latest_quote_id(client: &mut Client, id: i64) -> i64 {
    let res = client
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body["id"].as_i64().unwrap()
}

async fn quote_05_a_reported_issue_reaches_the_broker(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, id) = sent_case(&app).await;
    app.create_user("broker2@firm.test", "ROLE_BROKER", true)
        .await;
    let mut cara = app.sign_in("cara@example.test").await;
    let quote = latest_quote_id(&mut cara, id).await;
    let report = format!("/api/quote/{quote}/report-issue");
    let body = json!({ "caseType": "REMORTGAGING", "caseId": id,
                       "message": "  The search fee is twice what you said.\n  " });
    let res = cara.post(&report, body).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    // The broker: an e-mail that sends them to the quote (the message stays in the app)...
    wait_for_subject(&app, "broker@firm.test", "reported an issue with the quote").await;
    let mail = threshold_api::mailbox::read_outbox(&app.outbox)
        .unwrap()
        .into_iter()
        .find(|m| m.to == "broker@firm.test" && m.subject.contains("reported an issue"))
        .unwrap();
    assert!(!mail.text.contains("search fee"), "{}", mail.text);
    // ... a feed item ...
    let feed = wait_for_feed(&app, "broker@firm.test", 1).await;
    assert_eq!(feed[0].kind, "case-notification");
    assert_eq!(feed[0].case_id, Some(id));
    // ... and the message with the quote, trimmed, with who sent it.
    let res = broker
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    let issues = res.body["reportedIssues"].as_array().unwrap();
    assert_eq!(issues.len(), 1, "{:?}", res.body);
    assert_eq!(
        issues[0]["message"],
        "The search fee is twice what you said."
    );
    assert_eq!(issues[0]["reportedBy"], "Cara Client");
    // The customer reads their own report back.
    let res = cara
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    assert_eq!(res.body["reportedIssues"].as_array().unwrap().len(), 1);
    // Recorded in the audit trail without the words.
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let reported: Vec<_> = audit
        .iter()
        .filter(|e| e.action == "case.quote_issue_reported")
        .collect();
    assert_eq!(reported.len(), 1);
    assert!(!reported[0].detail.0.to_string().contains("search fee"));
}

async fn only_the_case_s_customers_may_report_an_issue(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, id) = sent_case(&app).await;
    let quote = latest_quote_id(&mut broker, id).await;
    let report = format!("/api/quote/{quote}/report-issue");
    let body = || json!({ "caseType": "REMORTGAGING", "caseId": id, "message": "Too dear" });
    // The case's own broker writes to the client another way; other firms and customers do
    // not see the case at all.
    let res = broker.post(&report, body()).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    let mut rival = app.sign_in("rival@other.test").await;
    assert_eq!(
        rival.post(&report, body()).await.status,
        StatusCode::NOT_FOUND
    );
    app.create_user("other@example.test", "ROLE_USER", true)
        .await;
    let mut other = app.sign_in("other@example.test").await;
    assert_eq!(
        other.post(&report, body()).await.status,
        StatusCode::NOT_FOUND
    );
    app.create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    let mut staff = app.sign_in("conveyancer@threshold.test").await;
    assert_eq!(
        staff.post(&report, body()).await.status,
        StatusCode::FORBIDDEN
    );
    let mut anonymous = app.client();
    assert_eq!(
        anonymous.post(&report, body()).await.status,
        StatusCode::UNAUTHORIZED
    );
    // The customer: bad input is named; another quote than the case's latest is not found.
    let mut cara = app.sign_in("cara@example.test").await;
    for (message, problem) in [
        (json!("   "), "is required"),
        (json!("x".repeat(2001)), "must be at most 2000 characters"),
    ] {
        let res = cara
            .post(
                &report,
                json!({ "caseType": "REMORTGAGING", "caseId": id, "message": message }),
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{:?}",
            res.body
        );
        assert!(
            res.body.to_string().contains("message") && res.body.to_string().contains(problem),
            "{:?}",
            res.body
        );
    }
    let res = cara
        .post(&format!("/api/quote/{}/report-issue", quote + 1000), body())
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let res = cara
        .post(
            &report,
            json!({ "caseType": "REMORTGAGING", "caseId": id + 1000, "message": "x" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    // Nothing reached the broker from any of these.
    let res = broker
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    assert_eq!(res.body["reportedIssues"], json!([]));
}
