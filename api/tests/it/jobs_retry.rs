//! Issue 10, Medium #5: failed jobs are retried with exponential backoff, so an SMTP outage
//! delays mail instead of losing it; a job that gives up says so at error level and is listed
//! and queued again from the command line (both databases, a real `threshold worker`). A worker
//! whose database fails under it is started again.

use crate::support;

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};
use std::time::{Duration, Instant};

use reqwest::StatusCode;
use serde_json::json;
use support::smtp::SmtpServer;
use support::worker::{WorkerProcess, wait_for};
use support::{Backend, TestApp};
use threshold_workers::queue::failed;
use threshold_workers::queue::retry::Backoff;
use tokio::io::{AsyncBufReadExt, AsyncWriteExt, BufReader};
use tokio::net::{TcpListener, TcpStream};

on_both_databases!(
    mail_queued_while_smtp_is_down_is_delivered_once_when_it_is_back,
    a_job_that_gives_up_is_logged_listed_and_queued_again_from_the_command_line,
    a_worker_whose_database_fails_is_started_again_and_delivers_what_comes_after,
);

/// A database call that hangs rather than fails is PostgreSQL's to make (a row lock waits
/// without limit; SQLite's busy timeout turns the same wait into the error tested above).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_worker_whose_heartbeat_hangs_is_started_again_and_delivers_what_comes_after() {
    let app = TestApp::spawn_without_workers(Backend::Postgres).await;
    let threshold_store::Db::Postgres(pool) = &app.db else {
        unreachable!("spawned on PostgreSQL")
    };
    let smtp = SmtpServer::accepting().await;
    let worker = start_worker(&app, &smtp.url());
    ask_for_sign_in_link(&app, "ivy@example.test").await;
    wait_for("the first mail", Duration::from_secs(30), async || {
        delivered_to(&smtp, "ivy@example.test") == 1
    })
    .await;

    // The sign-in mail's worker row locked and kept locked: its next heartbeat waits for ever,
    // without an error (the way one stood still in CI).
    let mut hold = pool.begin().await.unwrap();
    let locked: Vec<String> = sqlx::query_scalar(
        "SELECT id FROM apalis.workers WHERE worker_type = 'auth-email' FOR UPDATE",
    )
    .fetch_all(&mut *hold)
    .await
    .unwrap();
    assert_eq!(locked.len(), 1, "one auth-email worker: {locked:?}");
    wait_for(
        "the watchdog to start the auth-email worker again",
        Duration::from_secs(60),
        async || {
            worker
                .logged("ERROR", "the worker stopped on an error")
                .iter()
                .any(|l| {
                    l["fields"]["queue"] == "auth-email"
                        && l["fields"]["error"]
                            .as_str()
                            .is_some_and(|e| e.contains("heartbeat was last written"))
                })
        },
    )
    .await;

    ask_for_sign_in_link(&app, "jo@example.test").await;
    wait_for(
        "the mail asked for after",
        Duration::from_secs(30),
        async || delivered_to(&smtp, "jo@example.test") == 1,
    )
    .await;
    hold.rollback().await.unwrap();
}

/// The worker's base wait: tries after about 0.25, 0.5, 1, 2… s.
const BASE_MS: u64 = 250;

/// The SMTP server as the worker sees it: in front of a real (test) server, and for a while
/// down (every connection turned away with 421) or deferring (450 for each recipient, naming
/// the address, as real servers do).
struct FlakySmtp {
    port: u16,
    mode: Arc<AtomicU8>,
}

const UP: u8 = 0;
const DOWN: u8 = 1;
const DEFERRING: u8 = 2;

impl FlakySmtp {
    async fn start(mode: u8, server: &SmtpServer) -> Self {
        let listener = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let port = listener.local_addr().unwrap().port();
        let target = server.port;
        let mode = Arc::new(AtomicU8::new(mode));
        let shared = mode.clone();
        tokio::spawn(async move {
            while let Ok((client, _)) = listener.accept().await {
                let mode = shared.load(Ordering::SeqCst);
                tokio::spawn(async move {
                    let _ = match mode {
                        UP => forward(client, target).await,
                        DOWN => refuse(client).await,
                        _ => defer(client).await,
                    };
                });
            }
        });
        FlakySmtp { port, mode }
    }

    fn url(&self) -> String {
        format!("smtp://127.0.0.1:{}", self.port)
    }

    fn come_up(&self) {
        self.mode.store(UP, Ordering::SeqCst);
    }
}

async fn forward(mut client: TcpStream, target: u16) -> std::io::Result<()> {
    let mut server = TcpStream::connect(("127.0.0.1", target)).await?;
    tokio::io::copy_bidirectional(&mut client, &mut server).await?;
    Ok(())
}

async fn refuse(mut client: TcpStream) -> std::io::Result<()> {
    client
        .write_all(b"421 4.3.2 Service not available, closing channel\r\n")
        .await
}

async fn defer(socket: TcpStream) -> std::io::Result<()> {
    let (read, mut write) = socket.into_split();
    let mut lines = BufReader::new(read).lines();
    write.write_all(b"220 flaky ESMTP\r\n").await?;
    while let Some(line) = lines.next_line().await? {
        let upper = line.to_ascii_uppercase();
        if upper.starts_with("EHLO") || upper.starts_with("HELO") {
            write.write_all(b"250 flaky\r\n").await?;
        } else if upper.starts_with("RCPT TO:") {
            let address = line[8..].trim().trim_matches(['<', '>']).to_owned();
            let reply = format!("450 4.2.1 <{address}>: mailbox busy, try again later\r\n");
            write.write_all(reply.as_bytes()).await?;
        } else if upper.starts_with("QUIT") {
            write.write_all(b"221 bye\r\n").await?;
            return Ok(());
        } else {
            write.write_all(b"250 OK\r\n").await?;
        }
    }
    Ok(())
}

/// A worker retrying every `BASE_MS` and sending as often as asked.
fn start_worker(app: &TestApp, smtp_url: &str) -> WorkerProcess {
    let base = BASE_MS.to_string();
    WorkerProcess::start(
        app,
        smtp_url,
        &[
            ("JOB_RETRY_BASE_MS", &base),
            ("EMAIL_MIN_INTERVAL_SECONDS", "0"),
            ("EMAIL_CAP_PER_DAY", "100000"),
        ],
    )
}

/// Runs `threshold jobs …` against the app's database: (success, stdout, stderr).
fn threshold_jobs(app: &TestApp, args: &[&str]) -> (bool, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_threshold"))
        .arg("jobs")
        .args(args)
        .env_clear()
        .env("DATABASE_URL", &app.config.database_url)
        .env("JOB_RETRY_BASE_MS", BASE_MS.to_string())
        .env("RUST_LOG", "warn")
        .output()
        .unwrap();
    (
        out.status.success(),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

fn jobs_table(app: &TestApp) -> &'static str {
    match app.db {
        threshold_store::Db::Sqlite(_) => "Jobs",
        threshold_store::Db::Postgres(_) => "apalis.jobs",
    }
}

/// Every queued job: (id, status, attempts, last result).
async fn jobs(app: &TestApp) -> Vec<(String, String, i64, Option<String>)> {
    let sql = format!(
        "SELECT id, status, CAST(attempts AS BIGINT), CAST(last_result AS TEXT) FROM {} ORDER BY id",
        jobs_table(app)
    );
    threshold_store::on_db!(&app.db, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql)).fetch_all(pool).await).unwrap()
}

/// Users asking for sign-in links while no worker runs: one queued e-mail job each.
async fn queue_sign_in_mails(app: &TestApp, people: &[&str]) {
    for email in people {
        ask_for_sign_in_link(app, email).await;
    }
    assert_eq!(jobs(app).await.len(), people.len());
}

/// A new user asks for a sign-in link: one e-mail job.
async fn ask_for_sign_in_link(app: &TestApp, email: &str) {
    app.create_user(email, "ROLE_USER", true).await;
    let res = app
        .client()
        .post("/api/auth", json!({ "username": email }))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
}

fn delivered_to(smtp: &SmtpServer, email: &str) -> usize {
    smtp.accepted()
        .iter()
        .filter(|m| m.to.iter().any(|t| t == email))
        .count()
}

async fn mail_queued_while_smtp_is_down_is_delivered_once_when_it_is_back(backend: Backend) {
    let people = [
        "ada@example.test",
        "bo@example.test",
        "cy@example.test",
        "di@example.test",
    ];
    let app = TestApp::spawn_without_workers(backend).await;
    queue_sign_in_mails(&app, &people).await;
    let smtp = SmtpServer::accepting().await;
    let flaky = FlakySmtp::start(DOWN, &smtp).await;
    let worker = start_worker(&app, &flaky.url());

    // Down for about four seconds: every job fails and is tried again, but at a growing
    // interval (before backoff, 25 tries went by in a second or two and the mail was lost).
    let down_at = Instant::now();
    wait_for(
        "every job to fail twice",
        Duration::from_secs(30),
        async || {
            let jobs = jobs(&app).await;
            jobs.iter().all(|(_, _, attempts, _)| *attempts >= 2)
        },
    )
    .await;
    tokio::time::sleep(Duration::from_secs(4).saturating_sub(down_at.elapsed())).await;
    let tries: Vec<i64> = jobs(&app).await.iter().map(|j| j.2).collect();
    assert!(
        tries.iter().all(|t| (2..=8).contains(t)),
        "tries during 4 s of outage: {tries:?}"
    );
    assert!(smtp.accepted().is_empty());
    assert!(failed::list(&app.db).await.unwrap().is_empty());
    assert!(!worker.logged("WARN", "it will be retried").is_empty());

    // SMTP is back: every mail goes out with its next try, once.
    flaky.come_up();
    wait_for("every mail", Duration::from_secs(30), async || {
        people.iter().all(|p| delivered_to(&smtp, p) >= 1)
    })
    .await;
    wait_for("every job done", Duration::from_secs(10), async || {
        jobs(&app).await.iter().all(|j| j.1 == "Done")
    })
    .await;
    // Time for a second copy to show up, were there one.
    tokio::time::sleep(Duration::from_secs(1)).await;
    for p in people {
        assert_eq!(delivered_to(&smtp, p), 1, "{p}");
    }
    assert_eq!(smtp.accepted().len(), people.len());
    let log = worker.log_text();
    for p in people {
        assert!(!log.contains(p), "the log names {p}");
    }
    println!(
        "{backend:?}: {} mails delivered once, {:.1} s after the outage began; tries per job during it: {tries:?}",
        people.len(),
        down_at.elapsed().as_secs_f64()
    );
}

async fn a_job_that_gives_up_is_logged_listed_and_queued_again_from_the_command_line(
    backend: Backend,
) {
    let people = ["eve@example.test", "fay@example.test"];
    let app = TestApp::spawn_without_workers(backend).await;
    queue_sign_in_mails(&app, &people).await;
    // Both jobs are one try away from their limit (as after a day of failures).
    let limit = Backoff::new(Duration::from_millis(BASE_MS)).max_attempts();
    let sql = format!("UPDATE {} SET attempts = $1", jobs_table(&app));
    threshold_store::on_db!(&app.db, pool => sqlx::query(sqlx::AssertSqlSafe(sql)).bind((limit - 1) as i32).execute(pool).await.map(|done| done.rows_affected())).unwrap();

    let (ok, out, _) = threshold_jobs(&app, &["failed"]);
    assert!(ok);
    assert_eq!(out.trim(), "no failed jobs");

    // The server defers each recipient, naming the address in its reply.
    let smtp = SmtpServer::accepting().await;
    let flaky = FlakySmtp::start(DEFERRING, &smtp).await;
    let worker = start_worker(&app, &flaky.url());
    wait_for(
        "both jobs to give up",
        Duration::from_secs(30),
        async || failed::list(&app.db).await.unwrap().len() == 2,
    )
    .await;
    let gave_up = worker.logged("ERROR", "job gave up");
    assert_eq!(gave_up.len(), 2, "{}", worker.log_text());
    assert_eq!(gave_up[0]["fields"]["queue"], "auth-email");

    // Listed with id, queue, attempts and the last error, without the address it quoted.
    let ids: Vec<String> = jobs(&app).await.into_iter().map(|j| j.0).collect();
    let (ok, out, err) = threshold_jobs(&app, &["failed"]);
    assert!(ok, "{err}");
    for id in &ids {
        let line = out
            .lines()
            .find(|l| l.starts_with(id.as_str()))
            .unwrap_or_else(|| panic!("{id} listed in\n{out}"));
        assert!(line.contains("auth-email"), "{line}");
        assert!(line.contains(&format!(" {limit} ")), "{line}");
        assert!(line.contains("transient error (450)"), "{line}");
        assert!(line.contains("<address>"), "{line}");
    }
    for stored in jobs(&app).await {
        assert_eq!(stored.1, "Failed");
        assert_eq!(stored.2, limit as i64);
        assert!(!stored.3.unwrap_or_default().contains("@example.test"));
    }
    let log = worker.log_text();
    for p in people {
        assert!(!out.contains(p), "the list names {p}");
        assert!(!log.contains(p), "the log names {p}");
    }

    // Back up, a job that gave up stays put until someone queues it again.
    flaky.come_up();
    tokio::time::sleep(Duration::from_secs(1)).await;
    assert!(smtp.accepted().is_empty());

    let (ok, out, err) = threshold_jobs(&app, &["retry", &ids[0]]);
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "1 job(s) queued again");
    wait_for("the first mail", Duration::from_secs(15), async || {
        smtp.accepted().len() == 1
    })
    .await;
    let remaining = failed::list(&app.db).await.unwrap();
    assert_eq!(remaining.len(), 1);
    assert_eq!(remaining[0].id, ids[1]);

    let (ok, out, err) = threshold_jobs(&app, &["retry", "--all"]);
    assert!(ok, "{err}");
    assert_eq!(out.trim(), "1 job(s) queued again");
    wait_for("the second mail", Duration::from_secs(15), async || {
        smtp.accepted().len() == 2
    })
    .await;
    wait_for("every job done", Duration::from_secs(10), async || {
        jobs(&app).await.iter().all(|j| j.1 == "Done")
    })
    .await;
    tokio::time::sleep(Duration::from_secs(1)).await;
    for p in people {
        assert_eq!(delivered_to(&smtp, p), 1, "{p}");
    }
    let (ok, out, _) = threshold_jobs(&app, &["failed"]);
    assert!(ok);
    assert_eq!(out.trim(), "no failed jobs");
    // A job that is not (or no longer) failed is refused by name.
    let (ok, _, err) = threshold_jobs(&app, &["retry", &ids[0]]);
    assert!(!ok);
    assert!(err.contains("no failed job has the id"), "{err}");
}

/// Renames the queue's table (`away`) or gives it its name back: every query a worker makes of
/// it fails meanwhile, as it would on a database gone away.
async fn hide_jobs_table(app: &TestApp, away: bool) {
    let (from, to) = match (&app.db, away) {
        (threshold_store::Db::Sqlite(_), true) => ("Jobs", "JobsAway"),
        (threshold_store::Db::Sqlite(_), false) => ("JobsAway", "Jobs"),
        (threshold_store::Db::Postgres(_), true) => ("apalis.jobs", "jobs_away"),
        (threshold_store::Db::Postgres(_), false) => ("apalis.jobs_away", "jobs"),
    };
    let sql = format!("ALTER TABLE {from} RENAME TO {to}");
    threshold_store::on_db!(&app.db, pool => sqlx::query(sqlx::AssertSqlSafe(sql)).execute(pool).await.map(|_| ())).unwrap();
}

/// apalis ends a worker for good on the first error of its heartbeat or its fetch. Before the
/// workers were supervised, a busy SQLite stopped the feed's worker in the middle of a run and
/// no feed item came after it, while every other queue carried on.
async fn a_worker_whose_database_fails_is_started_again_and_delivers_what_comes_after(
    backend: Backend,
) {
    let app = TestApp::spawn_without_workers(backend).await;
    let smtp = SmtpServer::accepting().await;
    let worker = start_worker(&app, &smtp.url());
    ask_for_sign_in_link(&app, "gil@example.test").await;
    wait_for("the first mail", Duration::from_secs(30), async || {
        delivered_to(&smtp, "gil@example.test") == 1
    })
    .await;

    hide_jobs_table(&app, true).await;
    // The sign-in mail's worker in particular: each worker polls on its own clock, so the
    // first to stop says nothing of the others.
    wait_for(
        "the auth-email worker to stop",
        Duration::from_secs(30),
        async || {
            worker
                .logged("ERROR", "the worker stopped on an error")
                .iter()
                .any(|l| l["fields"]["queue"] == "auth-email")
        },
    )
    .await;
    hide_jobs_table(&app, false).await;

    ask_for_sign_in_link(&app, "hal@example.test").await;
    wait_for(
        "the mail asked for after",
        Duration::from_secs(30),
        async || delivered_to(&smtp, "hal@example.test") == 1,
    )
    .await;
    let stopped = worker.logged("ERROR", "the worker stopped on an error");
    assert!(
        stopped
            .iter()
            .all(|l| l["fields"]["restart_in_ms"].as_u64() >= Some(1000))
    );
}
