//! On PostgreSQL the database tells the workers when there is work: apalis' trigger NOTIFYs
//! `apalis::job::insert` with a new job's queue, and ours NOTIFYs `threshold_case_effects` when
//! a case gains effects. One LISTEN connection per process hands these on, so new work is taken
//! up at once and the timed poll (`WORKER_POLL_MS`) only has to catch what comes due later (a
//! retry, a reminder): it can be seconds there.
//!
//! A wake-up is only a hint: a lost one (a dropped connection, a full channel) is made good by
//! the timed poll, and after every (re)connection every queue is woken once.

use std::collections::HashMap;
use std::convert::Infallible;
use std::pin::Pin;
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use futures::channel::mpsc;
use futures::stream::{self, Chain, Pending};
use futures::{Stream, StreamExt};
use serde::Deserialize;
use sqlx::PgPool;
use sqlx::postgres::{PgListener, PgNotification};
use tokio::sync::watch;

/// apalis' channel for new jobs (its `notify_new_jobs` trigger).
const JOBS_CHANNEL: &str = "apalis::job::insert";
/// Ours for new case effects (migration `effect_notify`).
const EFFECTS_CHANNEL: &str = "threshold_case_effects";
/// What wakes the effect relay in the registry (not a job queue's name).
const RELAY: &str = "\u{0}effect-relay";
/// The pause before listening again after the connection failed.
const RECONNECT_PAUSE: Duration = Duration::from_secs(1);

/// The process's wake-ups, by queue.
#[derive(Clone, Default)]
pub struct Wakeups {
    subscribers: Arc<Mutex<HashMap<String, Vec<mpsc::Sender<()>>>>>,
}

/// One subscriber's wake-ups. The stream never ends, not even when the listener stops: apalis
/// would take an ended stream for a wake-up that is always ready, and poll without pause.
pub struct Wakeup(Chain<mpsc::Receiver<()>, Pending<()>>);

impl Wakeup {
    /// Wake-ups that never come (where the database tells nothing: SQLite).
    pub fn never() -> Self {
        let (_, rx) = mpsc::channel(0);
        Self(rx.chain(stream::pending()))
    }
}

impl Stream for Wakeup {
    type Item = ();

    fn poll_next(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<Option<()>> {
        self.0.poll_next_unpin(cx)
    }
}

#[derive(Deserialize)]
struct NewJob {
    job_type: String,
}

impl Wakeups {
    /// Starts listening on `pool` until `stop` turns true.
    pub fn listen(pool: PgPool, stop: watch::Receiver<bool>) -> Self {
        let wakeups = Self::default();
        tokio::spawn(wakeups.clone().run(pool, stop));
        wakeups
    }

    /// Wake-ups for one job queue.
    pub fn for_queue(&self, queue: &str) -> Wakeup {
        self.subscribe(queue)
    }

    /// Wake-ups for the effect relay.
    pub fn for_relay(&self) -> Wakeup {
        self.subscribe(RELAY)
    }

    fn subscribe(&self, key: &str) -> Wakeup {
        // One slot: wake-ups that arrive while one is pending are one wake-up.
        let (tx, rx) = mpsc::channel(0);
        self.lock().entry(key.to_owned()).or_default().push(tx);
        Wakeup(rx.chain(stream::pending()))
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Vec<mpsc::Sender<()>>>> {
        // The map stays whole whatever panicked while holding it.
        self.subscribers
            .lock()
            .unwrap_or_else(std::sync::PoisonError::into_inner)
    }

    fn wake(&self, key: &str) {
        if let Some(senders) = self.lock().get_mut(key) {
            wake_all(senders);
        }
    }

    fn wake_everyone(&self) {
        for senders in self.lock().values_mut() {
            wake_all(senders);
        }
    }

    fn on_notification(&self, notification: &PgNotification) {
        match notification.channel() {
            EFFECTS_CHANNEL => self.wake(RELAY),
            JOBS_CHANNEL => match serde_json::from_str::<NewJob>(notification.payload()) {
                Ok(job) => self.wake(&job.job_type),
                Err(_) => self.wake_everyone(),
            },
            _ => {}
        }
    }

    async fn run(self, pool: PgPool, mut stop: watch::Receiver<bool>) {
        loop {
            tokio::select! {
                Err(err) = self.listen_once(&pool) => {
                    tracing::warn!(error = %err, "listening for new jobs failed; the workers poll until it is back");
                }
                _ = stop.wait_for(|s| *s) => break,
            }
            tokio::select! {
                _ = tokio::time::sleep(RECONNECT_PAUSE) => {}
                _ = stop.wait_for(|s| *s) => break,
            }
        }
        self.lock().clear();
    }

    /// Listens until the connection fails for good (it never ends otherwise).
    async fn listen_once(&self, pool: &PgPool) -> Result<Infallible, sqlx::Error> {
        let mut listener = PgListener::connect_with(pool).await?;
        listener.listen_all([JOBS_CHANNEL, EFFECTS_CHANNEL]).await?;
        // What was added before we listened.
        self.wake_everyone();
        loop {
            match listener.try_recv().await? {
                Some(notification) => self.on_notification(&notification),
                // The connection was lost and made again: what came meanwhile was not told.
                None => self.wake_everyone(),
            }
        }
    }
}

/// Wakes each live subscriber, forgetting those that are gone.
fn wake_all(senders: &mut Vec<mpsc::Sender<()>>) {
    senders.retain_mut(|tx| match tx.try_send(()) {
        Ok(()) => true,
        Err(err) => err.is_full(),
    });
}
