//! Issue 32, part 1: one conversation per case. The customers, their broker and the firm write
//! in the PARTIES thread; the broker and the firm in BROKER_FIRM, which the customers never
//! see; the firm alone in FIRM_INTERNAL. A customer's or broker's message waits for the firm's
//! reply, due one working day later (England and Wales: weekends and bank holidays aside), and
//! the work queue shows the cases waiting and those overdue first. Read receipts, e-mail
//! notification (the message stays in the app), the audit trail by id; who may and who may
//! not, bad input by field; on both databases. A purchase's gift donor has their own thread
//! with the firm, which nobody else on the case sees.

use crate::support;

use chrono::{DateTime, Duration, Utc};
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::purchase::{GINA, add_donor, add_source, with_buyer_details};
use support::remortgage::{CARA, customer_case};
use support::staff::enrolled_conveyancer;
use support::{Backend, Client, TestApp};
use threshold_engine::working_days::working_days_after;

on_both_databases!(
    the_parties_write_and_the_firm_replies_within_a_working_day,
    who_may_read_and_write_each_thread,
    an_open_conversation_hears_of_each_change,
    a_message_carries_documents_of_the_case_its_readers_may_see,
    a_gift_donor_writes_to_the_firm_alone,
);

fn thread_path(id: i64, channel: &str) -> String {
    format!("/api/conversations/remortgaging/{id}/{channel}")
}

async fn write(client: &mut Client, path: &str, body: &str) -> i64 {
    let res = client.post(path, json!({ "body": body })).await;
    assert_eq!(res.status, StatusCode::CREATED, "{path}: {:?}", res.body);
    res.body["id"].as_i64().unwrap()
}

/// `PUT {thread}/read` up to the message `up_to`.
async fn read_up_to(client: &mut Client, thread: &str, up_to: i64) -> support::Res {
    client
        .send(
            Method::PUT,
            &format!("{thread}/read"),
            Some(json!({ "upTo": up_to })),
            Default::default(),
        )
        .await
}

async fn mark_read(client: &mut Client, thread: &str, up_to: i64) -> StatusCode {
    read_up_to(client, thread, up_to).await.status
}

async fn conversation(client: &mut Client, path: &str) -> Value {
    let res = client.get(path).await;
    assert_eq!(res.status, StatusCode::OK, "{path}: {:?}", res.body);
    res.body
}

fn channels(conversation: &Value) -> Vec<&str> {
    conversation["threads"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["channel"].as_str().unwrap())
        .collect()
}

fn thread<'a>(conversation: &'a Value, channel: &str) -> &'a Value {
    conversation["threads"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["channel"] == channel)
        .unwrap_or_else(|| panic!("no {channel} thread in {conversation}"))
}

/// Strangers to every case: another firm's broker and another customer, signed in.
async fn strangers(app: &TestApp) -> (Client, Client) {
    let rival = app.sign_in("rival@other.test").await;
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    (rival, app.sign_in("stranger@example.test").await)
}

async fn waiting_in_queue(connie: &mut Client, filter: &str) -> Vec<Value> {
    let res = connie
        .get(&format!(
            "/api/staff/cases?reply={filter}&sortBy=REPLY_DUE_AT&sortDirection=ASC"
        ))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body["items"].as_array().unwrap().clone()
}

async fn the_parties_write_and_the_firm_replies_within_a_working_day(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = customer_case(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let mine = format!("/api/conversations/remortgaging/{id}");
    let firms = format!("/api/staff/cases/remortgaging/{id}/conversation");

    // Each sees the threads open to them.
    assert_eq!(channels(&conversation(&mut cara, &mine).await), ["PARTIES"]);
    assert_eq!(
        channels(&conversation(&mut broker, &mine).await),
        ["PARTIES", "BROKER_FIRM"]
    );
    let seen = conversation(&mut connie, &firms).await;
    assert_eq!(channels(&seen), ["PARTIES", "BROKER_FIRM", "FIRM_INTERNAL"]);
    assert_eq!(seen["replyDueAt"], Value::Null);
    assert_eq!(seen["replyWithinWorkingDays"], 1);

    // Cara asks; the firm's reply is due a working day after her message.
    let asked = write(
        &mut cara,
        &thread_path(id, "parties"),
        "  When will the lender send the offer?\nThanks  ",
    )
    .await;
    let seen = conversation(&mut broker, &mine).await;
    let message = &thread(&seen, "PARTIES")["messages"][0];
    assert_eq!(message["id"], asked);
    assert_eq!(
        message["body"],
        "When will the lender send the offer?\nThanks"
    );
    assert_eq!(message["authorSide"], "CUSTOMER");
    assert_eq!(message["authorName"], "Cara Client");
    assert_eq!(message["mine"], false);
    let written: DateTime<Utc> = message["createdAt"].as_str().unwrap().parse().unwrap();
    let due: DateTime<Utc> = seen["replyDueAt"].as_str().unwrap().parse().unwrap();
    assert_eq!(due, working_days_after(written, 1));
    assert_eq!(seen["replyOverdue"], false);
    // The case's conveyancer (the team, while nobody has it) is reminded when the reply falls due.
    let reminders = app.waiting_reminders(id, "reply_overdue").await;
    assert_eq!(reminders.len(), 1, "{reminders:?}");
    assert_eq!(reminders[0]["to"], "ASSIGNED_CONVEYANCER");
    assert_eq!(reminders[0]["awaitsReply"], true);
    let reminded_at: DateTime<Utc> = reminders[0]["dueAt"].as_str().unwrap().parse().unwrap();
    assert_eq!(reminded_at, due);
    assert!(due - written >= Duration::days(1), "{written} → {due}");
    assert_eq!(
        thread(&conversation(&mut cara, &mine).await, "PARTIES")["messages"][0]["mine"],
        true
    );

    // The broker and the firm hear of it by e-mail; the e-mail does not carry the message.
    for to in ["broker@firm.test", support::staff::CONNIE] {
        let mail = app
            .mail_with_subject(to, &format!("New message about case {id}"))
            .await;
        assert!(
            !mail.text.contains("lender send the offer"),
            "{}",
            mail.text
        );
    }

    // The queue shows the case waiting for the firm's reply, not yet overdue.
    let waiting = waiting_in_queue(&mut connie, "waiting").await;
    let item = waiting.iter().find(|c| c["id"] == id).expect("waiting");
    assert_eq!(item["replyDueAt"], seen["replyDueAt"]);
    assert_eq!(item["replyOverdue"], false);
    assert!(waiting_in_queue(&mut connie, "overdue").await.is_empty());

    // The broker's note to the firm is not the customers' to read; a second message does not
    // move the reply's due time (the oldest unanswered one counts).
    write(
        &mut broker,
        &thread_path(id, "broker-firm"),
        "Client is anxious about the rate expiring.",
    )
    .await;
    assert_eq!(channels(&conversation(&mut cara, &mine).await), ["PARTIES"]);
    assert_eq!(
        conversation(&mut connie, &firms).await["replyDueAt"],
        seen["replyDueAt"]
    );

    // Past the promise, the case is overdue in the queue (the clock moved on directly).
    support::cases::set_case(&app, id, "reply_due_at", Utc::now() - Duration::hours(1)).await;
    let overdue = waiting_in_queue(&mut connie, "overdue").await;
    assert_eq!(overdue.len(), 1);
    assert_eq!(overdue[0]["id"], id);
    assert_eq!(overdue[0]["replyOverdue"], true);
    assert_eq!(conversation(&mut cara, &mine).await["replyOverdue"], true);
    app.exec("UPDATE case_effects SET due_at = created_at WHERE due_at IS NOT NULL")
        .await;
    let reminder = app
        .mail_with_subject(support::staff::CONNIE, "is waiting for our reply")
        .await;
    assert!(
        reminder
            .text
            .contains(&format!("/staff/cases/remortgaging/{id}"))
    );
    assert!(!reminder.text.contains("lender send the offer"));

    // An internal note answers nobody; the firm's reply in the thread does.
    let note = format!("{firms}/firm-internal");
    write(&mut connie, &note, "Chase the lender tomorrow.").await;
    assert_eq!(waiting_in_queue(&mut connie, "waiting").await.len(), 1);
    let replied = write(
        &mut connie,
        &format!("{firms}/parties"),
        "The lender expects to send it this week.",
    )
    .await;
    assert!(waiting_in_queue(&mut connie, "waiting").await.is_empty());
    assert_eq!(
        conversation(&mut cara, &mine).await["replyDueAt"],
        Value::Null
    );
    let mail = app
        .mail_with_subject(CARA, &format!("New message about case {id}"))
        .await;
    assert!(mail.text.contains("Read it and reply on the case page"));

    // Read receipts: Cara has read the firm's reply; the firm sees so, she does not see her own.
    let res = read_up_to(&mut cara, &thread_path(id, "parties"), replied).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let seen = conversation(&mut connie, &firms).await;
    let receipts = &thread(&seen, "PARTIES")["readByOthers"];
    assert_eq!(receipts[0]["name"], "Cara Client");
    assert_eq!(receipts[0]["side"], "CUSTOMER");
    assert_eq!(receipts[0]["lastReadMessageId"], replied);
    assert_eq!(
        thread(&conversation(&mut cara, &mine).await, "PARTIES")["readByOthers"],
        json!([])
    );
    // A read receipt never moves back.
    let res = read_up_to(&mut cara, &thread_path(id, "parties"), asked).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let seen = conversation(&mut connie, &firms).await;
    assert_eq!(
        thread(&seen, "PARTIES")["readByOthers"][0]["lastReadMessageId"],
        replied
    );

    // The audit trail names each message by id, never its words.
    let audited: Vec<(String, Value)> = app
        .db
        .audit_for("case", &id.to_string())
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.action.contains("_message_by_"))
        .map(|e| (e.action, e.detail.0))
        .collect();
    assert_eq!(audited.len(), 4, "{audited:?}");
    for (_, detail) in &audited {
        assert!(detail["messageId"].is_i64(), "{detail}");
        assert!(!detail.to_string().contains("lender"), "{detail}");
    }
    assert!(
        audited
            .iter()
            .any(|(a, d)| a == "case.parties_message_by_customer" && d["messageId"] == asked)
    );
    // The firm's export of the case's history carries each message beside its line.
    let (status, _, csv) = connie
        .get_bytes(&format!("/api/staff/cases/remortgaging/{id}/audit.csv"))
        .await;
    assert_eq!(status, StatusCode::OK);
    let csv = String::from_utf8(csv).unwrap();
    assert!(
        csv.contains("\"PARTIES: When will the lender send the offer?\nThanks\""),
        "{csv}"
    );
    assert!(
        csv.contains("FIRM_INTERNAL: Chase the lender tomorrow."),
        "{csv}"
    );

    // A reminder lapses once the firm has replied: Cara thanks the firm, the firm answers, and
    // the reminder of her thanks, due now, is not sent.
    let sent = reminders_to_connie(&app);
    write(&mut cara, &thread_path(id, "parties"), "Thank you!").await;
    write(&mut connie, &format!("{firms}/parties"), "You're welcome.").await;
    app.exec("UPDATE case_effects SET due_at = created_at WHERE due_at IS NOT NULL")
        .await;
    support::worker::wait_for(
        "every effect handed on",
        std::time::Duration::from_secs(10),
        async || app.db.due_effects(Utc::now(), 10).await.unwrap().is_empty(),
    )
    .await;
    tokio::time::sleep(std::time::Duration::from_millis(1000)).await;
    assert_eq!(reminders_to_connie(&app), sent);
}

/// How many reminders of a reply overdue reached Connie.
fn reminders_to_connie(app: &TestApp) -> usize {
    threshold_api::mailbox::read_outbox(&app.outbox)
        .unwrap_or_default()
        .into_iter()
        .filter(|m| {
            m.to == support::staff::CONNIE && m.subject.contains("is waiting for our reply")
        })
        .count()
}

async fn who_may_read_and_write_each_thread(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = customer_case(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let mine = format!("/api/conversations/remortgaging/{id}");
    let parties = thread_path(id, "parties");
    let hello = json!({ "body": "Hello" });

    // Strangers to the case see nothing; staff use the back office.
    let (mut rival, mut stranger) = strangers(&app).await;
    for (who, client, status) in [
        ("another customer", &mut stranger, StatusCode::NOT_FOUND),
        ("another firm's broker", &mut rival, StatusCode::NOT_FOUND),
        ("staff", &mut connie, StatusCode::FORBIDDEN),
    ] {
        assert_eq!(client.get(&mine).await.status, status, "{who} reads");
        assert_eq!(
            client.post(&parties, hello.clone()).await.status,
            status,
            "{who} writes"
        );
        assert_eq!(
            mark_read(client, &parties, 1).await,
            status,
            "{who} marks read"
        );
    }
    let mut anonymous = app.client();
    assert_eq!(anonymous.get(&mine).await.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        anonymous.post(&parties, hello.clone()).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        mark_read(&mut anonymous, &parties, 1).await,
        StatusCode::UNAUTHORIZED
    );
    // The customers may not write in, or read, the broker's and the firm's threads.
    for channel in ["broker-firm", "firm-internal"] {
        let res = cara.post(&thread_path(id, channel), hello.clone()).await;
        assert_eq!(
            res.status,
            StatusCode::FORBIDDEN,
            "{channel}: {:?}",
            res.body
        );
        let path = thread_path(id, channel);
        assert_eq!(
            mark_read(&mut cara, &path, 1).await,
            StatusCode::FORBIDDEN,
            "{channel} marked read"
        );
    }
    let res = broker
        .post(&thread_path(id, "firm-internal"), hello.clone())
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    for path in [
        thread_path(id, "gossip"),
        format!("/api/conversations/mortgages/{id}/parties"),
        format!("/api/conversations/buying/{id}/parties"),
        thread_path(999_999, "parties"),
    ] {
        let res = cara.post(&path, hello.clone()).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}: {:?}", res.body);
    }

    // Bad input, by field.
    for (body, why) in [
        (json!({ "body": " \n " }), Some("is required")),
        (
            json!({ "body": "x".repeat(5001) }),
            Some("must be at most 5000 characters"),
        ),
        (json!({ "body": "ring\u{7}" }), None),
        (json!({}), None),
        (json!({ "body": 5 }), None),
    ] {
        let res = cara.post(&parties, body.clone()).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
        let field = res.field_error("body");
        assert!(field.is_some(), "{body}: {:?}", res.body);
        if let Some(why) = why {
            assert_eq!(field, Some(why), "{body}");
        }
    }
    let written = write(&mut cara, &parties, &"x".repeat(5000)).await;
    let res = read_up_to(&mut cara, &parties, 999_999).await;
    assert!(res.field_error("upTo").is_some(), "{:?}", res.body);
    assert_eq!(
        mark_read(&mut broker, &parties, written).await,
        StatusCode::NO_CONTENT
    );

    // The conversation goes on once the case is closed: questions follow completion.
    support::cases::set_case(&app, id, "status", "COMPLETED").await;
    write(&mut cara, &parties, "Have the deeds been registered?").await;

    // The back office's routes are the firm's alone.
    let firms = format!("/api/staff/cases/remortgaging/{id}/conversation");
    for (who, client) in [("the customer", &mut cara), ("the broker", &mut broker)] {
        assert_eq!(
            client.get(&firms).await.status,
            StatusCode::FORBIDDEN,
            "{who}"
        );
        let res = client
            .post(&format!("{firms}/parties"), hello.clone())
            .await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{who}");
    }
    assert_eq!(anonymous.get(&firms).await.status, StatusCode::UNAUTHORIZED);
    let res = connie.post(&format!("{firms}/gossip"), hello.clone()).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

/// Reads the event stream until a `changed` event arrives (10 s at most).
async fn next_change(events: &mut reqwest::Response) {
    let mut seen = String::new();
    tokio::time::timeout(std::time::Duration::from_secs(10), async {
        while !seen.contains("event: changed") {
            let chunk = events.chunk().await.unwrap().expect("the stream ended");
            seen.push_str(&String::from_utf8_lossy(&chunk));
        }
    })
    .await
    .unwrap_or_else(|_| panic!("no change heard; the stream said {seen:?}"));
}

/// Reads the event stream for a while: no `changed` event arrives.
async fn no_change_within(events: &mut reqwest::Response, wait: std::time::Duration) {
    let mut seen = String::new();
    let heard = tokio::time::timeout(wait, async {
        while !seen.contains("event: changed") {
            match events.chunk().await {
                Ok(Some(chunk)) => seen.push_str(&String::from_utf8_lossy(&chunk)),
                _ => return,
            }
        }
    })
    .await;
    assert!(heard.is_err(), "a change was heard: {seen:?}");
}

/// Server-sent events keep an open conversation live: the customer's page hears of the
/// broker's message and the firm's, the firm's page of the customer's read receipt; strangers
/// hear nothing (on PostgreSQL every process hears through NOTIFY). Each user's feed stream
/// hears of the items the messages add to their feed, and only of theirs.
async fn an_open_conversation_hears_of_each_change(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = customer_case(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let mine = format!("/api/conversations/remortgaging/{id}/events");
    let firms = format!("/api/staff/cases/remortgaging/{id}/conversation");

    let mut hers = cara.stream(&mine).await;
    assert_eq!(hers.status(), StatusCode::OK);
    assert_eq!(
        hers.headers()["content-type"].to_str().unwrap(),
        "text/event-stream"
    );
    let mut the_firms = connie.stream(&format!("{firms}/events")).await;
    assert_eq!(the_firms.status(), StatusCode::OK);
    // Each one's notification feed is live too: the badge moves as an item arrives.
    app.settled().await;
    let mut her_feed = cara.stream("/api/feed/events").await;
    assert_eq!(her_feed.status(), StatusCode::OK);
    let mut his_feed = broker.stream("/api/feed/events").await;

    let written = write(&mut broker, &thread_path(id, "parties"), "Hello Cara").await;
    next_change(&mut hers).await;
    next_change(&mut the_firms).await;
    next_change(&mut her_feed).await;
    // The broker's own message is no item of his feed: his stream hears nothing of hers.
    no_change_within(&mut his_feed, std::time::Duration::from_millis(1500)).await;
    write(&mut connie, &format!("{firms}/parties"), "Hello both").await;
    next_change(&mut hers).await;
    next_change(&mut his_feed).await;
    let res = read_up_to(&mut cara, &thread_path(id, "parties"), written).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    next_change(&mut the_firms).await;

    // Who may not listen.
    let mut rival = app.sign_in("rival@other.test").await;
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    let stranger = app.sign_in("stranger@example.test").await;
    for (who, client, path, status) in [
        ("another customer", &stranger, &mine, StatusCode::NOT_FOUND),
        (
            "staff on the customers' stream",
            &connie,
            &mine,
            StatusCode::FORBIDDEN,
        ),
        (
            "the customer on the firm's",
            &cara,
            &format!("{firms}/events"),
            StatusCode::FORBIDDEN,
        ),
        ("anonymous", &app.client(), &mine, StatusCode::UNAUTHORIZED),
        (
            "anonymous on the feed's",
            &app.client(),
            &"/api/feed/events".to_owned(),
            StatusCode::UNAUTHORIZED,
        ),
    ] {
        assert_eq!(client.stream(path).await.status(), status, "{who}");
    }
    assert_eq!(rival.get(&mine).await.status, StatusCode::NOT_FOUND);
}

/// A message carries documents of the case: a file uploaded with it (CORRESPONDENCE) or one
/// the case has; the thread's readers see them and download them through the document's own
/// checks. Never another case's document, a draft, or a person's identity evidence, except in
/// the firm's own notes; at most five.
async fn a_message_carries_documents_of_the_case_its_readers_may_see(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = customer_case(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let mine = format!("/api/conversations/remortgaging/{id}");
    let parties = thread_path(id, "parties");
    let letter = support::upload_pdf(&mut cara, "REMORTGAGING", id, "CORRESPONDENCE").await;
    let letter = letter["documentId"].as_i64().unwrap();
    let statement = support::upload_pdf(&mut cara, "REMORTGAGING", id, "BANK_STATEMENT").await;
    let statement = statement["documentId"].as_i64().unwrap();

    let res = cara
        .post(
            &parties,
            json!({ "body": "The lender's letter and my statement", "attachments": [letter, statement, letter] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let written = res.body["id"].as_i64().unwrap();
    let seen = conversation(&mut broker, &mine).await;
    let carried = &thread(&seen, "PARTIES")["messages"][0]["attachments"];
    assert_eq!(carried.as_array().unwrap().len(), 2, "{carried}");
    assert_eq!(carried[0]["documentId"], letter);
    assert_eq!(carried[0]["documentType"], "CORRESPONDENCE");
    assert_eq!(carried[0]["fileName"], "scan.pdf");
    let (status, _, bytes) = broker.get_bytes(&format!("/api/document/{letter}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(bytes.starts_with(b"%PDF"));
    // The audit line names the documents beside the message's id.
    let audited = app
        .db
        .audit_for("case", &id.to_string())
        .await
        .unwrap()
        .into_iter()
        .find(|e| e.detail.0["messageId"] == written)
        .expect("the message's audit line");
    assert_eq!(audited.detail.0["attachments"], json!([letter, statement]));

    // What may not travel with a message, by field.
    let other_case =
        support::cases::create_remortgaging(&mut broker, "olly@example.test", "Olly Other").await;
    let elsewhere =
        support::upload_pdf(&mut broker, "REMORTGAGING", other_case, "BANK_STATEMENT").await;
    let passport = support::upload_pdf(&mut cara, "REMORTGAGING", id, "PHOTO_ID").await;
    let passport = passport["documentId"].as_i64().unwrap();
    for (attachments, why) in [
        (json!([elsewhere["documentId"]]), "another case's document"),
        (json!([999_999]), "no such document"),
        (
            json!([passport]),
            "identity evidence in front of the broker",
        ),
        (
            json!([letter, statement, passport, 1, 2, 3]),
            "six documents",
        ),
    ] {
        let res = cara
            .post(
                &parties,
                json!({ "body": "See attached", "attachments": attachments }),
            )
            .await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{why}: {:?}",
            res.body
        );
        assert!(
            res.field_error("attachments").is_some(),
            "{why}: {:?}",
            res.body
        );
    }
    let res = cara
        .post(
            &parties,
            json!({ "body": "See attached", "attachments": ["letter"] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.field_error("attachments[0]").is_some(),
        "{:?}",
        res.body
    );
    // The message box offers what may travel in each thread, by the same rule.
    let offered = |seen: &Value, channel: &str| -> Vec<i64> {
        thread(seen, channel)["attachable"]
            .as_array()
            .unwrap()
            .iter()
            .map(|d| d["documentId"].as_i64().unwrap())
            .collect()
    };
    let seen = conversation(&mut cara, &mine).await;
    assert_eq!(offered(&seen, "PARTIES"), [letter, statement]);
    let firms = conversation(
        &mut connie,
        &format!("/api/staff/cases/remortgaging/{id}/conversation"),
    )
    .await;
    assert!(offered(&firms, "FIRM_INTERNAL").contains(&passport));
    assert!(!offered(&firms, "BROKER_FIRM").contains(&passport));

    // The firm's own notes may carry what only the firm reads.
    let notes = format!("/api/staff/cases/remortgaging/{id}/conversation/firm-internal");
    let res = connie
        .post(
            &notes,
            json!({ "body": "ID checked against this", "attachments": [passport] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    // A document deleted later leaves the message without it.
    let res = cara
        .send(
            Method::DELETE,
            &format!("/api/document/{letter}"),
            None,
            Default::default(),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let seen = conversation(&mut cara, &mine).await;
    let carried = &thread(&seen, "PARTIES")["messages"][0]["attachments"];
    assert_eq!(
        carried,
        &json!([{ "documentId": statement, "fileName": "scan.pdf", "documentType": "BANK_STATEMENT" }])
    );
}

/// A gift donor writes to the firm about their gift in a thread of their own: the firm
/// answers (the donor is told by e-mail), and neither the buyers nor their broker see it; the
/// donor sees nothing else of the case, and sends only their own documents.
async fn a_gift_donor_writes_to_the_firm_alone(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut bea, id) = with_buyer_details(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    add_source(&mut bea, id, "GIFTS").await;
    let donor = add_donor(&mut bea, id).await;
    let mut gina = app.sign_in(GINA).await;
    let hers = format!("/api/conversations/buying/{id}");
    let gift_thread = format!("{hers}/donor-{donor}");

    let seen = conversation(&mut gina, &hers).await;
    assert_eq!(channels(&seen), ["DONOR"]);
    assert_eq!(thread(&seen, "DONOR")["path"], format!("donor-{donor}"));
    assert_eq!(thread(&seen, "DONOR")["promised"], true);
    assert_eq!(seen["replyDueAt"], Value::Null);
    let asked = write(
        &mut gina,
        &gift_thread,
        "Which account should the gift come from?",
    )
    .await;
    let seen = conversation(&mut gina, &hers).await;
    assert!(seen["replyDueAt"].is_string(), "{seen}");
    assert_eq!(thread(&seen, "DONOR")["messages"][0]["mine"], true);
    assert!(
        waiting_in_queue(&mut connie, "waiting&caseType=BUYING")
            .await
            .iter()
            .any(|c| c["id"] == id),
        "the donor's question waits for the firm"
    );

    // The buyers and their broker do not see the donor's thread, nor write in it.
    for (who, client) in [("the buyer", &mut bea), ("the broker", &mut broker)] {
        let seen = conversation(client, &hers).await;
        assert!(!channels(&seen).contains(&"DONOR"), "{who}: {seen}");
        let res = client.post(&gift_thread, json!({ "body": "Hi" })).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{who}: {:?}", res.body);
        assert_eq!(
            mark_read(client, &gift_thread, asked).await,
            StatusCode::FORBIDDEN,
            "{who}"
        );
    }
    // The donor writes nowhere else, and no stranger reaches the thread.
    for path in ["parties", "broker-firm", "firm-internal"] {
        let res = gina
            .post(&format!("{hers}/{path}"), json!({ "body": "Hi" }))
            .await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{path}: {:?}", res.body);
    }
    for path in [
        format!("{hers}/donor-999999"),
        format!("{hers}/donor-0{donor}"),
    ] {
        let res = gina.post(&path, json!({ "body": "Hi" })).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}: {:?}", res.body);
    }
    let remortgage = format!("/api/conversations/remortgaging/{id}");
    assert_eq!(gina.get(&remortgage).await.status, StatusCode::NOT_FOUND);
    let (mut rival, mut stranger) = strangers(&app).await;
    for (who, client, status) in [
        ("another customer", &mut stranger, StatusCode::NOT_FOUND),
        ("another firm's broker", &mut rival, StatusCode::NOT_FOUND),
        (
            "staff, outside the back office",
            &mut connie,
            StatusCode::FORBIDDEN,
        ),
        ("anonymous", &mut app.client(), StatusCode::UNAUTHORIZED),
    ] {
        assert_eq!(client.get(&hers).await.status, status, "{who} reads");
        let res = client.post(&gift_thread, json!({ "body": "Hi" })).await;
        assert_eq!(res.status, status, "{who} writes");
    }

    // The firm sees it by the donor's name and answers; the donor is told by e-mail.
    let firms = format!("/api/staff/cases/buying/{id}/conversation");
    let seen = conversation(&mut connie, &firms).await;
    let theirs = thread(&seen, "DONOR");
    assert_eq!(theirs["donorName"], "Gina Giver");
    assert_eq!(theirs["messages"][0]["authorSide"], "DONOR");
    write(
        &mut connie,
        &format!("{firms}/donor-{donor}"),
        "From the account your statements show, please.",
    )
    .await;
    let told = app
        .mail_with_subject(GINA, "New message about your gift")
        .await;
    assert!(
        !told.text.contains("Which account"),
        "the message stays in the app"
    );
    let seen = conversation(&mut gina, &hers).await;
    assert_eq!(seen["replyDueAt"], Value::Null, "answered");
    let answer = &thread(&seen, "DONOR")["messages"][1];
    assert_eq!(answer["authorSide"], "FIRM");
    assert_eq!(
        mark_read(&mut gina, &gift_thread, answer["id"].as_i64().unwrap()).await,
        StatusCode::NO_CONTENT
    );
    let seen = conversation(&mut connie, &firms).await;
    assert_eq!(thread(&seen, "DONOR")["readByOthers"][0]["side"], "DONOR");

    // In the donor's thread only what the donor uploaded travels: never the buyers' papers.
    let respond = format!("/api/buying/{id}/donor/invitation/respond");
    let res = gina.post(&respond, json!({ "accepted": true })).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let statement = support::upload_pdf(&mut gina, "BUYING", id, "GIFT_STATEMENT").await;
    let statement = statement["documentId"].as_i64().unwrap();
    let beas = support::upload_pdf(&mut bea, "BUYING", id, "BANK_STATEMENT").await;
    let beas = beas["documentId"].as_i64().unwrap();
    for (client, path) in [
        (&mut gina, gift_thread.clone()),
        (&mut connie, format!("{firms}/donor-{donor}")),
    ] {
        let res = client
            .post(
                &path,
                json!({ "body": "See attached", "attachments": [beas] }),
            )
            .await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{path}");
        assert!(res.field_error("attachments").is_some(), "{:?}", res.body);
    }
    let res = gina
        .post(
            &gift_thread,
            json!({ "body": "My statement", "attachments": [statement] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let seen = conversation(&mut connie, &firms).await;
    let last = thread(&seen, "DONOR")["messages"][2].clone();
    assert_eq!(last["attachments"][0]["documentId"], statement);
    // The message box offers the donor's own statements in their thread, and only those.
    assert_eq!(
        thread(&seen, "DONOR")["attachable"],
        json!([last["attachments"][0]])
    );
    assert!(
        thread(&seen, "PARTIES")["attachable"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["documentId"] == beas)
    );
    let hers_now = conversation(&mut gina, &hers).await;
    let offered = &thread(&hers_now, "DONOR")["attachable"];
    assert_eq!(offered.as_array().unwrap().len(), 1, "{offered}");
    assert_eq!(offered[0]["documentId"], statement);
}
