//! The store's error type: callers see "not found" and "conflict" apart from faults.

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("not found")]
    NotFound,
    #[error("conflict: {0}")]
    Conflict(&'static str),
    #[error("unsupported database URL (use sqlite: or postgres:)")]
    UnsupportedUrl,
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
}

impl StoreError {
    /// PostgreSQL gave up this transaction to break a deadlock (40P01) or a serialization
    /// conflict (40001): running it again from the start is safe and usually succeeds.
    pub fn is_retryable(&self) -> bool {
        match self {
            // PostgreSQL: deadlock, serialization failure. SQLite: busy (a read transaction
            // that wants to write after another writer committed gets BUSY_SNAPSHOT at once,
            // whatever the busy timeout).
            StoreError::Database(sqlx::Error::Database(db)) => {
                matches!(db.code().as_deref(), Some("40P01" | "40001" | "5" | "517"))
            }
            _ => false,
        }
    }

    /// Maps a unique-constraint violation to [`StoreError::Conflict`].
    pub(crate) fn from_unique(err: sqlx::Error, what: &'static str) -> Self {
        match &err {
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict(what),
            _ => StoreError::Database(err),
        }
    }
}

/// How many times a write transaction is run before a deadlock is reported.
pub(crate) const ATTEMPTS: usize = 4;

/// Runs a whole write transaction (an `async` block giving a `Result<_, StoreError>`) again
/// when the database aborted it to break a deadlock or a serialization conflict; bounded, the
/// last error is returned. A macro, not a function taking an async closure, so the handlers'
/// futures stay `Send`.
macro_rules! retrying {
    ($transaction:expr) => {{
        let mut attempt = 1;
        loop {
            match $transaction.await {
                Err(err) if err.is_retryable() && attempt < $crate::error::ATTEMPTS => {
                    tracing::info!(
                        attempt,
                        "transaction aborted by the database; running it again"
                    );
                    attempt += 1;
                }
                other => break other,
            }
        }
    }};
}
pub(crate) use retrying;
