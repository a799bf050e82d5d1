//! A purchase's sources of funds as the firm's anti-money-laundering review sees them (issue 33,
//! the `SOF` feature): for each source the buyers declared, how the money was built up (in
//! their words), its evidence, and the firm's review of the two. The Money Laundering
//! Regulations 2017 (reg. 28(11) and 33(1)) ask a conveyancer to scrutinise the source of the
//! funds in a transaction; the Law Society's practice note on anti-money laundering (6.4.3,
//! "Source of funds") names what the review looks at: where the money came from, how it was
//! built up and over how long, and whose account holds it, checked against statements.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::types::SourceOfFundsType;

/// The longest answer to one of the questions, in characters.
pub const MAX_ANSWER: usize = 500;
/// The longest reason the firm gives when it asks for more, in characters.
pub const MAX_REASON: usize = 1000;

/// The buyers' answers about one source.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SourceOfFundsDetails {
    /// Where the money came from ("saved from my salary as a teacher").
    pub origin: String,
    /// Over how long it was built up ("about four years").
    pub built_up_over: String,
    /// Whose name the account holding it is in.
    pub account_holder: String,
    pub described_at: DateTime<Utc>,
}

/// The firm's decision on one source.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReviewOutcome {
    /// The answers and the evidence account for the money.
    Accepted,
    /// The firm needs more (its reason says what).
    MoreNeeded,
}

impl ReviewOutcome {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Accepted => "ACCEPTED",
            Self::MoreNeeded => "MORE_NEEDED",
        }
    }

    pub fn parse(raw: &str) -> Option<Self> {
        [Self::Accepted, Self::MoreNeeded]
            .into_iter()
            .find(|o| o.as_str() == raw)
    }
}

/// The firm's latest review of one source, and the evidence it looked at.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SourceOfFundsReview {
    pub outcome: ReviewOutcome,
    /// What the firm needs, when it asks for more.
    pub reason: Option<String>,
    /// The evidence document in the source's slot when it was reviewed.
    pub evidence_document_id: Option<i64>,
    pub reviewed_at: DateTime<Utc>,
}

/// Where one source stands, for the buyers and the firm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SourceOfFundsState {
    /// The buyers have not said how the money was built up.
    DetailsNeeded,
    /// Its evidence is not uploaded.
    EvidenceNeeded,
    /// Answered and evidenced: the firm's turn.
    ReadyForReview,
    /// The firm asked for more, and nothing has changed since.
    MoreNeeded,
    /// The firm accepted it.
    Accepted,
}

/// Whether the buyers are asked how this money was built up: a mortgage is the lender's money,
/// checked against its offer, not the buyers'.
pub fn asks_details(source: SourceOfFundsType) -> bool {
    source != SourceOfFundsType::Mortgage
}

/// Where a source stands, given the document now in its evidence slot. A review holds only for
/// what it saw: new answers or another document after it put the source back with the firm.
pub fn state(
    source: SourceOfFundsType,
    details: Option<&SourceOfFundsDetails>,
    review: Option<&SourceOfFundsReview>,
    evidence_document_id: Option<i64>,
    evidence_wanted: bool,
) -> SourceOfFundsState {
    use SourceOfFundsState as S;
    let unchanged_since = |r: &SourceOfFundsReview| {
        r.evidence_document_id == evidence_document_id
            && details.is_none_or(|d| d.described_at <= r.reviewed_at)
    };
    match review {
        Some(r) if unchanged_since(r) => match r.outcome {
            ReviewOutcome::Accepted => return S::Accepted,
            ReviewOutcome::MoreNeeded => return S::MoreNeeded,
        },
        _ => {}
    }
    if asks_details(source) && details.is_none() {
        S::DetailsNeeded
    } else if evidence_wanted && evidence_document_id.is_none() {
        S::EvidenceNeeded
    } else {
        S::ReadyForReview
    }
}

/// Why an answer is refused, for the field it names.
pub fn check_answer(answer: &str) -> Result<(), String> {
    let trimmed = answer.trim();
    if trimmed.is_empty() {
        Err("is required".into())
    } else if trimmed.chars().count() > MAX_ANSWER {
        Err(format!("must be at most {MAX_ANSWER} characters"))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    fn at(hour: u32) -> DateTime<Utc> {
        Utc.with_ymd_and_hms(2026, 12, 1, hour, 0, 0).unwrap()
    }

    fn details(hour: u32) -> SourceOfFundsDetails {
        SourceOfFundsDetails {
            origin: "Saved from my salary".into(),
            built_up_over: "Four years".into(),
            account_holder: "Bea Buyer".into(),
            described_at: at(hour),
        }
    }

    fn review(outcome: ReviewOutcome, evidence: Option<i64>, hour: u32) -> SourceOfFundsReview {
        SourceOfFundsReview {
            outcome,
            reason: None,
            evidence_document_id: evidence,
            reviewed_at: at(hour),
        }
    }

    const SAVINGS: SourceOfFundsType = SourceOfFundsType::Savings;

    #[test]
    fn answers_then_evidence_then_the_firms_turn() {
        use SourceOfFundsState as S;
        assert_eq!(state(SAVINGS, None, None, Some(4), true), S::DetailsNeeded);
        assert_eq!(
            state(SAVINGS, Some(&details(9)), None, None, true),
            S::EvidenceNeeded
        );
        assert_eq!(
            state(SAVINGS, Some(&details(9)), None, Some(4), true),
            S::ReadyForReview
        );
        // A mortgage asks no questions: its offer is the evidence.
        let mortgage = SourceOfFundsType::Mortgage;
        assert_eq!(state(mortgage, None, None, None, true), S::EvidenceNeeded);
        assert_eq!(
            state(mortgage, None, None, Some(2), true),
            S::ReadyForReview
        );
    }

    #[test]
    fn a_review_holds_only_for_what_it_saw() {
        use SourceOfFundsState as S;
        let d = details(9);
        let accepted = review(ReviewOutcome::Accepted, Some(4), 10);
        assert_eq!(
            state(SAVINGS, Some(&d), Some(&accepted), Some(4), true),
            S::Accepted
        );
        // Another statement replaces the one accepted: the firm looks again.
        assert_eq!(
            state(SAVINGS, Some(&d), Some(&accepted), Some(5), true),
            S::ReadyForReview
        );
        let more = review(ReviewOutcome::MoreNeeded, Some(4), 10);
        assert_eq!(
            state(SAVINGS, Some(&d), Some(&more), Some(4), true),
            S::MoreNeeded
        );
        // New answers after the firm asked put it back with the firm.
        assert_eq!(
            state(SAVINGS, Some(&details(11)), Some(&more), Some(4), true),
            S::ReadyForReview
        );
    }

    #[test]
    fn an_answer_is_required_and_bounded() {
        assert!(check_answer("Salary").is_ok());
        assert_eq!(check_answer("  ").unwrap_err(), "is required");
        assert!(check_answer(&"x".repeat(MAX_ANSWER + 1)).is_err());
        for o in [ReviewOutcome::Accepted, ReviewOutcome::MoreNeeded] {
            assert_eq!(ReviewOutcome::parse(o.as_str()), Some(o));
        }
    }
}
