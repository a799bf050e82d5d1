//! Background jobs on apalis, stored in the product's own database: e-mail now, and
//! reminders, payment webhooks and scheduled checks as they arrive.

pub mod auth_email;
pub mod mail;
pub mod queue;
pub mod templates;

pub use auth_email::{AuthEmail, AuthEmailSettings};
pub use mail::{Mailer, MailerError};
pub use queue::{JobQueue, WorkerDeps};
