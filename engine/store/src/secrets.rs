//! Keys shared by every server process, made on first use.

use crate::{Db, StoreError, on_db, tokens};

impl Db {
    /// The named secret, created (256 random bits) the first time any process asks.
    pub async fn app_secret(&self, name: &str) -> Result<String, StoreError> {
        on_db!(self, pool => sqlx::query(
            "INSERT INTO app_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
        )
        .bind(name)
        .bind(tokens::new_token())
        .execute(pool)
        .await
        .map(|r| r.rows_affected()))?;
        let (value,): (String,) = on_db!(self, pool => sqlx::query_as(
            "SELECT value FROM app_secrets WHERE name = $1",
        )
        .bind(name)
        .fetch_one(pool)
        .await)?;
        Ok(value)
    }
}
