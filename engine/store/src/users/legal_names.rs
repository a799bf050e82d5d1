//! A user's legal names: the current one (no end date) and the previous ones.

use chrono::{DateTime, Utc};
use serde_json::json;

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

/// A legal name of a user.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LegalName {
    pub id: i64,
    pub first_name: String,
    pub middle_names: Option<String>,
    pub surname: String,
    pub until: Option<DateTime<Utc>>,
}

/// Why a legal name could not be deleted.
#[derive(Debug, thiserror::Error)]
pub enum DeleteLegalNameError {
    /// No such name of this user (another user's is "not found" too).
    #[error("not found")]
    NotFound,
    /// The current name (no end date) is the user's name: it is replaced, never deleted.
    #[error("the current legal name cannot be deleted")]
    Current,
    #[error(transparent)]
    Store(#[from] StoreError),
}

impl Db {
    /// The user's legal names, oldest first (the current one has no end date).
    #[tracing::instrument(skip_all)]
    pub async fn legal_names(&self, id: UserId) -> Result<Vec<LegalName>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT id, first_name, middle_names, surname, until FROM legal_names \
             WHERE user_id = $1 ORDER BY id",
        )
        .bind(id)
        .fetch_all(pool)
        .await)?)
    }

    /// Deletes one of the user's previous legal names (one with an end date), audited.
    #[tracing::instrument(skip_all)]
    pub async fn delete_previous_legal_name(
        &self,
        user_id: UserId,
        legal_name_id: i64,
        now: DateTime<Utc>,
    ) -> Result<(), DeleteLegalNameError> {
        on_db!(self, pool => {
            let mut tx = pool.begin_write().await.map_err(StoreError::from)?;
            let deleted = sqlx::query(
                "DELETE FROM legal_names WHERE id = $1 AND user_id = $2 AND until IS NOT NULL",
            )
            .bind(legal_name_id)
            .bind(user_id)
            .execute(&mut *tx)
            .await
            .map_err(StoreError::from)?
            .rows_affected();
            if deleted == 0 {
                let current: Option<i64> = sqlx::query_scalar(
                    "SELECT id FROM legal_names WHERE id = $1 AND user_id = $2",
                )
                .bind(legal_name_id)
                .bind(user_id)
                .fetch_optional(&mut *tx)
                .await
                .map_err(StoreError::from)?;
                return Err(match current {
                    Some(_) => DeleteLegalNameError::Current,
                    None => DeleteLegalNameError::NotFound,
                });
            }
            sqlx::query(
                "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                 VALUES ($1, 'user.legal_name_deleted', 'user', $2, $3, $4)",
            )
            .bind(user_id)
            .bind(user_id.to_string())
            .bind(sqlx::types::Json(json!({ "legalNameId": legal_name_id })))
            .bind(now)
            .execute(&mut *tx)
            .await
            .map_err(StoreError::from)?;
            tx.commit().await.map_err(StoreError::from)?;
            Ok(())
        })
    }
}
