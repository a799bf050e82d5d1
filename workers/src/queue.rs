//! The job queue on the product's database (apalis-sqlite or apalis-postgres, matching the
//! store), hiding which one from the API, and the worker loop that drains it.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use apalis::prelude::*;
use apalis_postgres::PostgresStorage;
use apalis_sqlite::SqliteStorage;
use threshold_store::Db;

use crate::auth_email::{AuthEmail, AuthEmailSettings, send_auth_email};
use crate::mail::Mailer;
use crate::templates::Templates;

/// The queue's migrations keep their own history table, apart from the product's.
const QUEUE_MIGRATIONS_TABLE: &str = "_apalis_migrations";
const AUTH_EMAIL_QUEUE: &str = "auth-email";
/// apalis 1.0 can miss the wake-up of its poll strategy right after a worker registers, and
/// then only looks for jobs at each heartbeat (30 s by default). A short heartbeat bounds
/// how long a sign-in e-mail can wait in that case; it costs one small UPDATE per beat.
const HEARTBEAT: Duration = Duration::from_secs(2);

/// Where jobs are pushed.
#[derive(Clone)]
pub enum JobQueue {
    Sqlite(SqliteStorage<AuthEmail>),
    Postgres(PostgresStorage<AuthEmail>),
}

/// What the job handlers need.
#[derive(Clone)]
pub struct WorkerDeps {
    pub db: Db,
    pub mailer: Mailer,
    pub templates: Arc<Templates>,
    pub auth_email: AuthEmailSettings,
}

#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("could not enqueue the job: {0}")]
    Push(String),
    #[error("worker stopped: {0}")]
    Worker(String),
}

impl JobQueue {
    /// Creates the queue tables if needed and returns a handle on them.
    pub async fn setup(db: &Db) -> Result<Self, QueueError> {
        match db {
            Db::Sqlite(pool) => {
                let mut migrator = SqliteStorage::migrations();
                migrator.dangerous_set_table_name(QUEUE_MIGRATIONS_TABLE);
                migrator.set_ignore_missing(true);
                migrator.run(pool).await?;
                let config = apalis_sqlite::Config::default()
                    .queue(AUTH_EMAIL_QUEUE)
                    .heartbeat_interval(HEARTBEAT);
                Ok(JobQueue::Sqlite(
                    SqliteStorage::new(pool).with_config(config),
                ))
            }
            Db::Postgres(pool) => {
                let mut migrator = PostgresStorage::migrations();
                migrator.dangerous_set_table_name(QUEUE_MIGRATIONS_TABLE);
                migrator.set_ignore_missing(true);
                migrator.run(pool).await?;
                let config = apalis_postgres::Config::default()
                    .queue(AUTH_EMAIL_QUEUE)
                    .heartbeat_interval(HEARTBEAT);
                Ok(JobQueue::Postgres(
                    PostgresStorage::new(pool).with_config(config),
                ))
            }
        }
    }

    pub async fn push_auth_email(&self, job: AuthEmail) -> Result<(), QueueError> {
        let pushed = match self {
            JobQueue::Sqlite(storage) => storage.clone().push(job).await.map_err(|e| e.to_string()),
            JobQueue::Postgres(storage) => {
                storage.clone().push(job).await.map_err(|e| e.to_string())
            }
        };
        pushed.map_err(QueueError::Push)
    }

    /// Runs the workers until `shutdown` completes.
    pub async fn run_workers(
        self,
        deps: WorkerDeps,
        poll_interval: Duration,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) -> Result<(), QueueError> {
        let signal = async move {
            shutdown.await;
            Ok(())
        };
        let monitor = match self {
            JobQueue::Sqlite(storage) => Monitor::new().register(move |_| {
                WorkerBuilder::new("auth-email")
                    .backend(storage.clone().poll_with_interval(poll_interval))
                    .data(deps.clone())
                    .build(handle_auth_email)
            }),
            JobQueue::Postgres(storage) => Monitor::new().register(move |_| {
                WorkerBuilder::new("auth-email")
                    .backend(storage.clone().poll_with_interval(poll_interval))
                    .data(deps.clone())
                    .build(handle_auth_email)
            }),
        };
        monitor
            .run_with_signal(signal)
            .await
            .map_err(|e| QueueError::Worker(e.to_string()))
    }
}

async fn handle_auth_email(job: AuthEmail, deps: Data<WorkerDeps>) -> Result<(), BoxDynError> {
    send_auth_email(
        &job,
        &deps.db,
        &deps.mailer,
        &deps.templates,
        &deps.auth_email,
    )
    .await
    // apalis reports a failed attempt only at debug level: say it where operators look.
    .inspect_err(|err| tracing::warn!(error = %err, "auth e-mail failed; it will be retried"))?;
    Ok(())
}
