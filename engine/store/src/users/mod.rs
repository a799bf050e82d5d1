//! Users: accounts, their role and features, policy acceptance and about-you details.

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::json;
use threshold_engine::Role;

use crate::BeginWrite;
use crate::{Db, StoreError, UserId, on_db};

mod legal_names;
mod lifecycle;
mod party_cases;

pub use legal_names::{DeleteLegalNameError, LegalName};
pub use party_cases::PartyCaseStatus;

/// A user as the API needs it. Legal names live in their own table (a user may have
/// several over time; the current one has no end date).
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct User {
    pub id: UserId,
    pub email: String,
    pub preferred_name: String,
    #[sqlx(try_from = "String")]
    pub role: Role,
    pub is_lender: bool,
    pub enabled_features: String,
    pub privacy_version: Option<i32>,
    pub terms_version: Option<i32>,
    pub is_onboarded: bool,
    pub phone_number: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    pub created_at: DateTime<Utc>,
    /// Set while an administrator has the account disabled: no session, no sign-in.
    pub disabled_at: Option<DateTime<Utc>>,
}

impl User {
    /// Whether this enabled feature (BUYING, AI_BOT, SOF) is among the user's.
    pub fn has_feature(&self, feature: &str) -> bool {
        self.enabled_features.split(',').any(|f| f == feature)
    }

    /// The enabled features, stored as a comma-separated list.
    pub fn features(&self) -> Vec<String> {
        self.enabled_features
            .split(',')
            .filter(|f| !f.is_empty())
            .map(str::to_owned)
            .collect()
    }
}

/// What creating a user needs.
#[derive(Clone, Debug)]
pub struct NewUser {
    pub email: String,
    pub preferred_name: String,
    pub role: Role,
    pub is_lender: bool,
    pub enabled_features: Vec<String>,
    pub privacy_version: Option<i32>,
    pub terms_version: Option<i32>,
    pub is_onboarded: bool,
}

impl NewUser {
    /// A customer someone else named by e-mail (a broker's client, a co-owner, a gift donor):
    /// an account they have not used yet, so no policies accepted and not onboarded.
    pub fn invited(email: &str, preferred_name: &str, enabled_features: Vec<String>) -> Self {
        NewUser {
            email: email.to_owned(),
            preferred_name: preferred_name.to_owned(),
            role: Role::User,
            is_lender: false,
            enabled_features,
            privacy_version: None,
            terms_version: None,
            is_onboarded: false,
        }
    }
}

/// A change of a user's own details: the about-you details at onboarding (everything), or a
/// correction from the settings page (any subset). `None` leaves a detail as it is.
#[derive(Clone, Debug, Default)]
pub struct DetailsChange {
    pub preferred_name: Option<String>,
    pub phone_number: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    /// A new current legal name: the current one gets an end date (`until`), so the history
    /// stays.
    pub legal_name: Option<NewLegalName>,
    /// Marks the user onboarded (the about-you form gave every detail).
    pub onboard: bool,
    /// The audit action and the names of the details changed (never their values).
    pub audit_action: &'static str,
    pub audit_fields: Vec<&'static str>,
}

/// A legal name to record as the current one.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewLegalName {
    pub first_name: String,
    pub middle_names: Option<String>,
    pub surname: String,
}

/// The columns of [`User`], spliced into queries with `concat!` so the SQL stays static.
macro_rules! user_columns {
    () => {
        "id, email, preferred_name, role, is_lender, enabled_features, privacy_version, \
         terms_version, is_onboarded, phone_number, date_of_birth, created_at, disabled_at"
    };
}
pub(crate) use user_columns;

impl Db {
    #[tracing::instrument(skip_all)]
    pub async fn create_user(&self, new: &NewUser, now: DateTime<Utc>) -> Result<User, StoreError> {
        let id = UserId::new_random();
        let features = new.enabled_features.join(",");
        let accepted_at = new.privacy_version.map(|_| now);
        let sql = concat!(
            "INSERT INTO users (id, email, preferred_name, role, is_lender, enabled_features, \
             privacy_version, terms_version, policies_accepted_at, is_onboarded, created_at, updated_at) \
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11) RETURNING ",
            user_columns!()
        );
        on_db!(self, pool => sqlx::query_as(sql)
            .bind(id)
            .bind(&new.email)
            .bind(&new.preferred_name)
            .bind(new.role.as_str())
            .bind(new.is_lender)
            .bind(&features)
            .bind(new.privacy_version)
            .bind(new.terms_version)
            .bind(accepted_at)
            .bind(new.is_onboarded)
            .bind(now)
            .fetch_one(pool)
            .await)
        .map_err(|e| StoreError::from_unique(e, "email already registered"))
    }

    #[tracing::instrument(skip_all)]
    pub async fn user_by_id(&self, id: UserId) -> Result<Option<User>, StoreError> {
        let sql = concat!("SELECT ", user_columns!(), " FROM users WHERE id = $1");
        Ok(on_db!(self, pool => sqlx::query_as(sql).bind(id).fetch_optional(pool).await)?)
    }

    #[tracing::instrument(skip_all)]
    pub async fn user_by_email(&self, email: &str) -> Result<Option<User>, StoreError> {
        let sql = concat!("SELECT ", user_columns!(), " FROM users WHERE email = $1");
        Ok(on_db!(self, pool => sqlx::query_as(sql).bind(email).fetch_optional(pool).await)?)
    }

    /// Records that the user agreed to these policy versions.
    #[tracing::instrument(skip_all)]
    pub async fn accept_policies(
        &self,
        id: UserId,
        privacy_version: i32,
        terms_version: i32,
        now: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        let done = on_db!(self, pool => sqlx::query(
            "UPDATE users SET privacy_version = $2, terms_version = $3, policies_accepted_at = $4, \
             updated_at = $4 WHERE id = $1",
        )
        .bind(id)
        .bind(privacy_version)
        .bind(terms_version)
        .bind(now)
        .execute(pool)
        .await.map(|r| r.rows_affected()))?;
        if done == 0 {
            return Err(StoreError::NotFound);
        }
        Ok(())
    }

    /// Saves a change of the user's details, audited (which details, never their values),
    /// in one transaction. A new legal name ends the current one (`until` = now) and becomes
    /// the current one.
    #[tracing::instrument(skip_all)]
    pub async fn save_details(
        &self,
        id: UserId,
        change: &DetailsChange,
        now: DateTime<Utc>,
    ) -> Result<User, StoreError> {
        let sql = concat!(
            "UPDATE users SET preferred_name = COALESCE($2, preferred_name), \
             phone_number = COALESCE($3, phone_number), \
             date_of_birth = COALESCE($4, date_of_birth), \
             is_onboarded = (is_onboarded OR $5), updated_at = $6 WHERE id = $1 RETURNING ",
            user_columns!()
        );
        crate::error::retrying!(async {
            on_db!(self, pool => {
                let mut tx = pool.begin_write().await?;
                let user: Option<User> = sqlx::query_as(sql)
                    .bind(id)
                    .bind(&change.preferred_name)
                    .bind(&change.phone_number)
                    .bind(change.date_of_birth)
                    .bind(change.onboard)
                    .bind(now)
                    .fetch_optional(&mut *tx)
                    .await?;
                let Some(user) = user else {
                    return Err(StoreError::NotFound);
                };
                if let Some(name) = &change.legal_name {
                    sqlx::query(
                        "UPDATE legal_names SET until = $2 WHERE user_id = $1 AND until IS NULL",
                    )
                    .bind(id)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                    sqlx::query(
                        "INSERT INTO legal_names (user_id, first_name, middle_names, surname, created_at) \
                         VALUES ($1, $2, $3, $4, $5)",
                    )
                    .bind(id)
                    .bind(&name.first_name)
                    .bind(&name.middle_names)
                    .bind(&name.surname)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                }
                sqlx::query(
                    "INSERT INTO audit_events (actor_user_id, action, subject_type, subject_id, detail, at) \
                     VALUES ($1, $2, 'user', $3, $4, $5)",
                )
                .bind(id)
                .bind(change.audit_action)
                .bind(id.to_string())
                .bind(sqlx::types::Json(json!({ "fields": change.audit_fields })))
                .bind(now)
                .execute(&mut *tx)
                .await?;
                tx.commit().await?;
                Ok(user)
            })
        })
    }
}
