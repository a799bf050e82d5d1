//! Issue 25, finding 2: a purchase has one payable up-front payment at a time. Asking again
//! (the same buyer, or a co-buyer) gives the open one back; one that cannot be given back is
//! expired on Stripe before another is started; a payment Stripe takes that the case did not
//! expect is kept, audited and shown to the firm, never dropped; co-buyers see that a payment
//! is in progress.

use crate::support;

use reqwest::StatusCode;
use serde_json::{Value, json};
use support::purchase::{
    BEA, about_you, buyer_details, expanded, upload_everything, with_buyer_details,
};
use support::staff::enrolled_conveyancer;
use support::stripe::{FakeStripe, app_with_stripe, completed_event, deliver_signed, fake_stripe};
use support::{Backend, Client, TestApp, tile};

use crate::purchase_completion::{accept, awaiting_deposit, draft_and_issue};

on_both_databases!(
    asking_again_gives_the_open_checkout_back_and_a_replaced_one_is_expired_on_stripe,
    a_payment_the_case_did_not_expect_is_kept_audited_and_shown_to_the_firm,
    co_buyers_see_the_payment_in_progress_and_get_the_same_one,
    only_the_case_s_people_see_a_payment_in_progress_and_only_staff_unexpected_payments,
);

const BEN: &str = "ben@example.test";

async fn pay(client: &mut Client, id: i64) -> Value {
    let res = client
        .post("/api/deposit-payment", crate::work_start::pay_body(id))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body
}

/// Makes the case's open payment run out of time (as an hour passing would).
async fn run_out_of_time(app: &TestApp) {
    app.exec(
        "UPDATE deposit_payments SET expires_at = '2000-01-01T00:00:00+00:00' \
         WHERE paid_at IS NULL AND closed_at IS NULL",
    )
    .await;
}

/// The back office's view of the case, once `ready` holds (the worker has done its part).
async fn staff_case_when(connie: &mut Client, id: i64, ready: impl Fn(&Value) -> bool) -> Value {
    let mut case = Value::Null;
    for _ in 0..200 {
        let res = connie.get(&format!("/api/staff/cases/buying/{id}")).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        case = res.body;
        if ready(&case) {
            return case;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the staff case never got there: {case:?}");
}

async fn asking_again_gives_the_open_checkout_back_and_a_replaced_one_is_expired_on_stripe(
    backend: Backend,
) {
    let stripe = fake_stripe().await;
    let app = app_with_stripe(backend, &stripe).await;
    let (_broker, mut bea, _connie, id) = awaiting_deposit(&app).await;
    // Two calls (a double click, a second tab, a co-buyer): one Checkout Session.
    let first = pay(&mut bea, id).await;
    let again = pay(&mut bea, id).await;
    assert_eq!(again["reference"], first["reference"]);
    assert_eq!(again["redirectUrl"], first["redirectUrl"]);
    assert_eq!(stripe.created_count(), 1);
    assert!(first["expiresAt"].as_str().is_some(), "{first:?}");
    // Stripe was asked to end it when Threshold stops offering it.
    let asked = stripe.created(0);
    let expires = asked
        .iter()
        .find(|(k, _)| k == "expires_at")
        .map(|(_, v)| v.parse::<i64>().unwrap())
        .expect("an expiry asked for");
    assert!(expires > chrono::Utc::now().timestamp() + 30 * 60);
    let case = bea.get(&expanded(id)).await.body;
    assert_eq!(case["depositPayment"]["startedByYou"], true, "{case:?}");
    assert_eq!(
        case["depositPayment"]["startedBy"], case["buyers"][0]["id"],
        "{case:?}"
    );

    // Out of time: it is expired on Stripe before another is started.
    run_out_of_time(&app).await;
    assert_eq!(
        bea.get(&expanded(id)).await.body["depositPayment"],
        Value::Null
    );
    let second = pay(&mut bea, id).await;
    assert_ne!(second["reference"], first["reference"]);
    assert_eq!(stripe.expired(), vec![first["reference"].as_str().unwrap()]);
    assert_eq!(stripe.created_count(), 2);
    assert_eq!(pay(&mut bea, id).await["reference"], second["reference"]);

    // One Stripe expired by itself already: nothing to expire, another is started.
    let second_ref = second["reference"].as_str().unwrap();
    stripe.set_status(second_ref, "expired");
    run_out_of_time(&app).await;
    let third = pay(&mut bea, id).await;
    assert_ne!(third["reference"], second["reference"]);
    assert_eq!(stripe.created_count(), 3);

    // One paid on Stripe just as it ran out: no new checkout, the payment is on its way.
    let third_ref = third["reference"].as_str().unwrap();
    stripe.set_status(third_ref, "complete");
    run_out_of_time(&app).await;
    let res = bea
        .post("/api/deposit-payment", crate::work_start::pay_body(id))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "payment_completing");
    assert_eq!(stripe.created_count(), 3);

    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let count = |action: &str| audit.iter().filter(|a| a.action == action).count();
    assert_eq!(count("case.deposit_payment_started"), 3);
    assert_eq!(count("case.deposit_payment_closed"), 2);
}

async fn a_payment_the_case_did_not_expect_is_kept_audited_and_shown_to_the_firm(backend: Backend) {
    let stripe = fake_stripe().await;
    let app = app_with_stripe(backend, &stripe).await;
    let (_broker, mut bea, mut connie, id) = awaiting_deposit(&app).await;
    let first = pay(&mut bea, id).await;
    let amount = first["amount"].as_i64().unwrap();
    let first_ref = first["reference"].as_str().unwrap().to_owned();
    // The first checkout runs out and is replaced; the buyer pays the new one.
    run_out_of_time(&app).await;
    let second = pay(&mut bea, id).await;
    let second_ref = second["reference"].as_str().unwrap().to_owned();
    let paid = completed_event(&second_ref, "evt_paid", Some(amount), Some(id));
    assert_eq!(deliver_signed(&app, &paid).await, StatusCode::NO_CONTENT);
    let case = staff_case_when(&mut connie, id, |c| {
        c["expanded"]["deposit"]["paidAt"].as_str().is_some()
    })
    .await;
    assert_eq!(case["unexpectedPayments"], json!([]));

    // Stripe says the first was paid too (it was paid as it was being expired): the money is
    // kept for the firm to refund, not dropped. Delivered twice, kept once.
    let late = completed_event(&first_ref, "evt_late", Some(amount), Some(id));
    assert_eq!(deliver_signed(&app, &late).await, StatusCode::NO_CONTENT);
    assert_eq!(deliver_signed(&app, &late).await, StatusCode::NO_CONTENT);
    // A session of this case Threshold has no record of: kept as well.
    let stray = completed_event("cs_test_stray", "evt_stray", Some(500), Some(id));
    assert_eq!(deliver_signed(&app, &stray).await, StatusCode::NO_CONTENT);
    let case = staff_case_when(&mut connie, id, |c| {
        c["unexpectedPayments"]
            .as_array()
            .is_some_and(|p| p.len() == 2)
    })
    .await;
    let payments = case["unexpectedPayments"].as_array().unwrap();
    let late_one = payments
        .iter()
        .find(|p| p["reference"] == first_ref.as_str())
        .unwrap_or_else(|| panic!("{payments:?}"));
    assert_eq!(late_one["provider"], "STRIPE");
    assert_eq!(late_one["amount"], amount);
    assert_eq!(late_one["currency"], "gbp");
    assert_eq!(late_one["paymentId"], format!("pi_for_{first_ref}"));
    assert!(late_one["paidAt"].as_str().is_some());
    assert!(
        payments
            .iter()
            .any(|p| p["reference"] == "cs_test_stray" && p["amount"] == 500)
    );
    // The case was paid once, by the payment it expected.
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let count = |action: &str| audit.iter().filter(|a| a.action == action).count();
    assert_eq!(count("case.deposit_paid"), 1);
    assert_eq!(count("case.unexpected_payment"), 2);
    // The firm's audit trail shows it too.
    assert!(
        case["audit"]
            .as_array()
            .unwrap()
            .iter()
            .any(|a| a["action"] == "case.unexpected_payment"
                && a["detail"]["reference"] == first_ref.as_str()),
        "{:?}",
        case["audit"]
    );
    // Delivered again after a while: still two.
    assert_eq!(deliver_signed(&app, &late).await, StatusCode::NO_CONTENT);
    tokio::time::sleep(std::time::Duration::from_millis(500)).await;
    let res = connie.get(&format!("/api/staff/cases/buying/{id}")).await;
    assert_eq!(res.body["unexpectedPayments"].as_array().unwrap().len(), 2);
}

/// Bea's purchase with Ben as a co-buyer, submitted, the client care letter issued and
/// accepted by both: (broker, Bea, Ben, conveyancer, case id).
async fn with_co_buyer_awaiting_deposit(app: &TestApp) -> (Client, Client, Client, Client, i64) {
    let (broker, mut bea, id) = with_buyer_details(app).await;
    let res = bea
        .post(
            "/api/buying/applicant",
            json!({ "caseId": id, "preferredName": "Ben Buyer", "email": BEN }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let ben_applicant = res.body["id"].as_i64().unwrap();
    let mut ben = app.sign_in(BEN).await;
    let res = ben
        .post(
            &format!("/api/buying/{id}/invitation/respond"),
            json!({ "accepted": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    about_you(app, &mut ben, BEN).await;
    buyer_details(&mut ben, id, ben_applicant, true).await;
    let calls = [
        (
            "/api/property".to_owned(),
            json!({ "caseType": "BUYING", "caseId": id, "landOwnership": "JOINT_TENANCY",
                    "propertyType": "DETACHED_HOUSE", "tenure": "FREEHOLD" }),
        ),
        (
            format!("/api/buying/{id}/stamp-duty-land-tax"),
            json!({ "resultsInMultipleProperties": false, "isReplacingMainResidence": true,
                    "isFirstTimeBuyer": false }),
        ),
        (
            "/api/loans".to_owned(),
            json!({ "caseType": "BUYING", "caseId": id, "hasLoans": false }),
        ),
    ];
    for (path, body) in calls {
        let res = bea.post(&path, body).await;
        assert!(res.status.is_success(), "{path}: {:?}", res.body);
    }
    upload_everything(&mut bea, id).await;
    let res = bea
        .post(
            &format!("/api/buying/{id}/submit"),
            json!({ "declarationConfirmed": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let (mut connie, ..) = enrolled_conveyancer(app).await;
    let (letter, _) = draft_and_issue(&mut connie, id, "CLIENT_CARE_LETTER").await;
    accept(&mut bea, letter).await;
    assert_eq!(accept(&mut ben, letter).await["status"], "AWAITING_DEPOSIT");
    (broker, bea, ben, connie, id)
}

async fn co_buyers_see_the_payment_in_progress_and_get_the_same_one(backend: Backend) {
    // No provider: the local stand-in keeps to the same rule.
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut bea, mut ben, mut connie, id) = with_co_buyer_awaiting_deposit(&app).await;
    let case = ben.get(&expanded(id)).await.body;
    assert_eq!(tile(&case, "deposit"), "NOT_STARTED");
    assert_eq!(case["depositPayment"], Value::Null);

    let started = pay(&mut bea, id).await;
    assert_eq!(started["provider"], "LOCAL");
    assert_eq!(pay(&mut bea, id).await["reference"], started["reference"]);
    // Ben sees that Bea is paying, and asking to pay gives him the same payment.
    let bea_applicant = bea.get(&expanded(id)).await.body["buyers"]
        .as_array()
        .unwrap()
        .iter()
        .find(|b| b["user"]["email"] == BEA)
        .unwrap()["id"]
        .clone();
    let case = ben.get(&expanded(id)).await.body;
    let progress = &case["depositPayment"];
    assert_eq!(progress["startedByYou"], false, "{case:?}");
    assert_eq!(progress["startedBy"], bea_applicant);
    assert!(progress["startedAt"].as_str().is_some());
    assert!(progress["expiresAt"].as_str().is_some());
    assert_eq!(pay(&mut ben, id).await["reference"], started["reference"]);
    // The broker and the firm see it too.
    let case = broker.get(&expanded(id)).await.body;
    assert_eq!(case["depositPayment"]["startedBy"], bea_applicant);
    let staff = connie.get(&format!("/api/staff/cases/buying/{id}")).await;
    assert_eq!(
        staff.body["expanded"]["depositPayment"]["startedBy"],
        bea_applicant
    );
    // Only the buyer who started the test payment confirms it.
    let confirm = |reference: &Value| json!({ "reference": reference, "outcome": "PAID" });
    let res = ben
        .post(
            "/api/local-payment-response",
            confirm(&started["reference"]),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);

    // Out of time: Ben may start another, and Bea's can no longer be confirmed.
    run_out_of_time(&app).await;
    assert_eq!(
        ben.get(&expanded(id)).await.body["depositPayment"],
        Value::Null
    );
    let bens = pay(&mut ben, id).await;
    assert_ne!(bens["reference"], started["reference"]);
    let res = bea
        .post(
            "/api/local-payment-response",
            confirm(&started["reference"]),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "payment_closed");
    let res = ben
        .post("/api/local-payment-response", confirm(&bens["reference"]))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    // Paid: nothing is in progress any more.
    let case = bea.get(&expanded(id)).await.body;
    assert!(case["deposit"]["paidAt"].as_str().is_some());
    assert_eq!(case["depositPayment"], Value::Null);
}

async fn only_the_case_s_people_see_a_payment_in_progress_and_only_staff_unexpected_payments(
    backend: Backend,
) {
    let stripe: FakeStripe = fake_stripe().await;
    let app = app_with_stripe(backend, &stripe).await;
    let (mut broker, mut bea, mut connie, id) = awaiting_deposit(&app).await;
    let started = pay(&mut bea, id).await;
    let amount = started["amount"].as_i64().unwrap();
    let reference = started["reference"].as_str().unwrap().to_owned();
    // Anonymous, another customer, another firm's broker: neither the case (nor the payment
    // in progress on it) nor a payment of it.
    let mut anonymous = app.client();
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    let mut stranger = app.sign_in("stranger@example.test").await;
    let mut rival = app.sign_in("rival@other.test").await;
    assert_eq!(
        anonymous.get(&expanded(id)).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        anonymous
            .post("/api/deposit-payment", crate::work_start::pay_body(id))
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    for client in [&mut stranger, &mut rival] {
        let res = client.get(&expanded(id)).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
        let res = client
            .post("/api/deposit-payment", crate::work_start::pay_body(id))
            .await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    }
    // The case's broker sees the payment in progress but does not pay.
    let res = broker.get(&expanded(id)).await;
    assert_eq!(res.body["depositPayment"]["startedByYou"], false);
    let res = broker
        .post("/api/deposit-payment", crate::work_start::pay_body(id))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    // Nobody's call started another.
    assert_eq!(stripe.created_count(), 1);

    // Paid, then paid again through a stray session: the firm sees it, nobody else.
    let paid = completed_event(&reference, "evt_paid", Some(amount), Some(id));
    assert_eq!(deliver_signed(&app, &paid).await, StatusCode::NO_CONTENT);
    let again = completed_event("cs_test_again", "evt_again", Some(amount), Some(id));
    assert_eq!(deliver_signed(&app, &again).await, StatusCode::NO_CONTENT);
    let case = staff_case_when(&mut connie, id, |c| {
        c["unexpectedPayments"]
            .as_array()
            .is_some_and(|p| p.len() == 1)
    })
    .await;
    assert_eq!(case["unexpectedPayments"][0]["reference"], "cs_test_again");
    let staff_path = format!("/api/staff/cases/buying/{id}");
    assert_eq!(
        anonymous.get(&staff_path).await.status,
        StatusCode::UNAUTHORIZED
    );
    for client in [&mut bea, &mut broker, &mut stranger, &mut rival] {
        let res = client.get(&staff_path).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    }
    for client in [&mut bea, &mut broker] {
        let case = client.get(&expanded(id)).await.body;
        assert!(case.get("unexpectedPayments").is_none(), "{case:?}");
        assert_eq!(case["depositPayment"], Value::Null);
    }
}
