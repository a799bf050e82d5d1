//! The effect relay: turns due `case_effects` rows into typed jobs, then marks them done.
//!
//! A job is pushed with the effect's idempotency key before the row is marked, so a relay
//! killed in between pushes the same key again on its next pass and nothing is doubled; two
//! relays (two worker processes) racing for one row do the same. The jobs themselves are
//! idempotent per recipient, so a job run twice delivers once.

use std::time::Duration;

use chrono::{DateTime, Utc};
use futures::StreamExt;
use threshold_engine::Effect;
use threshold_store::Db;
use tokio::sync::watch;

use crate::case_email::CaseEmail;
use crate::feed::FeedItemJob;
use crate::queue::{JobQueue, QueueError, Wakeup};

/// How many effects one pass hands on at most.
const BATCH: i64 = 100;

#[derive(Debug, thiserror::Error)]
pub enum RelayError {
    #[error(transparent)]
    Store(#[from] threshold_store::StoreError),
    #[error(transparent)]
    Queue(#[from] QueueError),
}

/// Relays every `poll`, and at each wake-up (a case gained effects), until `stop` turns true.
pub async fn run(
    db: Db,
    queue: JobQueue,
    poll: Duration,
    mut wakeups: Wakeup,
    mut stop: watch::Receiver<bool>,
) {
    loop {
        if let Err(err) = relay_due(&db, &queue, Utc::now()).await {
            tracing::warn!(error = %err, "effect relay pass failed; it will try again");
        }
        if let Err(err) = crate::webhook::queue_new_deliveries(&db, &queue, Utc::now()).await {
            tracing::warn!(error = %err, "webhook relay pass failed; it will try again");
        }
        tokio::select! {
            _ = tokio::time::sleep(poll) => {}
            _ = wakeups.next() => {}
            _ = stop.changed() => break,
        }
    }
}

/// One pass: every effect due at `now` becomes its job. Returns how many were handed on.
pub async fn relay_due(db: &Db, queue: &JobQueue, now: DateTime<Utc>) -> Result<usize, RelayError> {
    let due = db.due_effects(now, BATCH).await?;
    for row in &due {
        let key = format!("effect-{}", row.id);
        match serde_json::from_value::<Effect>(row.effect.0.clone()) {
            Ok(Effect::SendEmail {
                template,
                to,
                signs_in,
            }) => {
                let job = CaseEmail {
                    effect_id: row.id,
                    case_id: row.case_id,
                    template,
                    to,
                    only_in_status: None,
                    signs_in,
                    task: None,
                    awaits_reply: false,
                    until: None,
                };
                queue.push_once(job, &key).await?;
            }
            Ok(Effect::Reminder {
                template,
                to,
                signs_in,
                task,
                awaits_reply,
                until,
                ..
            }) => {
                let job = CaseEmail {
                    effect_id: row.id,
                    case_id: row.case_id,
                    template,
                    to,
                    // A message waits for its reply whatever the case's status by then.
                    only_in_status: (!awaits_reply).then(|| row.set_in_status.clone()).flatten(),
                    signs_in,
                    task,
                    awaits_reply,
                    until,
                };
                queue.push_once(job, &key).await?;
            }
            Ok(Effect::FeedNotification { kind, to }) => {
                let job = FeedItemJob {
                    effect_id: row.id,
                    case_id: row.case_id,
                    kind,
                    to,
                };
                queue.push_once(job, &key).await?;
            }
            // Written on the case with the transition itself, never queued
            // (`TransitionRecord::from_applied`); a row from an older release is just done.
            Ok(Effect::RecordCompletionDate { .. } | Effect::TakeOn | Effect::Webhook { .. }) => {}
            Err(err) => {
                tracing::error!(effect_id = row.id, error = %err, "unreadable effect skipped");
            }
        }
        db.mark_effect_done(row.id, now).await?;
    }
    Ok(due.len())
}
