//! Persistence behind use-case shaped methods, on SQLite (default) or PostgreSQL.
//!
//! One implementation serves both databases: the SQL text is shared (`$1` binds work on
//! both) and the [`on_db!`] macro expands each query once per backend, so the two can never
//! drift apart. Where a backend needs different SQL on purpose, the method matches on [`Db`].

mod db;
mod error;
mod ids;

pub mod audit;
pub mod cases;
pub mod documents;
pub mod effects;
pub mod email_changes;
pub mod email_quota;
pub mod feedback;
pub mod identity_checks;
pub mod invitations;
pub mod ledger;
pub mod live;
pub mod magic_links;
pub mod open_banking;
pub mod payments;
mod secrets;
pub mod sessions;
pub mod staff;
pub mod tokens;
pub mod users;
pub mod webhooks;
pub mod work_start;

pub(crate) use db::BeginWrite;
pub use db::{Backend, Db};
pub use error::StoreError;
pub use ids::{SessionId, UserId, WebhookEndpointId};
