//! Referral arrangements (issue 28, item 5): the firm's administrators record what the firm
//! pays each broker firm per introduced client, and every quote made for that firm's clients
//! discloses it, naming the firm (SRA Code of Conduct for Solicitors, para 5.1); a quote keeps
//! what it disclosed when it was made; a customer who came alone is told nobody is paid.

use crate::support;

use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::cases::{create_remortgaging, firm, remortgaging_body};
use support::staff::{enrolled_conveyancer, enrolled_staff};
use support::{Backend, Client, Res, TestApp};

on_both_databases!(
    a_recorded_referral_fee_is_disclosed_on_the_quotes_made_after_it,
    only_an_administrator_records_a_referral_fee,
);

async fn put_fee(client: &mut Client, firm_id: &Value, fee: Value) -> Res {
    client
        .send(
            Method::PUT,
            &format!("/api/staff/broker-firms/{firm_id}/referral-fee"),
            Some(json!({ "referralFee": fee })),
            HeaderMap::new(),
        )
        .await
}

async fn referral_line(client: &mut Client, case_id: i64) -> Value {
    let quote = client
        .get(&format!("/api/remortgaging/{case_id}/quote/latest"))
        .await;
    assert_eq!(quote.status, StatusCode::OK, "{:?}", quote.body);
    quote.body["referralFee"].clone()
}

async fn a_recorded_referral_fee_is_disclosed_on_the_quotes_made_after_it(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let f = firm(&app).await;
    let (mut adam, _, _) = enrolled_staff(&app, "adam@threshold.test", "ROLE_ADMIN").await;
    let list = adam.get("/api/staff/broker-firms").await;
    assert_eq!(list.status, StatusCode::OK, "{:?}", list.body);
    let ours = list
        .body
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["name"] == "Firm")
        .cloned()
        .unwrap();
    assert_eq!(ours["referralFee"], 0);
    assert_eq!(ours["brokers"], 4);

    // Nothing recorded: the quote names the introducer and says the firm pays it nothing.
    let mut broker = app.sign_in(&f.broker.email).await;
    let before = create_remortgaging(&mut broker, "cara@example.com", "Cara").await;
    assert_eq!(
        referral_line(&mut broker, before).await,
        json!({
            "label": "Referral fee: none. Firm introduced you to us; we pay them nothing for it.",
            "amount": 0
        })
    );

    let res = put_fee(&mut adam, &ours["id"], json!(25_000)).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["referralFee"], 25_000);
    let audit = app
        .db
        .audit_for("broker_firm", &ours["id"].to_string())
        .await
        .unwrap();
    assert_eq!(audit.len(), 1);
    assert_eq!(audit[0].action, "broker_firm.referral_fee_changed");
    assert_eq!(audit[0].detail.0, json!({ "from": 0, "to": 25_000 }));
    // The same figure again changes nothing and audits nothing.
    assert_eq!(
        put_fee(&mut adam, &ours["id"], json!(25_000)).await.status,
        StatusCode::OK
    );
    assert_eq!(
        app.db
            .audit_for("broker_firm", &ours["id"].to_string())
            .await
            .unwrap()
            .len(),
        1
    );

    let after = create_remortgaging(&mut broker, "dan@example.com", "Dan").await;
    assert_eq!(
        referral_line(&mut broker, after).await,
        json!({
            "label": "Referral fee we pay Firm for introducing you to us (it comes out of our fees and does not add to what you pay)",
            "amount": 25_000
        })
    );
    // The earlier quote keeps what it disclosed.
    assert_eq!(
        referral_line(&mut broker, before).await["amount"],
        0,
        "a quote is not rewritten"
    );

    // A customer who starts their own case was introduced by no one.
    app.create_user("eve@example.com", "ROLE_USER", true).await;
    let mut eve = app.sign_in("eve@example.com").await;
    let mut body = remortgaging_body("x@example.com", "x");
    body.as_object_mut().unwrap().remove("client");
    let res = eve.post("/api/remortgaging/case", body).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let own = res.body["caseId"].as_i64().unwrap();
    assert_eq!(
        referral_line(&mut eve, own).await["label"],
        "Referral fee: none. We pay no one for introducing you to us."
    );

    // Bad figures are refused, naming the field; an unknown firm is 404.
    for bad in [json!(-1), json!(500_001)] {
        let res = put_fee(&mut adam, &ours["id"], bad).await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{:?}",
            res.body
        );
        assert!(res.field_error("referralFee").is_some(), "{:?}", res.body);
    }
    let res = put_fee(&mut adam, &json!(999_999), json!(100)).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
}

async fn only_an_administrator_records_a_referral_fee(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let f = firm(&app).await;
    let firm_id = json!(app.db.broker_firms().await.unwrap()[0].id);
    let (connie, _, _) = enrolled_conveyancer(&app).await;
    let anonymous = app.client();
    app.create_user("cara@example.com", "ROLE_USER", true).await;
    let customer = app.sign_in("cara@example.com").await;
    let broker = app.sign_in(&f.broker.email).await;
    let broker_admin = app.sign_in(&f.admin.email).await;
    let rival = app.sign_in(&f.rival.email).await;
    for (who, mut client, status) in [
        ("anonymous", anonymous, StatusCode::UNAUTHORIZED),
        ("a customer", customer, StatusCode::FORBIDDEN),
        ("the firm's broker", broker, StatusCode::FORBIDDEN),
        (
            "the broker firm's admin",
            broker_admin,
            StatusCode::FORBIDDEN,
        ),
        ("another firm's broker", rival, StatusCode::FORBIDDEN),
        ("a conveyancer", connie, StatusCode::FORBIDDEN),
    ] {
        assert_eq!(
            client.get("/api/staff/broker-firms").await.status,
            status,
            "{who}"
        );
        assert_eq!(
            put_fee(&mut client, &firm_id, json!(100)).await.status,
            status,
            "{who}"
        );
    }
    assert_eq!(app.db.broker_firms().await.unwrap()[0].referral_fee, 0);
}
