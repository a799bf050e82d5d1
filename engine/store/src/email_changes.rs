//! Changing a user's e-mail address: a request, a single-use link to the new address (its
//! token stored as SHA-256 only, like sign-in links), and its confirmation, which ends the
//! user's other sessions. The old address then gets a single-use link (hashed the same way)
//! that undoes the change for [`EMAIL_CHANGE_UNDO_LIFETIME`]: it puts the old address back and
//! ends every session.
//!
//! The request and its link (`request`), its confirmation (`confirm`) and its undoing
//! (`undo`).

mod confirm;
mod request;
mod undo;

use chrono::Duration;

pub use confirm::{ConfirmEmailChangeError, ConfirmedEmailChange};
pub use request::{EmailChangeToMail, PendingEmailChange};
pub use undo::{UndoEmailChangeError, UndoneEmailChange};

/// How long a confirmation link works.
pub const EMAIL_CHANGE_LIFETIME: Duration = Duration::hours(24);

/// How long the old address can undo a confirmed change.
pub const EMAIL_CHANGE_UNDO_LIFETIME: Duration = Duration::days(7);
