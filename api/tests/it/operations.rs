//! Running Threshold as a firm's IT does (issue 30): every process of an installation must share
//! one sealing key, the key can be rotated, and an administrator disables and enables accounts,
//! changes roles and resets a lost second factor (what `threshold user …` and `threshold
//! secrets rotate` run).

use crate::support;

use chrono::Utc;
use reqwest::StatusCode;
use serde_json::json;
use support::staff::{CONNIE, enrolled_conveyancer};
use support::{Backend, TestApp};
use threshold_api::App;
use threshold_api::staff::{SecretBox, new_key_text, rotate_key, webhook_owner};
use threshold_store::WebhookEndpointId;
use threshold_store::webhooks::NewWebhookEndpoint;

on_both_databases!(
    a_process_with_another_secrets_key_refuses_to_start,
    rotating_the_key_reseals_every_secret_under_the_new_one,
    a_disabled_account_loses_its_sessions_and_gets_no_sign_in,
    a_role_change_and_a_second_factor_reset_take_effect_and_are_audited,
);

async fn started_with(app: &TestApp, key: &str) -> anyhow::Result<()> {
    let mut config = app.config.clone();
    config.secrets_key = Some(key.to_owned());
    App::build(config).await.map(|_| ())
}

async fn a_process_with_another_secrets_key_refuses_to_start(backend: Backend) {
    let key = new_key_text().unwrap();
    let app = TestApp::spawn_with(backend, |c| c.secrets_key = Some(key.clone())).await;
    // Before any staff member has a secret: the installation's key check decides.
    let err = started_with(&app, &new_key_text().unwrap())
        .await
        .expect_err("another key is refused");
    assert!(err.to_string().contains("SECRETS_KEY"), "{err}");
    started_with(&app, &key).await.unwrap();

    // An installation from before the check knows its key by its staff's sealed secrets, and a
    // wrong key is never recorded as the check.
    threshold_api::demo::seed_accounts(&app.db, &app.config, &app.secrets)
        .await
        .unwrap();
    app.exec("DELETE FROM app_secrets WHERE name = 'secrets_key_check'")
        .await;
    let err = started_with(&app, &new_key_text().unwrap())
        .await
        .expect_err("another key is refused");
    assert!(err.to_string().contains("SECRETS_KEY"), "{err}");
    started_with(&app, &key).await.unwrap();
}

async fn rotating_the_key_reseals_every_secret_under_the_new_one(backend: Backend) {
    let old_text = new_key_text().unwrap();
    let app = TestApp::spawn_with(backend, |c| c.secrets_key = Some(old_text.clone())).await;
    threshold_api::demo::seed_accounts(&app.db, &app.config, &app.secrets)
        .await
        .unwrap();
    let (old, new_text) = (
        SecretBox::from_text(&old_text).unwrap(),
        new_key_text().unwrap(),
    );
    let new = SecretBox::from_text(&new_text).unwrap();
    // A broker firm's webhook signing secret is sealed under the key too.
    let now = chrono::Utc::now();
    let firm = app.db.create_firm("Firm", now).await.unwrap();
    let admin = app
        .create_user("admin@firm.test", "ROLE_BROKER_ADMIN", true)
        .await;
    let endpoint = WebhookEndpointId(uuid::Uuid::new_v4());
    let sealed_hook = old.seal(webhook_owner(endpoint), "whsec_test");
    let registered = NewWebhookEndpoint {
        id: endpoint,
        firm_id: firm,
        url: "https://crm.example.test/hooks",
        events: r#"["case.created"]"#,
        sealed_secret: &sealed_hook,
        created_by: admin.id,
    };
    assert!(
        app.db
            .create_webhook_endpoint(&registered, 10, now)
            .await
            .unwrap()
    );
    assert_eq!(rotate_key(&app.db, &old, &new).await.unwrap(), 2);
    let (_, resealed) = &app.db.webhook_endpoint_secrets().await.unwrap()[0];
    assert_eq!(
        new.open(webhook_owner(endpoint), resealed).unwrap(),
        "whsec_test"
    );
    let secrets = app.db.staff_factor_secrets().await.unwrap();
    let (user, sealed) = &secrets[0];
    assert_eq!(
        new.open(*user, sealed).unwrap(),
        threshold_api::demo::DEMO_STAFF_TOTP_SECRET
    );
    assert!(old.open(*user, sealed).is_err());
    started_with(&app, &new_text).await.unwrap();
    let err = started_with(&app, &old_text)
        .await
        .expect_err("the old key no longer starts");
    assert!(err.to_string().contains("SECRETS_KEY"), "{err}");
    // A rotation from a key that is not the installation's changes nothing.
    let stranger = SecretBox::from_text(&new_key_text().unwrap()).unwrap();
    assert!(rotate_key(&app.db, &stranger, &old).await.is_err());
    started_with(&app, &new_text).await.unwrap();
}

async fn a_disabled_account_loses_its_sessions_and_gets_no_sign_in(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let dana = app
        .create_user("dana@example.test", "ROLE_USER", true)
        .await;
    let mut browser = app.sign_in("dana@example.test").await;
    assert_eq!(browser.get("/api/auth/me").await.status, StatusCode::OK);
    // A link already in her inbox.
    let mut other = app.client();
    other
        .post("/api/auth", json!({ "username": "dana@example.test" }))
        .await;
    let unused = app.link_token("dana@example.test", 2).await;

    assert!(
        app.db
            .set_user_disabled(dana.id, true, None, Utc::now())
            .await
            .unwrap()
    );
    assert!(
        !app.db
            .set_user_disabled(dana.id, true, None, Utc::now())
            .await
            .unwrap()
    );
    assert_eq!(
        browser.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(other.redeem(&unused).await.status, StatusCode::UNAUTHORIZED);
    // Asking to sign in answers as for any address, and sends nothing.
    let mails = |app: &TestApp| {
        threshold_api::mailbox::read_outbox(&app.outbox)
            .unwrap_or_default()
            .into_iter()
            .filter(|m| m.to == "dana@example.test")
            .count()
    };
    let before = mails(&app);
    let res = other
        .post("/api/auth", json!({ "username": "dana@example.test" }))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    wait_for_jobs(&app, backend).await;
    assert_eq!(mails(&app), before);

    assert!(
        app.db
            .set_user_disabled(dana.id, false, None, Utc::now())
            .await
            .unwrap()
    );
    let mut again = app.sign_in("dana@example.test").await;
    assert_eq!(again.get("/api/auth/me").await.status, StatusCode::OK);
    let actions: Vec<String> = app
        .db
        .audit_for("user", &dana.id.to_string())
        .await
        .unwrap()
        .into_iter()
        .map(|e| e.action)
        .filter(|a| a.starts_with("user."))
        .collect();
    assert_eq!(actions, ["user.disabled", "user.enabled"]);
}

/// Until the queue holds no job waiting or running (the sign-in e-mail's job was handled).
async fn wait_for_jobs(app: &TestApp, backend: Backend) {
    let sql = match backend {
        Backend::Sqlite => {
            "SELECT COUNT(*) FROM Jobs WHERE status IN ('Pending', 'Queued', 'Running')"
        }
        Backend::Postgres => {
            "SELECT COUNT(*) FROM apalis.jobs WHERE status IN ('Pending', 'Queued', 'Running')"
        }
    };
    for _ in 0..200 {
        let waiting = app.scalar(sql).await;
        if waiting == 0 {
            return;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    panic!("the queue did not empty");
}

async fn a_role_change_and_a_second_factor_reset_take_effect_and_are_audited(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut connie, _secret, _recovery) = enrolled_conveyancer(&app).await;
    let user = app.db.user_by_email(CONNIE).await.unwrap().unwrap();

    assert!(
        app.db
            .reset_staff_factor(user.id, None, Utc::now())
            .await
            .unwrap()
    );
    assert!(app.db.staff_factor(user.id).await.unwrap().is_none());
    assert_eq!(
        connie.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    // At the next sign-in she enrols a new authenticator.
    let mut connie = app.sign_in(CONNIE).await;
    let res = connie.post("/api/staff/factor/enrolment", json!({})).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);

    assert!(
        app.db
            .set_user_role(user.id, threshold_engine::Role::User, None, Utc::now())
            .await
            .unwrap()
    );
    assert!(
        !app.db
            .set_user_role(user.id, threshold_engine::Role::User, None, Utc::now())
            .await
            .unwrap()
    );
    let me = app.sign_in(CONNIE).await.get("/api/auth/me").await;
    assert_eq!(me.body["role"], "ROLE_USER", "{:?}", me.body);
    let audit = app
        .db
        .audit_for("user", &user.id.to_string())
        .await
        .unwrap();
    let reset = audit.iter().find(|e| e.action == "staff.factor_reset");
    assert!(reset.is_some_and(|e| e.actor_user_id.is_none()));
    let role = audit
        .iter()
        .find(|e| e.action == "user.role_changed")
        .unwrap();
    assert_eq!(
        role.detail.0,
        json!({ "from": "ROLE_CONVEYANCER", "to": "ROLE_USER" })
    );
}

/// Issue 30 (5): a missing bucket passed start-up and answered 500 at the first upload; now
/// `/readyz` keeps the process out of rotation until the bucket answers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn readiness_waits_for_the_document_bucket() {
    let Some(moto) = support::moto::Moto::start().await else {
        return;
    };
    let app = TestApp::spawn_with(Backend::Sqlite, |c| moto.configure(c, "not-made-yet")).await;
    let mut client = app.client();
    let res = client.get("/readyz").await;
    assert_eq!(res.status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(res.body, json!({ "status": "unavailable" }));
    assert_eq!(client.get("/healthz").await.status, StatusCode::OK);
    moto.create_bucket("not-made-yet").await;
    let res = client.get("/readyz").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body, json!({ "status": "ready" }));
}
