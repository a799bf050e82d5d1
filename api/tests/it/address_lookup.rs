//! GET /address-lookup and /address-lookup/{id} against a local fake of Ideal Postcodes that
//! speaks its protocol (`/v1/postcodes/{postcode}`, `/v1/udprn/{udprn}`, `api_key`, the
//! `{"result","code","message"}` envelope). Issue 12: the address through the lookup, and
//! manual entry when no key is set.

use crate::support;

use std::sync::{Arc, Mutex};

use axum::Json;
use axum::Router;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode as AxumStatus;
use axum::routing::get;
use reqwest::StatusCode;
use serde_json::{Value, json};
use support::{Backend, TestApp};

const KEY: &str = "ak_test_key";

on_both_databases!(
    without_a_key_the_lookup_is_off_and_the_app_is_told,
    a_postcode_lists_its_addresses_and_an_id_reads_one,
    a_refused_key_is_a_clear_502_that_never_shows_the_key,
);

/// What the fake provider was asked, path by path.
type Requests = Arc<Mutex<Vec<String>>>;

fn paf(udprn: u64, line_1: &str, line_2: &str) -> Value {
    json!({
        "postcode": "SW1A 2AA", "postcode_inward": "2AA", "postcode_outward": "SW1A",
        "post_town": "LONDON", "dependant_locality": "", "thoroughfare": "Downing Street",
        "building_number": "", "building_name": "", "sub_building_name": "",
        "organisation_name": "", "udprn": udprn, "umprn": "", "postcode_type": "L",
        "line_1": line_1, "line_2": line_2, "line_3": "", "premise": "",
        "country": "England", "county": "London", "district": "Westminster",
        "longitude": -0.127695, "latitude": 51.50354
    })
}

async fn fake_provider() -> (String, Requests) {
    #[derive(serde::Deserialize)]
    struct KeyQuery {
        api_key: String,
    }
    fn refused(q: &KeyQuery) -> Option<(AxumStatus, Json<Value>)> {
        (q.api_key != KEY).then(|| {
            (
                AxumStatus::UNAUTHORIZED,
                Json(json!({ "code": 4010, "message": "Invalid Key. Check your API key" })),
            )
        })
    }
    async fn postcode(
        State(seen): State<Requests>,
        Path(pc): Path<String>,
        Query(q): Query<KeyQuery>,
    ) -> (AxumStatus, Json<Value>) {
        seen.lock().unwrap().push(format!("postcodes/{pc}"));
        if let Some(no) = refused(&q) {
            return no;
        }
        if pc == "SW1A2AA" {
            let result = json!([
                paf(
                    23747771,
                    "Prime Minister & First Lord Of The Treasury",
                    "10 Downing Street"
                ),
                paf(23747772, "11 Downing Street", ""),
            ]);
            return (
                AxumStatus::OK,
                Json(json!({ "result": result, "code": 2000, "message": "Success" })),
            );
        }
        (
            AxumStatus::NOT_FOUND,
            Json(json!({ "code": 4040, "message": "Postcode not found" })),
        )
    }
    async fn udprn(
        State(seen): State<Requests>,
        Path(id): Path<String>,
        Query(q): Query<KeyQuery>,
    ) -> (AxumStatus, Json<Value>) {
        seen.lock().unwrap().push(format!("udprn/{id}"));
        if let Some(no) = refused(&q) {
            return no;
        }
        if id == "23747772" {
            let result = paf(23747772, "11 Downing Street", "");
            return (
                AxumStatus::OK,
                Json(json!({ "result": result, "code": 2000, "message": "Success" })),
            );
        }
        (
            AxumStatus::NOT_FOUND,
            Json(json!({ "code": 4044, "message": "UDPRN not found" })),
        )
    }
    let seen = Requests::default();
    let app = Router::new()
        .route("/v1/postcodes/{pc}", get(postcode))
        .route("/v1/udprn/{id}", get(udprn))
        .with_state(seen.clone());
    (support::serve_fake(app).await, seen)
}

async fn with_provider(backend: Backend, key: &str) -> (TestApp, Requests) {
    let (base, seen) = fake_provider().await;
    let key = key.to_owned();
    let app = TestApp::spawn_with(backend, |c| {
        c.address_lookup_url = base;
        c.address_lookup_key = Some(key);
    })
    .await;
    (app, seen)
}

async fn without_a_key_the_lookup_is_off_and_the_app_is_told(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let config = app.client().get("/runtime-config.json").await;
    assert_eq!(config.body["addressLookup"], false);
    app.create_user("cara@example.test", "ROLE_USER", true)
        .await;
    let mut cara = app.sign_in("cara@example.test").await;
    let res = cara.get("/api/address-lookup?postcode=SW1A%202AA").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.body["error"]["code"], "address_lookup_off");
    // The postcode is still checked first, so a typed one gets its own message.
    let res = cara.get("/api/address-lookup?postcode=nope").await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        res.field_error("postcode"),
        Some("Enter a valid UK postcode")
    );
}

/// CALLS-59, CALLS-60: a postcode search lists candidate addresses with ids; an id reads one
/// address (line 1, county, postcode).
async fn a_postcode_lists_its_addresses_and_an_id_reads_one(backend: Backend) {
    let (app, seen) = with_provider(backend, KEY).await;
    let config = app.client().get("/runtime-config.json").await;
    assert_eq!(config.body["addressLookup"], true);

    // Who may: a signed-in customer or broker. Who may not: anonymous, staff (back office).
    let res = app
        .client()
        .get("/api/address-lookup?postcode=SW1A2AA")
        .await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    app.create_user("conveyancer@example.test", "ROLE_CONVEYANCER", true)
        .await;
    let mut staff = app.sign_in("conveyancer@example.test").await;
    assert_eq!(
        staff
            .get("/api/address-lookup?postcode=SW1A2AA")
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    assert!(
        seen.lock().unwrap().is_empty(),
        "nothing reaches the provider unsigned"
    );

    app.create_user("bea@broker.test", "ROLE_BROKER", true)
        .await;
    let mut broker = app.sign_in("bea@broker.test").await;
    let res = broker.get("/api/address-lookup?postcode=sw1a%202aa").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(seen.lock().unwrap().last().unwrap(), "postcodes/SW1A2AA");
    let addresses = res.body["addresses"].as_array().unwrap();
    assert_eq!(addresses.len(), 2);
    assert_eq!(
        addresses[0],
        json!({
            "id": "23747771",
            "addressLine1": "Prime Minister & First Lord Of The Treasury",
            "addressLine2": "10 Downing Street",
            "town": "London",
            "county": "London",
            "postcode": "SW1A 2AA",
            "country": "England",
            "formattedAddress": "Prime Minister & First Lord Of The Treasury, 10 Downing Street, London, SW1A 2AA"
        })
    );
    assert_eq!(addresses[1]["addressLine2"], Value::Null);

    app.create_user("cara@example.test", "ROLE_USER", true)
        .await;
    let mut cara = app.sign_in("cara@example.test").await;
    let res = cara.get("/api/address-lookup/23747772").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(
        res.body["formattedAddress"],
        "11 Downing Street, London, SW1A 2AA"
    );

    // A postcode with no addresses is an empty list; an unknown id is 404; bad input 422,
    // answered without asking the provider.
    let res = cara.get("/api/address-lookup?postcode=ZZ9%209ZZ").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["addresses"], json!([]));
    assert_eq!(
        cara.get("/api/address-lookup/1").await.status,
        StatusCode::NOT_FOUND
    );
    let asked = seen.lock().unwrap().len();
    let res = cara.get("/api/address-lookup/not-a-number").await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("id").is_some());
    let res = cara.get("/api/address-lookup?postcode=12345").await;
    assert_eq!(
        res.field_error("postcode"),
        Some("Enter a valid UK postcode")
    );
    let res = cara.get("/api/address-lookup").await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(seen.lock().unwrap().len(), asked);
}

async fn a_refused_key_is_a_clear_502_that_never_shows_the_key(backend: Backend) {
    let (app, seen) = with_provider(backend, "ak_revoked_key").await;
    app.create_user("cara@example.test", "ROLE_USER", true)
        .await;
    let mut cara = app.sign_in("cara@example.test").await;
    let res = cara.get("/api/address-lookup?postcode=SW1A2AA").await;
    assert_eq!(res.status, StatusCode::BAD_GATEWAY);
    assert_eq!(res.body["error"]["code"], "address_lookup_failed");
    assert_eq!(
        res.body["error"]["message"],
        "We could not look up addresses just now: please enter the address by hand."
    );
    assert!(!res.body.to_string().contains("ak_revoked_key"));
    assert_eq!(seen.lock().unwrap().len(), 1);
}
