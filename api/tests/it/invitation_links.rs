//! An invitation e-mail signs its invitee in (issue 26, finding 3; FLOW-03, AUTH-16): it names
//! the broker and their firm, and its link is a sign-in link for that person alone, single use,
//! good for days. A link that no longer works can be traded for a fresh sign-in e-mail to its
//! owner (POST /auth/magic-link/renew), which tells the caller nothing.

use crate::support;

use chrono::{DateTime, Duration, Utc};
use reqwest::StatusCode;
use serde_json::json;
use support::cases::{create_remortgaging, firm};
use support::remortgage::{CARA, customer_case};
use support::{Backend, Client, TestApp};
use threshold_api::mailbox::OutboxMail;
use threshold_store::magic_links::NewMagicLink;
use threshold_store::tokens;

on_both_databases!(
    flow_03_the_invitation_names_the_broker_and_its_link_signs_in_the_invitee_once,
    a_co_owner_s_invitation_signs_them_in_too,
    renewing_a_stale_link_mails_its_owner_and_an_unknown_token_nothing,
    renewing_is_rate_limited_with_sign_in,
);

/// The sign-in link in a case e-mail: its token and where it leads.
fn sign_in_link(mail: &OutboxMail) -> (String, String) {
    let link = mail
        .links
        .iter()
        .find(|l| l.contains("/login/auth?token="))
        .unwrap_or_else(|| panic!("no sign-in link in `{}`: {:?}", mail.subject, mail.links));
    let url = reqwest::Url::parse(link).unwrap();
    let param = |name: &str| {
        url.query_pairs()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.into_owned())
            .unwrap_or_default()
    };
    (param("token"), param("redirectTo"))
}

/// When the link was issued and until when it works.
async fn link_times(app: &TestApp, token: &str) -> (DateTime<Utc>, DateTime<Utc>) {
    let hash = tokens::hash(token);
    threshold_store::on_db!(&app.db, pool => sqlx::query_as(
        "SELECT created_at, expires_at FROM magic_links WHERE token_hash = $1",
    )
    .bind(&hash)
    .fetch_one(pool)
    .await)
    .unwrap()
}

/// Moves the clock `by` forward for this link (it was issued, and runs out, that much earlier).
async fn age_link(app: &TestApp, token: &str, by: Duration) {
    let (created, expires) = link_times(app, token).await;
    let hash = tokens::hash(token);
    threshold_store::on_db!(&app.db, pool => sqlx::query(
        "UPDATE magic_links SET created_at = $2, expires_at = $3 WHERE token_hash = $1",
    )
    .bind(&hash)
    .bind(created - by)
    .bind(expires - by)
    .execute(pool)
    .await
    .map(|_| ()))
    .unwrap();
}

async fn signed_in_as(client: &mut Client) -> String {
    let me = client.get("/api/auth/me").await;
    assert_eq!(me.status, StatusCode::OK, "{:?}", me.body);
    me.body["user"]["email"].as_str().unwrap().to_owned()
}

/// FLOW-03: a new client opens the invitation and is on their case, signed in, with no
/// second e-mail; the link outlives a sign-in link's 15 minutes and works once.
async fn flow_03_the_invitation_names_the_broker_and_its_link_signs_in_the_invitee_once(
    backend: Backend,
) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, CARA, "Cara Client").await;
    let res = broker
        .post(
            "/api/quote/send",
            json!({ "caseId": id, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let mail = app.mails_to(CARA, 1).await.remove(0);
    assert_eq!(mail.subject, "Your conveyancing quote from your broker");
    assert!(
        mail.text
            .contains("Test Person at Firm has prepared a conveyancing quote for the remortgage of 1 High Street."),
        "{}",
        mail.text
    );
    assert!(mail.text.contains("lasts 7 days"), "{}", mail.text);
    let (token, target) = sign_in_link(&mail);
    assert_eq!(target, format!("/remortgaging/{id}"));
    let (issued, expires) = link_times(&app, &token).await;
    assert_eq!(expires - issued, Duration::days(7));

    // Sixteen minutes on, the link still signs Cara in, and nobody else.
    age_link(&app, &token, Duration::minutes(16)).await;
    let mut cara = app.client();
    let res = cara.redeem(&token).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    assert_eq!(signed_in_as(&mut cara).await, CARA);
    let case = cara
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(case.status, StatusCode::OK, "{:?}", case.body);
    // Single use.
    assert_eq!(
        app.client().redeem(&token).await.status,
        StatusCode::UNAUTHORIZED
    );
    // No second e-mail was needed.
    assert_eq!(app.mails_to(CARA, 1).await.len(), 1);
}

/// A co-owner added by the lead customer is signed in by their invitation's link as well.
async fn a_co_owner_s_invitation_signs_them_in_too(backend: Backend) {
    const DAN: &str = "dan@example.test";
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = customer_case(&app).await;
    // The land ownership is known (the Owners section opens).
    app.exec("UPDATE properties SET land_ownership = 'JOINT_TENANCY'")
        .await;
    let res = cara
        .post(
            "/api/remortgaging/applicant",
            json!({ "caseId": id, "preferredName": "Dan Owner", "email": DAN }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let mail = app.mails_to(DAN, 1).await.remove(0);
    assert_eq!(
        mail.subject,
        "You have been added as an owner on a remortgage"
    );
    let (token, target) = sign_in_link(&mail);
    assert_eq!(target, format!("/remortgaging/{id}"));
    let (issued, expires) = link_times(&app, &token).await;
    assert_eq!(expires - issued, Duration::days(7));
    let mut dan = app.client();
    assert_eq!(dan.redeem(&token).await.status, StatusCode::NO_CONTENT);
    assert_eq!(signed_in_as(&mut dan).await, DAN);
    let res = dan
        .post(
            &format!("/api/remortgaging/{id}/invitation/respond"),
            json!({ "accepted": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
}

/// AUTH-16: the stale link's owner (and only they) gets a new sign-in e-mail to the same page;
/// an unknown token, or a sign-up link (no account behind it), gets the same answer and sends
/// nothing.
async fn renewing_a_stale_link_mails_its_owner_and_an_unknown_token_nothing(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let ann = app.create_user("ann@example.com", "ROLE_USER", true).await;
    let now = Utc::now();
    let stale = app
        .db
        .issue_magic_link(
            &NewMagicLink {
                email: "ann@example.com",
                request_id: "stale",
                user_id: Some(ann.id),
                signup: None,
                redirect_to: Some("/remortgaging/5"),
                lifetime: Duration::days(7),
                replaces_others: false,
            },
            now - Duration::days(8),
        )
        .await
        .unwrap();
    assert_eq!(
        app.client().redeem(&stale).await.status,
        StatusCode::UNAUTHORIZED
    );
    let signup = app
        .db
        .issue_magic_link(
            &NewMagicLink {
                email: "new@example.com",
                request_id: "signup",
                user_id: None,
                signup: Some(threshold_store::magic_links::PendingSignup {
                    email: "new@example.com".into(),
                    preferred_name: "New".into(),
                    privacy_version: 2,
                    terms_version: 2,
                }),
                redirect_to: None,
                lifetime: Duration::minutes(15),
                replaces_others: true,
            },
            now - Duration::hours(1),
        )
        .await
        .unwrap();

    let mut client = app.client();
    let mut answers = Vec::new();
    for token in ["not-a-token", signup.as_str(), stale.as_str()] {
        let res = client
            .post("/api/auth/magic-link/renew", json!({ "token": token }))
            .await;
        answers.push((res.status, res.body.to_string()));
    }
    assert!(
        answers
            .iter()
            .all(|a| *a == (StatusCode::NO_CONTENT, answers[0].1.clone())),
        "{answers:?}"
    );

    let mail = app.mails_to("ann@example.com", 1).await.remove(0);
    assert_eq!(mail.subject, "Your Threshold sign-in link");
    let (fresh, target) = sign_in_link(&mail);
    assert_eq!(target, "/remortgaging/5");
    let mut ann_client = app.client();
    assert_eq!(
        ann_client.redeem(&fresh).await.status,
        StatusCode::NO_CONTENT
    );
    assert_eq!(signed_in_as(&mut ann_client).await, "ann@example.com");
    // The unknown token and the sign-up link sent nothing: Ann's is the only e-mail.
    let all = threshold_api::mailbox::read_outbox(&app.outbox).unwrap();
    assert_eq!(
        all.len(),
        1,
        "{:?}",
        all.iter().map(|m| &m.to).collect::<Vec<_>>()
    );

    // A used link is stale too: renewing it mails Ann again.
    let res = client
        .post("/api/auth/magic-link/renew", json!({ "token": fresh }))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert_eq!(app.mails_to("ann@example.com", 2).await.len(), 2);
}

/// The renewal sends e-mail, so it shares the sign-in request's per-address limit.
async fn renewing_is_rate_limited_with_sign_in(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| c.rate_limit_auth_per_minute = 2).await;
    let mut client = app.client();
    let res = client
        .post("/api/auth", json!({ "username": "ann@example.com" }))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let renew = json!({ "token": "not-a-token" });
    let res = client
        .post("/api/auth/magic-link/renew", renew.clone())
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let res = client.post("/api/auth/magic-link/renew", renew).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(
        res.body["error"]["message"],
        "Too many attempts. Please wait a minute and try again."
    );
}
