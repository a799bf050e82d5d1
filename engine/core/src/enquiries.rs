//! A purchase's pre-contract enquiries (issue 29): the buyers' conveyancer raises them with the
//! seller's solicitor once the contract pack is in, records each reply, and either accepts it
//! or raises a follow-up (Law Society Conveyancing Protocol, stage 2: "raise only specific
//! enquiries", answered by the seller's solicitor). The report on title may be written only
//! once none is open (the guard `enquiries_answered`).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

/// How an enquiry was closed.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum EnquiryOutcome {
    /// The reply answers it.
    Satisfied,
    /// The reply did not: a follow-up enquiry was raised in its place.
    FollowedUp,
    /// Raised in error, or overtaken (the reason is recorded).
    Withdrawn,
}

impl EnquiryOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Satisfied => "SATISFIED",
            Self::FollowedUp => "FOLLOWED_UP",
            Self::Withdrawn => "WITHDRAWN",
        }
    }
}

/// One enquiry on a case, as the case's file records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Enquiry {
    pub id: i64,
    /// The enquiry whose reply this one follows up.
    pub follow_up_of: Option<i64>,
    pub question: String,
    pub raised_at: DateTime<Utc>,
    /// Who raised it (the audit trail keeps their id).
    pub raised_by_name: Option<String>,
    /// The seller's solicitor's reply, as the firm recorded it.
    pub answer: Option<String>,
    pub answered_at: Option<DateTime<Utc>>,
    pub answered_by_name: Option<String>,
    /// None while it is open.
    pub outcome: Option<EnquiryOutcome>,
    /// Why it was withdrawn.
    pub withdrawal_reason: Option<String>,
}

impl Enquiry {
    pub fn is_open(&self) -> bool {
        self.outcome.is_none()
    }
}

/// How many of these enquiries are open.
pub fn open_count(enquiries: &[Enquiry]) -> usize {
    enquiries.iter().filter(|e| e.is_open()).count()
}
