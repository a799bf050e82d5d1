//! The spec's other enumerations: a section's state, the status chip, who a case waits on, a
//! purchase's funds and land tax, webhook events, feed kinds and why a case is ineligible.

use serde::{Deserialize, Serialize};
use strum::{EnumIter, EnumString, IntoStaticStr};

/// State of an application section or post-submit tile (spec §4, STATUS-22, plus
/// `InProgress`: a tile whose step the customer has done and the firm is now checking, so
/// it does not read 'Not started' beside 'Waiting for us to check'; issue 26 item 9).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SectionState {
    IsComplete,
    IsDisabled,
    NotStarted,
    InProgress,
    Locked,
    Hidden,
}

impl SectionState {
    /// The section or tile may be opened (and its step taken).
    pub fn is_open(self) -> bool {
        matches!(self, Self::IsComplete | Self::NotStarted | Self::InProgress)
    }
}

/// Status chip colour (spec §4, STATUS-02..06).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ChipColour {
    Green,
    Red,
    Amber,
}

/// Who a case in a status waits on (the workflow file's `waits_on`), for the case page's
/// "waiting on" line. `firm` is the conveyancing team; `seller` the seller's estate agent or
/// solicitor.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum WaitsOn {
    Customer,
    Broker,
    Firm,
    Lender,
    Seller,
}

/// Source of funds, spec §3 (ENUM-19).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum SourceOfFundsType {
    Mortgage,
    Savings,
    PropertySale,
    HelpToBuyIsa,
    LifetimeIsa,
    Gifts,
    Inheritance,
    Pension,
    InvestmentSale,
    BusinessSale,
    Other,
}

/// Land tax type, spec §3 (ENUM-23).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum LandTaxType {
    StampDutyLandTax,
    LandTransactionTax,
}

/// An event a broker firm's webhook endpoint subscribes to (issue 32, docs/api/webhooks.md).
/// A transition raises `case.status_changed` whenever the status moves, and the others its
/// workflow file names (`kind = "webhook"` effects).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum WebhookEvent {
    #[serde(rename = "case.created")]
    CaseCreated,
    #[serde(rename = "case.status_changed")]
    StatusChanged,
    #[serde(rename = "quote.sent")]
    QuoteSent,
    #[serde(rename = "quote.accepted")]
    QuoteAccepted,
    #[serde(rename = "quote.declined")]
    QuoteDeclined,
    #[serde(rename = "application.submitted")]
    ApplicationSubmitted,
    #[serde(rename = "document.issued")]
    DocumentIssued,
    #[serde(rename = "completion_date.agreed")]
    CompletionDateAgreed,
    #[serde(rename = "case.completed")]
    CaseCompleted,
    #[serde(rename = "case.cancelled")]
    CaseCancelled,
}

impl WebhookEvent {
    pub const ALL: [WebhookEvent; 10] = [
        Self::CaseCreated,
        Self::StatusChanged,
        Self::QuoteSent,
        Self::QuoteAccepted,
        Self::QuoteDeclined,
        Self::ApplicationSubmitted,
        Self::DocumentIssued,
        Self::CompletionDateAgreed,
        Self::CaseCompleted,
        Self::CaseCancelled,
    ];

    /// The type as stored and sent (`quote.sent`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::CaseCreated => "case.created",
            Self::StatusChanged => "case.status_changed",
            Self::QuoteSent => "quote.sent",
            Self::QuoteAccepted => "quote.accepted",
            Self::QuoteDeclined => "quote.declined",
            Self::ApplicationSubmitted => "application.submitted",
            Self::DocumentIssued => "document.issued",
            Self::CompletionDateAgreed => "completion_date.agreed",
            Self::CaseCompleted => "case.completed",
            Self::CaseCancelled => "case.cancelled",
        }
    }

    /// The event of this type, if there is one.
    pub fn named(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|e| e.as_str() == name)
    }
}

/// Notification kinds, spec §3 (ENUM-24): the feed item's source key.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "kebab-case")]
#[strum(serialize_all = "kebab-case")]
pub enum FeedKind {
    CaseQuote,
    CaseInvitation,
    CaseDonorInvitation,
    CaseNotification,
}

impl FeedKind {
    /// Kinds that wait for the user's answer to an invitation (the modal opens for them).
    pub const ANSWERED_BY_INVITATION: [FeedKind; 2] = [Self::CaseQuote, Self::CaseInvitation];

    /// The source key as stored and sent (`case-quote`, …).
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

/// Why a case cannot be taken on (spec §5 "Ineligibility reasons", ELIG-01..06).
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    IntoStaticStr,
    EnumString,
    EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum IneligibilityReason {
    NotEnglandOrWales,
    DependentOnSale,
    CompanyOwned,
    BuyToLet,
    NonResidential,
}

impl IneligibilityReason {
    /// A "more complex" kind (every reason but the jurisdiction): the firm may take such a
    /// case, by its own setting or a conveyancer's review. Scots and Northern Irish property
    /// law it cannot practise.
    pub fn may_be_taken_on(self) -> bool {
        self != Self::NotEnglandOrWales
    }
}

/// Lender value meaning "no new lender" (ENUM-14).
pub const NO_LENDER: &str = "NO_LENDER";

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_webhook_event_reads_as_the_workflow_files_write_it() {
        for event in WebhookEvent::ALL {
            assert_eq!(serde_json::to_value(event).unwrap(), event.as_str());
            assert_eq!(WebhookEvent::named(event.as_str()), Some(event));
        }
        assert_eq!(WebhookEvent::named("quote.mailed"), None);
    }
}
