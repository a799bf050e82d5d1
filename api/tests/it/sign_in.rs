//! Sign-up and sign-in by e-mail link (issue 2 security properties; checklist AUTH-*, LOGIN-*, SIGNUP-*).

use crate::support;

use chrono::{Duration, Utc};
use reqwest::StatusCode;
use serde_json::json;
use support::{Backend, TestApp};
use threshold_store::magic_links::NewMagicLink;
use threshold_store::tokens;

on_both_databases!(
    a_new_user_signs_up_opens_the_link_and_is_not_yet_onboarded,
    login_answers_the_same_for_known_and_unknown_addresses,
    an_unknown_address_is_told_there_is_no_account,
    a_link_works_once_even_under_twenty_concurrent_redemptions,
    a_link_older_than_fifteen_minutes_fails,
    a_newer_link_revokes_the_older_one,
    only_the_hash_of_a_link_token_is_stored,
    login_is_rate_limited_per_ip_with_a_clear_message,
    signup_is_rate_limited_per_ip,
    link_redemption_is_rate_limited_per_ip,
    signup_for_an_existing_account_sends_a_sign_in_link,
    signup_validates_name_email_and_policy_versions,
    enum_21_25_me_reports_each_role_and_the_enabled_features,
);

/// ENT-01, CALLS-57: GET /auth/me answers id, role, enabledFeatures, isLender, knockToken,
/// privacyVersion, termsVersion and user.preferredName/email/isOnboarded.
async fn a_new_user_signs_up_opens_the_link_and_is_not_yet_onboarded(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let mut client = app.client();
    let res = client
        .post("/api/auth/signup", json!({ "preferredName": "Ann", "email": "Ann@Example.com", "termsAndConditionsVersion": 2, "privacyPolicyVersion": 2 }))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert!(
        app.db
            .user_by_email("ann@example.com")
            .await
            .unwrap()
            .is_none(),
        "the account exists only once the link is opened"
    );
    let mail = &app.mails_to("ann@example.com", 1).await[0];
    assert_eq!(mail.subject, "Confirm your e-mail to join Threshold");
    let token = app.link_token("ann@example.com", 1).await;
    assert_eq!(client.redeem(&token).await.status, StatusCode::NO_CONTENT);
    let me = client.get("/api/auth/me").await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["role"], "ROLE_USER");
    assert_eq!(me.body["user"]["email"], "ann@example.com");
    assert_eq!(me.body["user"]["preferredName"], "Ann");
    assert_eq!(me.body["user"]["isOnboarded"], false);
    assert_eq!(me.body["privacyVersion"], 2);
    assert_eq!(me.body["termsVersion"], 2);
    assert_eq!(me.body["enabledFeatures"], json!([]));
    assert_eq!(me.body["isLender"], false);
    // NOTIF-05: the feed token, signed for this user.
    let knock = me.body["knockToken"].as_str().expect("a feed token");
    assert!(knock.starts_with(&format!("{}.", me.body["id"].as_str().unwrap())));
}

async fn login_answers_the_same_for_known_and_unknown_addresses(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("known@example.com", "ROLE_USER", true)
        .await;
    let mut client = app.client();
    let known = client
        .post(
            "/api/auth",
            json!({ "username": "known@example.com", "redirectTo": "/settings" }),
        )
        .await;
    let unknown = client
        .post(
            "/api/auth",
            json!({ "username": "nobody@example.com", "redirectTo": "/settings" }),
        )
        .await;
    assert_eq!(known.status, StatusCode::NO_CONTENT);
    assert_eq!(known.status, unknown.status);
    assert_eq!(known.body, unknown.body);
    assert_eq!(known.set_cookies(), unknown.set_cookies());
    let mail = &app.mails_to("known@example.com", 1).await[0];
    assert_eq!(mail.subject, "Your Threshold sign-in link");
    assert!(
        mail.links[0].contains("/login/auth?token=")
            && mail.links[0].ends_with("&redirectTo=%2Fsettings"),
        "{:?}",
        mail.links
    );
}

async fn an_unknown_address_is_told_there_is_no_account(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.client()
        .post("/api/auth", json!({ "username": "nobody@example.com" }))
        .await;
    let mail = &app.mails_to("nobody@example.com", 1).await[0];
    assert_eq!(
        mail.subject,
        "There is no Threshold account for this address"
    );
    assert!(mail.links.iter().any(|l| l.ends_with("/signup")));
    assert!(!mail.links.iter().any(|l| l.contains("token=")));
}

async fn a_link_works_once_even_under_twenty_concurrent_redemptions(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("once@example.com", "ROLE_USER", true).await;
    app.client()
        .post("/api/auth", json!({ "username": "once@example.com" }))
        .await;
    let token = app.link_token("once@example.com", 1).await;
    let attempts = (0..20).map(|_| {
        let mut client = app.client();
        let token = token.clone();
        tokio::spawn(async move { client.redeem(&token).await.status })
    });
    let statuses = futures::future::join_all(attempts).await;
    let successes = statuses
        .iter()
        .filter(|s| *s.as_ref().unwrap() == StatusCode::NO_CONTENT)
        .count();
    let refusals = statuses
        .iter()
        .filter(|s| *s.as_ref().unwrap() == StatusCode::UNAUTHORIZED)
        .count();
    assert_eq!((successes, refusals), (1, 19));
}

async fn a_link_older_than_fifteen_minutes_fails(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let user = app.create_user("late@example.com", "ROLE_USER", true).await;
    let issue = |minutes_ago: i64| {
        let db = app.db.clone();
        async move {
            let request_id = format!("late-{minutes_ago}");
            let link = NewMagicLink {
                email: "late@example.com",
                request_id: &request_id,
                user_id: Some(user.id),
                signup: None,
                redirect_to: None,
                lifetime: Duration::minutes(15),
                replaces_others: true,
            };
            db.issue_magic_link(&link, Utc::now() - Duration::minutes(minutes_ago))
                .await
                .unwrap()
        }
    };
    let expired = issue(16).await;
    let res = app.client().redeem(&expired).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    assert_eq!(res.body["error"]["message"], "Authentication failed");
    let fresh = issue(14).await;
    assert_eq!(
        app.client().redeem(&fresh).await.status,
        StatusCode::NO_CONTENT
    );
}

async fn a_newer_link_revokes_the_older_one(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("twice@example.com", "ROLE_USER", true)
        .await;
    let mut client = app.client();
    client
        .post("/api/auth", json!({ "username": "twice@example.com" }))
        .await;
    let first = app.link_token("twice@example.com", 1).await;
    client
        .post("/api/auth", json!({ "username": "twice@example.com" }))
        .await;
    let second = app.link_token("twice@example.com", 2).await;
    assert_ne!(first, second);
    assert_eq!(
        app.client().redeem(&first).await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        app.client().redeem(&second).await.status,
        StatusCode::NO_CONTENT
    );
}

async fn only_the_hash_of_a_link_token_is_stored(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("hash@example.com", "ROLE_USER", true).await;
    app.client()
        .post("/api/auth", json!({ "username": "hash@example.com" }))
        .await;
    let token = app.link_token("hash@example.com", 1).await;
    assert_eq!(token.len(), 43, "256 bits in URL-safe base64");
    let stored: Vec<(String,)> = threshold_store::on_db!(&app.db, pool => sqlx::query_as("SELECT token_hash FROM magic_links").fetch_all(pool).await).unwrap();
    assert_eq!(stored, vec![(tokens::hash(&token),)]);
    // Nor does the job table keep it: the worker mints the token after dequeuing.
    let jobs_table = match backend {
        Backend::Sqlite => "Jobs",
        Backend::Postgres => "apalis.jobs",
    };
    let payloads: Vec<(Vec<u8>,)> = threshold_store::on_db!(&app.db, pool => sqlx::query_as(sqlx::AssertSqlSafe(format!("SELECT job FROM {jobs_table}"))).fetch_all(pool).await).unwrap();
    assert!(!payloads.is_empty());
    for (job,) in payloads {
        assert!(!String::from_utf8_lossy(&job).contains(&token));
    }
}

async fn login_is_rate_limited_per_ip_with_a_clear_message(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| c.rate_limit_auth_per_minute = 3).await;
    let mut client = app.client();
    for _ in 0..3 {
        assert_eq!(
            client
                .post("/api/auth", json!({ "username": "r@example.com" }))
                .await
                .status,
            StatusCode::NO_CONTENT
        );
    }
    let limited = client
        .post("/api/auth", json!({ "username": "r@example.com" }))
        .await;
    assert_eq!(limited.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        limited.body["error"]["message"],
        "Too many attempts. Please wait a minute and try again."
    );
    // When the next attempt can succeed (issue 30): within the minute's window.
    let retry: u64 = limited.headers["retry-after"]
        .to_str()
        .unwrap()
        .parse()
        .unwrap();
    assert!((1..=60).contains(&retry), "Retry-After: {retry}");
}

async fn signup_is_rate_limited_per_ip(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| c.rate_limit_auth_per_minute = 2).await;
    let mut client = app.client();
    let body = json!({ "preferredName": "Ann", "email": "s@example.com", "termsAndConditionsVersion": 2, "privacyPolicyVersion": 2 });
    assert_eq!(
        client.post("/api/auth/signup", body.clone()).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        client.post("/api/auth/signup", body.clone()).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(
        client.post("/api/auth/signup", body).await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
}

async fn link_redemption_is_rate_limited_per_ip(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| c.rate_limit_redeem_per_minute = 5).await;
    let mut client = app.client();
    for _ in 0..5 {
        assert_eq!(
            client.redeem("guess").await.status,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(
        client.redeem("guess").await.status,
        StatusCode::TOO_MANY_REQUESTS
    );
}

async fn signup_for_an_existing_account_sends_a_sign_in_link(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("dup@example.com", "ROLE_USER", true).await;
    let res = app
        .client()
        .post("/api/auth/signup", json!({ "preferredName": "Dup", "email": "dup@example.com", "termsAndConditionsVersion": 2, "privacyPolicyVersion": 2 }))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert_eq!(
        app.mails_to("dup@example.com", 1).await[0].subject,
        "Your Threshold sign-in link"
    );
}

/// VAL-25: the server refuses a 1-character name and a bad e-mail with a 4xx naming the field.
async fn signup_validates_name_email_and_policy_versions(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let mut client = app.client();
    let res = client
        .post("/api/auth/signup", json!({ "preferredName": "A", "email": "nope", "termsAndConditionsVersion": 1, "privacyPolicyVersion": 2 }))
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        res.field_error("preferredName"),
        Some("Your name must be at least 2 characters")
    );
    assert_eq!(res.field_error("email"), Some("Must include @"));
    assert_eq!(
        res.field_error("termsAndConditionsVersion"),
        Some("is not the current terms and conditions")
    );
    let res = client
        .post("/api/auth/signup", json!({ "preferredName": " ", "email": "", "termsAndConditionsVersion": 2, "privacyPolicyVersion": 2 }))
        .await;
    assert_eq!(
        res.field_error("preferredName"),
        Some("Your name is required")
    );
    assert_eq!(res.field_error("email"), Some("Email address is required"));
}

/// ENUM-21, ENUM-25 (ROLES-01): GET /auth/me reports the account's role as exactly one of the six
/// role strings, and its enabled features (BUYING, AI_BOT, SOF) as stored.
async fn enum_21_25_me_reports_each_role_and_the_enabled_features(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    for (i, role) in [
        "ROLE_USER",
        "ROLE_ADMIN",
        "ROLE_CONVEYANCER",
        "ROLE_BROKER",
        "ROLE_BROKER_MANAGER",
        "ROLE_BROKER_ADMIN",
    ]
    .into_iter()
    .enumerate()
    {
        let email = format!("role{i}@example.com");
        app.create_user(&email, role, true).await;
        let mut client = app.sign_in(&email).await;
        let me = client.get("/api/auth/me").await;
        assert_eq!(me.status, StatusCode::OK, "{role}: {:?}", me.body);
        assert_eq!(me.body["role"], role);
    }
    app.db
        .create_user(
            &threshold_store::users::NewUser {
                email: "features@example.com".into(),
                preferred_name: "Fea Tures".into(),
                role: threshold_engine::Role::User,
                is_lender: false,
                enabled_features: vec!["BUYING".into(), "AI_BOT".into(), "SOF".into()],
                privacy_version: Some(2),
                terms_version: Some(2),
                is_onboarded: true,
            },
            Utc::now(),
        )
        .await
        .unwrap();
    let mut client = app.sign_in("features@example.com").await;
    let me = client.get("/api/auth/me").await;
    assert_eq!(
        me.body["enabledFeatures"],
        json!(["BUYING", "AI_BOT", "SOF"])
    );
}
