//! Rules every call follows: same-origin writes, JSON bodies with field errors, security
//! headers, probes, policies, about-you and the version (issue 2).

use crate::support;

use reqwest::header::{HeaderMap, HeaderValue};
use reqwest::{Method, StatusCode};
use serde_json::json;
use support::{Backend, TestApp};

on_both_databases!(
    writes_without_a_same_origin_signal_are_refused,
    bad_bodies_get_a_4xx_naming_the_field,
    responses_carry_security_headers_and_api_answers_are_not_stored,
    the_browser_app_is_told_its_third_parties_and_may_reach_only_those,
    probes_version_and_policies_answer,
    accepting_policies_records_the_current_versions_only,
    about_you_onboards_the_user_and_audits_without_personal_data,
    nobody_may_change_another_users_details,
    unknown_api_paths_get_a_json_404,
    a_method_an_address_does_not_take_gets_a_json_405,
    api_answers_are_compressed_when_the_client_accepts_it,
    bad_path_and_query_parameters_get_the_json_error_body,
);

async fn writes_without_a_same_origin_signal_are_refused(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let body = Some(json!({ "username": "x@example.com" }));
    let mut bare = app.client();
    bare.origin = None;
    assert_eq!(
        bare.send(Method::POST, "/api/auth", body.clone(), HeaderMap::new())
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let mut evil = app.client();
    evil.origin = Some("https://evil.example".into());
    let res = evil
        .send(Method::POST, "/api/auth", body.clone(), HeaderMap::new())
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(res.body["error"]["code"], "forbidden");
    let mut cross_site = HeaderMap::new();
    cross_site.insert("sec-fetch-site", HeaderValue::from_static("cross-site"));
    assert_eq!(
        app.client()
            .send(Method::POST, "/api/auth", body.clone(), cross_site)
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let mut same = HeaderMap::new();
    same.insert("sec-fetch-site", HeaderValue::from_static("same-origin"));
    assert_eq!(
        bare.send(Method::POST, "/api/auth", body, same)
            .await
            .status,
        StatusCode::NO_CONTENT
    );
}

/// VAL-25: POST /auth with a bad address is 4xx naming `username`.
async fn bad_bodies_get_a_4xx_naming_the_field(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let mut client = app.client();
    let missing = client.post("/api/auth", json!({})).await;
    assert_eq!(missing.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(missing.field_error("username"), Some("is required"));
    let unknown = client
        .post(
            "/api/auth",
            json!({ "username": "a@b.co", "role": "ROLE_ADMIN" }),
        )
        .await;
    assert_eq!(
        unknown.field_error("role"),
        Some("is not an accepted field")
    );
    let bad_email = client
        .post("/api/auth", json!({ "username": "not-an-email" }))
        .await;
    assert_eq!(bad_email.field_error("username"), Some("Must include @"));
    let wrong_type = client.post("/api/auth", json!({ "username": 7 })).await;
    assert_eq!(wrong_type.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(wrong_type.field_error("username").is_some());
    let bad_redirect = client
        .post(
            "/api/auth",
            json!({ "username": "a@b.co", "redirectTo": "https://evil.example" }),
        )
        .await;
    assert_eq!(
        bad_redirect.field_error("redirectTo"),
        Some("must be a path on this site, starting with /")
    );

    let http = reqwest::Client::new();
    let url = format!("{}/api/auth", app.base);
    let form = http
        .post(&url)
        .header("origin", &app.base)
        .header("content-type", "application/x-www-form-urlencoded")
        .body("username=a")
        .send()
        .await
        .unwrap();
    assert_eq!(form.status(), StatusCode::UNSUPPORTED_MEDIA_TYPE);
    let body: serde_json::Value = form.json().await.unwrap();
    assert_eq!(body["error"]["code"], "unsupported_media_type");
    let malformed = http
        .post(&url)
        .header("origin", &app.base)
        .header("content-type", "application/json")
        .body("{\"username\":")
        .send()
        .await
        .unwrap();
    assert_eq!(malformed.status(), StatusCode::BAD_REQUEST);
    let huge = format!("{{\"username\":\"{}\"}}", "a".repeat(100 * 1024));
    let too_large = http
        .post(&url)
        .header("origin", &app.base)
        .header("content-type", "application/json")
        .body(huge)
        .send()
        .await
        .unwrap();
    assert_eq!(too_large.status(), StatusCode::PAYLOAD_TOO_LARGE);
    let body: serde_json::Value = too_large.json().await.unwrap();
    assert_eq!(body["error"]["code"], "payload_too_large");
}

/// The error reporter, analytics and the maps service are configured on the server; the
/// browser app reads them from its runtime config, and the Content-Security-Policy admits
/// exactly their origins (LIST-34, CALLS-62, CONST-17).
async fn the_browser_app_is_told_its_third_parties_and_may_reach_only_those(backend: Backend) {
    let policy = |res: &support::Res| {
        res.headers["content-security-policy"]
            .to_str()
            .unwrap()
            .to_owned()
    };
    let bare = TestApp::spawn(backend).await;
    let res = bare.client().get("/runtime-config.json").await;
    assert_eq!(res.body["sentryDsn"], serde_json::Value::Null);
    assert_eq!(res.body["posthogKey"], serde_json::Value::Null);
    assert_eq!(res.body["maps"], serde_json::Value::Null);
    let csp = policy(&res);
    assert!(csp.contains("connect-src 'self';"), "{csp}");
    assert!(csp.contains("img-src 'self' data: https:;"), "{csp}");

    let app = TestApp::spawn_with(backend, |c| {
        c.sentry_dsn = Some("http://public@127.0.0.1:9100/7".into());
        c.posthog_key = Some("phc_test".into());
        c.posthog_host = "http://127.0.0.1:9200".into();
        c.maps_api_key = Some("maps-browser-key".into());
        c.maps_api_url = "http://127.0.0.1:9300/maps/api/staticmap".into();
    })
    .await;
    let res = app.client().get("/runtime-config.json").await;
    assert_eq!(res.body["sentryDsn"], "http://public@127.0.0.1:9100/7");
    assert_eq!(res.body["posthogKey"], "phc_test");
    assert_eq!(res.body["posthogHost"], "http://127.0.0.1:9200");
    assert_eq!(
        res.body["maps"],
        json!({ "url": "http://127.0.0.1:9300/maps/api/staticmap", "key": "maps-browser-key" })
    );
    let csp = policy(&res);
    assert!(
        csp.contains("connect-src 'self' http://127.0.0.1:9100 http://127.0.0.1:9200;"),
        "{csp}"
    );
    assert!(
        csp.contains("img-src 'self' data: https: http://127.0.0.1:9300;"),
        "{csp}"
    );
    // The DSN's key is not part of the origin.
    assert!(!csp.contains("public@"), "{csp}");
}

async fn responses_carry_security_headers_and_api_answers_are_not_stored(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let res = app.client().get("/api/policies/current").await;
    let h = &res.headers;
    let csp = h["content-security-policy"].to_str().unwrap();
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    // The page frames its own documents from object URLs (REM-POST-11's viewer), nothing else.
    assert!(csp.contains("frame-src 'self' blob:;"), "{csp}");
    assert_eq!(h["x-content-type-options"], "nosniff");
    assert_eq!(h["referrer-policy"], "no-referrer");
    assert_eq!(h["cache-control"], "no-store");
    assert!(h.contains_key("x-request-id"));
    assert!(
        !h.contains_key("strict-transport-security"),
        "HSTS only over https"
    );
}

/// CALLS-53, CONST-19: GET /policies/current answers privacyPolicy and termsAndConditions as
/// {policyVersion, contentUrl}; with no versions configured they are 2.
async fn probes_version_and_policies_answer(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let mut client = app.client();
    assert_eq!(client.get("/healthz").await.status, StatusCode::OK);
    assert_eq!(
        client.get("/readyz").await.body,
        json!({ "status": "ready" })
    );
    assert_eq!(
        client.get("/version").await.body,
        json!({ "version": app.config.release })
    );
    assert_eq!(
        client.get("/api/policies/current").await.body,
        json!({
            "privacyPolicy": { "policyVersion": 2, "contentUrl": "/legal/privacy-policy.html" },
            "termsAndConditions": { "policyVersion": 2, "contentUrl": "/legal/terms-of-service.html" }
        })
    );
}

async fn accepting_policies_records_the_current_versions_only(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| {
        c.privacy_policy_version = 3;
        c.terms_version = 4;
    })
    .await;
    app.create_user("p@example.com", "ROLE_USER", true).await;
    let mut client = app.sign_in("p@example.com").await;
    let stale = client
        .post(
            "/api/auth/accept-policies",
            json!({ "privacyVersion": 2, "termsVersion": 4 }),
        )
        .await;
    assert_eq!(stale.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        stale.field_error("privacyVersion"),
        Some("is not the current privacy policy")
    );
    let ok = client
        .post(
            "/api/auth/accept-policies",
            json!({ "privacyVersion": 3, "termsVersion": 4 }),
        )
        .await;
    assert_eq!(ok.status, StatusCode::NO_CONTENT);
    let me = client.get("/api/auth/me").await.body;
    assert_eq!(
        (me["privacyVersion"].clone(), me["termsVersion"].clone()),
        (json!(3), json!(4))
    );
    assert_eq!(
        app.client()
            .post(
                "/api/auth/accept-policies",
                json!({ "privacyVersion": 3, "termsVersion": 4 })
            )
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
}

async fn about_you_onboards_the_user_and_audits_without_personal_data(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let user = app.create_user("new@example.com", "ROLE_USER", false).await;
    let mut client = app.sign_in("new@example.com").await;
    let invalid = client.post(&format!("/api/users/{}", user.id), json!({
        "preferredName": "Jo", "firstName": "", "middleNames": null, "surname": "Bloggs", "phoneNumber": "12", "dateOfBirth": "2020-01-01"
    })).await;
    assert_eq!(invalid.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        invalid.field_error("firstName"),
        Some("First name is required")
    );
    assert_eq!(
        invalid.field_error("phoneNumber"),
        Some("Enter a UK phone number, like 07700 900123")
    );
    assert_eq!(
        invalid.field_error("dateOfBirth"),
        Some("You must be 18 or over")
    );
    let saved = client.post(&format!("/api/users/{}", user.id), json!({
        "preferredName": "Jo", "firstName": "Joanne", "middleNames": "Ann", "surname": "Bloggs", "phoneNumber": "07700 900123", "dateOfBirth": "1988-02-29"
    })).await;
    assert_eq!(saved.status, StatusCode::OK, "{:?}", saved.body);
    assert_eq!(saved.body["isOnboarded"], true);
    assert_eq!(
        client.get("/api/auth/me").await.body["user"]["isOnboarded"],
        true
    );
    let names = app.db.legal_names(user.id).await.unwrap();
    assert_eq!(
        (names.len(), names[0].first_name.as_str(), names[0].until),
        (1, "Joanne", None)
    );
    let audit = app
        .db
        .audit_for("user", &user.id.to_string())
        .await
        .unwrap();
    let event = audit
        .iter()
        .find(|e| e.action == "user.about_you_saved")
        .expect("audited");
    assert_eq!(event.actor_user_id, Some(user.id));
    let detail = event.detail.0.to_string();
    assert!(
        !detail.contains("Joanne") && !detail.contains("07700") && !detail.contains("1988"),
        "{detail}"
    );
}

async fn nobody_may_change_another_users_details(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("me@example.com", "ROLE_USER", true).await;
    let victim = app
        .create_user("victim@example.com", "ROLE_USER", true)
        .await;
    let mut client = app.sign_in("me@example.com").await;
    let res = client.post(&format!("/api/users/{}", victim.id), json!({
        "preferredName": "Hacked", "firstName": "H", "middleNames": null, "surname": "H", "phoneNumber": "07700 900123", "dateOfBirth": "1980-01-01"
    })).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert_eq!(
        app.db
            .user_by_id(victim.id)
            .await
            .unwrap()
            .unwrap()
            .preferred_name,
        "Test Person"
    );
}

async fn unknown_api_paths_get_a_json_404(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let res = app.client().get("/api/no-such-thing").await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.body["error"]["code"], "not_found");
}

/// Issue 30: a 405 is the JSON error too, and still says which methods the address takes.
async fn a_method_an_address_does_not_take_gets_a_json_405(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    for path in ["/api/openapi.json", "/some/page"] {
        let res = app
            .client()
            .send(Method::DELETE, path, None, HeaderMap::new())
            .await;
        assert_eq!(res.status, StatusCode::METHOD_NOT_ALLOWED, "{path}");
        assert_eq!(res.body["error"]["code"], "method_not_allowed", "{path}");
        assert!(
            res.headers["allow"].to_str().unwrap().contains("GET"),
            "{path}: {:?}",
            res.headers
        );
    }
}

/// Issue 30: API answers over 1 KiB travel compressed in the encoding the client accepts
/// (brotli first, then gzip); small ones and clients that accept none travel as they are.
async fn api_answers_are_compressed_when_the_client_accepts_it(backend: Backend) {
    use std::io::Read;
    let app = TestApp::spawn(backend).await;
    let get = |accept: &'static str, path: &'static str| {
        let http = reqwest::Client::new();
        let url = format!("{}{path}", app.base);
        async move {
            let mut req = http.get(url);
            if !accept.is_empty() {
                req = req.header("accept-encoding", accept);
            }
            let res = req.send().await.unwrap();
            let encoding = res
                .headers()
                .get("content-encoding")
                .map(|v| v.to_str().unwrap().to_owned());
            (encoding, res.bytes().await.unwrap().to_vec())
        }
    };
    let (encoding, gzipped) = get("gzip", "/api/openapi.json").await;
    assert_eq!(encoding.as_deref(), Some("gzip"));
    let mut text = String::new();
    flate2::read::GzDecoder::new(&gzipped[..])
        .read_to_string(&mut text)
        .unwrap();
    let plain: serde_json::Value = serde_json::from_str(&text).unwrap();
    assert!(plain["openapi"].is_string());
    assert_eq!(
        get("gzip, deflate, br", "/api/openapi.json")
            .await
            .0
            .as_deref(),
        Some("br")
    );
    let (encoding, raw) = get("", "/api/openapi.json").await;
    assert_eq!(encoding, None);
    assert_eq!(
        serde_json::from_slice::<serde_json::Value>(&raw).unwrap(),
        plain
    );
    assert!(
        gzipped.len() * 3 < raw.len(),
        "{} of {}",
        gzipped.len(),
        raw.len()
    );
    // A small answer (an error body) is not worth it.
    assert_eq!(get("gzip, br", "/api/auth/me").await.0, None);
}

/// Path and query parameters of the wrong kind answer like every other error: JSON, with the
/// parameter named where it is a value the caller sent (issue 10, the contract).
async fn bad_path_and_query_parameters_get_the_json_error_body(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("cara@example.test", "ROLE_USER", true)
        .await;
    let mut cara = app.sign_in("cara@example.test").await;
    let token = cara.get("/api/auth/me").await.body["knockToken"]
        .as_str()
        .unwrap()
        .to_owned();
    let mut knock = HeaderMap::new();
    knock.insert("x-knock-token", HeaderValue::from_str(&token).unwrap());
    let res = cara
        .send(Method::GET, "/api/feed?page=abc", None, knock.clone())
        .await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    assert!(
        res.body["error"]["fields"]["page"].is_string(),
        "{:?}",
        res.body
    );
    let res = cara
        .send(Method::GET, "/api/feed?page=1", None, knock.clone())
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let res = cara
        .send(Method::POST, "/api/feed/abc/read", None, knock)
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.body["error"]["code"], "not_found");
    let res = cara
        .post(
            "/api/quote/not-a-number/accept",
            json!({ "caseId": 1, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    assert_eq!(res.body["error"]["code"], "not_found");
}
