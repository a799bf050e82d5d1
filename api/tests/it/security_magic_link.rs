//! Issue 10, Medium #8: opening the e-mailed link consumes nothing (mail scanners and link
//! previews fetch it); the `/login/auth` page redeems it with a same-origin POST.

use crate::support;

use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::json;
use support::{Backend, TestApp};

on_both_databases!(
    fetching_the_link_any_number_of_times_burns_nothing,
    a_link_is_redeemed_only_by_a_same_origin_post,
    the_redemption_body_is_just_the_token,
);

/// CALLS-58 (as redeemed here: GET /auth/magic-link/{token} signs nobody in, by design since issue
/// 10; the token is redeemed by a same-origin POST): a fresh token signs in once, then it is 4xx.
async fn fetching_the_link_any_number_of_times_burns_nothing(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("ann@example.com", "ROLE_USER", true).await;
    app.client()
        .post("/api/auth", json!({ "username": "ann@example.com" }))
        .await;
    let link = app.mails_to("ann@example.com", 1).await[0].links[0].clone();
    let token = app.link_token("ann@example.com", 1).await;
    let url = reqwest::Url::parse(&link).unwrap();
    let page = format!("{}?{}", url.path(), url.query().unwrap());
    assert!(page.starts_with("/login/auth?token="));
    // A scanner, a link preview, a prefetching browser: GET and HEAD, of the page and of
    // the old API address, again and again.
    let mut scanner = app.client();
    for path in [page.clone(), format!("/api/auth/magic-link/{token}")] {
        for method in [Method::GET, Method::HEAD, Method::GET] {
            let res = scanner
                .send(method.clone(), &path, None, HeaderMap::new())
                .await;
            assert!(
                res.set_cookies().is_empty(),
                "{method} {path} set {:?}",
                res.set_cookies()
            );
        }
    }
    assert!(scanner.cookies.is_empty());
    // The person then opens it and is signed in.
    let mut person = app.client();
    assert_eq!(person.redeem(&token).await.status, StatusCode::NO_CONTENT);
    assert_eq!(person.get("/api/auth/me").await.status, StatusCode::OK);
    // And it still works once only.
    assert_eq!(
        app.client().redeem(&token).await.status,
        StatusCode::UNAUTHORIZED
    );
}

async fn a_link_is_redeemed_only_by_a_same_origin_post(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("ann@example.com", "ROLE_USER", true).await;
    app.client()
        .post("/api/auth", json!({ "username": "ann@example.com" }))
        .await;
    let token = app.link_token("ann@example.com", 1).await;
    // Another site posting the token (login CSRF) is refused, and the link survives it.
    let mut evil = app.client();
    evil.origin = Some("https://evil.example".into());
    let res = evil.redeem(&token).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    assert!(res.set_cookies().is_empty());
    assert_eq!(
        app.client().redeem(&token).await.status,
        StatusCode::NO_CONTENT
    );
}

/// CALLS-58: a bogus token is 401 'Authentication failed'.
async fn the_redemption_body_is_just_the_token(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let mut client = app.client();
    let res = client.post("/api/auth/magic-link", json!({})).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(res.field_error("token"), Some("is required"));
    let res = client
        .post(
            "/api/auth/magic-link",
            json!({ "token": "x", "userId": "someone" }),
        )
        .await;
    assert_eq!(res.field_error("userId"), Some("is not an accepted field"));
    let res = client
        .post("/api/auth/magic-link", json!({ "token": "not-a-token" }))
        .await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert_eq!(res.body["error"]["message"], "Authentication failed");
}
