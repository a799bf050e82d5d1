//! The `threshold` command line: serve, worker, migrate, demo, user, secrets, jobs, backup,
//! restore, openapi.

use std::process::ExitCode;

use chrono::Utc;
use clap::{Parser, Subcommand};
use threshold_engine::Role;
use threshold_store::users::NewUser;
use tokio::net::TcpListener;
use tokio::sync::watch;

use crate::app::App;
use crate::auth::email_address::EmailAddress;
use crate::config::Config;
use crate::{demo, demo_cases, demo_journeys};

#[derive(Parser)]
#[command(
    name = "threshold",
    version,
    about = "Conveyancing for remortgaging and buying a home"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// Serve the API and the web app (with the background workers unless --no-workers).
    Serve {
        /// Serve HTTP only; run the background workers in separate `threshold worker`
        /// processes (several servers and workers can share one PostgreSQL database).
        #[arg(long)]
        no_workers: bool,
    },
    /// Run only the background workers.
    Worker,
    /// Apply database migrations and exit.
    Migrate,
    /// Create the demo accounts, and with --cases N a broker firm, customers and N cases
    /// spread over every status of both types.
    Demo {
        /// How many cases to add (0: accounts only).
        #[arg(long, default_value_t = 0)]
        cases: u64,
    },
    /// Benchmark GET /remortgaging/cases over HTTP and directly against the database.
    Bench(crate::bench::BenchArgs),
    /// Manage users.
    User {
        #[command(subcommand)]
        command: UserCommand,
    },
    /// The installation's sealing key (SECRETS_KEY).
    Secrets {
        #[command(subcommand)]
        command: SecretsCommand,
    },
    /// Background jobs that gave up retrying.
    Jobs {
        #[command(subcommand)]
        command: JobsCommand,
    },
    /// Back up a single-machine installation (SQLite, local documents) into a new folder
    /// while it runs: a consistent copy of the database, the documents and the key file.
    /// PostgreSQL and S3 have their own tools (README, Backups).
    Backup {
        /// A new or empty folder; keep it as safe as the server (it holds the key).
        dir: std::path::PathBuf,
    },
    /// Restore a `threshold backup` folder into this installation, which must have no
    /// database and no documents yet; then start the server as usual.
    Restore {
        /// The folder `threshold backup` wrote.
        dir: std::path::PathBuf,
    },
    /// Print the OpenAPI document.
    Openapi,
    /// Print the demo conveyancer's current second-factor code (the demo's published
    /// authenticator secret; no other account's).
    DemoCode,
}

#[derive(Subcommand)]
enum SecretsCommand {
    /// Print a new random key for SECRETS_KEY.
    NewKey,
    /// Re-seal every secret under the key in NEW_SECRETS_KEY (one transaction). Stop every
    /// server and worker first; then start them all with SECRETS_KEY set to the new key. On a
    /// single machine without SECRETS_KEY, the data directory's key file is replaced (with a
    /// new random key when NEW_SECRETS_KEY is unset).
    Rotate,
}

#[derive(Subcommand)]
enum JobsCommand {
    /// List the jobs that gave up: id, queue, attempts, when and the last error (never what
    /// the job carries: no addresses, names or links).
    Failed,
    /// Queue failed jobs again, each with a fresh set of retries.
    Retry {
        /// The job's id, as `threshold jobs failed` shows it.
        #[arg(required_unless_present = "all", conflicts_with = "all")]
        id: Option<String>,
        /// Every failed job.
        #[arg(long)]
        all: bool,
    },
}

#[derive(Subcommand)]
enum UserCommand {
    /// Create a user, e.g. a conveyancer or an administrator for the back office.
    Create {
        #[arg(long)]
        email: String,
        #[arg(long)]
        name: String,
        /// ROLE_USER, ROLE_BROKER, ROLE_BROKER_MANAGER, ROLE_BROKER_ADMIN, ROLE_CONVEYANCER or ROLE_ADMIN.
        #[arg(long)]
        role: String,
        /// Mark a broker as a lender.
        #[arg(long)]
        lender: bool,
        /// Comma-separated features: BUYING, AI_BOT, SOF.
        #[arg(long, value_delimiter = ',')]
        features: Vec<String>,
    },
    /// List every account: role, state and e-mail address (staff first).
    List,
    /// Disable an account: its sessions and sign-in links stop working at once, and signing in
    /// sends nothing until it is enabled again.
    Disable {
        #[arg(long)]
        email: String,
    },
    /// Enable a disabled account again.
    Enable {
        #[arg(long)]
        email: String,
    },
    /// Give an account another role (see `user create --role`).
    SetRole {
        #[arg(long)]
        email: String,
        #[arg(long)]
        role: String,
    },
    /// Set an account's enabled features (replacing them): BUYING, AI_BOT, SOF; none with an
    /// empty list (`--features ''`).
    SetFeatures {
        #[arg(long)]
        email: String,
        #[arg(long, value_delimiter = ',')]
        features: Vec<String>,
    },
    /// Forget a staff member's authenticator (a lost phone): their sessions end, and at their
    /// next sign-in they enrol a new one.
    ResetFactor {
        #[arg(long)]
        email: String,
    },
}

const ALL_FEATURES: &[&str] = &["BUYING", "AI_BOT", "SOF"];

/// `--features`, each one known (an empty value, as `--features ''` gives, is none).
fn known_features(features: Vec<String>) -> anyhow::Result<Vec<String>> {
    let features: Vec<String> = features.into_iter().filter(|f| !f.is_empty()).collect();
    if let Some(unknown) = features
        .iter()
        .find(|f| !ALL_FEATURES.contains(&f.as_str()))
    {
        anyhow::bail!("--features: unknown feature {unknown}");
    }
    Ok(features)
}

pub fn main() -> ExitCode {
    let cli = Cli::parse();
    // Dropped last, once the runtime has stopped: it sends the traces still batched.
    let _traces = init_logging();
    // Before the runtime, so that every thread reports (a bad configuration is reported by
    // the command itself).
    let _sentry = Config::load()
        .ok()
        .and_then(|config| crate::observability::sentry::init(&config));
    let runtime = match tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
    {
        Ok(runtime) => runtime,
        Err(err) => {
            eprintln!("cannot start the runtime: {err}");
            return ExitCode::FAILURE;
        }
    };
    match runtime.block_on(run(cli.command)) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err:#}");
            ExitCode::FAILURE
        }
    }
}

/// Logs to stderr, errors to Sentry and, when configured, spans to an OpenTelemetry collector
/// (the guard that flushes them).
fn init_logging() -> Option<crate::observability::otel::TraceGuard> {
    use tracing_subscriber::prelude::*;
    let filter = tracing_subscriber::EnvFilter::try_from_default_env()
        .unwrap_or_else(|_| tracing_subscriber::EnvFilter::new("info,sqlx=warn,apalis=warn"));
    // Colour codes only for a person at a terminal, never into a file or a log collector.
    let lines = tracing_subscriber::fmt::layer()
        .with_ansi(std::io::IsTerminal::is_terminal(&std::io::stderr()))
        .with_writer(std::io::stderr);
    let lines = if std::env::var("LOG_FORMAT").is_ok_and(|f| f == "json") {
        lines.json().boxed()
    } else {
        lines.boxed()
    };
    let (traces, guard) = crate::observability::otel::layer().unzip();
    tracing_subscriber::registry()
        .with(filter)
        .with(lines)
        .with(crate::observability::sentry::error_layer())
        .with(traces)
        .init();
    guard
}

async fn run(command: Command) -> anyhow::Result<()> {
    if let Command::Openapi = command {
        println!("{}", crate::openapi::document().to_pretty_json()?);
        return Ok(());
    }
    if let Command::DemoCode = command {
        println!(
            "{}",
            crate::staff::current_code(demo::DEMO_STAFF_TOTP_SECRET, chrono::Utc::now())?
        );
        return Ok(());
    }
    let config = Config::load()?;
    match command {
        Command::Serve { no_workers } => serve(config, !no_workers).await,
        Command::Worker => {
            config.check_for_serving().map_err(anyhow::Error::msg)?;
            let app = App::build(config).await?;
            app.work(shutdown_signal()).await
        }
        Command::Migrate => {
            App::build(config).await?;
            println!("migrations applied");
            Ok(())
        }
        Command::Demo { cases } => {
            let app = App::build(config).await?;
            let created =
                demo::seed_accounts(&app.state.db, &app.state.config, &app.state.secrets).await?;
            println!("{created} demo account(s) created");
            if cases > 0 {
                let started = std::time::Instant::now();
                demo_cases::seed_cases(&app.state.db, &app.state.workflows, cases, true).await?;
                println!(
                    "{cases} demo case(s) created in {:.1} s",
                    started.elapsed().as_secs_f64()
                );
            }
            Ok(())
        }
        Command::Bench(args) => crate::bench::run(config, args).await,
        Command::User {
            command:
                UserCommand::Create {
                    email,
                    name,
                    role,
                    lender,
                    features,
                },
        } => create_user(config, &email, &name, &role, lender, features).await,
        Command::User { command } => manage_user(config, command).await,
        Command::Secrets { command } => secrets(config, command).await,
        Command::Jobs { command } => jobs(config, command).await,
        Command::Backup { dir } => {
            let manifest = crate::backup::backup(&config, &dir).await?;
            println!(
                "backed up the database, {} document file(s){} into {}",
                manifest.document_files,
                if manifest.secrets_key.is_some() {
                    " and the key file"
                } else {
                    " (the key is SECRETS_KEY: keep it with the configuration)"
                },
                dir.display()
            );
            Ok(())
        }
        Command::Restore { dir } => {
            let manifest = crate::backup::restore(&config, &dir).await?;
            println!(
                "restored the backup of {} (release {}): start the server as usual",
                manifest.created_at.format("%Y-%m-%d %H:%M UTC"),
                manifest.release
            );
            Ok(())
        }
        Command::Openapi | Command::DemoCode => unreachable!("handled above"),
    }
}

async fn serve(config: Config, with_workers: bool) -> anyhow::Result<()> {
    config.check_for_serving().map_err(anyhow::Error::msg)?;
    let listener = TcpListener::bind(config.listen_addr).await?;
    let demo = config.demo;
    let app = App::build(config).await?;
    if demo {
        demo::seed_accounts(&app.state.db, &app.state.config, &app.state.secrets).await?;
        // A first run gets cases to look at, made by running the workflows; later runs keep
        // what is there.
        if app.state.db.count_cases().await? == 0 {
            let s = &app.state;
            demo_journeys::seed(&s.db, &s.cases, &s.workflows, &s.config).await?;
        }
    }
    let config = &app.state.config;
    println!(
        "Threshold {} is running at {}",
        config.release, config.public_url
    );
    if crate::mailbox::is_served(config) {
        println!(
            "E-mail goes to {} — read it at {}/dev/mailbox",
            config.outbox_dir().display(),
            config.public_url
        );
    } else if app.state.mailer.outbox_dir().is_some() {
        println!("E-mail goes to files in {}", config.outbox_dir().display());
    }
    if demo {
        println!(
            "Demo accounts (sign in with the e-mail address; the link arrives in the mailbox):"
        );
        for (email, _, role, lender, _) in demo::DEMO_ACCOUNTS {
            let note = if *lender { " (lender)" } else { "" };
            println!("  {email:<36} {}{note}", role.as_str());
        }
        println!(
            "Back office: {}/staff/login as the conveyancer. Its second factor: add the key {} \
             to an authenticator app, or run `threshold demo-code` for the current code.",
            config.public_url,
            demo::DEMO_STAFF_TOTP_SECRET
        );
    }
    app.serve(listener, with_workers, shutdown_signal()).await
}

async fn create_user(
    config: Config,
    email: &str,
    name: &str,
    role: &str,
    lender: bool,
    features: Vec<String>,
) -> anyhow::Result<()> {
    let email = EmailAddress::parse(email).map_err(|p| anyhow::anyhow!("--email: {p}"))?;
    let role = role_named(role)?;
    anyhow::ensure!(
        name.trim().chars().count() >= 2,
        "--name must be at least 2 characters"
    );
    let features = known_features(features)?;
    let app = App::build(config).await?;
    let user = app
        .state
        .db
        .create_user(
            &NewUser {
                email: email.as_str().to_owned(),
                preferred_name: name.trim().to_owned(),
                role,
                is_lender: lender,
                enabled_features: features,
                privacy_version: None,
                terms_version: None,
                is_onboarded: role.is_staff(),
            },
            Utc::now(),
        )
        .await?;
    println!("created user {} with role {}", user.id, role.as_str());
    Ok(())
}

/// `threshold user list | disable | enable | set-role | reset-factor`, each audited.
async fn manage_user(config: Config, command: UserCommand) -> anyhow::Result<()> {
    let db = App::build(config).await?.state.db.clone();
    let now = Utc::now();
    let find = |email: String| {
        let db = db.clone();
        async move {
            db.user_by_email(email.trim())
                .await?
                .ok_or_else(|| anyhow::anyhow!("no account has the e-mail address {email}"))
        }
    };
    let said = |changed: bool, done: &str, already: &str| {
        println!("{}", if changed { done } else { already });
    };
    match command {
        UserCommand::List => {
            use std::io::Write;
            let users = db.list_users().await?;
            // A list piped into `head` stops reading early: that is not an error.
            let mut out = std::io::stdout().lock();
            let written = writeln!(
                out,
                "{:<20}  {:<8}  {:<20}  EMAIL",
                "ROLE", "STATE", "CREATED (UTC)"
            )
            .and_then(|()| {
                users.iter().try_for_each(|user| {
                    let state = if user.disabled_at.is_some() {
                        "disabled"
                    } else {
                        "active"
                    };
                    writeln!(
                        out,
                        "{:<20}  {:<8}  {:<20}  {}",
                        user.role.as_str(),
                        state,
                        user.created_at.format("%Y-%m-%d %H:%M"),
                        user.email
                    )
                })
            });
            match written {
                Err(e) if e.kind() != std::io::ErrorKind::BrokenPipe => return Err(e.into()),
                _ => {}
            }
        }
        UserCommand::Disable { email } => {
            let user = find(email).await?;
            let changed = db.set_user_disabled(user.id, true, None, now).await?;
            said(
                changed,
                "disabled; its sessions have ended",
                "already disabled",
            );
        }
        UserCommand::Enable { email } => {
            let user = find(email).await?;
            let changed = db.set_user_disabled(user.id, false, None, now).await?;
            said(changed, "enabled", "already enabled");
        }
        UserCommand::SetRole { email, role } => {
            let role = role_named(&role)?;
            let user = find(email).await?;
            let changed = db.set_user_role(user.id, role, None, now).await?;
            let role = role.as_str();
            said(changed, &format!("now {role}"), &format!("already {role}"));
        }
        UserCommand::SetFeatures { email, features } => {
            let features = known_features(features)?;
            let user = find(email).await?;
            let changed = db.set_user_features(user.id, &features, None, now).await?;
            let now_has = format!("features: {}", features.join(","));
            said(changed, &now_has, &format!("already {now_has}"));
        }
        UserCommand::ResetFactor { email } => {
            let user = find(email).await?;
            let changed = db.reset_staff_factor(user.id, None, now).await?;
            said(
                changed,
                "second factor reset: they enrol a new authenticator at their next sign-in",
                "no second factor to reset",
            );
        }
        UserCommand::Create { .. } => unreachable!("handled by create_user"),
    }
    Ok(())
}

/// `threshold secrets new-key | rotate`.
async fn secrets(config: Config, command: SecretsCommand) -> anyhow::Result<()> {
    use crate::staff::{SecretBox, new_key_text, rotate_key};
    match command {
        SecretsCommand::NewKey => println!("{}", new_key_text()?),
        SecretsCommand::Rotate => {
            let given = std::env::var("NEW_SECRETS_KEY").ok();
            anyhow::ensure!(
                config.secrets_key.is_none() || given.is_some(),
                "set NEW_SECRETS_KEY to the new key (`threshold secrets new-key` makes one)"
            );
            let new_text = match given {
                Some(text) => text,
                None => new_key_text()?,
            };
            let new = SecretBox::from_text(&new_text)
                .map_err(|_| anyhow::anyhow!("NEW_SECRETS_KEY must be 32 bytes, base64"))?;
            let old = SecretBox::from_config(&config)?;
            let db = threshold_store::Db::connect(&config.database_url, 2).await?;
            let resealed = rotate_key(&db, &old, &new).await?;
            if config.secrets_key.is_none() {
                SecretBox::replace_key_file(&config, &new_text)?;
                println!("{resealed} secret(s) re-sealed; the key file now holds the new key");
            } else {
                println!(
                    "{resealed} secret(s) re-sealed: start every process with SECRETS_KEY set to \
                     the new key"
                );
            }
        }
    }
    Ok(())
}

/// The role `--role` names: `ROLE_CONVEYANCER`, or as people type it, `conveyancer`.
fn role_named(given: &str) -> anyhow::Result<Role> {
    let wanted = given.trim().to_ascii_uppercase();
    let wanted = wanted.strip_prefix("ROLE_").unwrap_or(&wanted);
    Role::ALL
        .into_iter()
        .find(|role| role.as_str().strip_prefix("ROLE_") == Some(wanted))
        .ok_or_else(|| {
            let all: Vec<&str> = Role::ALL.iter().map(|r| r.as_str()).collect();
            anyhow::anyhow!(
                "--role must be one of {} (or the same without ROLE_, in any case)",
                all.join(", ")
            )
        })
}

/// `threshold jobs …`: reads and resets rows of the queue table only (no migrations of the
/// product's tables, no mailer).
async fn jobs(config: Config, command: JobsCommand) -> anyhow::Result<()> {
    use threshold_workers::queue::failed;

    let db = threshold_store::Db::connect(&config.database_url, 2).await?;
    threshold_workers::JobQueue::setup(&db).await?;
    match command {
        JobsCommand::Failed => {
            let jobs = failed::list(&db).await?;
            if jobs.is_empty() {
                println!("no failed jobs");
                return Ok(());
            }
            let queue_width = jobs.iter().map(|j| j.queue.len()).max().unwrap_or(0).max(5);
            println!(
                "{:<26}  {:<queue_width$}  {:>8}  {:<20}  LAST ERROR",
                "ID", "QUEUE", "ATTEMPTS", "FAILED AT (UTC)"
            );
            for job in &jobs {
                let at = job
                    .failed_at
                    .map(|t| t.format("%Y-%m-%d %H:%M:%S").to_string())
                    .unwrap_or_else(|| "-".into());
                println!(
                    "{:<26}  {:<queue_width$}  {:>8}  {:<20}  {}",
                    job.id, job.queue, job.attempts, at, job.last_error
                );
            }
            println!(
                "{} failed job(s); `threshold jobs retry ID` or `--all` queues them again",
                jobs.len()
            );
            Ok(())
        }
        JobsCommand::Retry { id, all } => {
            let which = match (&id, all) {
                (_, true) => failed::Retry::All,
                (Some(id), false) => failed::Retry::One(id),
                (None, false) => anyhow::bail!("name a job id, or --all"),
            };
            let tries = config.job_backoff().max_attempts();
            let queued = failed::retry(&db, which, tries).await?;
            if let (Some(id), 0) = (&id, queued) {
                anyhow::bail!("no failed job has the id {id} (see `threshold jobs failed`)");
            }
            println!("{queued} job(s) queued again");
            Ok(())
        }
    }
}

/// Completes on Ctrl-C or SIGTERM, flipping the returned flag for graceful shutdown.
fn shutdown_signal() -> watch::Receiver<bool> {
    let (tx, rx) = watch::channel(false);
    tokio::spawn(async move {
        let ctrl_c = tokio::signal::ctrl_c();
        #[cfg(unix)]
        {
            let mut term =
                tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate())
                    .expect("signal handler");
            tokio::select! { _ = ctrl_c => {}, _ = term.recv() => {} }
        }
        #[cfg(not(unix))]
        let _ = ctrl_c.await;
        tracing::info!("shutting down");
        let _ = tx.send(true);
    });
    rx
}

#[cfg(test)]
mod tests {
    use super::{Cli, Role, role_named};
    use clap::Parser;

    /// The commands deploy/ runs: a renamed or removed subcommand or flag fails here, not at
    /// a firm's next restart.
    #[test]
    fn the_deployment_files_run_real_commands() {
        let units = [
            include_str!("../../deploy/threshold.service"),
            include_str!("../../deploy/threshold-worker.service"),
        ];
        for unit in units {
            let lines: Vec<&str> = unit
                .lines()
                .filter_map(|l| l.strip_prefix("ExecStart="))
                .collect();
            assert!(!lines.is_empty(), "a unit without ExecStart");
            for line in lines {
                let args: Vec<&str> = line.split_whitespace().collect();
                assert_eq!(args[0], "/usr/local/bin/threshold");
                Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{line}: {e}"));
            }
        }
        let dockerfile = include_str!("../../deploy/Dockerfile");
        let json_array = |prefix: &str| -> Vec<String> {
            let line = dockerfile
                .lines()
                .find_map(|l| l.strip_prefix(prefix))
                .unwrap_or_else(|| panic!("the Dockerfile has no {prefix}"));
            serde_json::from_str(line).expect("exec form")
        };
        let mut args = json_array("ENTRYPOINT ");
        assert_eq!(args, ["/usr/local/bin/threshold"]);
        args.extend(json_array("CMD "));
        Cli::try_parse_from(&args).unwrap_or_else(|e| panic!("{args:?}: {e}"));
        assert!(Cli::try_parse_from(["threshold", "serve", "--no-such-flag"]).is_err());
    }

    #[test]
    fn a_role_is_named_with_or_without_its_prefix_in_any_case() {
        assert_eq!(role_named("ROLE_CONVEYANCER").unwrap(), Role::Conveyancer);
        assert_eq!(role_named("conveyancer").unwrap(), Role::Conveyancer);
        assert_eq!(role_named(" Admin ").unwrap(), Role::Admin);
        assert_eq!(role_named("role_user").unwrap(), Role::User);
        let refused = role_named("wizard").unwrap_err().to_string();
        assert!(refused.contains("ROLE_BROKER_MANAGER"), "{refused}");
        assert!(role_named("ROLE_").is_err());
    }
}
