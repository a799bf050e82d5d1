//! Which cases' conversations changed just now, for the server-sent events that keep an open
//! conversation live (issue 32). Several server processes share a PostgreSQL database, so there
//! a change is a `NOTIFY` every process hears (its own included); SQLite serves one process,
//! whose own changes are all there are. Only case ids travel: a listener reads the case again,
//! through the same checks as any other read.

use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::broadcast;

use crate::{Db, StoreError};

const CHANNEL: &str = "case_conversation";
/// Not a case (ids start at 1): the server is stopping, and every listener ends.
const CLOSING: i64 = 0;
/// Changes a slow listener may fall behind by before it is told it missed some.
const BACKLOG: usize = 256;

#[derive(Clone, Debug)]
pub struct LiveCases {
    tx: broadcast::Sender<i64>,
}

impl LiveCases {
    /// Starts hearing changes: on PostgreSQL a connection listens for every process's.
    pub async fn start(db: &Db) -> Result<Self, StoreError> {
        let (tx, _) = broadcast::channel(BACKLOG);
        if let Db::Postgres(pool) = db {
            let mut listener = PgListener::connect_with(pool).await?;
            listener.listen(CHANNEL).await?;
            let heard = tx.clone();
            tokio::spawn(async move {
                loop {
                    match listener.recv().await {
                        Ok(note) => {
                            if let Ok(case_id) = note.payload().parse() {
                                // Nobody listening is no error.
                                let _ = heard.send(case_id);
                            }
                        }
                        // The listener reconnects by itself on its next call.
                        Err(err) => {
                            tracing::warn!(error = %err, "live case changes: listening failed");
                            tokio::time::sleep(Duration::from_secs(1)).await;
                        }
                    }
                }
            });
        }
        Ok(Self { tx })
    }

    /// Waits for the next change to the case (or for having fallen behind, when one may have
    /// been missed: read the case again either way); None once the server stops.
    pub async fn next_change(rx: &mut broadcast::Receiver<i64>, case_id: i64) -> Option<()> {
        loop {
            match rx.recv().await {
                Ok(CLOSING) | Err(broadcast::error::RecvError::Closed) => return None,
                Ok(id) if id == case_id => return Some(()),
                Ok(_) => continue,
                Err(broadcast::error::RecvError::Lagged(_)) => return Some(()),
            }
        }
    }

    /// The changes heard from now on (see [`Self::next_change`]).
    pub fn subscribe(&self) -> broadcast::Receiver<i64> {
        self.tx.subscribe()
    }

    /// Ends every listener in this process (the server is stopping: an open stream would
    /// otherwise hold its connection, and the shutdown, forever).
    pub fn close(&self) {
        let _ = self.tx.send(CLOSING);
    }

    /// Tells every listener, in every process, that the case's conversation changed.
    pub async fn changed(&self, db: &Db, case_id: i64) -> Result<(), StoreError> {
        match db {
            Db::Postgres(pool) => {
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(case_id.to_string())
                    .execute(pool)
                    .await?;
            }
            Db::Sqlite(_) => {
                let _ = self.tx.send(case_id);
            }
        }
        Ok(())
    }
}
