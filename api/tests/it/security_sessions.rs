//! Issue 10, Low: a reused refresh token ends its session (RFC 9700 section 4.14.2); logging
//! out clears the site's data in the browser.

use crate::support;

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::json;
use support::{Backend, TestApp};

on_both_databases!(
    a_refresh_token_presented_again_ends_the_whole_session,
    two_tabs_refreshing_at_once_do_not_end_the_session,
    logout_and_logout_everywhere_clear_the_sites_browser_data,
);

async fn a_refresh_token_presented_again_ends_the_whole_session(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let user = app.create_user("r@example.com", "ROLE_USER", true).await;
    let mut owner = app.sign_in("r@example.com").await;
    let stolen = owner.clone();
    assert_eq!(
        owner.post("/api/auth/refresh", json!({})).await.status,
        StatusCode::NO_CONTENT
    );
    // A minute later the thief tries the copied (now retired) refresh cookie.
    let retired = Utc::now() - Duration::minutes(1);
    threshold_store::on_db!(&app.db, pool => sqlx::query("UPDATE retired_refresh_tokens SET retired_at = $1")
        .bind(retired)
        .execute(pool)
        .await
        .map(|_| ()))
    .unwrap();
    let mut thief = stolen;
    assert_eq!(
        thief.post("/api/auth/refresh", json!({})).await.status,
        StatusCode::UNAUTHORIZED
    );
    // Nobody can tell thief from owner any more: the session is over for both.
    assert_eq!(
        owner.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        owner.post("/api/auth/refresh", json!({})).await.status,
        StatusCode::UNAUTHORIZED
    );
    let (session_id,): (String,) = threshold_store::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT CAST(id AS TEXT) FROM sessions WHERE user_id = $1",
    )
    .bind(user.id)
    .fetch_one(pool)
    .await)
    .unwrap();
    let audit = app.db.audit_for("session", &session_id).await.unwrap();
    assert!(
        audit.iter().any(
            |e| e.action == "session.revoked" && e.detail.0["reason"] == "refresh_token_reused"
        ),
        "{audit:?}"
    );
}

async fn two_tabs_refreshing_at_once_do_not_end_the_session(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("t@example.com", "ROLE_USER", true).await;
    let mut first_tab = app.sign_in("t@example.com").await;
    let mut second_tab = first_tab.clone();
    assert_eq!(
        first_tab.post("/api/auth/refresh", json!({})).await.status,
        StatusCode::NO_CONTENT
    );
    // The second tab's refresh, sent with the same cookie a moment later, loses the race…
    assert_eq!(
        second_tab.post("/api/auth/refresh", json!({})).await.status,
        StatusCode::UNAUTHORIZED
    );
    // …without ending the session the browser now holds.
    assert_eq!(first_tab.get("/api/auth/me").await.status, StatusCode::OK);
    assert_eq!(
        first_tab.post("/api/auth/refresh", json!({})).await.status,
        StatusCode::NO_CONTENT
    );
}

async fn logout_and_logout_everywhere_clear_the_sites_browser_data(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("l@example.com", "ROLE_USER", true).await;
    let mut laptop = app.sign_in("l@example.com").await;
    let res = laptop.post("/api/auth/logout", json!({})).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert_eq!(
        res.headers["clear-site-data"],
        "\"cache\", \"cookies\", \"storage\""
    );
    let mut phone = app.sign_in("l@example.com").await;
    let res = phone.post("/api/auth/logout-all", json!({})).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert_eq!(
        res.headers["clear-site-data"],
        "\"cache\", \"cookies\", \"storage\""
    );
}
