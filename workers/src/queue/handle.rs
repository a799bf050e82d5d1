//! One try of a job, and what follows its failure: the next try, or giving up.

use apalis::prelude::*;

use super::{Job, WorkerDeps, failed, retry};

/// Runs one try of a job. On failure it schedules the next try itself (apalis would take the
/// job again at once), or, on the last try, makes the failure final and says so at error level.
pub(super) async fn handle<J: Job>(
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
