//! The job queue on the product's database (apalis-sqlite or apalis-postgres, matching the
//! store), hiding which one from the API, and the worker loop that drains it.
//!
//! Any [`Job`] type can be pushed: a job names its queue and how to run it, and
//! [`JobQueue::run_workers`] registers one worker per job type. A failed job is tried again
//! after a growing wait, and gives up after about a day ([`retry`]); the jobs that gave up are
//! listed and queued again by `threshold jobs` ([`failed`]).
//!
//! Pushing jobs is here; running the workers is `workers`, and one try of a job `handle`.

pub mod depth;
pub mod failed;
mod handle;
mod heartbeat;
pub mod retry;
mod wakeups;
mod workers;

pub use wakeups::Wakeup;

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use apalis::prelude::*;
use apalis_postgres::PostgresStorage;
use apalis_sqlite::SqliteStorage;
use serde::Serialize;
use serde::de::DeserializeOwned;
use sqlx::{PgPool, SqlitePool};
use threshold_store::Db;

use crate::auth_email::AuthEmailSettings;
use crate::identity_check::IdentityRuns;
use crate::mail::Mailer;
use crate::templates::Templates;
use retry::Backoff;

/// The queue's migrations keep their own history table, apart from the product's.
const QUEUE_MIGRATIONS_TABLE: &str = "_apalis_migrations";
/// apalis 1.0 can miss the wake-up of its poll strategy right after a worker registers, and
/// then only looks for jobs at each heartbeat (30 s by default). A short heartbeat bounds
/// how long a job can wait in that case, and how soon a killed worker's job is taken up again
/// by another (after a few missed beats); it costs one small UPDATE per beat.
const HEARTBEAT: Duration = Duration::from_secs(2);

/// A kind of background job.
pub trait Job: Serialize + DeserializeOwned + Clone + Send + Sync + Unpin + 'static {
    /// The queue (apalis job type) it travels on.
    const QUEUE: &'static str;
    /// Does the work. It may run more than once (a retry, or a worker killed mid-way), so it
    /// must be idempotent.
    fn run(self, deps: WorkerDeps) -> impl Future<Output = Result<(), BoxDynError>> + Send;
}

/// Where jobs are pushed: the product's own database.
#[derive(Clone)]
pub enum JobQueue {
    Sqlite(SqlitePool),
    Postgres(PgPool),
}

/// What the job handlers need.
#[derive(Clone)]
pub struct WorkerDeps {
    pub db: Db,
    /// How failed jobs are tried again (`JOB_RETRY_BASE_MS`).
    pub backoff: Backoff,
    pub mailer: Mailer,
    pub templates: Arc<Templates>,
    pub auth_email: AuthEmailSettings,
    /// The one way to change a case (a confirmed payment moves it on).
    pub cases: threshold_cases::CaseService,
    /// The identity provider, where one checks identities (its reasons for a verdict).
    pub identity_runs: Option<Arc<dyn IdentityRuns>>,
    /// Opens the broker firms' webhook signing secrets.
    pub webhook_secrets: Arc<dyn crate::webhook::WebhookSecrets>,
    /// Webhooks may go to private and loopback addresses, over http (`WEBHOOK_ALLOW_PRIVATE_TARGETS`).
    pub webhook_allow_private: bool,
    /// Tells open pages of a new feed item.
    pub live: threshold_store::live::Live,
}

#[derive(Debug, thiserror::Error)]
pub enum QueueError {
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("could not enqueue the job: {0}")]
    Push(String),
}

/// Beats a worker may miss before another takes its running jobs back.
const MISSED_HEARTBEATS: usize = 3;

fn sqlite<J: Job>(pool: &SqlitePool) -> SqliteStorage<J> {
    SqliteStorage::new(pool).with_config(
        apalis_sqlite::Config::default()
            .queue(J::QUEUE)
            .heartbeat_interval(HEARTBEAT)
            .missed_heartbeats(MISSED_HEARTBEATS),
    )
}

fn postgres<J: Job>(pool: &PgPool) -> PostgresStorage<J> {
    PostgresStorage::new(pool).with_config(
        apalis_postgres::Config::default()
            .queue(J::QUEUE)
            .heartbeat_interval(HEARTBEAT)
            .missed_heartbeats(MISSED_HEARTBEATS),
    )
}

impl JobQueue {
    /// Creates the queue tables if needed and returns a handle on them.
    pub async fn setup(db: &Db) -> Result<Self, QueueError> {
        match db {
            Db::Sqlite(pool) => {
                let mut migrator = SqliteStorage::<()>::migrations();
                migrator.dangerous_set_table_name(QUEUE_MIGRATIONS_TABLE);
                migrator.set_ignore_missing(true);
                migrator.run(pool).await?;
                Ok(JobQueue::Sqlite(pool.clone()))
            }
            Db::Postgres(pool) => {
                let mut migrator = PostgresStorage::<()>::migrations();
                migrator.dangerous_set_table_name(QUEUE_MIGRATIONS_TABLE);
                migrator.set_ignore_missing(true);
                migrator.run(pool).await?;
                Ok(JobQueue::Postgres(pool.clone()))
            }
        }
    }

    /// Enqueues a job.
    pub async fn push<J: Job>(&self, job: J) -> Result<(), QueueError> {
        self.push_task(task(job).build()).await
    }

    /// Enqueues a job at most once per `key`: pushing the same key again is a no-op.
    pub async fn push_once<J: Job>(&self, job: J, key: &str) -> Result<(), QueueError> {
        match self.push_task(task(job).idempotency_key(key).build()).await {
            // apalis-postgres refuses a second key with the index's unique violation (SQLite
            // ignores it): either way the job is queued once.
            Err(QueueError::Push(message)) if message.contains("idx_jobs_idempotency_key") => {
                Ok(())
            }
            other => other,
        }
    }

    async fn push_task<J: Job>(&self, task: Task<J>) -> Result<(), QueueError> {
        let pushed = match self {
            JobQueue::Sqlite(pool) => sqlite::<J>(pool)
                .push_task(task)
                .await
                .map_err(|e| e.to_string()),
            JobQueue::Postgres(pool) => postgres::<J>(pool)
                .push_task(task)
                .await
                .map_err(|e| e.to_string()),
        };
        pushed.map_err(QueueError::Push)
    }
}

/// A new job. Its tries are limited by the worker that runs it (its own retry schedule sets
/// the limit after each failure and gives up), not by whoever pushed it.
fn task<J: Job>(job: J) -> TaskBuilder<J> {
    TaskBuilder::new(job).max_attempts(i32::MAX as usize)
}
