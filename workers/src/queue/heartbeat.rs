//! The watchdog on a worker's heartbeat. An apalis worker writes `last_seen` every
//! [`super::HEARTBEAT`]; one whose database call hangs (a PostgreSQL row lock nobody releases,
//! a connection that stops answering) stops writing it without ever returning an error, and its
//! queue is silently no longer served. Reading the same row other processes read to find dead
//! workers tells the supervisor when to give up on it and start a new one.

use std::time::Duration;

use super::JobQueue;

/// How long a heartbeat may stand still before the worker is taken for stuck: many beats, and
/// longer than SQLite's busy timeout, after which a worker blocked by a writer fails with an
/// error of its own (and is started again for that).
const STALLED_AFTER: Duration = Duration::from_secs(20);
/// How often the watchdog reads the heartbeat.
const CHECK_EVERY: Duration = Duration::from_secs(5);

/// Completes, with the heartbeat's age, once the worker `name` has not written its heartbeat for
/// [`STALLED_AFTER`] — or has not registered within that time. Never completes for a healthy
/// worker. A failed read is not a verdict: the worker meets the same database and says so.
pub(super) async fn stalled(queue: &JobQueue, name: &str) -> Duration {
    let started = tokio::time::Instant::now();
    let mut checks = tokio::time::interval_at(started + CHECK_EVERY, CHECK_EVERY);
    loop {
        checks.tick().await;
        let age = match last_seen_secs_ago(queue, name).await {
            Ok(Some(secs)) => Duration::from_secs(u64::try_from(secs).unwrap_or(0)),
            Ok(None) => started.elapsed(),
            Err(err) => {
                tracing::debug!(worker = name, error = %err, "could not read the worker's heartbeat");
                continue;
            }
        };
        if age >= STALLED_AFTER {
            return age;
        }
    }
}

/// Seconds since the worker `name` last wrote its heartbeat; `None` while it is not registered.
async fn last_seen_secs_ago(queue: &JobQueue, name: &str) -> Result<Option<i64>, sqlx::Error> {
    match queue {
        JobQueue::Sqlite(pool) => sqlx::query_scalar(
            "SELECT CAST(strftime('%s', 'now') AS INTEGER) - last_seen FROM Workers WHERE id = ?1",
        )
        .bind(name)
        .fetch_optional(pool)
        .await,
        JobQueue::Postgres(pool) => {
            sqlx::query_scalar(
                "SELECT CAST(EXTRACT(EPOCH FROM now() - last_seen) AS BIGINT) \
                 FROM apalis.workers WHERE id = $1",
            )
            .bind(name)
            .fetch_optional(pool)
            .await
        }
    }
}
