//! Issue 10, Medium #6: behind proxies the client cannot choose its own address: the limit
//! follows the right-most `X-Forwarded-For` entry that is not a proxy of ours.

use crate::support;

use reqwest::header::{HeaderMap, HeaderValue};
use reqwest::{Method, StatusCode};
use serde_json::json;
use support::{Backend, Client, TestApp};

on_both_databases!(
    behind_one_proxy_rotating_the_made_up_hops_does_not_escape_the_limit,
    with_a_list_of_proxies_the_right_most_outside_address_is_the_client,
    forwarded_addresses_from_a_peer_that_is_not_our_proxy_are_ignored,
);

async fn login_from(client: &mut Client, forwarded_for: &str) -> StatusCode {
    let mut headers = HeaderMap::new();
    headers.insert(
        "x-forwarded-for",
        HeaderValue::from_str(forwarded_for).unwrap(),
    );
    client
        .send(
            Method::POST,
            "/api/auth",
            Some(json!({ "username": "r@example.com" })),
            headers,
        )
        .await
        .status
}

async fn behind_one_proxy_rotating_the_made_up_hops_does_not_escape_the_limit(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| {
        c.trust_proxy_headers = true;
        c.trusted_proxy_hops = 1;
        c.rate_limit_auth_per_minute = 3;
    })
    .await;
    let mut client = app.client();
    let mut statuses = vec![];
    for i in 0..6 {
        // The client sends its own X-Forwarded-For; our proxy appends the real address.
        statuses.push(login_from(&mut client, &format!("198.51.100.{i}, 203.0.113.9")).await);
    }
    assert_eq!(
        statuses,
        [
            vec![StatusCode::NO_CONTENT; 3],
            vec![StatusCode::TOO_MANY_REQUESTS; 3]
        ]
        .concat()
    );
    // Somebody else behind the same proxy has a limit of their own.
    assert_eq!(
        login_from(&mut client, "203.0.113.10").await,
        StatusCode::NO_CONTENT
    );
}

async fn with_a_list_of_proxies_the_right_most_outside_address_is_the_client(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| {
        c.trust_proxy_headers = true;
        c.trusted_proxies = "127.0.0.0/8, 10.0.0.0/8".into();
        c.rate_limit_auth_per_minute = 2;
    })
    .await;
    let mut client = app.client();
    let mut statuses = vec![];
    for i in 0..4 {
        statuses.push(
            login_from(
                &mut client,
                &format!("198.51.100.{i}, 203.0.113.9, 10.0.0.5"),
            )
            .await,
        );
    }
    assert_eq!(
        statuses,
        [
            StatusCode::NO_CONTENT,
            StatusCode::NO_CONTENT,
            StatusCode::TOO_MANY_REQUESTS,
            StatusCode::TOO_MANY_REQUESTS
        ]
    );
    assert_eq!(
        login_from(&mut client, "203.0.113.10, 10.0.0.5").await,
        StatusCode::NO_CONTENT
    );
}

async fn forwarded_addresses_from_a_peer_that_is_not_our_proxy_are_ignored(backend: Backend) {
    // The test client connects from 127.0.0.1, which is not in the list: it is the client.
    let app = TestApp::spawn_with(backend, |c| {
        c.trust_proxy_headers = true;
        c.trusted_proxies = "10.0.0.0/8".into();
        c.rate_limit_auth_per_minute = 2;
    })
    .await;
    let mut client = app.client();
    let mut statuses = vec![];
    for i in 0..4 {
        statuses.push(login_from(&mut client, &format!("203.0.113.{i}")).await);
    }
    assert_eq!(
        statuses,
        [
            StatusCode::NO_CONTENT,
            StatusCode::NO_CONTENT,
            StatusCode::TOO_MANY_REQUESTS,
            StatusCode::TOO_MANY_REQUESTS
        ]
    );
}
