//! Settings (issue 15, point 3): a user reads and corrects their own details, keeps a history
//! of legal names, cannot change their date of birth once an application is submitted, and
//! changes their e-mail address through a link sent to the new one. Brokers change only
//! their name and phone number; nobody reaches another user's details.
//!
//! Issue 25, finding 6: asking for an e-mail change needs a session signed in with a link in
//! the last 10 minutes; confirming it ends every other session and mails the old address a
//! link that undoes it for 7 days (once), which ends every session too.

use crate::support;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::cases::{create_remortgaging, firm, set_case};
use support::{Backend, Client, TestApp};
use threshold_cases::Caller;
use threshold_engine::CaseType;
use threshold_store::users::User;

on_both_databases!(
    a_user_reads_their_own_details_and_nobody_elses,
    a_partial_save_changes_only_what_it_names_and_audits_no_values,
    a_partial_save_names_each_bad_field,
    a_new_legal_name_ends_the_current_one,
    a_previous_legal_name_can_be_deleted_but_never_the_current_one,
    the_date_of_birth_locks_once_an_application_is_submitted,
    a_case_cancelled_before_submission_does_not_lock_the_date_of_birth,
    an_email_change_is_confirmed_by_the_link_sent_to_the_new_address,
    a_used_replaced_expired_or_unknown_link_is_gone,
    an_address_taken_meanwhile_is_refused_at_confirmation,
    the_new_address_must_be_a_different_valid_one,
    brokers_change_only_their_name_and_phone,
    anonymous_callers_and_staff_are_refused,
    an_email_change_needs_a_sign_in_link_from_the_last_ten_minutes,
    who_may_ask_to_change_an_email_address,
    confirming_ends_every_other_session_and_mails_an_undo_link_to_the_old_address,
    the_undo_link_puts_the_old_address_back_and_ends_every_session,
    an_undo_link_works_once_for_seven_days_and_another_undo_closes_it,
);

const ABOUT_ANN: fn() -> Value = || {
    json!({ "preferredName": "Ann", "firstName": "Ann", "middleNames": null, "surname": "Smith",
            "phoneNumber": "07700 900123", "dateOfBirth": "1980-01-02" })
};

/// A customer who signed up and gave their details: their record and a signed-in client.
async fn onboarded_customer(app: &TestApp, email: &str) -> (User, Client) {
    let user = app.create_user(email, "ROLE_USER", false).await;
    let mut client = app.sign_in(email).await;
    let res = client.post(&path(&user), ABOUT_ANN()).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    (user, client)
}

fn path(user: &User) -> String {
    format!("/api/users/{}", user.id)
}

fn email_change_path(user: &User) -> String {
    format!("/api/users/{}/email-change", user.id)
}

fn conveyancer(user: &User) -> Caller {
    Caller::User {
        id: user.id,
        role: user.role,
        is_lender: false,
        firm_id: None,
    }
}

async fn a_user_reads_their_own_details_and_nobody_elses(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (ann, mut client) = onboarded_customer(&app, "ann@example.com").await;
    let bob = app.create_user("bob@example.com", "ROLE_USER", true).await;
    let res = client.get(&path(&ann)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let body = &res.body;
    assert_eq!(body["id"], ann.id.to_string());
    assert_eq!(body["preferredName"], "Ann");
    assert_eq!(body["email"], "ann@example.com");
    assert_eq!(body["isOnboarded"], true);
    assert_eq!(body["phoneNumber"], "+447700900123");
    assert_eq!(body["dateOfBirth"], "1980-01-02");
    assert_eq!(body["dateOfBirthLocked"], false);
    assert_eq!(body["canChangeLegalDetails"], true);
    assert_eq!(body["pendingEmailChange"], Value::Null);
    let names = body["legalNames"].as_array().unwrap();
    assert_eq!(names.len(), 1);
    assert_eq!(
        (
            &names[0]["firstName"],
            &names[0]["surname"],
            &names[0]["until"]
        ),
        (&json!("Ann"), &json!("Smith"), &Value::Null)
    );
    for res in [
        client.get(&path(&bob)).await,
        client
            .post(&path(&bob), json!({ "preferredName": "Hacked" }))
            .await,
        client
            .post(
                &email_change_path(&bob),
                json!({ "email": "evil@example.com" }),
            )
            .await,
    ] {
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    }
    let bob_now = app.db.user_by_id(bob.id).await.unwrap().unwrap();
    assert_eq!(bob_now.preferred_name, "Test Person");
    assert!(
        app.db
            .pending_email_change(bob.id, chrono::Utc::now())
            .await
            .unwrap()
            .is_none()
    );
}

async fn a_partial_save_changes_only_what_it_names_and_audits_no_values(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (ann, mut client) = onboarded_customer(&app, "ann@example.com").await;
    let res = client
        .post(&path(&ann), json!({ "phoneNumber": "020 7946 0958" }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["phoneNumber"], "+442079460958");
    assert_eq!(res.body["preferredName"], "Ann");
    assert_eq!(res.body["dateOfBirth"], "1980-01-02");
    assert_eq!(res.body["legalNames"].as_array().unwrap().len(), 1);
    let res = client
        .post(&path(&ann), json!({ "preferredName": "  Annie " }))
        .await;
    assert_eq!(res.body["preferredName"], "Annie");
    assert_eq!(res.body["phoneNumber"], "+442079460958");
    // The session's view follows.
    assert_eq!(
        client.get("/api/auth/me").await.body["user"]["preferredName"],
        "Annie"
    );
    // Saving what is already stored changes and audits nothing.
    let res = client
        .post(
            &path(&ann),
            json!({ "preferredName": "Annie", "phoneNumber": "+44 20 7946 0958" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK);
    let res = client.post(&path(&ann), json!({})).await;
    assert_eq!(res.status, StatusCode::OK);
    let events: Vec<_> = app
        .db
        .audit_for("user", &ann.id.to_string())
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.action == "user.details_changed")
        .collect();
    let fields: Vec<Value> = events
        .iter()
        .map(|e| e.detail.0["fields"].clone())
        .collect();
    assert_eq!(fields, [json!(["phoneNumber"]), json!(["preferredName"])]);
    for e in &events {
        assert_eq!(e.actor_user_id, Some(ann.id));
        let detail = e.detail.0.to_string();
        assert!(
            !detail.contains("Annie") && !detail.contains("7946"),
            "{detail}"
        );
    }
}

async fn a_partial_save_names_each_bad_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (ann, mut client) = onboarded_customer(&app, "ann@example.com").await;
    let res = client
        .post(
            &path(&ann),
            json!({ "preferredName": "A", "phoneNumber": "12", "dateOfBirth": "2020-01-01" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        res.field_error("preferredName"),
        Some("Your name must be at least 2 characters")
    );
    assert_eq!(
        res.field_error("phoneNumber"),
        Some("Enter a UK phone number, like 07700 900123")
    );
    assert_eq!(
        res.field_error("dateOfBirth"),
        Some("You must be 18 or over")
    );
    // A legal name is one detail: middle names alone bring the rest with them.
    let res = client
        .post(&path(&ann), json!({ "middleNames": "Jane" }))
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(res.field_error("firstName"), Some("First name is required"));
    assert_eq!(res.field_error("surname"), Some("Surname is required"));
    // Nothing was saved.
    let stored = app.db.user_by_id(ann.id).await.unwrap().unwrap();
    assert_eq!(stored.preferred_name, "Ann");
    assert_eq!(stored.phone_number.as_deref(), Some("+447700900123"));
    // Onboarding still needs every detail.
    let newcomer = app.create_user("new@example.com", "ROLE_USER", false).await;
    let mut newcomer_client = app.sign_in("new@example.com").await;
    let res = newcomer_client
        .post(&path(&newcomer), json!({ "preferredName": "Neo" }))
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(res.field_error("surname"), Some("Surname is required"));
    assert!(res.field_error("dateOfBirth").is_some());
    assert!(
        !app.db
            .user_by_id(newcomer.id)
            .await
            .unwrap()
            .unwrap()
            .is_onboarded
    );
}

async fn a_new_legal_name_ends_the_current_one(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (ann, mut client) = onboarded_customer(&app, "ann@example.com").await;
    let res = client
        .post(
            &path(&ann),
            json!({ "firstName": "Ann", "middleNames": "Marie", "surname": "Jones" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let names = res.body["legalNames"].as_array().unwrap().clone();
    assert_eq!(names.len(), 2);
    // Newest first: the current name has no end date, the previous one ends today.
    assert_eq!(names[0]["surname"], "Jones");
    assert_eq!(names[0]["middleNames"], "Marie");
    assert_eq!(names[0]["until"], Value::Null);
    assert_eq!(names[1]["surname"], "Smith");
    let until = names[1]["until"].as_str().expect("an end date");
    assert!(
        until.starts_with(&chrono::Utc::now().date_naive().to_string()),
        "{until}"
    );
    // The same name again is no change.
    let res = client
        .post(
            &path(&ann),
            json!({ "firstName": "Ann", "middleNames": "Marie", "surname": "Jones" }),
        )
        .await;
    assert_eq!(res.body["legalNames"].as_array().unwrap().len(), 2);
    let audit = app.db.audit_for("user", &ann.id.to_string()).await.unwrap();
    let changed: Vec<_> = audit
        .iter()
        .filter(|e| e.action == "user.details_changed")
        .collect();
    assert_eq!(changed.len(), 1);
    assert_eq!(changed[0].detail.0["fields"], json!(["legalName"]));
    assert!(!changed[0].detail.0.to_string().contains("Jones"));
}

/// CALLS-63, ENT-15 (legal name id): DELETE /user-legal-name/{id} removes an own former name from
/// `legalNames`.
async fn a_previous_legal_name_can_be_deleted_but_never_the_current_one(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (ann, mut client) = onboarded_customer(&app, "ann@example.com").await;
    let res = client
        .post(
            &path(&ann),
            json!({ "firstName": "Ann", "surname": "Jones" }),
        )
        .await;
    let names = res.body["legalNames"].as_array().unwrap().clone();
    let current = names[0]["id"].as_i64().unwrap();
    let previous = names[1]["id"].as_i64().unwrap();
    // Another user's previous name is not ours to see: 404.
    let (bob, mut bob_client) = onboarded_customer(&app, "bob@example.com").await;
    let res = bob_client
        .post(
            &path(&bob),
            json!({ "firstName": "Bob", "surname": "Brown" }),
        )
        .await;
    let bobs_previous = res.body["legalNames"][1]["id"].as_i64().unwrap();
    let res = client
        .delete(&format!("/api/user-legal-name/{bobs_previous}"))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(app.db.legal_names(bob.id).await.unwrap().len(), 2);
    for missing in ["999999", "abc"] {
        let res = client
            .delete(&format!("/api/user-legal-name/{missing}"))
            .await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{missing}");
    }
    let res = client
        .delete(&format!("/api/user-legal-name/{current}"))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "current_legal_name");
    let res = client
        .delete(&format!("/api/user-legal-name/{previous}"))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let names = client.get(&path(&ann)).await.body["legalNames"].clone();
    assert_eq!(names.as_array().unwrap().len(), 1);
    assert_eq!(names[0]["id"], current);
    let res = client
        .delete(&format!("/api/user-legal-name/{previous}"))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let audit = app.db.audit_for("user", &ann.id.to_string()).await.unwrap();
    assert!(audit.iter().any(|e| e.action == "user.legal_name_deleted"));
}

async fn the_date_of_birth_locks_once_an_application_is_submitted(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let staff = app
        .create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    let (ann, mut client) = onboarded_customer(&app, "ann@example.com").await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let case_id = create_remortgaging(&mut broker, "ann@example.com", "Ann Smith").await;
    // Before submission the date of birth is still hers to correct.
    set_case(&app, case_id, "status", "CUSTOMER_APPLICATION").await;
    assert_eq!(
        client.get(&path(&ann)).await.body["dateOfBirthLocked"],
        false
    );
    let res = client
        .post(&path(&ann), json!({ "dateOfBirth": "1980-01-03" }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // Submitted (the first status the workflow counts as submitted).
    set_case(&app, case_id, "status", "IDENTITY_VERIFICATION").await;
    let res = client.get(&path(&ann)).await;
    assert_eq!(res.body["dateOfBirthLocked"], true);
    let res = client
        .post(&path(&ann), json!({ "dateOfBirth": "1980-01-04" }))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "date_of_birth_locked");
    // The other details stay editable, and sending the stored date again is no change.
    let res = client
        .post(
            &path(&ann),
            json!({ "phoneNumber": "07700 900999", "dateOfBirth": "1980-01-03" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["dateOfBirth"], "1980-01-03");
    // Handed back to the customer, the application is no longer submitted: unlocked.
    app.cases
        .transition(
            &conveyancer(&staff),
            CaseType::Remortgaging,
            case_id,
            "return_application",
            Some("the date of birth is wrong"),
        )
        .await
        .unwrap();
    assert_eq!(
        client.get(&path(&ann)).await.body["dateOfBirthLocked"],
        false
    );
    // Cancelled after submission, it stays locked.
    set_case(&app, case_id, "status", "IDENTITY_VERIFICATION").await;
    app.cases
        .transition(
            &conveyancer(&staff),
            CaseType::Remortgaging,
            case_id,
            "cancel",
            Some("the customer withdrew"),
        )
        .await
        .unwrap();
    let res = client.get(&path(&ann)).await;
    assert_eq!(res.body["dateOfBirthLocked"], true);
    let res = client
        .post(&path(&ann), json!({ "dateOfBirth": "1980-01-04" }))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
}

async fn a_case_cancelled_before_submission_does_not_lock_the_date_of_birth(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let (ann, mut client) = onboarded_customer(&app, "ann@example.com").await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let case_id = create_remortgaging(&mut broker, "ann@example.com", "Ann Smith").await;
    set_case(&app, case_id, "status", "BROKER_APPLICATION").await;
    let res = broker
        .post(
            "/api/broker-cancel-case",
            json!({ "caseId": case_id, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // CANCELLED counts as submitted in the workflow file, but this case never was.
    let res = client.get(&path(&ann)).await;
    assert_eq!(res.body["dateOfBirthLocked"], false);
    let res = client
        .post(&path(&ann), json!({ "dateOfBirth": "1979-12-31" }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

/// Asks for a change to `new` and returns the token e-mailed there.
async fn request_change(app: &TestApp, client: &mut Client, user: &User, new: &str) -> String {
    let before = app
        .mails_to(new, 0)
        .await
        .iter()
        .filter(|m| m.links.iter().any(|l| l.contains("token=")))
        .count();
    let res = client
        .post(&email_change_path(user), json!({ "email": new }))
        .await;
    assert_eq!(res.status, StatusCode::ACCEPTED, "{:?}", res.body);
    app.link_token(new, before + 1).await
}

async fn an_email_change_is_confirmed_by_the_link_sent_to_the_new_address(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (ann, mut client) = onboarded_customer(&app, "ann@example.com").await;
    let res = client
        .post(
            &email_change_path(&ann),
            json!({ "email": " Ann.New@Example.COM " }),
        )
        .await;
    assert_eq!(res.status, StatusCode::ACCEPTED, "{:?}", res.body);
    assert_eq!(
        res.body["pendingEmailChange"]["email"],
        "ann.new@example.com"
    );
    let pending = client.get(&path(&ann)).await.body["pendingEmailChange"].clone();
    assert_eq!(pending["email"], "ann.new@example.com");
    // The link goes to the new address, to the confirm page.
    let mails = app.mails_to("ann.new@example.com", 1).await;
    let link = mails[0]
        .links
        .iter()
        .find(|l| l.contains("token="))
        .expect("a link")
        .clone();
    assert!(
        link.starts_with(&format!("{}/confirm-email?token=", app.base)),
        "{link}"
    );
    let token = app.link_token("ann.new@example.com", 1).await;
    // A notice goes to the current address, without the link.
    let notice = app.mails_to("ann@example.com", 2).await.pop().unwrap();
    assert!(
        notice.text.contains("a******@example.com"),
        "{}",
        notice.text
    );
    assert!(!notice.text.contains(&token));
    // Until confirmed nothing changes.
    assert_eq!(
        client.get("/api/auth/me").await.body["user"]["email"],
        "ann@example.com"
    );
    // The page redeems the token; it needs no session (the link may open in another browser).
    let res = app
        .client()
        .post("/api/email-change/confirm", json!({ "token": token }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["email"], "ann.new@example.com");
    // Confirmed from another browser: every session of the account has ended.
    assert_eq!(
        client.get(&path(&ann)).await.status,
        StatusCode::UNAUTHORIZED
    );
    // Signing in works with the new address, and the old one has no account any more.
    let mut fresh = app.sign_in("ann.new@example.com").await;
    assert_eq!(
        fresh.get("/api/auth/me").await.body["id"],
        ann.id.to_string()
    );
    let res = fresh.get(&path(&ann)).await;
    assert_eq!(res.body["email"], "ann.new@example.com");
    assert_eq!(res.body["pendingEmailChange"], Value::Null);
    // The old address is told, with a link that undoes the change.
    let undo = app.mails_to("ann@example.com", 3).await.pop().unwrap();
    assert!(undo.subject.contains("was changed"), "{}", undo.subject);
    let res = app
        .client()
        .post("/api/auth", json!({ "username": "ann@example.com" }))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let last = app.mails_to("ann@example.com", 4).await;
    assert!(
        last.iter()
            .any(|m| m.subject.contains("no Threshold account")),
        "{:?}",
        last.iter().map(|m| &m.subject).collect::<Vec<_>>()
    );
    // Audited: which detail, never the addresses.
    let audit = app.db.audit_for("user", &ann.id.to_string()).await.unwrap();
    let actions: Vec<_> = audit.iter().map(|e| e.action.as_str()).collect();
    assert!(
        actions.contains(&"user.email_change_requested"),
        "{actions:?}"
    );
    assert!(actions.contains(&"user.email_changed"), "{actions:?}");
    for e in &audit {
        assert!(
            !e.detail.0.to_string().contains("example.com"),
            "{:?}",
            e.detail
        );
    }
}

async fn a_used_replaced_expired_or_unknown_link_is_gone(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (ann, mut client) = onboarded_customer(&app, "ann@example.com").await;
    let confirm = |token: String| {
        let mut anon = app.client();
        async move {
            anon.post("/api/email-change/confirm", json!({ "token": token }))
                .await
        }
    };
    let gone = |res: &support::Res| {
        assert_eq!(res.status, StatusCode::GONE, "{:?}", res.body);
        assert_eq!(res.body["error"]["code"], "email_change_link_invalid");
    };
    gone(&confirm("not-a-token".into()).await);
    let res = confirm("x".repeat(500)).await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    // A newer request replaces the older link.
    let first = request_change(&app, &mut client, &ann, "one@example.com").await;
    let second = request_change(&app, &mut client, &ann, "two@example.com").await;
    gone(&confirm(first).await);
    assert_eq!(confirm(second.clone()).await.status, StatusCode::OK);
    // Used once, gone.
    gone(&confirm(second).await);
    // Expired after a day (confirming ended the session: sign in with the new address).
    let mut client = app.sign_in("two@example.com").await;
    let third = request_change(&app, &mut client, &ann, "three@example.com").await;
    app.exec("UPDATE email_changes SET expires_at = '2000-01-01T00:00:00Z' WHERE new_email = 'three@example.com'")
        .await;
    gone(&confirm(third).await);
    assert_eq!(
        app.db.user_by_id(ann.id).await.unwrap().unwrap().email,
        "two@example.com"
    );
}

async fn an_address_taken_meanwhile_is_refused_at_confirmation(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (ann, mut client) = onboarded_customer(&app, "ann@example.com").await;
    let token = request_change(&app, &mut client, &ann, "shared@example.com").await;
    app.create_user("shared@example.com", "ROLE_USER", true)
        .await;
    let res = app
        .client()
        .post("/api/email-change/confirm", json!({ "token": token }))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "email_taken");
    assert_eq!(
        app.db.user_by_id(ann.id).await.unwrap().unwrap().email,
        "ann@example.com"
    );
}

async fn the_new_address_must_be_a_different_valid_one(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (ann, mut client) = onboarded_customer(&app, "ann@example.com").await;
    for (email, message) in [
        ("", "Email address is required"),
        ("ann.example.com", "Must include @"),
        ("ANN@example.com", "This is already your e-mail address"),
    ] {
        let res = client
            .post(&email_change_path(&ann), json!({ "email": email }))
            .await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{email}");
        assert_eq!(res.field_error("email"), Some(message), "{email}");
    }
    let res = client
        .post(
            &email_change_path(&ann),
            json!({ "email": "x@example.com", "extra": 1 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    // A handful of requests an hour per account.
    for i in 0..5 {
        let res = client
            .post(
                &email_change_path(&ann),
                json!({ "email": format!("n{i}@example.com") }),
            )
            .await;
        assert_eq!(res.status, StatusCode::ACCEPTED, "{i}: {:?}", res.body);
    }
    let res = client
        .post(
            &email_change_path(&ann),
            json!({ "email": "n9@example.com" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
}

async fn brokers_change_only_their_name_and_phone(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    // A broker onboards like everyone (every detail)…
    let broker = app
        .create_user("broker@firm.test", "ROLE_BROKER", false)
        .await;
    let mut client = app.sign_in("broker@firm.test").await;
    let res = client.post(&path(&broker), ABOUT_ANN()).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["canChangeLegalDetails"], false);
    // …and then changes their name and phone number only.
    let res = client
        .post(
            &path(&broker),
            json!({ "preferredName": "Bea Broker", "phoneNumber": "020 7946 0000" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["preferredName"], "Bea Broker");
    for body in [
        json!({ "dateOfBirth": "1981-01-01" }),
        json!({ "firstName": "Bea", "surname": "Broker" }),
        json!({ "preferredName": "Bea", "middleNames": "X" }),
    ] {
        let res = client.post(&path(&broker), body.clone()).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{body}");
    }
    let stored = app.db.user_by_id(broker.id).await.unwrap().unwrap();
    assert_eq!(stored.preferred_name, "Bea Broker");
    assert_eq!(stored.date_of_birth.unwrap().to_string(), "1980-01-02");
    let name = app.db.legal_names(broker.id).await.unwrap()[0].id;
    let res = client.delete(&format!("/api/user-legal-name/{name}")).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    // Their e-mail address is how their firm and its clients reach them: support changes it.
    let res = client
        .post(
            &email_change_path(&broker),
            json!({ "email": "bea@firm.test" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    let res = client.get(&path(&broker)).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["pendingEmailChange"], Value::Null);
}

async fn anonymous_callers_and_staff_are_refused(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ann = app.create_user("ann@example.com", "ROLE_USER", true).await;
    let mut anon = app.client();
    for res in [
        anon.get(&path(&ann)).await,
        anon.post(&path(&ann), json!({ "preferredName": "X" }))
            .await,
        anon.delete("/api/user-legal-name/1").await,
        anon.post(
            &email_change_path(&ann),
            json!({ "email": "x@example.com" }),
        )
        .await,
    ] {
        assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{:?}", res.body);
    }
    // The conveyancing staff use the back office, not these calls.
    let staff = app
        .create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    let mut staff_client = app.sign_in("conveyancer@threshold.test").await;
    for res in [
        staff_client.get(&path(&staff)).await,
        staff_client
            .post(&path(&staff), json!({ "preferredName": "Stan" }))
            .await,
        staff_client.delete("/api/user-legal-name/1").await,
        staff_client
            .post(
                &email_change_path(&staff),
                json!({ "email": "stan@example.com" }),
            )
            .await,
    ] {
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    }
}

/// Makes every session of `user` look signed in `minutes` ago (its sign-in link redeemed then).
async fn signed_in_minutes_ago(app: &TestApp, user: &User, minutes: i64) {
    let at = chrono::Utc::now() - chrono::Duration::minutes(minutes);
    let sql = "UPDATE sessions SET created_at = $1 WHERE user_id = $2";
    match &app.db {
        threshold_store::Db::Sqlite(pool) => {
            sqlx::query(sql)
                .bind(at)
                .bind(user.id)
                .execute(pool)
                .await
                .unwrap();
        }
        threshold_store::Db::Postgres(pool) => {
            sqlx::query(sql)
                .bind(at)
                .bind(user.id)
                .execute(pool)
                .await
                .unwrap();
        }
    }
}

/// The token of the newest undo link mailed to `old`, once `count` of them have arrived.
async fn undo_token(app: &TestApp, old: &str, count: usize) -> String {
    for _ in 0..600 {
        // Newest first.
        let links: Vec<String> = threshold_api::mailbox::read_outbox(&app.outbox)
            .unwrap_or_default()
            .into_iter()
            .filter(|m| m.to == old)
            .flat_map(|m| m.links)
            .filter(|l| l.contains("/undo-email-change?token="))
            .collect();
        if links.len() >= count {
            assert!(
                links[0].starts_with(&format!("{}/undo-email-change?token=", app.base)),
                "{}",
                links[0]
            );
            let url = reqwest::Url::parse(&links[0]).unwrap();
            return url
                .query_pairs()
                .find(|(k, _)| k == "token")
                .unwrap()
                .1
                .into_owned();
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("expected {count} undo link(s) mailed to {old}");
}

async fn undo(client: &mut Client, token: &str) -> support::Res {
    client
        .post("/api/email-change/undo", json!({ "token": token }))
        .await
}

fn actions(audit: &[threshold_store::audit::StoredAuditEvent]) -> Vec<&str> {
    audit.iter().map(|e| e.action.as_str()).collect()
}

/// Issue 25, finding 6: a session signed in more than 10 minutes ago (or a copied cookie of
/// one) cannot move the account to another address; a fresh sign-in link can.
async fn an_email_change_needs_a_sign_in_link_from_the_last_ten_minutes(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (ann, mut client) = onboarded_customer(&app, "ann@example.com").await;
    signed_in_minutes_ago(&app, &ann, 11).await;
    let res = client
        .post(
            &email_change_path(&ann),
            json!({ "email": "ann.new@example.com" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "reauthentication_required");
    assert!(
        res.body["error"]["message"]
            .as_str()
            .unwrap()
            .contains("sign in again with a link"),
        "{:?}",
        res.body
    );
    // Nothing was recorded (so nothing is mailed), and the session goes on for everything else.
    assert!(
        app.db
            .pending_email_change(ann.id, chrono::Utc::now())
            .await
            .unwrap()
            .is_none()
    );
    let res = client.get(&path(&ann)).await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["pendingEmailChange"], Value::Null);
    // Signed in 9 minutes ago: fresh enough.
    signed_in_minutes_ago(&app, &ann, 9).await;
    let res = client
        .post(
            &email_change_path(&ann),
            json!({ "email": "ann.new@example.com" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::ACCEPTED, "{:?}", res.body);
    // Stale again: signing in anew with a link (as the settings page offers) is the way back.
    signed_in_minutes_ago(&app, &ann, 60).await;
    let res = client
        .post(
            &email_change_path(&ann),
            json!({ "email": "ann.other@example.com" }),
        )
        .await;
    assert_eq!(res.body["error"]["code"], "reauthentication_required");
    let mut fresh = app.sign_in("ann@example.com").await;
    let res = fresh
        .post(
            &email_change_path(&ann),
            json!({ "email": "ann.other@example.com" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::ACCEPTED, "{:?}", res.body);
    assert_eq!(
        res.body["pendingEmailChange"]["email"],
        "ann.other@example.com"
    );
}

/// The authorization rows for asking to change an address: only the account's own customer,
/// freshly signed in; everyone else is refused before freshness is even looked at.
async fn who_may_ask_to_change_an_email_address(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (ann, mut ann_client) = onboarded_customer(&app, "ann@example.com").await;
    let (_bob, mut bob) = onboarded_customer(&app, "bob@example.com").await;
    let broker = app
        .create_user("broker@firm.test", "ROLE_BROKER", true)
        .await;
    let conveyancer = app
        .create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    let admin = app
        .create_user("admin@threshold.test", "ROLE_ADMIN", true)
        .await;
    let mut anonymous = app.client();
    let broker_client = app.sign_in("broker@firm.test").await;
    let conveyancer_client = app.sign_in("conveyancer@threshold.test").await;
    let admin_client = app.sign_in("admin@threshold.test").await;
    let body = || json!({ "email": "moved@example.com" });
    let (anon, customer, broker_at, staff, admin_at) = (0, 1, 2, 3, 4);
    let mut clients = [
        anonymous.clone(),
        bob.clone(),
        broker_client,
        conveyancer_client,
        admin_client,
    ];
    #[rustfmt::skip]
    let rows = [
        ("anonymous", anon, &ann, StatusCode::UNAUTHORIZED, "unauthenticated"),
        ("another customer, freshly signed in", customer, &ann, StatusCode::FORBIDDEN, "forbidden"),
        ("a broker, their own", broker_at, &broker, StatusCode::FORBIDDEN, "forbidden"),
        ("a broker, a customer's", broker_at, &ann, StatusCode::FORBIDDEN, "forbidden"),
        ("a conveyancer, their own", staff, &conveyancer, StatusCode::FORBIDDEN, "forbidden"),
        ("a conveyancer, a customer's", staff, &ann, StatusCode::FORBIDDEN, "forbidden"),
        ("an administrator, their own", admin_at, &admin, StatusCode::FORBIDDEN, "forbidden"),
        ("an administrator, a customer's", admin_at, &ann, StatusCode::FORBIDDEN, "forbidden"),
    ];
    for (who, client, target, status, code) in rows {
        let res = clients[client]
            .post(&email_change_path(target), body())
            .await;
        assert_eq!(res.status, status, "{who}: {:?}", res.body);
        assert_eq!(res.body["error"]["code"], code, "{who}: {:?}", res.body);
    }
    assert!(
        app.db
            .pending_email_change(ann.id, chrono::Utc::now())
            .await
            .unwrap()
            .is_none()
    );
    // The owner: refused while the sign-in is stale, accepted when fresh.
    signed_in_minutes_ago(&app, &ann, 30).await;
    let res = ann_client.post(&email_change_path(&ann), body()).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "reauthentication_required");
    let mut ann_fresh = app.sign_in("ann@example.com").await;
    let res = ann_fresh.post(&email_change_path(&ann), body()).await;
    assert_eq!(res.status, StatusCode::ACCEPTED, "{:?}", res.body);
    // Undoing needs the token mailed to the old address, whoever holds a session.
    for client in [&mut anonymous, &mut ann_fresh, &mut bob] {
        let res = undo(client, "not-a-token").await;
        assert_eq!(res.status, StatusCode::GONE, "{:?}", res.body);
        assert_eq!(res.body["error"]["code"], "email_change_undo_link_invalid");
    }
    let res = undo(&mut anonymous, &"x".repeat(500)).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
}

/// Confirming the new address ends every session of the account but the confirming
/// browser's, and mails the old address a link that undoes the change.
async fn confirming_ends_every_other_session_and_mails_an_undo_link_to_the_old_address(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let (ann, mut laptop) = onboarded_customer(&app, "ann@example.com").await;
    let mut phone = app.sign_in("ann@example.com").await;
    // Someone holding a copy of a cookie.
    let mut copied = app.sign_in("ann@example.com").await;
    let (_bob, mut bob) = onboarded_customer(&app, "bob@example.com").await;
    let token = request_change(&app, &mut laptop, &ann, "ann.new@example.com").await;
    let res = laptop
        .post("/api/email-change/confirm", json!({ "token": token }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // The confirming browser goes on, with the new address.
    let res = laptop.get("/api/auth/me").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["user"]["email"], "ann.new@example.com");
    let sessions = laptop.get("/api/auth/sessions").await.body["sessions"].clone();
    assert_eq!(sessions.as_array().unwrap().len(), 1, "{sessions}");
    // Every other session is over: its cookies open nothing, and cannot be refreshed.
    for other in [&mut phone, &mut copied] {
        assert_eq!(
            other.get("/api/auth/me").await.status,
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            other.get(&path(&ann)).await.status,
            StatusCode::UNAUTHORIZED
        );
        assert_eq!(
            other.post("/api/auth/refresh", json!({})).await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    // Another account's sessions are not touched.
    assert_eq!(bob.get("/api/auth/me").await.status, StatusCode::OK);
    // Audited, without addresses.
    let audit = app.db.audit_for("user", &ann.id.to_string()).await.unwrap();
    let ended: Vec<_> = audit
        .iter()
        .filter(|e| e.action == "session.revoked_all")
        .collect();
    assert_eq!(ended.len(), 1, "{:?}", actions(&audit));
    assert_eq!(ended[0].detail.0["reason"], "email_changed");
    assert_eq!(ended[0].detail.0["sessions"], 2);
    assert_eq!(ended[0].actor_user_id, Some(ann.id));
    // The old address gets the undo link, and only a masked form of the new address.
    let token = undo_token(&app, "ann@example.com", 1).await;
    let mail = app
        .mails_to("ann@example.com", 1)
        .await
        .into_iter()
        .find(|m| m.text.contains(&token))
        .expect("the undo mail");
    assert!(mail.subject.contains("was changed"), "{}", mail.subject);
    assert!(mail.text.contains("a******@example.com"), "{}", mail.text);
    assert!(!mail.text.contains("ann.new@example.com"), "{}", mail.text);
    assert!(mail.text.contains("7 days"), "{}", mail.text);
    // Nothing goes to the new address but its confirmation link.
    assert_eq!(app.mails_to("ann.new@example.com", 1).await.len(), 1);

    // Confirmed in a browser signed in to another account, or in none: no session of the
    // account survives.
    let (cat, mut cat_client) = onboarded_customer(&app, "cat@example.com").await;
    let token = request_change(&app, &mut cat_client, &cat, "cat.new@example.com").await;
    let res = bob
        .post("/api/email-change/confirm", json!({ "token": token }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(
        cat_client.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(bob.get("/api/auth/me").await.status, StatusCode::OK);
    undo_token(&app, "cat@example.com", 1).await;
}

/// The undo link puts the old address back, ends every session (the one that made the change
/// too) and closes what was in flight for the address being undone.
async fn the_undo_link_puts_the_old_address_back_and_ends_every_session(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (ann, mut taker) = onboarded_customer(&app, "ann@example.com").await;
    // Someone with a fresh session moves the account to their address, and confirms it.
    let token = request_change(&app, &mut taker, &ann, "taker@example.com").await;
    let res = taker
        .post("/api/email-change/confirm", json!({ "token": token }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // …and asks to move it on again, and for a sign-in link to their address.
    let onward = request_change(&app, &mut taker, &ann, "taker2@example.com").await;
    let res = app
        .client()
        .post("/api/auth", json!({ "username": "taker@example.com" }))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let sign_in_link = app.link_token("taker@example.com", 2).await;
    // The owner opens the undo link in a browser signed in to nothing.
    let token = undo_token(&app, "ann@example.com", 1).await;
    let mut owner = app.client();
    let res = undo(&mut owner, &token).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["email"], "ann@example.com");
    assert_eq!(res.body["signedOut"], false);
    assert_eq!(
        app.db.user_by_id(ann.id).await.unwrap().unwrap().email,
        "ann@example.com"
    );
    // The session that made the change is over; what it set going is closed.
    assert_eq!(
        taker.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    let res = app
        .client()
        .post("/api/email-change/confirm", json!({ "token": onward }))
        .await;
    assert_eq!(res.status, StatusCode::GONE, "{:?}", res.body);
    let res = app.client().redeem(&sign_in_link).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{:?}", res.body);
    // Used once, gone.
    let res = undo(&mut owner, &token).await;
    assert_eq!(res.status, StatusCode::GONE, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "email_change_undo_link_invalid");
    // The old address signs in to the account again.
    let mut back = app.sign_in("ann@example.com").await;
    assert_eq!(
        back.get("/api/auth/me").await.body["id"],
        ann.id.to_string()
    );
    // Audited, without addresses.
    let audit = app.db.audit_for("user", &ann.id.to_string()).await.unwrap();
    assert!(
        actions(&audit).contains(&"user.email_change_undone"),
        "{:?}",
        actions(&audit)
    );
    assert!(
        audit
            .iter()
            .any(|e| e.action == "session.revoked_all"
                && e.detail.0["reason"] == "email_change_undone"),
        "{:?}",
        actions(&audit)
    );
    for e in &audit {
        assert!(
            !e.detail.0.to_string().contains("example.com"),
            "{:?}",
            e.detail
        );
    }
}

/// An undo link works once, for 7 days; undoing one change closes the undo links of later
/// changes (mailed to addresses the owner may not hold); a browser signed in to the account
/// that undoes is signed out; an old address taken meanwhile is refused without spending it.
async fn an_undo_link_works_once_for_seven_days_and_another_undo_closes_it(backend: Backend) {
    use chrono::{Duration, Utc};
    use threshold_store::email_changes::UndoEmailChangeError;
    let app = TestApp::spawn(backend).await;
    let (ann, mut client) = onboarded_customer(&app, "ann@example.com").await;
    let confirm = |token: String| {
        let mut anon = app.client();
        async move {
            anon.post("/api/email-change/confirm", json!({ "token": token }))
                .await
        }
    };
    let token = request_change(&app, &mut client, &ann, "b@example.com").await;
    let res = client
        .post("/api/email-change/confirm", json!({ "token": token }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let undo_a = undo_token(&app, "ann@example.com", 1).await;
    // Past 7 days it works no more (and nothing is spent by trying).
    assert!(matches!(
        app.db
            .undo_email_change(
                &undo_a,
                Utc::now() + Duration::days(7) + Duration::minutes(1)
            )
            .await,
        Err(UndoEmailChangeError::Invalid)
    ));
    // A second change, b to c, whose undo link goes to b.
    let token = request_change(&app, &mut client, &ann, "c@example.com").await;
    let res = client
        .post("/api/email-change/confirm", json!({ "token": token }))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let undo_b = undo_token(&app, "b@example.com", 1).await;
    // The first undo, from the browser signed in to the account: it is signed out too.
    let res = undo(&mut client, &undo_a).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["email"], "ann@example.com");
    assert_eq!(res.body["signedOut"], true);
    assert!(
        !client.cookies.keys().any(|k| k.contains("threshold-")),
        "{:?}",
        client.cookies
    );
    assert_eq!(
        client.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    // Once only; and b's undo link cannot take the account back to b.
    for token in [&undo_a, &undo_b] {
        let res = undo(&mut app.client(), token).await;
        assert_eq!(res.status, StatusCode::GONE, "{:?}", res.body);
    }
    assert_eq!(
        app.db.user_by_id(ann.id).await.unwrap().unwrap().email,
        "ann@example.com"
    );
    // A third change, to d: its undo link still works at the end of day 7…
    let mut client = app.sign_in("ann@example.com").await;
    let token = request_change(&app, &mut client, &ann, "d@example.com").await;
    assert_eq!(confirm(token).await.status, StatusCode::OK);
    let undo_d = undo_token(&app, "ann@example.com", 2).await;
    assert_ne!(undo_d, undo_a);
    // …but not while another account has the old address (nothing is spent)…
    app.create_user("ann@example.com", "ROLE_USER", true).await;
    let res = undo(&mut app.client(), &undo_d).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "email_taken");
    app.exec("UPDATE users SET email = 'someone@example.com' WHERE email = 'ann@example.com'")
        .await;
    let undone = app
        .db
        .undo_email_change(
            &undo_d,
            Utc::now() + Duration::days(7) - Duration::minutes(1),
        )
        .await
        .unwrap();
    assert_eq!(undone.user_id, ann.id);
    assert_eq!(undone.email, "ann@example.com");
}
