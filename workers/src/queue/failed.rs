//! The queue table as the retry schedule and `threshold jobs` use it: apalis's own `Jobs`
//! (SQLite) and `apalis.jobs` (PostgreSQL), one query text per backend.
//!
//! A job that gave up is a row apalis no longer picks up: `Failed` with as many attempts as
//! its limit (or `Killed`, a job that aborted itself). Queuing it again makes it `Pending`
//! with no attempts, so it gets the whole retry schedule afresh.

use chrono::{DateTime, Utc};
use threshold_store::Db;

/// A job that gave up, as `threshold jobs failed` lists it: never its contents (addresses,
/// names), and its last error redacted.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FailedJob {
    pub id: String,
    pub queue: String,
    pub attempts: i64,
    /// When its last try ended.
    pub failed_at: Option<DateTime<Utc>>,
    /// The last error, on one line, without addresses or tokens.
    pub last_error: String,
}

/// Which failed jobs to queue again.
#[derive(Clone, Copy, Debug)]
pub enum Retry<'a> {
    One(&'a str),
    All,
}

/// Sets when a job that just failed runs next, and how many tries it gets in all (rows pushed
/// before, or by a process with another schedule, carry apalis's default of 25).
pub async fn schedule_retry(
    db: &Db,
    id: &str,
    run_at: DateTime<Utc>,
    max_attempts: usize,
) -> Result<(), sqlx::Error> {
    let max_attempts = i32::try_from(max_attempts).unwrap_or(i32::MAX);
    match db {
        Db::Sqlite(pool) => {
            // Whole seconds, rounded up: the job never runs before its time.
            let secs = run_at.timestamp() + i64::from(run_at.timestamp_subsec_nanos() > 0);
            sqlx::query("UPDATE Jobs SET run_at = $1, max_attempts = $2 WHERE id = $3")
                .bind(secs)
                .bind(max_attempts)
                .bind(id)
                .execute(pool)
                .await?;
        }
        Db::Postgres(pool) => {
            sqlx::query("UPDATE apalis.jobs SET run_at = $1, max_attempts = $2 WHERE id = $3")
                .bind(run_at)
                .bind(max_attempts)
                .bind(id)
                .execute(pool)
                .await?;
        }
    }
    Ok(())
}

/// Makes the try that is ending, the `attempts`th, a job's last: once apalis records it, the
/// row has as many attempts as its limit and no worker takes it again.
pub async fn give_up(db: &Db, id: &str, attempts: usize) -> Result<(), sqlx::Error> {
    let attempts = i32::try_from(attempts).unwrap_or(i32::MAX);
    match db {
        Db::Sqlite(pool) => {
            sqlx::query("UPDATE Jobs SET max_attempts = $1 WHERE id = $2")
                .bind(attempts)
                .bind(id)
                .execute(pool)
                .await?;
        }
        Db::Postgres(pool) => {
            sqlx::query("UPDATE apalis.jobs SET max_attempts = $1 WHERE id = $2")
                .bind(attempts)
                .bind(id)
                .execute(pool)
                .await?;
        }
    }
    Ok(())
}

/// A row as the list reads it: id, queue, attempts, when it last failed, the stored result.
type SqliteRow = (String, String, i64, Option<i64>, Option<String>);
type PgRow = (String, String, i32, Option<DateTime<Utc>>, Option<String>);

/// Every job that gave up, oldest failure first.
pub async fn list(db: &Db) -> Result<Vec<FailedJob>, sqlx::Error> {
    let jobs = match db {
        Db::Sqlite(pool) => {
            let rows: Vec<SqliteRow> = sqlx::query_as(
                "SELECT id, job_type, attempts, done_at, CAST(last_result AS TEXT) FROM Jobs \
                 WHERE ((status = 'Failed' AND attempts >= max_attempts) OR status = 'Killed') \
                 ORDER BY done_at, id",
            )
            .fetch_all(pool)
            .await?;
            rows.into_iter()
                .map(|(id, queue, attempts, done_at, last)| FailedJob {
                    id,
                    queue,
                    attempts,
                    failed_at: done_at.and_then(|s| DateTime::from_timestamp(s, 0)),
                    last_error: last_error(last.as_deref()),
                })
                .collect()
        }
        Db::Postgres(pool) => {
            let rows: Vec<PgRow> = sqlx::query_as(
                "SELECT id, job_type, attempts, done_at, last_result::TEXT FROM apalis.jobs \
                 WHERE ((status = 'Failed' AND attempts >= max_attempts) OR status = 'Killed') \
                 ORDER BY done_at, id",
            )
            .fetch_all(pool)
            .await?;
            rows.into_iter()
                .map(|(id, queue, attempts, failed_at, last)| FailedJob {
                    id,
                    queue,
                    attempts: i64::from(attempts),
                    failed_at,
                    last_error: last_error(last.as_deref()),
                })
                .collect()
        }
    };
    Ok(jobs)
}

/// Queues failed jobs again with a fresh schedule of `max_attempts` tries; returns how many.
pub async fn retry(db: &Db, which: Retry<'_>, max_attempts: usize) -> Result<u64, sqlx::Error> {
    let max_attempts = i32::try_from(max_attempts).unwrap_or(i32::MAX);
    let id = match which {
        Retry::One(id) => Some(id),
        Retry::All => None,
    };
    let done = match db {
        Db::Sqlite(pool) => sqlx::query(
            "UPDATE Jobs SET status = 'Pending', attempts = 0, max_attempts = $1, \
             run_at = strftime('%s', 'now'), lock_by = NULL, lock_at = NULL, done_at = NULL \
             WHERE ((status = 'Failed' AND attempts >= max_attempts) OR status = 'Killed') \
             AND ($2 IS NULL OR id = $2)",
        )
        .bind(max_attempts)
        .bind(id)
        .execute(pool)
        .await?
        .rows_affected(),
        Db::Postgres(pool) => sqlx::query(
            "UPDATE apalis.jobs SET status = 'Pending', attempts = 0, max_attempts = $1, \
             run_at = now(), lock_by = NULL, lock_at = NULL, done_at = NULL \
             WHERE ((status = 'Failed' AND attempts >= max_attempts) OR status = 'Killed') \
             AND ($2::TEXT IS NULL OR id = $2)",
        )
        .bind(max_attempts)
        .bind(id)
        .execute(pool)
        .await?
        .rows_affected(),
    };
    Ok(done)
}

/// apalis stores a try's outcome as JSON, `{"Err": "…"}` for a failure.
fn last_error(stored: Option<&str>) -> String {
    let Some(stored) = stored else {
        return String::new();
    };
    let text = match serde_json::from_str::<serde_json::Value>(stored) {
        Ok(serde_json::Value::Object(map)) => match map.get("Err") {
            Some(serde_json::Value::String(err)) => err.clone(),
            Some(other) => other.to_string(),
            None => stored.to_owned(),
        },
        Ok(serde_json::Value::String(s)) => s,
        _ => stored.to_owned(),
    };
    super::retry::redact(&text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_last_error_is_read_from_apalis_json_and_redacted() {
        assert_eq!(
            last_error(Some(r#"{"Err":"SMTP: 550 <jo@example.com> unknown"}"#)),
            "SMTP: 550 <<address>> unknown"
        );
        assert_eq!(last_error(Some("plain text")), "plain text");
        assert_eq!(last_error(None), "");
    }
}
