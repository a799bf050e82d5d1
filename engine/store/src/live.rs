//! What changed just now, for the server-sent events that keep an open page live (issue 32): a
//! case's conversation, or a user's notification feed. Several server and worker processes
//! share a PostgreSQL database, so there a change is a `NOTIFY` every process hears (its own
//! included); SQLite serves one process, whose own changes are all there are. Only ids travel:
//! a listener reads again, through the same checks as any other read.

use std::time::Duration;

use sqlx::postgres::PgListener;
use tokio::sync::broadcast;

use crate::{Db, StoreError, UserId};

const CHANNEL: &str = "live_changes";
/// Changes a slow listener may fall behind by before it is told it missed some.
const BACKLOG: usize = 256;

/// Something an open page may want to read again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// A message or read receipt in the case's conversation.
    Conversation(i64),
    /// An item added to the user's feed.
    Feed(UserId),
}

impl Change {
    /// As a `NOTIFY` payload: `conversation:42`, `feed:7`.
    fn payload(self) -> String {
        match self {
            Self::Conversation(case_id) => format!("conversation:{case_id}"),
            Self::Feed(user) => format!("feed:{user}"),
        }
    }

    fn parse(payload: &str) -> Option<Self> {
        match payload.split_once(':')? {
            ("conversation", id) => id.parse().ok().map(Self::Conversation),
            ("feed", id) => id.parse().ok().map(Self::Feed),
            _ => None,
        }
    }
}

/// What a listener hears: a change, or the server stopping (every listener ends).
#[derive(Clone, Copy, Debug)]
enum Heard {
    Changed(Change),
    Closing,
}

#[derive(Clone, Debug)]
pub struct Live {
    tx: broadcast::Sender<Heard>,
}

/// The changes one listener hears from now on (see [`Live::subscribe`]).
pub struct Listener(broadcast::Receiver<Heard>);

impl Listener {
    /// Waits for the next `wanted` change (or for having fallen behind, when one may have been
    /// missed: read again either way); None once the server stops.
    pub async fn next(&mut self, wanted: Change) -> Option<()> {
        loop {
            match self.0.recv().await {
                Ok(Heard::Closing) | Err(broadcast::error::RecvError::Closed) => return None,
                Ok(Heard::Changed(change)) if change == wanted => return Some(()),
                Ok(Heard::Changed(_)) => continue,
                Err(broadcast::error::RecvError::Lagged(_)) => return Some(()),
            }
        }
    }
}

impl Live {
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
                            if let Some(change) = Change::parse(note.payload()) {
                                // Nobody listening is no error.
                                let _ = heard.send(Heard::Changed(change));
                            }
                        }
                        // The listener reconnects by itself on its next call.
                        Err(err) => {
                            tracing::warn!(error = %err, "live changes: listening failed");
                            tokio::time::sleep(Duration::from_secs(1)).await;
                        }
                    }
                }
            });
        }
        Ok(Self { tx })
    }

    /// The changes heard from now on.
    pub fn subscribe(&self) -> Listener {
        Listener(self.tx.subscribe())
    }

    /// Ends every listener in this process (the server is stopping: an open stream would
    /// otherwise hold its connection, and the shutdown, forever).
    pub fn close(&self) {
        let _ = self.tx.send(Heard::Closing);
    }

    /// Tells every listener, in every process, of the change.
    pub async fn changed(&self, db: &Db, change: Change) -> Result<(), StoreError> {
        match db {
            Db::Postgres(pool) => {
                sqlx::query("SELECT pg_notify($1, $2)")
                    .bind(CHANNEL)
                    .bind(change.payload())
                    .execute(pool)
                    .await?;
            }
            Db::Sqlite(_) => {
                let _ = self.tx.send(Heard::Changed(change));
            }
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_change_travels_as_its_kind_and_id() {
        for change in [Change::Conversation(42), Change::Feed(UserId::new_random())] {
            assert_eq!(Change::parse(&change.payload()), Some(change));
        }
        assert_eq!(Change::parse("gossip:1"), None);
        assert_eq!(Change::parse("feed:x"), None);
    }
}
