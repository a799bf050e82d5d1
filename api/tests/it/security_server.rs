//! Issue 10, Low: slow clients cannot hold connections open (header and request timeouts),
//! and the server serves a bounded number of connections at once.

use crate::support;

use std::time::{Duration, Instant};

use support::{Backend, TestApp};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

on_both_databases!(
    a_request_body_that_trickles_in_is_cut_off_with_408,
    headers_that_never_finish_are_cut_off,
    an_idle_kept_alive_connection_is_closed,
    connections_beyond_the_cap_wait_for_a_free_one,
    one_address_cannot_take_every_connection,
    behind_our_proxies_one_client_cannot_take_every_request,
);

async fn connect(app: &TestApp) -> TcpStream {
    TcpStream::connect(app.base.trim_start_matches("http://"))
        .await
        .unwrap()
}

/// Reads until the server closes the connection (or `limit` passes: then None).
async fn read_until_closed(stream: &mut TcpStream, limit: Duration) -> Option<String> {
    let mut received = Vec::new();
    let mut buf = [0u8; 4096];
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        match tokio::time::timeout(left, stream.read(&mut buf)).await {
            Err(_) => return None,
            Ok(Ok(0)) | Ok(Err(_)) => return Some(String::from_utf8_lossy(&received).into()),
            Ok(Ok(n)) => received.extend_from_slice(&buf[..n]),
        }
    }
}

async fn a_request_body_that_trickles_in_is_cut_off_with_408(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| c.request_timeout_seconds = 1).await;
    let mut stream = connect(&app).await;
    let head = format!(
        "POST /api/auth HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: {}\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"user",
        app.base
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let started = Instant::now();
    let answer = read_until_closed(&mut stream, Duration::from_secs(5))
        .await
        .expect("the server still holds the connection");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(started.elapsed() < Duration::from_secs(4));
}

async fn headers_that_never_finish_are_cut_off(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| c.header_read_timeout_seconds = 1).await;
    let mut stream = connect(&app).await;
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        .await
        .unwrap();
    assert!(
        read_until_closed(&mut stream, Duration::from_secs(5))
            .await
            .is_some(),
        "the server still holds a connection whose headers never ended"
    );
}

async fn an_idle_kept_alive_connection_is_closed(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| c.header_read_timeout_seconds = 1).await;
    let mut stream = connect(&app).await;
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
        .await
        .unwrap();
    let answer = read_until_closed(&mut stream, Duration::from_secs(5))
        .await
        .expect("an idle connection stays open");
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
}

async fn connections_beyond_the_cap_wait_for_a_free_one(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| {
        c.max_connections = 2;
        c.header_read_timeout_seconds = 30;
    })
    .await;
    let first = connect(&app).await;
    let second = connect(&app).await;
    let health = format!("{}/healthz", app.base);
    let quick = reqwest::Client::builder()
        .timeout(Duration::from_millis(800))
        .build()
        .unwrap();
    assert!(
        quick.get(&health).send().await.is_err(),
        "a third connection was served while two were open"
    );
    drop(first);
    drop(second);
    let res = reqwest::Client::builder()
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap()
        .get(&health)
        .send()
        .await
        .unwrap();
    assert_eq!(res.status(), reqwest::StatusCode::OK);
}

/// A connection from `source` (any loopback address: Linux routes all of 127.0.0.0/8 to lo).
async fn connect_from(app: &TestApp, source: &str) -> TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind(format!("{source}:0").parse().unwrap()).unwrap();
    socket
        .connect(app.base.trim_start_matches("http://").parse().unwrap())
        .await
        .unwrap()
}

/// A GET of /healthz on `stream`: the status line, or None within `limit`.
async fn health_on(stream: &mut TcpStream, limit: Duration) -> Option<String> {
    stream
        .write_all(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
        .await
        .ok()?;
    let answer = read_until_closed(stream, limit).await?;
    Some(answer.lines().next().unwrap_or_default().to_owned())
}

/// Issue 25 (4): one address holding idle connections gets MAX_CONNECTIONS_PER_CLIENT of
/// them; the ones past it are closed at once, so another address is still served at once
/// (before, it waited for the idle ones' header timeout).
async fn one_address_cannot_take_every_connection(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| {
        c.max_connections = 6;
        c.max_connections_per_client = 4;
        c.header_read_timeout_seconds = 30;
    })
    .await;
    let mut idle = Vec::new();
    for _ in 0..6 {
        idle.push(connect_from(&app, "127.0.0.1").await);
    }
    // The fifth and sixth were closed without an answer.
    for stream in &mut idle[4..] {
        assert_eq!(
            read_until_closed(stream, Duration::from_secs(3)).await,
            Some(String::new())
        );
    }
    let mut other = connect_from(&app, "127.0.0.2").await;
    let status = health_on(&mut other, Duration::from_secs(3)).await;
    assert_eq!(status.as_deref(), Some("HTTP/1.1 200 OK"));
    // The same address gets a connection again once one of its own closes.
    drop(idle.remove(0));
    tokio::time::sleep(Duration::from_millis(200)).await;
    let mut again = connect_from(&app, "127.0.0.1").await;
    let status = health_on(&mut again, Duration::from_secs(3)).await;
    assert_eq!(status.as_deref(), Some("HTTP/1.1 200 OK"));
}

/// Behind TRUSTED_PROXIES the proxy's connections carry everyone, so the cap counts each
/// client's requests in flight by the address the proxy reports: 429 past it, others served.
async fn behind_our_proxies_one_client_cannot_take_every_request(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| {
        c.max_connections_per_client = 2;
        c.trust_proxy_headers = true;
        c.trusted_proxies = "127.0.0.1/32".into();
        c.request_timeout_seconds = 30;
    })
    .await;
    let get = |client: &'static str| {
        let url = format!("{}/api/auth/me", app.base);
        async move {
            reqwest::Client::new()
                .get(url)
                .header("x-forwarded-for", client)
                .timeout(Duration::from_secs(20))
                .send()
                .await
                .unwrap()
        }
    };
    // Two requests whose bodies never finish, from 203.0.113.7 through the proxy, then a third
    // from the same client: refused. On a busy machine the server may take up the third
    // before the second, which is then the one refused: close both and try again.
    let deadline = Instant::now() + Duration::from_secs(30);
    let (slow, refused) = loop {
        let mut slow = Vec::new();
        for _ in 0..2 {
            let mut stream = connect(&app).await;
            let head = format!(
                "POST /api/auth HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: {}\r\nX-Forwarded-For: 203.0.113.7\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{{\"em",
                app.base
            );
            stream.write_all(head.as_bytes()).await.unwrap();
            slow.push(stream);
        }
        tokio::time::sleep(Duration::from_millis(200)).await;
        let third = get("203.0.113.7").await;
        if third.status() == reqwest::StatusCode::TOO_MANY_REQUESTS {
            break (slow, third);
        }
        drop(slow);
        assert!(
            Instant::now() < deadline,
            "two requests in progress never held the client's slots"
        );
        tokio::time::sleep(Duration::from_millis(200)).await;
    };
    let body: serde_json::Value = refused.json().await.unwrap();
    assert_eq!(body["error"]["code"], "too_many_connections", "{body}");
    assert_eq!(
        get("203.0.113.8").await.status(),
        reqwest::StatusCode::UNAUTHORIZED
    );
    // Their slots come back when they end.
    drop(slow);
    let deadline = Instant::now() + Duration::from_secs(30);
    let mut again = get("203.0.113.7").await;
    while again.status() == reqwest::StatusCode::TOO_MANY_REQUESTS && Instant::now() < deadline {
        tokio::time::sleep(Duration::from_millis(100)).await;
        again = get("203.0.113.7").await;
    }
    assert_eq!(again.status(), reqwest::StatusCode::UNAUTHORIZED);
}
