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
    /// Maps a unique-constraint violation to [`StoreError::Conflict`].
    pub(crate) fn from_unique(err: sqlx::Error, what: &'static str) -> Self {
        match &err {
            sqlx::Error::Database(db) if db.is_unique_violation() => StoreError::Conflict(what),
            _ => StoreError::Database(err),
        }
    }
}
