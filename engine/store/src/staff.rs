//! The back office's records: each staff member's authenticator (TOTP, RFC 6238) and recovery
//! codes, the second factor a session has proven, case assignment and the case audit trail as
//! staff read it.
//!
//! The second factor (`factor`), and assignment and the audit trail (`cases`).

mod cases;
mod factor;

pub use cases::{CaseAuditLine, StaffMember};
pub use factor::StaffFactor;
