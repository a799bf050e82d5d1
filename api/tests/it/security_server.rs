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
