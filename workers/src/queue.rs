//! The job queue on the product's database (apalis-sqlite or apalis-postgres, matching the
//! store), hiding which one from the API, and the worker loop that drains it.
//!
//! Any [`Job`] type can be pushed: a job names its queue and how to run it, and
//! [`JobQueue::run_workers`] registers one worker per job type. A failed job is tried again
//! after a growing wait, and gives up after about a day ([`retry`]); the jobs that gave up are
//! listed and queued again by `threshold jobs` ([`failed`]).

pub mod depth;
pub mod failed;
mod heartbeat;
pub mod retry;
mod wakeups;

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
use tokio::sync::watch;

use crate::auth_email::{AuthEmail, AuthEmailSettings};
use crate::case_email::CaseEmail;
use crate::deposit_payment::DepositPaymentConfirmed;
use crate::email_change::EmailChangeMail;
use crate::feed::FeedItemJob;
use crate::identity_check::{IdentityCheckCompleted, IdentityRuns};
use crate::mail::Mailer;
use crate::templates::Templates;
use retry::Backoff;
use wakeups::Wakeups;

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

/// Each process registers its workers under its own name: apalis finds a dead worker's jobs
/// by name, so processes sharing one would hide each other's deaths. Each run of a worker
/// started again is a new name too: apalis refuses to register a name seen in the last
/// heartbeats, and the old name's jobs must be seen as orphaned.
fn worker_name(queue: &str, run: u32) -> String {
    static INSTANCE: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let instance = INSTANCE.get_or_init(|| uuid::Uuid::new_v4().simple().to_string());
    format!("{queue}-{instance}-{run}")
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

    /// Runs a worker per job type, and the effect relay, until `shutdown` completes. They look
    /// for work every `poll_interval`; on PostgreSQL new work also wakes them at once
    /// ([`wakeups`]).
    pub async fn run_workers(
        self,
        deps: WorkerDeps,
        poll_interval: Duration,
        shutdown: impl Future<Output = ()> + Send + 'static,
    ) {
        let (stop_tx, stop) = watch::channel(false);
        let wakeups = match &self {
            JobQueue::Sqlite(_) => None,
            JobQueue::Postgres(pool) => Some(Wakeups::listen(pool.clone(), stop.clone())),
        };
        let relay = tokio::spawn(crate::relay::run(
            deps.db.clone(),
            self.clone(),
            poll_interval,
            wakeups
                .as_ref()
                .map_or_else(Wakeup::never, Wakeups::for_relay),
            stop.clone(),
        ));
        let signal = async move {
            shutdown.await;
            let _ = stop_tx.send(true);
        };
        let workers = Arc::new(Workers {
            deps,
            poll: poll_interval,
            wakeups,
        });
        let running = [
            self.spawn_supervised::<AuthEmail>(&workers, &stop),
            self.spawn_supervised::<CaseEmail>(&workers, &stop),
            self.spawn_supervised::<FeedItemJob>(&workers, &stop),
            self.spawn_supervised::<EmailChangeMail>(&workers, &stop),
            self.spawn_supervised::<DepositPaymentConfirmed>(&workers, &stop),
            self.spawn_supervised::<IdentityCheckCompleted>(&workers, &stop),
            self.spawn_supervised::<crate::webhook::WebhookDelivery>(&workers, &stop),
        ];
        signal.await;
        for worker in running {
            let _ = worker.await;
        }
        let _ = relay.await;
    }

    /// Runs one job type's worker in a task of its own. apalis looks for jobs each time a
    /// worker's task is woken, whatever woke it: six workers in one task (`join!`) woke each
    /// other with every fetch's reply, and asked PostgreSQL ~200 times a second each, idle.
    fn spawn_supervised<J: Job>(
        &self,
        workers: &Arc<Workers>,
        stop: &watch::Receiver<bool>,
    ) -> tokio::task::JoinHandle<()> {
        let (queue, workers, stop) = (self.clone(), workers.clone(), stop.clone());
        tokio::spawn(async move { queue.supervise::<J>(&workers, stop).await })
    }

    /// Keeps one job type's worker running until `stop` turns true. An apalis worker ends for
    /// good on the first error of its database (a heartbeat or a fetch that fails: a busy
    /// SQLite, a dropped PostgreSQL connection), while the rest of the process carries on; and
    /// once in a long CI run one stood still without any error, its heartbeat no longer written
    /// ([`heartbeat::stalled`]). Either way this starts it again, under a new name, after a
    /// pause that grows while it keeps failing. The jobs the old one held are taken back once
    /// its heartbeats are missed.
    async fn supervise<J: Job>(&self, workers: &Workers, mut stop: watch::Receiver<bool>) {
        let mut failures = 0;
        for run in 0u32.. {
            let started = tokio::time::Instant::now();
            let name = worker_name(J::QUEUE, run);
            let ended = tokio::select! {
                ran = self.run_worker::<J>(workers, &name, stop.clone()) => ran.map_err(|e| e.to_string()),
                still = heartbeat::stalled(self, &name) => Err(format!(
                    "its heartbeat was last written {} s ago",
                    still.as_secs()
                )),
            };
            let Err(err) = ended else {
                return;
            };
            if *stop.borrow() {
                return;
            }
            failures = if started.elapsed() >= STEADY_RUN {
                1
            } else {
                failures + 1
            };
            let wait = restart_delay(failures);
            tracing::error!(
                queue = J::QUEUE,
                error = %retry::redact(&err),
                restart_in_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
                "the worker stopped on an error; it will be started again"
            );
            tokio::select! {
                _ = tokio::time::sleep(wait) => {}
                _ = stop.wait_for(|s| *s) => return,
            }
        }
    }

    /// One run of one job type's worker: until `stop` turns true (Ok) or its first error.
    async fn run_worker<J: Job>(
        &self,
        workers: &Workers,
        name: &str,
        mut stop: watch::Receiver<bool>,
    ) -> Result<(), WorkerError> {
        let stopped = async move {
            let _ = stop.wait_for(|s| *s).await;
            Ok::<(), std::io::Error>(())
        };
        let deps = workers.deps.clone();
        match self {
            JobQueue::Postgres(pool) => {
                let mut polls = Strategy::new().interval(workers.poll);
                if let Some(wakeups) = &workers.wakeups {
                    polls = polls.stream(wakeups.for_queue(J::QUEUE));
                }
                WorkerBuilder::new(name)
                    .backend(postgres::<J>(pool).poll_with_strategy(polls))
                    .data(deps)
                    .build(handle::<J>)
                    .run_until(stopped)
                    .await
            }
            JobQueue::Sqlite(pool) => {
                WorkerBuilder::new(name)
                    .backend(sqlite::<J>(pool).poll_with_interval(workers.poll))
                    .data(deps)
                    .build(handle::<J>)
                    .run_until(stopped)
                    .await
            }
        }
    }
}

/// What every job type's worker runs with.
struct Workers {
    deps: WorkerDeps,
    poll: Duration,
    wakeups: Option<Wakeups>,
}

/// A worker that ran this long before failing was healthy: its next failure starts the pauses
/// from the shortest again.
const STEADY_RUN: Duration = Duration::from_secs(60);

/// The pause before starting a failed worker again: 1 s after its first failure in a row,
/// doubling up to a minute (a database that is down is not hammered).
fn restart_delay(failures: u32) -> Duration {
    let secs = 1u64 << failures.saturating_sub(1).min(6);
    Duration::from_secs(secs.min(60))
}

/// A new job. Its tries are limited by the worker that runs it (its own retry schedule sets
/// the limit after each failure and gives up), not by whoever pushed it.
fn task<J: Job>(job: J) -> TaskBuilder<J> {
    TaskBuilder::new(job).max_attempts(i32::MAX as usize)
}

/// Runs one try of a job. On failure it schedules the next try itself (apalis would take the
/// job again at once), or, on the last try, makes the failure final and says so at error level.
async fn handle<J: Job>(
    job: J,
    deps: Data<WorkerDeps>,
    id: TaskId,
    attempt: Attempt,
) -> Result<(), BoxDynError> {
    let Err(err) = job.run((*deps).clone()).await else {
        return Ok(());
    };
    // What apalis stores as the last error, and what the logs show: no addresses, no tokens.
    let error = retry::redact(&err.to_string());
    let id = id.to_string();
    let tries = attempt.current();
    let backoff = deps.backoff;
    let limit = backoff.max_attempts();
    if tries >= limit {
        if let Err(db_err) = failed::give_up(&deps.db, &id, tries).await {
            tracing::warn!(queue = J::QUEUE, job = %id, error = %db_err, "could not mark the job as given up");
        }
        metrics::counter!("jobs_failed_total", "queue" => J::QUEUE).increment(1);
        tracing::error!(
            queue = J::QUEUE,
            job = %id,
            attempts = tries,
            error = %error,
            "job gave up after {tries} attempts; `threshold jobs retry {id}` queues it again"
        );
    } else {
        let wait = backoff.delay(tries);
        let run_at = chrono::Utc::now()
            + chrono::Duration::from_std(wait).unwrap_or(chrono::Duration::hours(1));
        if let Err(db_err) = failed::schedule_retry(&deps.db, &id, run_at, limit).await {
            tracing::warn!(queue = J::QUEUE, job = %id, error = %db_err, "could not schedule the job's next try");
        }
        metrics::counter!("jobs_retried_total", "queue" => J::QUEUE).increment(1);
        // apalis reports a failed attempt only at debug level: say it where operators look.
        tracing::warn!(
            queue = J::QUEUE,
            job = %id,
            attempt = tries,
            retry_in_ms = u64::try_from(wait.as_millis()).unwrap_or(u64::MAX),
            error = %error,
            "job failed; it will be retried"
        );
    }
    Err(error.into())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_failing_worker_waits_longer_each_time_up_to_a_minute() {
        let waits: Vec<u64> = (1..=9).map(|n| restart_delay(n).as_secs()).collect();
        assert_eq!(waits, [1, 2, 4, 8, 16, 32, 60, 60, 60]);
    }

    #[test]
    fn every_run_of_a_worker_has_its_own_name_within_the_process() {
        let first = worker_name("feed-item", 0);
        assert_eq!(first, worker_name("feed-item", 0));
        assert_ne!(first, worker_name("feed-item", 1));
        assert!(first.starts_with("feed-item-"));
    }
}
