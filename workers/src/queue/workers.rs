//! Running the workers: one per job type, each in a task of its own, started again when it
//! stops on an error.

use std::future::Future;
use std::sync::Arc;
use std::time::Duration;

use apalis::prelude::*;
use tokio::sync::watch;

use super::handle::handle;
use super::wakeups::{Wakeup, Wakeups};
use super::{Job, JobQueue, WorkerDeps, heartbeat, postgres, retry, sqlite};
use crate::auth_email::AuthEmail;
use crate::case_email::CaseEmail;
use crate::deposit_payment::DepositPaymentConfirmed;
use crate::email_change::EmailChangeMail;
use crate::feed::FeedItemJob;
use crate::identity_check::IdentityCheckCompleted;

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
