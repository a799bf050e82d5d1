//! A case's status (each case type's enumeration, and either) and its type.

use std::fmt;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

/// A status enumeration of one case type, in the spec's order (spec §3 "Enumerations").
///
/// Definitions name statuses as strings; this trait lets the loader check them against the
/// spec's list without the engine knowing which case type it is loading.
pub trait WorkflowStatus:
    Copy + Eq + Ord + std::hash::Hash + fmt::Debug + Serialize + Send + Sync + 'static
{
    /// The case type whose statuses these are.
    const CASE_TYPE: CaseType;
    /// Every status, in the spec's order.
    const ALL: &'static [Self];
    /// The SCREAMING_SNAKE_CASE name used in the API and in definitions.
    fn as_str(self) -> &'static str;
    /// Parses a SCREAMING_SNAKE_CASE name.
    fn parse(name: &str) -> Option<Self> {
        Self::ALL.iter().copied().find(|s| s.as_str() == name)
    }
    /// Position in the spec's order; used for "this status or any later one" rules.
    fn position(self) -> usize {
        Self::ALL
            .iter()
            .position(|s| *s == self)
            .unwrap_or(usize::MAX)
    }
}

macro_rules! status_enum {
    ($(#[$meta:meta])* $name:ident, $case:expr, [$($variant:ident => $text:literal),+ $(,)?]) => {
        $(#[$meta])*
        #[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
        #[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
        #[serde(rename_all = "SCREAMING_SNAKE_CASE")]
        pub enum $name { $($variant),+ }

        impl WorkflowStatus for $name {
            const CASE_TYPE: CaseType = $case;
            const ALL: &'static [Self] = &[$(Self::$variant),+];
            fn as_str(self) -> &'static str {
                match self { $(Self::$variant => $text),+ }
            }
        }

        impl fmt::Display for $name {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                f.write_str(self.as_str())
            }
        }
    };
}

status_enum!(
    /// Remortgaging statuses, spec §3 (ENUM-02), in the spec's order.
    RemortgagingStatus,
    CaseType::Remortgaging,
    [
        Ineligible => "INELIGIBLE",
        TitleDocumentRetrieval => "TITLE_DOCUMENT_RETRIEVAL",
        BrokerApplication => "BROKER_APPLICATION",
        BrokerApplicationInvite => "BROKER_APPLICATION_INVITE",
        CustomerApplication => "CUSTOMER_APPLICATION",
        IdentityVerification => "IDENTITY_VERIFICATION",
        AwaitingMortgageOffer => "AWAITING_MORTGAGE_OFFER",
        PrepareMortgageReport => "PREPARE_MORTGAGE_REPORT",
        MortgageReportAcceptance => "MORTGAGE_REPORT_ACCEPTANCE",
        PrepareCompletionStatement => "PREPARE_COMPLETION_STATEMENT",
        CompletionStatementAcceptance => "COMPLETION_STATEMENT_ACCEPTANCE",
        PendingCompletion => "PENDING_COMPLETION",
        Completed => "COMPLETED",
        Cancelled => "CANCELLED",
    ]
);

status_enum!(
    /// Buying statuses, spec §3 (ENUM-03), in the conveyancing order: the report on title
    /// comes after the contract pack review and before the completion statement.
    BuyingStatus,
    CaseType::Buying,
    [
        Ineligible => "INELIGIBLE",
        BrokerApplication => "BROKER_APPLICATION",
        BrokerApplicationInvite => "BROKER_APPLICATION_INVITE",
        CustomerApplication => "CUSTOMER_APPLICATION",
        PrepareClientCareLetter => "PREPARE_CLIENT_CARE_LETTER",
        ClientCareLetterAcceptance => "CLIENT_CARE_LETTER_ACCEPTANCE",
        AwaitingDeposit => "AWAITING_DEPOSIT",
        IdentityVerification => "IDENTITY_VERIFICATION",
        AwaitingMemorandumOfSale => "AWAITING_MEMORANDUM_OF_SALE",
        AwaitingContractPack => "AWAITING_CONTRACT_PACK",
        AwaitingSearches => "AWAITING_SEARCHES",
        ContractPackReview => "CONTRACT_PACK_REVIEW",
        PrepareReportOnTitle => "PREPARE_REPORT_ON_TITLE",
        ReportOnTitleAcceptance => "REPORT_ON_TITLE_ACCEPTANCE",
        PrepareCompletionStatement => "PREPARE_COMPLETION_STATEMENT",
        CompletionStatementAcceptance => "COMPLETION_STATEMENT_ACCEPTANCE",
        PendingCompletion => "PENDING_COMPLETION",
        Completed => "COMPLETED",
        Cancelled => "CANCELLED",
    ]
);

/// A status of either case type, as the API and the store carry it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize)]
#[serde(untagged)]
pub enum CaseStatus {
    Remortgaging(RemortgagingStatus),
    Buying(BuyingStatus),
}

/// In the API document a status is one string enum: every status of both types once. (As a
/// `oneOf` of the two types' enums, the statuses they share, such as CUSTOMER_APPLICATION,
/// would match both, which `oneOf` forbids.)
#[cfg(feature = "openapi")]
impl utoipa::PartialSchema for CaseStatus {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, Type};
        let mut names: Vec<&str> = RemortgagingStatus::ALL.iter().map(|s| s.as_str()).collect();
        for s in BuyingStatus::ALL {
            if !names.contains(&s.as_str()) {
                names.push(s.as_str());
            }
        }
        ObjectBuilder::new()
            .schema_type(Type::String)
            .description(Some("A status of either case type (spec §3)."))
            .enum_values(Some(names))
            .into()
    }
}

#[cfg(feature = "openapi")]
impl utoipa::ToSchema for CaseStatus {}

impl CaseStatus {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Remortgaging(s) => s.as_str(),
            Self::Buying(s) => s.as_str(),
        }
    }

    /// Every status of the given case type, in the spec's order (so a status's index is its
    /// [`WorkflowStatus::position`]).
    pub fn all(case_type: CaseType) -> &'static [Self] {
        fn of<St: WorkflowStatus + Into<CaseStatus>>() -> Vec<CaseStatus> {
            St::ALL.iter().map(|&s| s.into()).collect()
        }
        static REMORTGAGING: LazyLock<Vec<CaseStatus>> = LazyLock::new(of::<RemortgagingStatus>);
        static BUYING: LazyLock<Vec<CaseStatus>> = LazyLock::new(of::<BuyingStatus>);
        match case_type {
            CaseType::Remortgaging => &REMORTGAGING,
            CaseType::Buying => &BUYING,
        }
    }

    /// Parses a status name of the given case type.
    pub fn parse(case_type: CaseType, name: &str) -> Option<Self> {
        Self::all(case_type)
            .iter()
            .copied()
            .find(|s| s.as_str() == name)
    }
}

impl From<RemortgagingStatus> for CaseStatus {
    fn from(s: RemortgagingStatus) -> Self {
        Self::Remortgaging(s)
    }
}

impl From<BuyingStatus> for CaseStatus {
    fn from(s: BuyingStatus) -> Self {
        Self::Buying(s)
    }
}

impl fmt::Display for CaseStatus {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

/// Case type, spec §3 (ENUM-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum CaseType {
    Remortgaging,
    Buying,
}

impl CaseType {
    /// The lower-case name used in routes and docs (`remortgaging`, `buying`).
    pub fn slug(self) -> &'static str {
        match self {
            Self::Remortgaging => "remortgaging",
            Self::Buying => "buying",
        }
    }

    /// The SCREAMING_SNAKE_CASE name stored and sent (`REMORTGAGING`, `BUYING`).
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Remortgaging => "REMORTGAGING",
            Self::Buying => "BUYING",
        }
    }

    pub fn parse(name: &str) -> Option<Self> {
        [Self::Remortgaging, Self::Buying]
            .into_iter()
            .find(|t| t.as_str() == name)
    }
}

impl TryFrom<String> for CaseType {
    type Error = UnknownCaseType;

    fn try_from(name: String) -> Result<Self, UnknownCaseType> {
        Self::parse(&name).ok_or(UnknownCaseType(name))
    }
}

#[derive(Debug, thiserror::Error)]
#[error("no such case type: {0}")]
pub struct UnknownCaseType(pub String);

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_case_type_reads_as_it_is_stored() {
        for t in [CaseType::Remortgaging, CaseType::Buying] {
            assert_eq!(CaseType::try_from(t.as_str().to_owned()).unwrap(), t);
            assert_eq!(serde_json::to_value(t).unwrap(), t.as_str());
        }
        assert!(CaseType::try_from("LEASING".to_owned()).is_err());
    }

    #[test]
    fn enum_02_remortgaging_statuses_in_spec_order() {
        let names: Vec<_> = RemortgagingStatus::ALL.iter().map(|s| s.as_str()).collect();
        assert_eq!(
            names.join(", "),
            "INELIGIBLE, TITLE_DOCUMENT_RETRIEVAL, BROKER_APPLICATION, BROKER_APPLICATION_INVITE, CUSTOMER_APPLICATION, IDENTITY_VERIFICATION, AWAITING_MORTGAGE_OFFER, PREPARE_MORTGAGE_REPORT, MORTGAGE_REPORT_ACCEPTANCE, PREPARE_COMPLETION_STATEMENT, COMPLETION_STATEMENT_ACCEPTANCE, PENDING_COMPLETION, COMPLETED, CANCELLED"
        );
        for s in RemortgagingStatus::ALL {
            let json = serde_json::to_string(s).unwrap();
            assert_eq!(json, format!("\"{}\"", s.as_str()));
        }
    }

    #[test]
    fn enum_03_buying_statuses_in_conveyancing_order() {
        assert_eq!(BuyingStatus::ALL.len(), 19);
        assert!(
            BuyingStatus::ContractPackReview < BuyingStatus::PrepareReportOnTitle
                && BuyingStatus::ReportOnTitleAcceptance < BuyingStatus::PrepareCompletionStatement
        );
        for s in BuyingStatus::ALL {
            assert_eq!(
                serde_json::to_string(s).unwrap(),
                format!("\"{}\"", s.as_str())
            );
        }
    }
}
