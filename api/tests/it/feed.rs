//! The notification feed (NOTIF-01..05, CONST-12): pages of 30, counts for the badge, archive
//! and read; only with the user's own feed token.

use crate::support;

use reqwest::Method;
use reqwest::StatusCode;
use reqwest::header::{HeaderMap, HeaderValue};
use serde_json::json;
use support::{Backend, Client, TestApp};
use threshold_store::effects::NewFeedItem;

on_both_databases!(
    notif_02_the_feed_comes_in_pages_of_30_newest_first,
    notif_03_archived_items_leave_the_feed_and_the_badge,
    notif_05_the_feed_needs_the_user_s_own_token,
);

async fn knock(client: &mut Client) -> String {
    let me = client.get("/api/auth/me").await;
    me.body["knockToken"].as_str().unwrap().to_owned()
}

async fn call(client: &mut Client, method: Method, path: &str, token: &str) -> support::Res {
    let mut headers = HeaderMap::new();
    headers.insert("x-knock-token", HeaderValue::from_str(token).unwrap());
    let body = (method == Method::POST).then(|| json!({}));
    client.send(method, path, body, headers).await
}

async fn seed(app: &TestApp, email: &str, n: usize) -> threshold_store::users::User {
    let user = app.create_user(email, "ROLE_USER", true).await;
    for i in 0..n {
        let data = json!({ "caseId": i, "caseType": "REMORTGAGING", "propertyAddressLine1": format!("{i} High Street") });
        app.db
            .add_feed_item(
                &NewFeedItem {
                    user_id: user.id,
                    case_id: None,
                    kind: "case-notification",
                    data: &data,
                    effect_id: None,
                },
                chrono::Utc::now(),
            )
            .await
            .unwrap();
    }
    user
}

async fn notif_02_the_feed_comes_in_pages_of_30_newest_first(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    seed(&app, "fay@example.test", 35).await;
    let mut fay = app.sign_in("fay@example.test").await;
    let token = knock(&mut fay).await;
    let first = call(&mut fay, Method::GET, "/api/feed", &token).await;
    assert_eq!(first.status, StatusCode::OK, "{:?}", first.body);
    assert_eq!(first.body["items"].as_array().unwrap().len(), 30);
    assert_eq!(first.body["totalCount"], 35);
    assert_eq!(first.body["totalPages"], 2);
    assert_eq!(first.body["unreadCount"], 35);
    assert_eq!(
        first.body["items"][0]["data"]["propertyAddressLine1"],
        "34 High Street"
    );
    let second = call(&mut fay, Method::GET, "/api/feed?page=1", &token).await;
    assert_eq!(second.body["items"].as_array().unwrap().len(), 5);
    assert_eq!(second.body["currentPage"], 1);
    assert_eq!(
        second.body["items"][4]["data"]["propertyAddressLine1"],
        "0 High Street"
    );
}

async fn notif_03_archived_items_leave_the_feed_and_the_badge(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    seed(&app, "fay@example.test", 3).await;
    seed(&app, "gus@example.test", 1).await;
    let mut fay = app.sign_in("fay@example.test").await;
    let token = knock(&mut fay).await;
    let page = call(&mut fay, Method::GET, "/api/feed", &token).await;
    let ids: Vec<i64> = page.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .map(|i| i["id"].as_i64().unwrap())
        .collect();
    let res = call(
        &mut fay,
        Method::POST,
        &format!("/api/feed/{}/read", ids[0]),
        &token,
    )
    .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let res = call(
        &mut fay,
        Method::POST,
        &format!("/api/feed/{}/archive", ids[1]),
        &token,
    )
    .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    let counts = call(&mut fay, Method::GET, "/api/feed/counts", &token).await;
    assert_eq!(counts.body, json!({ "totalCount": 2, "unreadCount": 1 }));
    // Gus's item is not Fay's to archive.
    let mut gus = app.sign_in("gus@example.test").await;
    let gus_token = knock(&mut gus).await;
    let gus_page = call(&mut gus, Method::GET, "/api/feed", &gus_token).await;
    let gus_item = gus_page.body["items"][0]["id"].as_i64().unwrap();
    let res = call(
        &mut fay,
        Method::POST,
        &format!("/api/feed/{gus_item}/archive"),
        &token,
    )
    .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let counts = call(&mut gus, Method::GET, "/api/feed/counts", &gus_token).await;
    assert_eq!(counts.body["totalCount"], 1);
}

async fn notif_05_the_feed_needs_the_user_s_own_token(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    seed(&app, "fay@example.test", 1).await;
    seed(&app, "gus@example.test", 1).await;
    let mut fay = app.sign_in("fay@example.test").await;
    let mut gus = app.sign_in("gus@example.test").await;
    let gus_token = knock(&mut gus).await;
    for path in ["/api/feed", "/api/feed/counts"] {
        let res = call(&mut fay, Method::GET, path, &gus_token).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{path}");
        let res = call(&mut fay, Method::GET, path, "").await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{path}");
        // A token with its signature changed is refused too.
        let fay_token = knock(&mut fay).await;
        let last = if fay_token.ends_with('0') { "1" } else { "0" };
        let forged = format!("{}{last}", &fay_token[..fay_token.len() - 1]);
        let res = call(&mut fay, Method::GET, path, &forged).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{path}");
        let mut anonymous = app.client();
        let res = call(&mut anonymous, Method::GET, path, &gus_token).await;
        assert_eq!(res.status, StatusCode::UNAUTHORIZED, "{path}");
    }
}
