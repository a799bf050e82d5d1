//! The administrators' accounts page (issue 30): `/api/staff/users` does what `threshold user …`
//! does (disable ends the sessions at once, enable, set the role, reset the second factor),
//! audited with the administrator as actor; only an administrator who has proven the second
//! factor may, and not against their own account.

use crate::support;

use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::cases::firm;
use support::staff::{CONNIE, enrolled_conveyancer, enrolled_staff};
use support::{Backend, Client, Res, TestApp};

on_both_databases!(
    an_administrator_manages_accounts_as_the_command_line_does,
    an_administrator_cannot_lock_themselves_out,
    only_an_administrator_manages_accounts,
);

const ADAM: &str = "adam@threshold.test";
const DANA: &str = "dana@example.test";

async fn put_role(client: &mut Client, id: &str, role: &str) -> Res {
    client
        .send(
            Method::PUT,
            &format!("/api/staff/users/{id}/role"),
            Some(json!({ "role": role })),
            HeaderMap::new(),
        )
        .await
}

/// The listed account with this e-mail address.
fn listed<'a>(list: &'a Res, email: &str) -> &'a Value {
    list.body
        .as_array()
        .unwrap()
        .iter()
        .find(|u| u["email"] == email)
        .unwrap_or_else(|| panic!("{email} is not listed: {:?}", list.body))
}

/// The administrators' changes to accounts, as audited.
const CHANGES: &[&str] = &[
    "user.disabled",
    "user.enabled",
    "user.role_changed",
    "staff.factor_reset",
];

/// The actor and action of each administrator's change to the account, in order.
async fn audit(app: &TestApp, id: &str) -> Vec<(Option<String>, String)> {
    app.db
        .audit_for("user", id)
        .await
        .unwrap()
        .into_iter()
        .filter(|e| CHANGES.contains(&e.action.as_str()))
        .map(|e| (e.actor_user_id.map(|a| a.to_string()), e.action))
        .collect()
}

async fn an_administrator_manages_accounts_as_the_command_line_does(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut adam, ..) = enrolled_staff(&app, ADAM, "ROLE_ADMIN").await;
    let adam_id = app.db.user_by_email(ADAM).await.unwrap().unwrap().id;
    let actor = Some(adam_id.to_string());
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let dana = app.create_user(DANA, "ROLE_USER", true).await;
    let dana_id = dana.id.to_string();
    let mut dana_browser = app.sign_in(DANA).await;

    // The list: staff first, whether each has an authenticator, and never a secret.
    let list = adam.get("/api/staff/users").await;
    assert_eq!(list.status, StatusCode::OK, "{:?}", list.body);
    let emails: Vec<&str> = list
        .body
        .as_array()
        .unwrap()
        .iter()
        .map(|u| u["email"].as_str().unwrap())
        .collect();
    assert_eq!(emails, [ADAM, CONNIE, DANA]);
    let mut keys: Vec<&String> = listed(&list, CONNIE).as_object().unwrap().keys().collect();
    keys.sort();
    assert_eq!(
        keys,
        [
            "createdAt",
            "disabled",
            "email",
            "id",
            "name",
            "role",
            "secondFactorEnrolled"
        ]
    );
    assert_eq!(listed(&list, CONNIE)["secondFactorEnrolled"], true);
    assert_eq!(listed(&list, CONNIE)["role"], "ROLE_CONVEYANCER");
    assert_eq!(listed(&list, DANA)["secondFactorEnrolled"], false);
    assert_eq!(listed(&list, DANA)["disabled"], false);
    assert_eq!(listed(&list, DANA)["id"], dana_id.as_str());

    // Disabling ends her session at once.
    let res = adam
        .post(&format!("/api/staff/users/{dana_id}/disable"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["disabled"], true);
    assert_eq!(
        dana_browser.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    // Again: already so, nothing more recorded.
    let res = adam
        .post(&format!("/api/staff/users/{dana_id}/disable"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK);
    let list = adam.get("/api/staff/users").await;
    assert_eq!(listed(&list, DANA)["disabled"], true);

    let res = adam
        .post(&format!("/api/staff/users/{dana_id}/enable"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["disabled"], false);
    let mut again = app.sign_in(DANA).await;
    assert_eq!(again.get("/api/auth/me").await.status, StatusCode::OK);

    // The role: a name the API knows, or a 422 on `role`.
    let res = put_role(&mut adam, &dana_id, "ROLE_BROKER").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["role"], "ROLE_BROKER");
    let me = again.get("/api/auth/me").await;
    assert_eq!(me.body["role"], "ROLE_BROKER", "{:?}", me.body);
    for bad in ["ROLE_KING", "admin", ""] {
        let res = put_role(&mut adam, &dana_id, bad).await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{bad}");
        assert!(res.field_error("role").is_some(), "{bad}: {:?}", res.body);
    }

    // Resetting Connie's authenticator ends her sessions; she enrols again at her next sign-in.
    let connie_id = listed(&list, CONNIE)["id"].as_str().unwrap().to_owned();
    let res = adam
        .post(
            &format!("/api/staff/users/{connie_id}/reset-factor"),
            json!({}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["secondFactorEnrolled"], false);
    assert_eq!(
        connie.get("/api/auth/me").await.status,
        StatusCode::UNAUTHORIZED
    );
    let mut connie = app.sign_in(CONNIE).await;
    let status = connie.get("/api/staff/factor").await;
    assert_eq!(status.body["enrolled"], false, "{:?}", status.body);

    // Each change is audited with the administrator as actor.
    assert_eq!(
        audit(&app, &dana_id).await,
        [
            (actor.clone(), "user.disabled".to_owned()),
            (actor.clone(), "user.enabled".to_owned()),
            (actor.clone(), "user.role_changed".to_owned()),
        ]
    );
    assert_eq!(
        audit(&app, &connie_id).await,
        [(actor, "staff.factor_reset".to_owned())]
    );

    // An account that does not exist, or an id that is not one, is a 404.
    let unknown = threshold_store::UserId::new_random().to_string();
    for id in [unknown.as_str(), "not-an-id"] {
        for path in ["disable", "enable", "reset-factor"] {
            let res = adam
                .post(&format!("/api/staff/users/{id}/{path}"), json!({}))
                .await;
            assert_eq!(res.status, StatusCode::NOT_FOUND, "{id} {path}");
        }
        let res = put_role(&mut adam, id, "ROLE_USER").await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{id} role");
    }
}

async fn an_administrator_cannot_lock_themselves_out(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut adam, ..) = enrolled_staff(&app, ADAM, "ROLE_ADMIN").await;
    let adam_id = app.db.user_by_email(ADAM).await.unwrap().unwrap().id;
    let id = adam_id.to_string();

    let res = adam
        .post(&format!("/api/staff/users/{id}/disable"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "own_account");
    for role in ["ROLE_CONVEYANCER", "ROLE_USER"] {
        let res = put_role(&mut adam, &id, role).await;
        assert_eq!(res.status, StatusCode::CONFLICT, "{role}: {:?}", res.body);
        assert_eq!(res.body["error"]["code"], "own_account");
    }
    // Keeping the role they have is no change.
    let res = put_role(&mut adam, &id, "ROLE_ADMIN").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let me = adam.get("/api/auth/me").await;
    assert_eq!(me.status, StatusCode::OK);
    assert_eq!(me.body["role"], "ROLE_ADMIN");
    assert!(audit(&app, &id).await.is_empty());
}

/// Every call of the accounts page, as (method, path, body), on the account `id`.
fn user_calls(id: &str) -> Vec<(Method, String, Option<Value>)> {
    vec![
        (Method::GET, "/api/staff/users".into(), None),
        (
            Method::POST,
            format!("/api/staff/users/{id}/disable"),
            Some(json!({})),
        ),
        (
            Method::POST,
            format!("/api/staff/users/{id}/enable"),
            Some(json!({})),
        ),
        (
            Method::PUT,
            format!("/api/staff/users/{id}/role"),
            Some(json!({ "role": "ROLE_ADMIN" })),
        ),
        (
            Method::POST,
            format!("/api/staff/users/{id}/reset-factor"),
            Some(json!({})),
        ),
    ]
}

async fn only_an_administrator_manages_accounts(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let f = firm(&app).await;
    let target = app.create_user(DANA, "ROLE_USER", true).await;
    let id = target.id.to_string();
    let mut customer = app.sign_in(DANA).await;
    let mut broker = app.sign_in(&f.broker.email).await;
    let mut broker_admin = app.sign_in(&f.admin.email).await;
    let mut rival = app.sign_in(&f.rival.email).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    app.create_user("ada@threshold.test", "ROLE_ADMIN", true)
        .await;
    let mut admin_without_factor = app.sign_in("ada@threshold.test").await;
    let mut anonymous = app.client();

    for (method, path, body) in user_calls(&id) {
        let res = anonymous
            .send(method.clone(), &path, body.clone(), HeaderMap::new())
            .await;
        assert_eq!(
            res.status,
            StatusCode::UNAUTHORIZED,
            "anonymous {method} {path}"
        );
        for (who, client) in [
            ("the customer herself", &mut customer),
            ("a broker", &mut broker),
            ("the broker firm's administrator", &mut broker_admin),
            ("another firm's broker", &mut rival),
            ("a conveyancer", &mut connie),
            (
                "an administrator without a second factor",
                &mut admin_without_factor,
            ),
        ] {
            let res = client
                .send(method.clone(), &path, body.clone(), HeaderMap::new())
                .await;
            assert_eq!(
                res.status,
                StatusCode::FORBIDDEN,
                "{who}: {method} {path}: {:?}",
                res.body
            );
        }
    }
    // Nothing changed: she is still a customer, and nothing was recorded.
    let dana = app.db.user_by_id(target.id).await.unwrap().unwrap();
    assert_eq!(dana.role, threshold_engine::Role::User);
    assert!(dana.disabled_at.is_none());
    assert!(audit(&app, &id).await.is_empty());
    assert_eq!(customer.get("/api/auth/me").await.status, StatusCode::OK);

    // And every call answers a verified administrator.
    let (mut adam, ..) = enrolled_staff(&app, ADAM, "ROLE_ADMIN").await;
    for (method, path, body) in user_calls(&id) {
        let res = adam
            .send(method.clone(), &path, body.clone(), HeaderMap::new())
            .await;
        assert_eq!(
            res.status,
            StatusCode::OK,
            "{method} {path}: {:?}",
            res.body
        );
    }
}
