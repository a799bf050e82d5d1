//! Background jobs on apalis, stored in the product's own database: the sign-in e-mails, and
//! the workflows' effects (case e-mails, reminders, feed items) handed on by the relay, and the
//! payment and identity providers' reports, and the broker firms' webhooks.

pub mod auth_email;
pub mod case_email;
pub mod deposit_payment;
pub mod email_change;
pub mod feed;
pub mod identity_check;
pub mod mail;
pub mod queue;
pub mod relay;
pub mod templates;
pub mod webhook;
pub mod webhook_target;

pub use auth_email::{AuthEmail, AuthEmailSettings};
pub use deposit_payment::DepositPaymentConfirmed;
pub use email_change::EmailChangeMail;
pub use identity_check::{IdentityCheckCompleted, IdentityRuns};
pub use mail::{Mailer, MailerError};
pub use queue::{Job, JobQueue, WorkerDeps};
pub use webhook::{WebhookDelivery, WebhookSecrets};
