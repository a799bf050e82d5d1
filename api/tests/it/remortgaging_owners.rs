//! The Owners and Transfer of Equity sections of a remortgaging application (issue 12, calls
//! 10–17; REM-APP-13..22, ENT-12): co-owners and their invitation, each owner's own details
//! with the others redacted, adult occupants, the transfer's reason and removed owners; who
//! may and who may not, on both databases. Also POST /tenancy-split (CALLS-07, ENUM-08).

use crate::support;

use std::time::Duration;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::cases::{accept_latest, create_remortgaging, firm, set_case};
use support::remortgage::{CARA, DAN, dan_joins};
use support::{Backend, Client, Res, TestApp};

on_both_databases!(
    a_co_owner_is_added_invited_once_and_accepts,
    adding_a_co_owner_is_validated_and_guarded,
    a_broker_adds_co_owners_only_in_a_broker_stage,
    owners_other_than_the_lead_can_be_removed,
    each_owner_saves_their_own_details_and_sees_the_others_redacted,
    owner_details_are_validated_and_guarded,
    issue_26_an_owner_living_at_the_property_is_not_asked_its_address,
    the_owners_section_completes_with_every_owner_s_details_and_the_occupants_answer,
    adult_occupants_are_answered_listed_and_removed,
    the_transfer_of_equity_takes_a_reason_and_removed_owners,
    tenants_in_common_give_their_shares_and_a_new_owner_asks_again,
    calls_71_an_owner_deletes_a_previous_legal_name_never_the_current_one,
);

fn case_ref(id: i64) -> Value {
    json!({ "caseId": id, "caseType": "REMORTGAGING" })
}

fn expanded(id: i64) -> String {
    format!("/api/remortgaging/cases/{id}/expanded")
}

/// The land ownership is Property Details' (another call): set directly here.
async fn set_land_ownership(app: &TestApp) {
    app.exec("UPDATE properties SET land_ownership = 'JOINT_TENANCY'")
        .await;
}

/// A broker's case for Cara, sent and accepted: CUSTOMER_APPLICATION with the quote accepted
/// and the land ownership known (the Owners section open). Returns (broker, Cara, case id).
async fn accepted_case(app: &TestApp) -> (Client, Client, i64) {
    let (broker, cara, id) = accepted_case_without_land_ownership(app).await;
    set_land_ownership(app).await;
    (broker, cara, id)
}

async fn accepted_case_without_land_ownership(app: &TestApp) -> (Client, Client, i64) {
    firm(app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, CARA, "Cara Client").await;
    let res = broker.post("/api/quote/send", case_ref(id)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let mut cara = app.sign_in(CARA).await;
    let quote = cara
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    let res = cara
        .post(
            &format!("/api/quote/{}/accept", quote.body["id"]),
            case_ref(id),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "CUSTOMER_APPLICATION");
    (broker, cara, id)
}

async fn add_co_owner(client: &mut Client, id: i64, name: &str, email: &str) -> Res {
    client
        .post(
            "/api/remortgaging/applicant",
            json!({ "caseId": id, "preferredName": name, "email": email }),
        )
        .await
}

/// Staff, and the strangers to a case: another customer and another firm's broker (made by
/// `firm()`).
async fn staff_and_strangers(app: &TestApp) -> (Client, [Client; 2]) {
    app.create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    app.create_user("eve@example.test", "ROLE_USER", true).await;
    (
        app.sign_in("conveyancer@threshold.test").await,
        [
            app.sign_in("eve@example.test").await,
            app.sign_in("rival@other.test").await,
        ],
    )
}

fn owner(case: &Value, applicant: i64) -> &Value {
    case["propertyOwners"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["id"] == applicant)
        .expect("the owner")
}

fn section(case: &Value, key: &str) -> String {
    case["view"]["sections"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["key"] == key)
        .map(|s| s["state"].as_str().unwrap().to_owned())
        .expect("the section")
}

async fn feed_kinds(app: &TestApp, email: &str) -> Vec<String> {
    let user = app.db.user_by_email(email).await.unwrap().unwrap();
    app.db
        .feed_items(user.id)
        .await
        .unwrap()
        .into_iter()
        .map(|i| i.kind)
        .collect()
}

/// CALLS-19, CALLS-27: an owner added by POST /remortgaging/applicant is in the expanded
/// `propertyOwners`; the invitee's `{accepted:true}` is 2xx.
async fn a_co_owner_is_added_invited_once_and_accepts(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = accepted_case(&app).await;
    let res = add_co_owner(&mut cara, id, "Dan Owner", "Dan@Example.test").await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let applicant = res.body["id"].as_i64().unwrap();
    // Exactly one invitation e-mail and one case-invitation feed item, to Dan alone.
    let mails = app.mails_to(DAN, 1).await;
    assert_eq!(
        mails[0].subject,
        "You have been added as an owner on a remortgage"
    );
    let mut kinds = vec![];
    for _ in 0..200 {
        kinds = feed_kinds(&app, DAN).await;
        if !kinds.is_empty() {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    assert_eq!(app.mails_to(DAN, 1).await.len(), 1);
    assert_eq!(kinds, vec!["case-invitation"]);
    assert_eq!(feed_kinds(&app, DAN).await, vec!["case-invitation"]);
    // The owner who added him hears nothing of it.
    assert!(feed_kinds(&app, CARA).await.is_empty());
    // Dan is on the case, not yet agreed: Cara sees him redacted.
    let case = cara.get(&expanded(id)).await;
    let dan_row = owner(&case.body, applicant);
    assert_eq!(dan_row["isLead"], false);
    assert_eq!(dan_row["redacted"], true);
    // He answers with the existing call.
    let mut dan = app.sign_in(DAN).await;
    let res = dan
        .post(
            &format!("/api/remortgaging/{id}/invitation/respond"),
            json!({ "accepted": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "CUSTOMER_APPLICATION");
    let own = dan.get(&expanded(id)).await;
    assert_eq!(own.status, StatusCode::OK);
    assert_eq!(owner(&own.body, applicant)["redacted"], false);
    // The same person again (whatever the case of the address) is refused.
    let res = add_co_owner(&mut cara, id, "Dan Again", "DAN@example.test").await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "already_on_case");
    let res = add_co_owner(&mut dan, id, "Cara Again", CARA).await;
    assert_eq!(res.body["error"]["code"], "already_on_case");
    // The addition is audited by ids, never with the name or address.
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let added = audit
        .iter()
        .find(|e| e.action == "case.co_owner_added")
        .expect("audited");
    assert_eq!(added.detail.0["applicantId"], applicant);
    let text = added.detail.0.to_string();
    assert!(!text.contains("Dan") && !text.contains('@'), "{text}");
}

async fn adding_a_co_owner_is_validated_and_guarded(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = accepted_case_without_land_ownership(&app).await;
    // Locked until the land ownership is known.
    let res = add_co_owner(&mut cara, id, "Dan Owner", DAN).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "section_closed");
    assert!(app.db.user_by_email(DAN).await.unwrap().is_none());
    set_land_ownership(&app).await;
    let res = add_co_owner(&mut cara, id, "D", DAN).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("preferredName").is_some(), "{:?}", res.body);
    let res = add_co_owner(&mut cara, id, "Dan Owner", "dan.example.test").await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(res.field_error("email"), Some("Must include @"));
    let res = cara
        .post(
            "/api/remortgaging/applicant",
            json!({ "caseId": id, "preferredName": "Dan Owner", "email": DAN, "x": 1 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    let (mut staff, mut strangers) = staff_and_strangers(&app).await;
    for stranger in &mut strangers {
        let res = add_co_owner(stranger, id, "Dan Owner", DAN).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND);
    }
    let res = add_co_owner(&mut staff, id, "Dan Owner", DAN).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let res = add_co_owner(&mut app.client(), id, "Dan Owner", DAN).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    let res = add_co_owner(&mut cara, 999_999, "Dan Owner", DAN).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    // Issue 26 (7): a sole owner has nobody to add, whatever the page shows.
    app.exec("UPDATE properties SET land_ownership = 'SOLE_OWNER'")
        .await;
    let res = add_co_owner(&mut cara, id, "Dan Owner", DAN).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "sole_owner");
    set_land_ownership(&app).await;
    // A closed case: every section is disabled.
    set_case(&app, id, "status", "CANCELLED").await;
    let res = add_co_owner(&mut cara, id, "Dan Owner", DAN).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "section_closed");
    // Nobody was added or invited by any of it.
    let case = cara.get(&expanded(id)).await;
    assert_eq!(case.body["propertyOwners"].as_array().unwrap().len(), 1);
}

async fn a_broker_adds_co_owners_only_in_a_broker_stage(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, CARA, "Cara Client").await;
    set_land_ownership(&app).await;
    // BROKER_APPLICATION: the broker prepares the application, quote or not.
    let res = add_co_owner(&mut broker, id, "Dan Owner", DAN).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    app.mails_to(DAN, 1).await;
    // Once the customer has the case, the broker may no longer change it; the customer may.
    let res = broker.post("/api/quote/send", case_ref(id)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let mut cara = app.sign_in(CARA).await;
    let quote = cara
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await;
    let res = cara
        .post(
            &format!("/api/quote/{}/accept", quote.body["id"]),
            case_ref(id),
        )
        .await;
    assert_eq!(res.body["status"], "CUSTOMER_APPLICATION", "{:?}", res.body);
    let res = add_co_owner(&mut broker, id, "Fay Owner", "fay@example.test").await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "section_closed");
    let res = add_co_owner(&mut cara, id, "Fay Owner", "fay@example.test").await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    // Another firm's broker does not see the case.
    let mut rival = app.sign_in("rival@other.test").await;
    let res = add_co_owner(&mut rival, id, "Gil Owner", "gil@example.test").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

/// CALLS-70: a co-owner removed by DELETE /remortgaging/{caseId}/applicants/{userId} is gone from
/// `propertyOwners`.
async fn owners_other_than_the_lead_can_be_removed(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = accepted_case(&app).await;
    let (mut dan, _) = dan_joins(&app, &mut cara, id).await;
    let cara_id = app.db.user_by_email(CARA).await.unwrap().unwrap().id;
    let dan_id = app.db.user_by_email(DAN).await.unwrap().unwrap().id;
    let remove =
        |user: threshold_store::UserId| format!("/api/remortgaging/{id}/applicants/{user}");
    // The lead owner stays, whoever asks.
    for client in [&mut cara, &mut dan] {
        let res = client.delete(&remove(cara_id)).await;
        assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
        assert_eq!(res.body["error"]["code"], "lead_owner");
    }
    let (mut staff, mut strangers) = staff_and_strangers(&app).await;
    for stranger in &mut strangers {
        assert_eq!(
            stranger.delete(&remove(dan_id)).await.status,
            StatusCode::NOT_FOUND
        );
    }
    assert_eq!(
        staff.delete(&remove(dan_id)).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.client().delete(&remove(dan_id)).await.status,
        StatusCode::UNAUTHORIZED
    );
    let res = cara
        .delete(&format!(
            "/api/remortgaging/{id}/applicants/00000000-0000-4000-8000-000000000000"
        ))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(
        cara.delete(&format!("/api/remortgaging/{id}/applicants/nobody"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    // The broker, outside a broker stage: refused.
    let res = broker.delete(&remove(dan_id)).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    // Dan takes himself off; the case is then no longer his.
    let res = dan.delete(&remove(dan_id)).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    assert_eq!(dan.get(&expanded(id)).await.status, StatusCode::NOT_FOUND);
    let case = cara.get(&expanded(id)).await;
    assert_eq!(case.body["propertyOwners"].as_array().unwrap().len(), 1);
    assert_eq!(
        cara.delete(&remove(dan_id)).await.status,
        StatusCode::NOT_FOUND
    );
    // Cara adds and removes another; a locked section refuses.
    let res = add_co_owner(&mut cara, id, "Fay Owner", "fay@example.test").await;
    assert_eq!(res.status, StatusCode::CREATED);
    let fay = app
        .db
        .user_by_email("fay@example.test")
        .await
        .unwrap()
        .unwrap()
        .id;
    app.exec("UPDATE properties SET land_ownership = NULL")
        .await;
    let res = cara.delete(&remove(fay)).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    set_land_ownership(&app).await;
    let list = broker
        .get("/api/remortgaging/cases?propertyOwnerName=fay")
        .await;
    assert_eq!(list.body["totalCount"], 1, "{:?}", list.body);
    let res = cara.delete(&remove(fay)).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    // The list's name search no longer finds the case by a removed owner's name.
    let list = broker
        .get("/api/remortgaging/cases?propertyOwnerName=fay")
        .await;
    assert_eq!(list.body["totalCount"], 0, "{:?}", list.body);
}

fn details(line1: &str) -> Value {
    json!({
        "addressLine1": line1,
        "occupation": "Teacher",
        "nationalInsuranceNumber": "qq 12 34 56 c",
        "isUkResident": true,
    })
}

async fn each_owner_saves_their_own_details_and_sees_the_others_redacted(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = accepted_case(&app).await;
    let (mut dan, dan_applicant) = dan_joins(&app, &mut cara, id).await;
    let case = cara.get(&expanded(id)).await;
    let cara_applicant = case.body["propertyOwners"][0]["id"].as_i64().unwrap();
    let path = |a: i64| format!("/api/remortgaging/{id}/applicant/{a}");
    let res = cara
        .post(&path(cara_applicant), details("1 High Street"))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let res = dan
        .post(
            &path(dan_applicant),
            json!({ "addressLine1": "9 Low Road", "nationalInsuranceNumber": "AB123456D",
                    "isUkResident": false }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    // Each sees their own details, and the other's withheld (ENT-12).
    let mine = cara.get(&expanded(id)).await.body;
    let own = owner(&mine, cara_applicant);
    assert_eq!(own["redacted"], false);
    assert_eq!(own["user"]["address"]["line1"], "1 High Street");
    assert_eq!(own["user"]["occupation"], "Teacher");
    assert_eq!(own["user"]["nationalInsuranceNumber"], "QQ123456C");
    assert_eq!(own["isUkResident"], true);
    let other = owner(&mine, dan_applicant);
    assert_eq!(other["redacted"], true);
    assert!(other["user"]["address"]["line1"].is_null());
    assert!(other["user"]["nationalInsuranceNumber"].is_null());
    assert!(other["user"]["occupation"].is_null());
    assert!(other["isUkResident"].is_null());
    let his = dan.get(&expanded(id)).await.body;
    assert_eq!(
        owner(&his, dan_applicant)["user"]["address"]["line1"],
        "9 Low Road"
    );
    assert!(owner(&his, dan_applicant)["user"]["occupation"].is_null());
    assert_eq!(owner(&his, dan_applicant)["isUkResident"], false);
    let cara_to_dan = owner(&his, cara_applicant);
    assert_eq!(cara_to_dan["redacted"], true);
    assert!(cara_to_dan["user"]["address"]["line1"].is_null());
    assert!(cara_to_dan["user"]["nationalInsuranceNumber"].is_null());
    assert!(cara_to_dan["isUkResident"].is_null());
    // The broker sees both (both have agreed to be on the case).
    let all = broker.get(&expanded(id)).await.body;
    assert_eq!(
        owner(&all, cara_applicant)["user"]["nationalInsuranceNumber"],
        "QQ123456C"
    );
    assert_eq!(
        owner(&all, dan_applicant)["user"]["nationalInsuranceNumber"],
        "AB123456D"
    );
    assert_eq!(owner(&all, dan_applicant)["redacted"], false);
    // The audit names the fields, never the values.
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let saved: Vec<_> = audit
        .iter()
        .filter(|e| e.action == "case.owner_details_saved")
        .collect();
    assert_eq!(saved.len(), 2);
    for e in saved {
        let text = e.detail.0.to_string();
        assert!(
            !text.contains("QQ123456C") && !text.contains("High Street"),
            "{text}"
        );
    }
}

async fn owner_details_are_validated_and_guarded(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = accepted_case(&app).await;
    let (mut dan, dan_applicant) = dan_joins(&app, &mut cara, id).await;
    let case = cara.get(&expanded(id)).await;
    let cara_applicant = case.body["propertyOwners"][0]["id"].as_i64().unwrap();
    let path = |a: i64| format!("/api/remortgaging/{id}/applicant/{a}");
    for (body, field) in [
        (json!({ "addressLine1": "  " }), "addressLine1"),
        (json!({}), "addressLine1"),
        (
            json!({ "addressLine1": "1 High Street", "nationalInsuranceNumber": "12345" }),
            "nationalInsuranceNumber",
        ),
        (
            json!({ "addressLine1": "1 High Street", "occupation": "x".repeat(101) }),
            "occupation",
        ),
        (json!({ "addressLine1": "x".repeat(201) }), "addressLine1"),
        (
            json!({ "addressLine1": "1 High Street", "isUkResident": "yes" }),
            "isUkResident",
        ),
    ] {
        let res = cara.post(&path(cara_applicant), body).await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}: {:?}",
            res.body
        );
        assert!(res.field_error(field).is_some(), "{field}: {:?}", res.body);
    }
    // Only that owner: another owner of the case may not.
    let res = dan
        .post(&path(cara_applicant), details("2 Side Street"))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    let (mut staff, mut strangers) = staff_and_strangers(&app).await;
    for stranger in &mut strangers {
        let res = stranger
            .post(&path(cara_applicant), details("2 Side Street"))
            .await;
        assert_eq!(res.status, StatusCode::NOT_FOUND);
    }
    let res = staff
        .post(&path(cara_applicant), details("2 Side Street"))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let res = app
        .client()
        .post(&path(cara_applicant), details("2 Side Street"))
        .await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    let res = cara
        .post(&path(dan_applicant + 1000), details("1 High Street"))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    // The broker, outside a broker stage.
    let res = broker
        .post(&path(dan_applicant), details("2 Side Street"))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "section_closed");
    // Back in a broker stage (handed back), the broker may fill them in.
    set_case(&app, id, "status", "BROKER_APPLICATION").await;
    let res = broker
        .post(&path(dan_applicant), details("2 Side Street"))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    // Locked: the land ownership is not known.
    app.exec("UPDATE properties SET land_ownership = NULL")
        .await;
    set_case(&app, id, "status", "CUSTOMER_APPLICATION").await;
    let res = cara
        .post(&path(cara_applicant), details("1 High Street"))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "section_closed");
    // Nothing of Dan's was changed by the refused calls but the broker's.
    let all = broker.get(&expanded(id)).await.body;
    assert_eq!(
        owner(&all, dan_applicant)["user"]["address"]["line1"],
        "2 Side Street"
    );
    assert!(owner(&all, cara_applicant)["user"]["address"]["line1"].is_null());
}

/// Fills the user's profile (onboarding): legal name, phone, date of birth.
async fn about_you(app: &TestApp, client: &mut Client, email: &str) {
    let user = app.db.user_by_email(email).await.unwrap().unwrap();
    let res = client
        .post(
            &format!("/api/users/{}", user.id),
            json!({ "preferredName": "Someone", "firstName": "Some", "surname": "One",
                    "phoneNumber": "07700 900123", "dateOfBirth": "1980-01-02" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

/// Issue 27: what each owner still has to give comes from the engine's rule (the one the
/// section's state follows), as the spec's labels (VAL-14..21), so the page never restates it.
fn missing_of(case: &Value, applicant: i64) -> Value {
    case["propertyOwners"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["id"] == applicant)
        .map(|o| o["missingFields"].clone())
        .unwrap()
}

async fn the_owners_section_completes_with_every_owner_s_details_and_the_occupants_answer(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = accepted_case(&app).await;
    let case = cara.get(&expanded(id)).await.body;
    assert_eq!(section(&case, "owners"), "NOT_STARTED");
    let cara_applicant = case["propertyOwners"][0]["id"].as_i64().unwrap();
    let missing = missing_of(&case, cara_applicant);
    for label in ["Phone Number", "Date of Birth", "Address"] {
        assert!(
            missing.as_array().unwrap().contains(&json!(label)),
            "{label}: {missing}"
        );
    }
    about_you(&app, &mut cara, CARA).await;
    assert_eq!(
        missing_of(&cara.get(&expanded(id)).await.body, cara_applicant),
        json!(["Address"])
    );
    let res = cara
        .post(
            &format!("/api/remortgaging/{id}/applicant/{cara_applicant}"),
            json!({ "addressLine1": "1 High Street" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    // Every owner valid, but the occupants question unanswered.
    assert_eq!(
        section(&cara.get(&expanded(id)).await.body, "owners"),
        "NOT_STARTED"
    );
    let res = cara
        .post(
            &format!("/api/remortgaging/{id}/property-occupant"),
            json!({ "hasAdultOccupants": false }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let case = cara.get(&expanded(id)).await.body;
    assert_eq!(case["hasAdultOccupants"], false);
    assert_eq!(section(&case, "owners"), "IS_COMPLETE");
    assert_eq!(missing_of(&case, cara_applicant), json!([]));
    // A new co-owner has nothing yet: the section is open again until they finish.
    let (mut dan, dan_applicant) = dan_joins(&app, &mut cara, id).await;
    assert_eq!(
        section(&cara.get(&expanded(id)).await.body, "owners"),
        "NOT_STARTED"
    );
    // Dan's gaps are his and his broker's to see; Cara sees him redacted, so nothing missing.
    assert_eq!(
        missing_of(&cara.get(&expanded(id)).await.body, dan_applicant),
        json!([])
    );
    about_you(&app, &mut dan, DAN).await;
    assert_eq!(
        missing_of(&broker.get(&expanded(id)).await.body, dan_applicant),
        json!(["Address"])
    );
    assert_eq!(
        section(&dan.get(&expanded(id)).await.body, "owners"),
        "NOT_STARTED"
    );
    let res = dan
        .post(
            &format!("/api/remortgaging/{id}/applicant/{dan_applicant}"),
            json!({ "addressLine1": "9 Low Road" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    // Both see it complete (a redacted owner's details are not missing, only withheld).
    assert_eq!(
        section(&dan.get(&expanded(id)).await.body, "owners"),
        "IS_COMPLETE"
    );
    assert_eq!(
        section(&cara.get(&expanded(id)).await.body, "owners"),
        "IS_COMPLETE"
    );
}

/// CALLS-23, CALLS-24, ENT-15 (occupant id): occupants are added, listed and deleted by their id.
async fn adult_occupants_are_answered_listed_and_removed(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = accepted_case(&app).await;
    let path = format!("/api/remortgaging/{id}/property-occupant");
    let delete = |o: i64| format!("/api/remortgaging/{id}/property-occupants/{o}/delete");
    let res = cara
        .post(
            &path,
            json!({ "hasAdultOccupants": true,
                    "occupant": { "fullName": "Gran Client", "email": "Gran@Example.test" } }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let first = res.body["id"].as_i64().unwrap();
    let res = cara
        .post(
            &path,
            json!({ "hasAdultOccupants": true, "occupant": { "fullName": "Lodger Person" } }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let second = res.body["id"].as_i64().unwrap();
    let case = cara.get(&expanded(id)).await.body;
    assert_eq!(case["hasAdultOccupants"], true);
    assert_eq!(
        case["occupants"],
        json!([
            { "id": first, "fullName": "Gran Client", "email": "gran@example.test" },
            { "id": second, "fullName": "Lodger Person", "email": null },
        ])
    );
    // Bad input, by field.
    for (body, field) in [
        (
            json!({ "hasAdultOccupants": false, "occupant": { "fullName": "Gran Client" } }),
            "occupant",
        ),
        (
            json!({ "hasAdultOccupants": true, "occupant": { "fullName": "G" } }),
            "occupant.fullName",
        ),
        (
            json!({ "hasAdultOccupants": true, "occupant": { "fullName": "Gran", "email": "gran" } }),
            "occupant.email",
        ),
        (
            json!({ "occupant": { "fullName": "Gran" } }),
            "hasAdultOccupants",
        ),
    ] {
        let res = cara.post(&path, body).await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{field}: {:?}",
            res.body
        );
        assert!(res.field_error(field).is_some(), "{field}: {:?}", res.body);
    }
    // No while some are listed: remove them first.
    let res = cara
        .post(&path, json!({ "hasAdultOccupants": false }))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "occupants_listed");
    // Who may not.
    let (mut staff, mut strangers) = staff_and_strangers(&app).await;
    let yes = json!({ "hasAdultOccupants": true });
    for stranger in &mut strangers {
        assert_eq!(
            stranger.post(&path, yes.clone()).await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            stranger.post(&delete(first), json!({})).await.status,
            StatusCode::NOT_FOUND
        );
    }
    assert_eq!(
        staff.post(&path, yes.clone()).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        staff.post(&delete(first), json!({})).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.client().post(&path, yes.clone()).await.status,
        StatusCode::UNAUTHORIZED
    );
    let res = broker.post(&path, yes.clone()).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let res = broker.post(&delete(first), json!({})).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    // Removing them, then answering no.
    for o in [first, second] {
        let res = cara.post(&delete(o), json!({})).await;
        assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    }
    assert_eq!(
        cara.post(&delete(first), json!({})).await.status,
        StatusCode::NOT_FOUND
    );
    let res = cara
        .post(&path, json!({ "hasAdultOccupants": false }))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let case = cara.get(&expanded(id)).await.body;
    assert_eq!(case["hasAdultOccupants"], false);
    assert_eq!(case["occupants"], json!([]));
    // Locked: the land ownership is not known.
    app.exec("UPDATE properties SET land_ownership = NULL")
        .await;
    let res = cara.post(&path, yes).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "section_closed");
}

/// Completes the Owners section for Cara alone (the Transfer of Equity section waits for it).
async fn complete_owners(app: &TestApp, cara: &mut Client, id: i64) {
    let case = cara.get(&expanded(id)).await.body;
    let applicant = case["propertyOwners"][0]["id"].as_i64().unwrap();
    about_you(app, cara, CARA).await;
    let res = cara
        .post(
            &format!("/api/remortgaging/{id}/applicant/{applicant}"),
            json!({ "addressLine1": "1 High Street" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let res = cara
        .post(
            &format!("/api/remortgaging/{id}/property-occupant"),
            json!({ "hasAdultOccupants": false }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
}

/// CALLS-20, CALLS-21, CALLS-68, ENUM-07, ENT-15 (removed owner id): the transfer's reason (each of
/// COURT_ORDER, CONSENT_ORDER, PRIVATE_AGREEMENT) and the removed owners, added and deleted.
async fn the_transfer_of_equity_takes_a_reason_and_removed_owners(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = accepted_case(&app).await;
    let reason = format!("/api/remortgaging/{id}/transfer-of-equity");
    let removed = format!("/api/remortgaging/{id}/transfer-of-equity/removed-owners");
    let court = json!({ "reason": "COURT_ORDER" });
    // Hidden unless the remortgage is a transfer of equity.
    let res = cara.post(&reason, court.clone()).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "section_closed");
    assert!(cara.get(&expanded(id)).await.body["transferOfEquity"].is_null());
    set_case(
        &app,
        id,
        "remortgaging_reason",
        "REMORTGAGE_TRANSFER_OF_EQUITY",
    )
    .await;
    // Locked until the owners are complete.
    assert_eq!(
        section(&cara.get(&expanded(id)).await.body, "transfer-of-equity"),
        "LOCKED"
    );
    let res = cara.post(&reason, court.clone()).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let res = cara.post(&removed, json!({ "fullName": "Ex Owner" })).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    complete_owners(&app, &mut cara, id).await;
    assert_eq!(
        section(&cara.get(&expanded(id)).await.body, "transfer-of-equity"),
        "NOT_STARTED"
    );
    // Bad input, by field.
    let res = cara.post(&reason, json!({ "reason": "DIVORCE" })).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("reason").is_some());
    let res = cara.post(&removed, json!({ "fullName": "E" })).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("fullName").is_some());
    let res = cara
        .post(&removed, json!({ "fullName": "Ex Owner", "email": "nope" }))
        .await;
    assert!(res.field_error("email").is_some(), "{:?}", res.body);
    // Removed owners may come before the reason.
    let res = cara
        .post(
            &removed,
            json!({ "fullName": "Ex Owner", "email": "ex@example.test" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let ex = res.body["id"].as_i64().unwrap();
    let case = cara.get(&expanded(id)).await.body;
    assert_eq!(
        case["transferOfEquity"],
        json!({ "reason": null,
                "removedOwners": [{ "id": ex, "fullName": "Ex Owner", "email": "ex@example.test" }] })
    );
    assert_eq!(section(&case, "transfer-of-equity"), "NOT_STARTED");
    let res = cara.post(&reason, court.clone()).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // Issue 28: the reason makes it a transfer on separation, free of land tax (FA 2003 Sch 3
    // paras 3 and 3A) with no return to file: the quote is made again to say so, for the owner
    // to accept, and the broker is told.
    assert_eq!(res.body["requoted"], true);
    let latest = format!("/api/remortgaging/{id}/quote/latest");
    let quote = cara.get(&latest).await.body;
    assert!(quote["acceptedAt"].is_null(), "{quote:?}");
    assert_eq!(quote["landTaxEstimate"]["amount"], 0, "{quote:?}");
    let notes = quote["notes"].to_string();
    assert!(notes.contains("no return"), "{notes}");
    assert!(notes.contains("under a court order"), "{notes}");
    let mail = app
        .mail_with_subject("broker@firm.test", "has changed")
        .await;
    assert_eq!(mail.subject, format!("The quote for case {id} has changed"));
    assert_eq!(
        section(&cara.get(&expanded(id)).await.body, "transfer-of-equity"),
        "LOCKED",
        "the sections after the quote wait for the new quote"
    );
    accept_latest(&mut cara, "REMORTGAGING", id).await;
    // ENUM-07: each reason is accepted and kept; another separation reason prices the same.
    for each in ["PRIVATE_AGREEMENT", "COURT_ORDER", "CONSENT_ORDER"] {
        let res = cara.post(&reason, json!({ "reason": each })).await;
        assert_eq!(res.status, StatusCode::OK, "{each}: {:?}", res.body);
        assert_eq!(res.body["requoted"], false, "{each}");
        let case = cara.get(&expanded(id)).await.body;
        assert_eq!(case["transferOfEquity"]["reason"], each);
    }
    let case = cara.get(&expanded(id)).await.body;
    assert_eq!(case["transferOfEquity"]["reason"], "CONSENT_ORDER");
    assert_eq!(section(&case, "transfer-of-equity"), "IS_COMPLETE");
    // Who may not.
    let (mut staff, mut strangers) = staff_and_strangers(&app).await;
    let one = |o: i64| format!("{removed}/{o}");
    for stranger in &mut strangers {
        assert_eq!(
            stranger.post(&reason, court.clone()).await.status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            stranger
                .post(&removed, json!({ "fullName": "Ex Owner" }))
                .await
                .status,
            StatusCode::NOT_FOUND
        );
        assert_eq!(
            stranger.delete(&one(ex)).await.status,
            StatusCode::NOT_FOUND
        );
    }
    assert_eq!(
        staff.post(&reason, court.clone()).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(staff.delete(&one(ex)).await.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.client().post(&reason, court.clone()).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.client().delete(&one(ex)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        broker.post(&reason, court.clone()).await.status,
        StatusCode::CONFLICT
    );
    assert_eq!(
        broker
            .post(&removed, json!({ "fullName": "Ex Owner" }))
            .await
            .status,
        StatusCode::CONFLICT
    );
    assert_eq!(broker.delete(&one(ex)).await.status, StatusCode::CONFLICT);
    // Removing.
    assert_eq!(
        cara.delete(&one(ex + 1000)).await.status,
        StatusCode::NOT_FOUND
    );
    let res = cara.delete(&one(ex)).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let case = cara.get(&expanded(id)).await.body;
    assert_eq!(case["transferOfEquity"]["removedOwners"], json!([]));
    // The broker sees the same, and may write again in a broker stage.
    set_case(&app, id, "status", "BROKER_APPLICATION").await;
    let res = broker
        .post(&removed, json!({ "fullName": "Other Ex" }))
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    // A closed case refuses.
    set_case(&app, id, "status", "CANCELLED").await;
    let res = cara.post(&reason, court).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
}

fn tenancy_split(id: i64, shares: &[(i64, f64)]) -> Value {
    json!({
        "caseId": id,
        "caseType": "REMORTGAGING",
        "shares": shares.iter().map(|(a, p)| json!({ "applicantId": a, "percentage": p })).collect::<Vec<_>>(),
    })
}

async fn tenants_in_common_give_their_shares_and_a_new_owner_asks_again(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = accepted_case_without_land_ownership(&app).await;
    // Joint tenants own it all together: no shares to give.
    let property = |ownership: &str| {
        json!({ "caseId": id, "caseType": "REMORTGAGING", "landOwnership": ownership,
                "propertyType": "TERRACED", "tenure": "FREEHOLD" })
    };
    let res = cara.post("/api/property", property("JOINT_TENANCY")).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let (mut dan, dan_id) = dan_joins(&app, &mut cara, id).await;
    let case = cara.get(&expanded(id)).await.body;
    let cara_id = case["propertyOwners"][0]["id"].as_i64().unwrap();
    assert_eq!(case["propertyOwners"][0]["tenancyShare"], Value::Null);
    let res = cara
        .post(
            "/api/tenancy-split",
            tenancy_split(id, &[(cara_id, 60.0), (dan_id, 40.0)]),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "not_tenants_in_common");

    let res = cara
        .post("/api/property", property("TENANTS_IN_COMMON"))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    // Bad input is named: a share out of range or too precise, owners missing or twice, a
    // total other than 100%.
    for (shares, field, problem) in [
        (
            vec![(cara_id, 100.0), (dan_id, 0.0)],
            "shares[0].percentage",
            "Enter a share between 0 and 100%, with at most two decimals",
        ),
        (
            vec![(cara_id, 33.333), (dan_id, 66.667)],
            "shares[0].percentage",
            "Enter a share between 0 and 100%, with at most two decimals",
        ),
        (
            vec![(cara_id, 100.0)],
            "shares[0].percentage",
            "Enter a share between 0 and 100%, with at most two decimals",
        ),
        (
            vec![(cara_id, 50.0)],
            "shares",
            "Give one share for each owner of the property",
        ),
        (
            vec![(cara_id, 50.0), (cara_id, 50.0)],
            "shares",
            "Give one share for each owner of the property",
        ),
        (
            vec![(cara_id, 60.0), (dan_id, 30.0)],
            "shares",
            "The shares must add up to 100%",
        ),
    ] {
        let res = cara
            .post("/api/tenancy-split", tenancy_split(id, &shares))
            .await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{shares:?}: {:?}",
            res.body
        );
        assert_eq!(res.field_error(field), Some(problem), "{shares:?}");
    }
    let res = cara
        .post(
            "/api/tenancy-split",
            json!({ "caseId": id, "caseType": "LEASE", "shares": [] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("caseType").is_some());
    // Purchases split too: this remortgage is not a buying case.
    let res = cara
        .post(
            "/api/tenancy-split",
            json!({ "caseId": id, "caseType": "BUYING", "shares": [] }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);

    // Who may not: strangers see no case; staff use the back office; a broker after the
    // broker stages finds the section closed.
    let body = tenancy_split(id, &[(cara_id, 62.5), (dan_id, 37.5)]);
    let (mut staff, strangers) = staff_and_strangers(&app).await;
    for mut stranger in strangers {
        assert_eq!(
            stranger
                .post("/api/tenancy-split", body.clone())
                .await
                .status,
            StatusCode::NOT_FOUND
        );
    }
    assert_eq!(
        staff.post("/api/tenancy-split", body.clone()).await.status,
        StatusCode::FORBIDDEN
    );
    assert_eq!(
        app.client()
            .post("/api/tenancy-split", body.clone())
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    let res = broker.post("/api/tenancy-split", body.clone()).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "section_closed");

    // Who may: either owner. Both see the shares (they are the property's, not personal).
    let res = dan.post("/api/tenancy-split", body).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let case = cara.get(&expanded(id)).await.body;
    assert_eq!(owner(&case, cara_id)["tenancyShare"], 62.5);
    assert_eq!(owner(&case, dan_id)["tenancyShare"], 37.5);
    assert_eq!(owner(&case, dan_id)["redacted"], true);
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let saved: Vec<_> = audit
        .iter()
        .filter(|e| e.action == "case.tenancy_split_saved")
        .collect();
    assert_eq!(saved.len(), 1, "who changed the split is on record");
    assert_eq!(saved[0].detail.0["shares"], 2);

    // A new owner: the split no longer covers everyone and is asked again.
    let res = add_co_owner(&mut cara, id, "Erin Owner", "erin@example.test").await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let case = cara.get(&expanded(id)).await.body;
    assert_eq!(owner(&case, cara_id)["tenancyShare"], Value::Null);
    let res = cara
        .post(
            "/api/tenancy-split",
            tenancy_split(id, &[(cara_id, 62.5), (dan_id, 37.5)]),
        )
        .await;
    assert_eq!(
        res.field_error("shares"),
        Some("Give one share for each owner of the property")
    );
}

/// CALLS-71: an owner deletes one of their previous legal names from the case; the current
/// one stays (a new name replaces it); nobody else deletes theirs.
async fn calls_71_an_owner_deletes_a_previous_legal_name_never_the_current_one(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = accepted_case(&app).await;
    let user = app.db.user_by_email(CARA).await.unwrap().unwrap();
    for surname in ["Client", "Married"] {
        let res = cara
            .post(
                &format!("/api/users/{}", user.id),
                json!({ "preferredName": "Cara", "firstName": "Cara", "surname": surname,
                        "phoneNumber": "07700 900123", "dateOfBirth": "1980-01-02" }),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    }
    let case = cara.get(&expanded(id)).await.body;
    let owner = &case["propertyOwners"][0];
    let applicant = owner["id"].as_i64().unwrap();
    let names = owner["user"]["legalNames"].as_array().unwrap().clone();
    assert_eq!(names.len(), 2, "{names:?}");
    let current = names.iter().find(|n| n["until"].is_null()).unwrap()["id"]
        .as_i64()
        .unwrap();
    let previous = names.iter().find(|n| !n["until"].is_null()).unwrap()["id"]
        .as_i64()
        .unwrap();
    let path =
        |name: i64| format!("/api/remortgaging/{id}/applicant/{applicant}/legal-name/{name}");

    let res = cara.delete(&path(current)).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "current_legal_name");
    // Not theirs: anonymous, another customer, another firm's broker, staff; the case's own
    // broker only while the case is in a broker stage.
    assert_eq!(
        app.client().delete(&path(previous)).await.status,
        StatusCode::UNAUTHORIZED
    );
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    app.create_user("connie@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    for (email, refused) in [
        ("stranger@example.test", StatusCode::NOT_FOUND),
        ("rival@other.test", StatusCode::NOT_FOUND),
        ("connie@threshold.test", StatusCode::FORBIDDEN),
    ] {
        let mut other = app.sign_in(email).await;
        assert_eq!(
            other.delete(&path(previous)).await.status,
            refused,
            "{email}"
        );
    }
    let res = broker.delete(&path(previous)).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "section_closed");
    // A co-owner on the same case: each owner keeps their own names (ENT-12).
    let (mut dan, _) = dan_joins(&app, &mut cara, id).await;
    let res = dan.delete(&path(previous)).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);

    let res = cara.delete(&path(previous)).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let case = cara.get(&expanded(id)).await.body;
    let names = case["propertyOwners"][0]["user"]["legalNames"].clone();
    assert_eq!(names.as_array().unwrap().len(), 1, "{names}");
    assert_eq!(names[0]["surname"], "Married");
    assert_eq!(
        cara.delete(&path(previous)).await.status,
        StatusCode::NOT_FOUND
    );
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let deleted = audit
        .iter()
        .find(|a| a.action == "case.owner_legal_name_deleted")
        .expect("audited");
    assert_eq!(deleted.detail.0["legalNameId"], previous);
    assert!(!deleted.detail.0.to_string().contains("Client"));
}

/// Issue 26, item 7: an owner who lives at the property being remortgaged is not asked for their
/// address again; the server gives them the property's, in full.
async fn issue_26_an_owner_living_at_the_property_is_not_asked_its_address(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = accepted_case(&app).await;
    let case = cara.get(&expanded(id)).await;
    let cara_applicant = case.body["propertyOwners"][0]["id"].as_i64().unwrap();
    let path = format!("/api/remortgaging/{id}/applicant/{cara_applicant}");
    let res = cara
        .post(
            &path,
            json!({ "livesAtProperty": true, "isUkResident": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let mine = cara.get(&expanded(id)).await.body;
    let own = owner(&mine, cara_applicant);
    assert_eq!(own["livesAtProperty"], true);
    assert_eq!(own["user"]["address"]["line1"], "1 High Street");
    assert_eq!(own["user"]["address"]["town"], "Canterbury");
    assert_eq!(own["user"]["address"]["postcode"], "CT1 1AA");
    // Living elsewhere, the address is asked (line 1 required, a postcode checked when given).
    let res = cara.post(&path, json!({ "livesAtProperty": false })).await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    assert!(res.field_error("addressLine1").is_some(), "{:?}", res.body);
    let res = cara
        .post(
            &path,
            json!({ "livesAtProperty": false, "addressLine1": "9 Low Road", "postcode": "x" }),
        )
        .await;
    assert!(res.field_error("postcode").is_some(), "{:?}", res.body);
    let res = cara
        .post(
            &path,
            json!({ "livesAtProperty": false, "addressLine1": "9 Low Road", "postcode": "ct2 7nz" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let own = owner(&cara.get(&expanded(id)).await.body, cara_applicant).clone();
    assert_eq!(own["livesAtProperty"], false);
    assert_eq!(own["user"]["address"]["line1"], "9 Low Road");
    assert_eq!(own["user"]["address"]["postcode"], "CT2 7NZ");
    assert!(own["user"]["address"]["town"].is_null());
}
