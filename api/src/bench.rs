//! `threshold bench`: seeds N cases into a fresh SQLite file and a fresh PostgreSQL database,
//! serves the API on loopback, loads GET /remortgaging/cases and the back office's queue (GET
//! /staff/cases) with concurrent clients and prints p50/p99/throughput next to the same list
//! query run directly against the database. With `--memory`, it then starts the server as its
//! own process on the same data and reports that process's resident memory idle, under the
//! first list's load, and after it.
//! Figures only: nothing here asserts a time or a size.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::{Duration, Instant};

use chrono::Utc;
use threshold_engine::CaseType;
use threshold_store::Db;
use threshold_store::cases::Scope;
use tokio::net::TcpListener;
use tokio::sync::watch;

use threshold_store::users::User;

use crate::app::{App, AppState};
use crate::auth::cookies::ACCESS_COOKIE;
use crate::cases::list;
use crate::config::Config;
use crate::staff::queue_query;
use crate::{demo, demo_cases};

#[derive(clap::Args, Debug)]
pub struct BenchArgs {
    /// Cases in the data set (both types together).
    #[arg(long, default_value_t = 100_000)]
    pub cases: u64,
    /// Concurrent clients.
    #[arg(long, default_value_t = 64)]
    pub concurrency: usize,
    /// Seconds per measurement.
    #[arg(long, default_value_t = 10)]
    pub seconds: u64,
    /// PostgreSQL server to create the benchmark database on (e.g.
    /// postgres://postgres@127.0.0.1:5432/postgres); none: SQLite only.
    #[arg(long, env = "BENCH_POSTGRES_URL")]
    pub postgres: Option<String>,
    /// Skip SQLite.
    #[arg(long)]
    pub no_sqlite: bool,
    /// Where the SQLite file goes.
    #[arg(long, default_value = "target/bench")]
    pub dir: PathBuf,
    /// Connection pool size of the server under test.
    #[arg(long, default_value_t = 10, env = "BENCH_CONNECTIONS")]
    pub connections: u32,
    /// Reseed even when a database of this size exists from an earlier run.
    #[arg(long)]
    pub fresh: bool,
    /// Also measure a separate `threshold serve` process's resident memory (Linux).
    #[arg(long)]
    pub memory: bool,
}

/// The list a scenario loads: a case list as customers and brokers have it, or the queue.
#[derive(Clone, Copy)]
enum List {
    Cases,
    StaffQueue,
}

impl List {
    fn path(self) -> &'static str {
        match self {
            List::Cases => "/api/remortgaging/cases",
            List::StaffQueue => "/api/staff/cases",
        }
    }
}

/// (who, label, list, query string) measured on each database.
const SCENARIOS: &[(&str, &str, List, &str)] = &[
    (
        "admin@demo.threshold.test",
        "status+sort+page",
        List::Cases,
        "status=CUSTOMER_APPLICATION,BROKER_APPLICATION&sortBy=UPDATED_AT&sortDirection=DESC&page=3&pageSize=10",
    ),
    (
        "admin@demo.threshold.test",
        "name search+status+sort+page",
        List::Cases,
        "propertyOwnerName=smi&status=CUSTOMER_APPLICATION,BROKER_APPLICATION,COMPLETED&sortBy=CREATED_AT&sortDirection=ASC&page=1&pageSize=10",
    ),
    (
        "broker@demo.threshold.test",
        "broker scope, status+sort",
        List::Cases,
        "status=AWAITING_MORTGAGE_OFFER&sortBy=CREATED_AT&page=0&pageSize=10",
    ),
    (
        "conveyancer@demo.threshold.test",
        "staff queue: waiting on the firm, last moved first",
        List::StaffQueue,
        "waitsOn=firm&sortBy=UPDATED_AT&sortDirection=DESC&page=0&pageSize=25",
    ),
    (
        "conveyancer@demo.threshold.test",
        "staff queue: unassigned, name search",
        List::StaffQueue,
        "assignee=unassigned&propertyOwnerName=smi&page=0&pageSize=25",
    ),
];

pub async fn run(base: Config, args: BenchArgs) -> anyhow::Result<()> {
    std::fs::create_dir_all(&args.dir)?;
    let mut urls = vec![];
    if !args.no_sqlite {
        let path = std::path::absolute(args.dir.join(format!("bench-{}.db", args.cases)))?;
        urls.push(format!("sqlite://{}", path.display()));
    }
    if let Some(server) = &args.postgres {
        urls.push(postgres_database(server, args.cases, args.fresh).await?);
    }
    let mut report = vec![];
    let mut memory = vec![];
    for url in urls {
        report.extend(bench_one(&base, &args, &url).await?);
        if args.memory {
            memory.push(server_memory(&base, &args, &url).await?);
        }
    }
    println!();
    println!(
        "GET /remortgaging/cases and /staff/cases, {} cases, {} clients, {} s each",
        args.cases, args.concurrency, args.seconds
    );
    println!(
        "| database | scenario | HTTP p50 ms | HTTP p99 ms | HTTP req/s | DB p50 ms | DB p99 ms | DB q/s |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for line in report {
        println!("{line}");
    }
    if !memory.is_empty() {
        println!();
        println!(
            "`threshold serve`'s resident memory (VmRSS), {} cases; load: {}, {} clients, {} s",
            args.cases, SCENARIOS[0].1, args.concurrency, args.seconds
        );
        println!("| database | idle MB | under load MB | after MB | peak MB |");
        println!("|---|---|---|---|---|");
        for line in memory {
            println!("{line}");
        }
    }
    Ok(())
}

/// The server as its own process on the seeded database (its workers in it, as `make run`
/// starts it): resident memory 5 s after it is ready, at the end of the first scenario's load,
/// 5 s after, and its peak.
async fn server_memory(base: &Config, args: &BenchArgs, url: &str) -> anyhow::Result<String> {
    let backend = if url.starts_with("sqlite:") {
        "SQLite"
    } else {
        "PostgreSQL"
    };
    let port = TcpListener::bind("127.0.0.1:0").await?.local_addr()?.port();
    let site = format!("http://127.0.0.1:{port}");
    // The same data folder, so the same secrets: a session made here is valid there.
    let server = std::process::Command::new(std::env::current_exe()?)
        .arg("serve")
        .env("DATABASE_URL", url)
        .env("DB_MAX_CONNECTIONS", args.connections.to_string())
        .env("LISTEN_ADDR", format!("127.0.0.1:{port}"))
        .env("PUBLIC_URL", &site)
        .env("DATA_DIR", &args.dir)
        .env("MAX_CONNECTIONS_PER_CLIENT", "100000")
        .env_remove("DEMO")
        // Its warnings and errors only, not a line per request.
        .env("RUST_LOG", "warn")
        // The allocator as deploy/ starts the server (docs/bench.md, "Memory").
        .env("MIMALLOC_PURGE_DELAY", "0")
        .env("MIMALLOC_ARENA_EAGER_COMMIT", "0")
        .spawn()?;
    let server = StoppedOnDrop(server);
    let pid = server.0.id();
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(args.concurrency)
        .build()?;
    let ready = Instant::now() + Duration::from_secs(60);
    while !http
        .get(format!("{site}/readyz"))
        .send()
        .await
        .is_ok_and(|r| r.status().is_success())
    {
        anyhow::ensure!(Instant::now() < ready, "the server did not become ready");
        tokio::time::sleep(Duration::from_millis(200)).await;
    }
    tokio::time::sleep(Duration::from_secs(5)).await;
    let idle = resident_mb(pid, "VmRSS")?;
    let state = App::build(Config {
        database_url: url.to_owned(),
        data_dir: args.dir.clone(),
        ..base.clone()
    })
    .await?
    .state;
    let (email, _, list, query) = SCENARIOS[0];
    let (_, access) = sign_in(&state, email).await?;
    let cookie = format!("{}={access}", state.cookie_name(ACCESS_COOKIE));
    let target = format!("{site}{}?{query}", list.path());
    http_load(args, &http, &target, &cookie).await?;
    let loaded = resident_mb(pid, "VmRSS")?;
    tokio::time::sleep(Duration::from_secs(5)).await;
    let after = resident_mb(pid, "VmRSS")?;
    let peak = resident_mb(pid, "VmHWM")?;
    drop(server);
    Ok(format!(
        "| {backend} | {idle:.1} | {loaded:.1} | {after:.1} | {peak:.1} |"
    ))
}

/// The measured server, stopped however the measurement ends.
struct StoppedOnDrop(std::process::Child);

impl Drop for StoppedOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

/// A process's memory figure from /proc (`VmRSS`: resident now; `VmHWM`: its peak), in MB.
fn resident_mb(pid: u32, field: &str) -> anyhow::Result<f64> {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))?;
    let kib: f64 = status
        .lines()
        .find_map(|l| l.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|v| v.trim().trim_end_matches("kB").trim().parse().ok())
        .ok_or_else(|| anyhow::anyhow!("no {field} in /proc/{pid}/status"))?;
    Ok(kib / 1024.0)
}

/// A database named after the size on the given server; reused when it already holds the
/// cases (seeding a million takes minutes), recreated with --fresh.
async fn postgres_database(server: &str, cases: u64, fresh: bool) -> anyhow::Result<String> {
    use sqlx::Connection;
    let name = format!("threshold_bench_{cases}");
    let mut admin = sqlx::PgConnection::connect(server).await?;
    let exists: Option<(i32,)> = sqlx::query_as("SELECT 1 FROM pg_database WHERE datname = $1")
        .bind(&name)
        .fetch_optional(&mut admin)
        .await?;
    if fresh && exists.is_some() {
        sqlx::query(sqlx::AssertSqlSafe(format!("DROP DATABASE {name}")))
            .execute(&mut admin)
            .await?;
    }
    if fresh || exists.is_none() {
        sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
            .execute(&mut admin)
            .await?;
    }
    let mut url = url::Url::parse(server)?;
    url.set_path(&name);
    Ok(url.to_string())
}

async fn bench_one(base: &Config, args: &BenchArgs, url: &str) -> anyhow::Result<Vec<String>> {
    let backend = if url.starts_with("sqlite:") {
        "SQLite"
    } else {
        "PostgreSQL"
    };
    if backend == "SQLite" && args.fresh {
        let path = url.trim_start_matches("sqlite://");
        for suffix in ["", "-wal", "-shm"] {
            let _ = std::fs::remove_file(format!("{path}{suffix}"));
        }
    }
    let listener = TcpListener::bind("127.0.0.1:0").await?;
    let port = listener.local_addr()?.port();
    let config = Config {
        database_url: url.to_owned(),
        db_max_connections: args.connections,
        public_url: format!("http://127.0.0.1:{port}"),
        data_dir: args.dir.clone(),
        access_token_minutes: 240,
        session_idle_minutes: 240,
        // Every simulated client comes from this one address.
        max_connections_per_client: usize::MAX,
        ..base.clone()
    };
    let app = App::build(config).await?;
    let db = app.state.db.clone();
    demo::seed_accounts(&db, &app.state.config, &app.state.secrets).await?;
    let have = db.count_cases().await?;
    if (have as u64) < args.cases {
        println!("{backend}: seeding {} cases", args.cases - have as u64);
        let started = Instant::now();
        demo_cases::seed_cases(&db, &app.state.workflows, args.cases - have as u64, true).await?;
        println!(
            "{backend}: seeded in {:.1} s",
            started.elapsed().as_secs_f64()
        );
    } else {
        println!("{backend}: reusing {have} cases");
        // A migration may have added indexes since the seed: give the planner their figures.
        db.after_bulk_insert().await?;
    }
    let state = app.state.clone();
    let (stop_tx, stop_rx) = watch::channel(false);
    let server = tokio::spawn(app.serve(listener, false, stop_rx));
    let http = reqwest::Client::builder()
        .pool_max_idle_per_host(args.concurrency)
        .build()?;
    let mut lines = vec![];
    for &(email, label, list, query) in SCENARIOS {
        let (user, access) = sign_in(&state, email).await?;
        let cookie = format!("{}={access}", state.cookie_name(ACCESS_COOKIE));
        let target = format!("http://127.0.0.1:{port}{}?{query}", list.path());
        let probe = http.get(&target).header("cookie", &cookie).send().await?;
        anyhow::ensure!(probe.status().is_success(), "{label}: {}", probe.status());
        let body: serde_json::Value = probe.json().await?;
        println!(
            "{backend} {label}: totalCount {}, {} on the page",
            body["totalCount"],
            body["cases"]
                .as_array()
                .or(body["items"].as_array())
                .map_or(0, Vec::len)
        );
        let http_stats = http_load(args, &http, &target, &cookie).await?;
        let bad_query =
            |e: crate::error::ApiError| anyhow::anyhow!("bench query {query}: {}", e.message);
        let (scope, list_query) = match list {
            List::Cases => (
                db.case_scope(user.id, user.role, db.firm_of(user.id).await?)
                    .await?,
                list::parse(Some(query), CaseType::Remortgaging).map_err(bad_query)?,
            ),
            List::StaffQueue => {
                let (_, query) = queue_query(&state.workflows, Some(query), user.id)
                    .map_err(bad_query)?
                    .ok_or_else(|| anyhow::anyhow!("{label}: no status to list"))?;
                (Scope::Everything, query)
            }
        };
        let db_stats = load(args, {
            let db: Db = db.clone();
            let scope = scope.clone();
            let list_query = list_query.clone();
            let memo = state.list_memo.clone();
            move || {
                let db = db.clone();
                let scope = scope.clone();
                let list_query = list_query.clone();
                let memo = memo.clone();
                async move {
                    db.list_cases(&list_query, &scope, &memo).await?;
                    Ok(())
                }
            }
        })
        .await?;
        lines.push(row(backend, label, &http_stats, &db_stats));
        println!("{}", lines.last().unwrap_or(&String::new()));
    }
    // The floor of this machine: the cheapest signed-in call (one session lookup) under the
    // same load, next to that lookup alone.
    let (_, access) = sign_in(&state, "admin@demo.threshold.test").await?;
    let cookie = format!("{}={access}", state.cookie_name(ACCESS_COOKIE));
    let target = format!("http://127.0.0.1:{port}/api/auth/me");
    let http_stats = http_load(args, &http, &target, &cookie).await?;
    let db_stats = load(args, {
        let db = db.clone();
        let policy = state.session_policy;
        move || {
            let db = db.clone();
            let access = access.clone();
            async move {
                db.authenticate(&access, &policy, Utc::now())
                    .await?
                    .ok_or_else(|| anyhow::anyhow!("session expired"))?;
                Ok(())
            }
        }
    })
    .await?;
    lines.push(row(backend, "floor: GET /auth/me", &http_stats, &db_stats));
    println!("{}", lines.last().unwrap_or(&String::new()));
    let _ = stop_tx.send(true);
    let _ = server.await;
    Ok(lines)
}

/// A live session for a demo account: the user and the access token. A staff account's has
/// proven its second factor, as after the code from the authenticator app.
async fn sign_in(state: &AppState, email: &str) -> anyhow::Result<(User, String)> {
    let user = state
        .db
        .user_by_email(email)
        .await?
        .ok_or_else(|| anyhow::anyhow!("{email} missing"))?;
    let tokens = state
        .db
        .create_session(user.id, Some("bench"), &state.session_policy, Utc::now())
        .await?;
    if user.role.is_staff() {
        state
            .db
            .mark_second_factor(tokens.session_id, Utc::now())
            .await?;
    }
    Ok((user, tokens.access))
}

fn row(backend: &str, label: &str, http: &Stats, db: &Stats) -> String {
    format!(
        "| {backend} | {label} | {:.2} | {:.2} | {:.0} | {:.2} | {:.2} | {:.0} |",
        http.p50, http.p99, http.rate, db.p50, db.p99, db.rate
    )
}

/// GETs `target` with `cookie` under load; every answer must be a success.
async fn http_load(
    args: &BenchArgs,
    http: &reqwest::Client,
    target: &str,
    cookie: &str,
) -> anyhow::Result<Stats> {
    let (http, target, cookie) = (http.clone(), target.to_owned(), cookie.to_owned());
    load(args, move || {
        let http = http.clone();
        let target = target.clone();
        let cookie = cookie.clone();
        async move {
            let res = http.get(&target).header("cookie", &cookie).send().await?;
            anyhow::ensure!(res.status().is_success(), "HTTP {}", res.status());
            res.bytes().await?;
            Ok(())
        }
    })
    .await
}

struct Stats {
    p50: f64,
    p99: f64,
    rate: f64,
}

/// Runs `call` from `concurrency` tasks for the configured time after a one-second warm-up;
/// latencies in milliseconds.
async fn load<F, Fut>(args: &BenchArgs, call: F) -> anyhow::Result<Stats>
where
    F: Fn() -> Fut + Send + Sync + 'static,
    Fut: std::future::Future<Output = anyhow::Result<()>> + Send,
{
    let call = Arc::new(call);
    let warm_until = Instant::now() + Duration::from_secs(1);
    let until = warm_until + Duration::from_secs(args.seconds);
    let mut tasks = vec![];
    for _ in 0..args.concurrency {
        let call = call.clone();
        tasks.push(tokio::spawn(async move {
            let mut samples = vec![];
            while Instant::now() < until {
                let started = Instant::now();
                call().await?;
                if started >= warm_until {
                    samples.push(started.elapsed().as_secs_f64() * 1000.0);
                }
            }
            anyhow::Ok(samples)
        }));
    }
    let mut all = vec![];
    for t in tasks {
        all.extend(t.await??);
    }
    all.sort_by(f64::total_cmp);
    let at = |q: f64| {
        all.get(((all.len() as f64 * q) as usize).min(all.len().saturating_sub(1)))
            .copied()
            .unwrap_or(0.0)
    };
    Ok(Stats {
        p50: at(0.50),
        p99: at(0.99),
        rate: all.len() as f64 / args.seconds as f64,
    })
}
