//! Sessions: cookies, rotation, timeouts, logout and revocation (issue 2; checklist AUTH-*, SETTINGS-*).

use crate::support;

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::json;
use support::{Backend, TestApp};

on_both_databases!(
    session_cookies_are_host_prefixed_http_only_secure_and_lax,
    every_sign_in_gets_a_new_session,
    refresh_rotates_both_tokens_and_a_replayed_refresh_cookie_gets_401,
    an_expired_access_token_gets_401_and_refresh_recovers,
    a_session_idle_for_thirty_minutes_is_over,
    a_session_older_than_twelve_hours_is_over,
    logout_revokes_on_the_server,
    logout_everywhere_ends_every_session,
    sessions_are_listed_and_one_can_be_revoked,
    another_users_session_cannot_be_revoked,
    verify_reports_whether_the_browser_is_signed_in,
    conveyancers_sign_in_but_their_role_is_reported_for_the_app_to_refuse,
);

async fn session_cookies_are_host_prefixed_http_only_secure_and_lax(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("c@example.com", "ROLE_USER", true).await;
    let mut client = app.client();
    client
        .post("/api/auth", json!({ "username": "c@example.com" }))
        .await;
    let token = app.link_token("c@example.com", 1).await;
    let res = client.redeem(&token).await;
    let cookies = res.set_cookies();
    assert_eq!(cookies.len(), 2);
    for cookie in cookies {
        assert!(cookie.starts_with("__Host-threshold-"), "{cookie}");
        for attribute in ["HttpOnly", "Secure", "SameSite=Lax", "Path=/"] {
            assert!(cookie.contains(attribute), "{cookie} lacks {attribute}");
        }
        assert!(!cookie.contains("Domain="));
    }
}

/// CALLS-56: signed in twice, GET /auth/sessions lists 2 sessions.
async fn every_sign_in_gets_a_new_session(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("n@example.com", "ROLE_USER", true).await;
    let first = app.sign_in("n@example.com").await;
    let second = app.sign_in("n@example.com").await;
    assert_ne!(first.cookies, second.cookies);
    let mut first = first;
    let sessions = first.get("/api/auth/sessions").await.body["sessions"]
        .as_array()
        .unwrap()
        .len();
    assert_eq!(sessions, 2);
}

/// CALLS-42: POST /auth/refresh renews a valid session (2xx); without one it is 401.
async fn refresh_rotates_both_tokens_and_a_replayed_refresh_cookie_gets_401(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("r@example.com", "ROLE_USER", true).await;
    let mut client = app.sign_in("r@example.com").await;
    let old = client.clone();
    assert_eq!(
        client.post("/api/auth/refresh", json!({})).await.status,
        StatusCode::NO_CONTENT
    );
    assert_ne!(client.cookies, old.cookies);
    assert_eq!(client.get("/api/auth/me").await.status, StatusCode::OK);
    let mut replay = old.clone();
    assert_eq!(
        replay.post("/api/auth/refresh", json!({})).await.status,
        StatusCode::UNAUTHORIZED
    );
    let mut old_access = old;
    assert_eq!(
        old_access.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
}

async fn age_sessions(app: &TestApp, column: &str, by: Duration) {
    let at = Utc::now() - by;
    let sql = format!("UPDATE sessions SET {column} = $1");
    threshold_store::on_db!(&app.db, pool => sqlx::query(sqlx::AssertSqlSafe(sql)).bind(at).execute(pool).await.map(|_| ())).unwrap();
}

async fn an_expired_access_token_gets_401_and_refresh_recovers(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("e@example.com", "ROLE_USER", true).await;
    let mut client = app.sign_in("e@example.com").await;
    age_sessions(&app, "access_expires_at", Duration::seconds(1)).await;
    let res = client.get("/api/auth/me").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        res.body["error"]["message"],
        "Please log in again to continue."
    );
    assert_eq!(
        client.post("/api/auth/refresh", json!({})).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(client.get("/api/auth/me").await.status, StatusCode::OK);
}

async fn a_session_idle_for_thirty_minutes_is_over(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("i@example.com", "ROLE_USER", true).await;
    let mut client = app.sign_in("i@example.com").await;
    age_sessions(&app, "last_used_at", Duration::minutes(29)).await;
    assert_eq!(client.get("/api/auth/me").await.status, StatusCode::OK);
    age_sessions(&app, "last_used_at", Duration::minutes(31)).await;
    assert_eq!(
        client.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        client.post("/api/auth/refresh", json!({})).await.status,
        StatusCode::UNAUTHORIZED
    );
}

async fn a_session_older_than_twelve_hours_is_over(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("a@example.com", "ROLE_USER", true).await;
    let mut client = app.sign_in("a@example.com").await;
    age_sessions(&app, "expires_at", Duration::seconds(1)).await;
    assert_eq!(
        client.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        client.post("/api/auth/refresh", json!({})).await.status,
        StatusCode::UNAUTHORIZED
    );
}

/// CALLS-43: POST /auth/logout is 204 and ends the session on the server.
async fn logout_revokes_on_the_server(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("l@example.com", "ROLE_USER", true).await;
    let mut client = app.sign_in("l@example.com").await;
    let stolen = client.clone();
    let res = client.post("/api/auth/logout", json!({})).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert!(res.set_cookies().iter().all(|c| c.contains("Max-Age=0")));
    let mut replay = stolen;
    assert_eq!(
        replay.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        replay.post("/api/auth/refresh", json!({})).await.status,
        StatusCode::UNAUTHORIZED
    );
}

async fn logout_everywhere_ends_every_session(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("all@example.com", "ROLE_USER", true).await;
    let mut laptop = app.sign_in("all@example.com").await;
    let mut phone = app.sign_in("all@example.com").await;
    assert_eq!(
        laptop.post("/api/auth/logout-all", json!({})).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        phone.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        phone.post("/api/auth/refresh", json!({})).await.status,
        StatusCode::UNAUTHORIZED
    );
    let user = app
        .db
        .user_by_email("all@example.com")
        .await
        .unwrap()
        .unwrap();
    let audit = app
        .db
        .audit_for("user", &user.id.to_string())
        .await
        .unwrap();
    assert!(audit.iter().any(|e| e.action == "session.revoked_all"));
}

/// CALLS-56, ENT-15 (session id): the sessions are listed with their ids; an id revokes one.
async fn sessions_are_listed_and_one_can_be_revoked(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("s@example.com", "ROLE_USER", true).await;
    let mut laptop = app.sign_in("s@example.com").await;
    let mut phone = app.sign_in("s@example.com").await;
    let list = laptop.get("/api/auth/sessions").await;
    let sessions = list.body["sessions"].as_array().unwrap().clone();
    assert_eq!(sessions.len(), 2);
    assert_eq!(sessions.iter().filter(|s| s["current"] == true).count(), 1);
    let other = sessions.iter().find(|s| s["current"] == false).unwrap()["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        laptop
            .delete(&format!("/api/auth/sessions/{other}"))
            .await
            .status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        phone.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(laptop.get("/api/auth/me").await.status, StatusCode::OK);
}

async fn another_users_session_cannot_be_revoked(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("own@example.com", "ROLE_USER", true).await;
    app.create_user("other@example.com", "ROLE_USER", true)
        .await;
    let mut mine = app.sign_in("own@example.com").await;
    let mut theirs = app.sign_in("other@example.com").await;
    let their_id = theirs.get("/api/auth/sessions").await.body["sessions"][0]["id"]
        .as_str()
        .unwrap()
        .to_owned();
    assert_eq!(
        mine.delete(&format!("/api/auth/sessions/{their_id}"))
            .await
            .status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(
        mine.delete("/api/auth/sessions/not-a-uuid").await.status,
        StatusCode::NOT_FOUND
    );
    assert_eq!(theirs.get("/api/auth/me").await.status, StatusCode::OK);
}

/// CALLS-55, CALLS-43, CALLS-57: /auth/verify answers isLoggedIn false (anonymous, after
/// logout) or true; anonymous /auth/me is 401.
async fn verify_reports_whether_the_browser_is_signed_in(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("v@example.com", "ROLE_USER", true).await;
    assert_eq!(
        app.client().get("/api/auth/verify").await.body,
        json!({ "isLoggedIn": false })
    );
    assert_eq!(
        app.client().get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    let mut client = app.sign_in("v@example.com").await;
    assert_eq!(
        client.get("/api/auth/verify").await.body,
        json!({ "isLoggedIn": true })
    );
    // With only a live refresh token the session can still be resumed.
    age_sessions(&app, "access_expires_at", Duration::seconds(1)).await;
    assert_eq!(
        client.get("/api/auth/verify").await.body,
        json!({ "isLoggedIn": true })
    );
    client.post("/api/auth/logout", json!({})).await;
    assert_eq!(
        client.get("/api/auth/verify").await.body,
        json!({ "isLoggedIn": false })
    );
}

async fn conveyancers_sign_in_but_their_role_is_reported_for_the_app_to_refuse(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("conv@example.com", "ROLE_CONVEYANCER", true)
        .await;
    let mut client = app.sign_in("conv@example.com").await;
    assert_eq!(
        client.get("/api/auth/me").await.body["role"],
        "ROLE_CONVEYANCER"
    );
}
