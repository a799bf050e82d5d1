//! Enumerations shared by every part of the engine: case types, statuses, roles, actors.

use std::fmt;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};
use strum::{EnumIter, EnumString, IntoStaticStr};

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

/// User roles, spec §3 and §6 (ROLES-01).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum Role {
    #[serde(rename = "ROLE_USER")]
    User,
    #[serde(rename = "ROLE_ADMIN")]
    Admin,
    #[serde(rename = "ROLE_CONVEYANCER")]
    Conveyancer,
    #[serde(rename = "ROLE_BROKER")]
    Broker,
    #[serde(rename = "ROLE_BROKER_MANAGER")]
    BrokerManager,
    #[serde(rename = "ROLE_BROKER_ADMIN")]
    BrokerAdmin,
}

impl Role {
    pub const ALL: [Role; 6] = [
        Role::User,
        Role::Admin,
        Role::Conveyancer,
        Role::Broker,
        Role::BrokerManager,
        Role::BrokerAdmin,
    ];

    /// The stored name, as the API writes it.
    pub fn as_str(self) -> &'static str {
        match self {
            Role::User => "ROLE_USER",
            Role::Admin => "ROLE_ADMIN",
            Role::Conveyancer => "ROLE_CONVEYANCER",
            Role::Broker => "ROLE_BROKER",
            Role::BrokerManager => "ROLE_BROKER_MANAGER",
            Role::BrokerAdmin => "ROLE_BROKER_ADMIN",
        }
    }

    /// Parses a stored role name (`ROLE_USER`, …).
    pub fn parse(name: &str) -> Option<Self> {
        Self::ALL.into_iter().find(|role| role.as_str() == name)
    }

    /// The back office's roles: the firm's conveyancers and its administrators.
    pub fn is_staff(self) -> bool {
        matches!(self, Self::Conveyancer | Self::Admin)
    }

    /// "A user is a broker if the role is broker, broker manager or broker admin." (ROLES-06)
    pub fn is_broker(self) -> bool {
        matches!(self, Self::Broker | Self::BrokerManager | Self::BrokerAdmin)
    }
}

/// A stored role (the users table's `role` column, read as text).
impl TryFrom<String> for Role {
    type Error = UnknownRole;

    fn try_from(name: String) -> Result<Self, UnknownRole> {
        Self::parse(&name).ok_or(UnknownRole(name))
    }
}

#[derive(Debug, thiserror::Error)]
#[error("no such role: {0}")]
pub struct UnknownRole(pub String);

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

/// Who may trigger a transition, as named in definitions.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum ActorKind {
    Customer,
    Broker,
    Conveyancer,
    Admin,
    System,
    /// A purchase's gift donor: no party to the case, they write to the firm about their gift.
    Donor,
}

impl ActorKind {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Customer => "customer",
            Self::Broker => "broker",
            Self::Conveyancer => "conveyancer",
            Self::Admin => "admin",
            Self::System => "system",
            Self::Donor => "donor",
        }
    }

    /// The firm's own people: its conveyancers and admins.
    pub fn is_firm(self) -> bool {
        matches!(self, Self::Conveyancer | Self::Admin)
    }
}

/// Who may upload a document type, as named in definitions (`uploaded_by`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "lowercase")]
pub enum Uploader {
    /// An owner or buyer on the case.
    Customer,
    /// A broker who administers the case.
    Broker,
    /// A purchase's gift donor: no party to the case, but the evidence of their gift is theirs.
    Donor,
    /// The firm's conveyancing staff (conveyancer or admin), from the back office.
    Firm,
}

impl Uploader {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::Customer => "customer",
            Self::Broker => "broker",
            Self::Donor => "donor",
            Self::Firm => "firm",
        }
    }
}

/// The user (or the system) asking the engine a question about one case.
///
/// The API fills the relationship flags from the database; the engine trusts them.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Actor {
    /// None for the system (workers, scheduled checks).
    pub user_id: Option<i64>,
    /// None for the system.
    pub role: Option<Role>,
    /// Raw `isLender` flag; only meaningful for brokers (ROLES-08).
    pub is_lender: bool,
    /// The user is an owner or buyer (a customer) on this case.
    pub is_party: bool,
    /// The user administers this case (its broker, or a manager of that broker).
    pub is_case_admin: bool,
    /// The user is a gift donor of this purchase (the donor's id), and no party to it.
    #[serde(default)]
    pub donor_id: Option<i64>,
}

impl Actor {
    /// The system actor: workers and scheduled checks.
    pub fn system() -> Self {
        Self {
            user_id: None,
            role: None,
            is_lender: false,
            is_party: false,
            is_case_admin: false,
            donor_id: None,
        }
    }

    /// A customer who is a party on the case.
    pub fn customer(user_id: i64) -> Self {
        Self {
            user_id: Some(user_id),
            role: Some(Role::User),
            is_lender: false,
            is_party: true,
            is_case_admin: false,
            donor_id: None,
        }
    }

    /// A broker administering the case.
    pub fn broker(user_id: i64) -> Self {
        Self {
            user_id: Some(user_id),
            role: Some(Role::Broker),
            is_lender: false,
            is_party: false,
            is_case_admin: true,
            donor_id: None,
        }
    }

    /// A conveyancer of the firm.
    pub fn conveyancer(user_id: i64) -> Self {
        Self {
            user_id: Some(user_id),
            role: Some(Role::Conveyancer),
            is_lender: false,
            is_party: false,
            is_case_admin: false,
            donor_id: None,
        }
    }

    /// A back-office administrator.
    pub fn admin(user_id: i64) -> Self {
        Self {
            user_id: Some(user_id),
            role: Some(Role::Admin),
            is_lender: false,
            is_party: false,
            is_case_admin: false,
            donor_id: None,
        }
    }

    /// A purchase's gift donor (`donor_id`: their gift's donor row).
    pub fn donor(donor_id: i64) -> Self {
        Self {
            user_id: None,
            role: Some(Role::User),
            is_lender: false,
            is_party: false,
            is_case_admin: false,
            donor_id: Some(donor_id),
        }
    }

    /// The role is a broker role, whatever the relationship to the case.
    pub fn is_broker(&self) -> bool {
        self.role.is_some_and(Role::is_broker)
    }

    /// "A user is a lender only if isLender is true and the user is a broker." (ROLES-08)
    pub fn is_lender(&self) -> bool {
        self.is_lender && self.is_broker()
    }

    /// The kind of actor this user acts as on this case, or None when they have no part in it
    /// (a customer who is not a party, a broker who does not administer the case).
    pub fn kind(&self) -> Option<ActorKind> {
        match self.role {
            None => Some(ActorKind::System),
            Some(Role::User) if self.is_party => Some(ActorKind::Customer),
            Some(Role::User) if self.donor_id.is_some() => Some(ActorKind::Donor),
            Some(Role::User) => None,
            Some(r) if r.is_broker() && self.is_case_admin => Some(ActorKind::Broker),
            Some(r) if r.is_broker() => None,
            Some(Role::Conveyancer) => Some(ActorKind::Conveyancer),
            Some(Role::Admin) => Some(ActorKind::Admin),
            Some(_) => None,
        }
    }
}

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

/// Property jurisdiction, spec §3 (ENUM-15).
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
pub enum Jurisdiction {
    England,
    Wales,
    Scotland,
    NorthernIreland,
}

/// Tenure, spec §3 (ENUM-12).
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
pub enum Tenure {
    Freehold,
    Leasehold,
    Commonhold,
}

/// Property type, spec §3.
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
pub enum PropertyType {
    ApartmentFlat,
    Converted,
    Cottage,
    DetachedHouse,
    DetachedBungalow,
    Loft,
    Maisonette,
    SemiDetachedHouse,
    SemiDetachedBungalow,
    StaticCaravan,
    StudioApartment,
    Terraced,
    Townhouse,
    Villa,
}

/// Alteration type, spec §3.
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
pub enum AlterationType {
    BasementConversion,
    Boiler,
    Conservatory,
    Electrical,
    Extension,
    Gas,
    Garage,
    GarageConversion,
    Heating,
    Insulation,
    Loft,
    RemovalOfWalls,
    Solar,
    WindowsAndDoors,
}

/// Existing charge type, spec §3.
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
pub enum ChargeType {
    FurtherAdvance,
    SecuredLoan,
    Mortgage,
    LegalAidBoardCharge,
    ChargingOrder,
    Other,
}

/// Who holds an alteration's documents (spec §3, "a 'who' value").
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
pub enum DocumentsHeldBy {
    Solicitor,
    Owner,
}

/// Transfer reason (separation agreement), spec §3.
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
pub enum TransferReason {
    CourtOrder,
    ConsentOrder,
    PrivateAgreement,
}

impl TransferReason {
    /// The name as stored and sent.
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// Parses a stored name.
    pub fn parse(name: &str) -> Option<Self> {
        name.parse().ok()
    }
}

/// Property usage / mortgage purpose, spec §3 (ENUM-13).
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
pub enum PropertyUsage {
    LiveIn,
    BuyToLet,
}

/// Remortgage reason, spec §3 (ENUM-11).
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
pub enum RemortgagingReason {
    EndOfCurrentDeal,
    BorrowMoreMoney,
    ReleaseMoney,
    RetirementInterestOnly,
    RemortgageTransferOfEquity,
    SharedOwnershipStaircasing,
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

    /// The name a value is stored under (strum's) is the one the API sends (serde's).
    fn stored_as_sent<T>()
    where
        T: strum::IntoEnumIterator
            + Serialize
            + Into<&'static str>
            + std::str::FromStr
            + PartialEq
            + Copy
            + fmt::Debug,
    {
        for value in T::iter() {
            let sent = serde_json::to_value(value).unwrap();
            let stored: &'static str = value.into();
            assert_eq!(sent, stored);
            assert!(
                stored.parse::<T>().is_ok_and(|read| read == value),
                "{stored}"
            );
        }
    }

    #[test]
    fn the_property_enums_are_stored_under_the_names_the_api_sends() {
        stored_as_sent::<AlterationType>();
        stored_as_sent::<ChargeType>();
        stored_as_sent::<DocumentsHeldBy>();
        stored_as_sent::<Jurisdiction>();
        stored_as_sent::<Tenure>();
        stored_as_sent::<PropertyType>();
        stored_as_sent::<TransferReason>();
        stored_as_sent::<PropertyUsage>();
        stored_as_sent::<RemortgagingReason>();
        stored_as_sent::<SourceOfFundsType>();
        stored_as_sent::<LandTaxType>();
        stored_as_sent::<IneligibilityReason>();
        stored_as_sent::<FeedKind>();
        stored_as_sent::<WaitsOn>();
    }

    #[test]
    fn a_role_reads_and_writes_as_it_is_stored_and_sent() {
        for role in Role::ALL {
            assert_eq!(Role::parse(role.as_str()), Some(role));
            assert_eq!(serde_json::to_value(role).unwrap(), role.as_str());
        }
        assert!(Role::try_from("ROLE_ROOT".to_owned()).is_err());
        let staff: Vec<Role> = Role::ALL.into_iter().filter(|r| r.is_staff()).collect();
        assert_eq!(staff, [Role::Admin, Role::Conveyancer]);
    }

    #[test]
    fn a_case_type_reads_as_it_is_stored() {
        for t in [CaseType::Remortgaging, CaseType::Buying] {
            assert_eq!(CaseType::try_from(t.as_str().to_owned()).unwrap(), t);
            assert_eq!(serde_json::to_value(t).unwrap(), t.as_str());
        }
        assert!(CaseType::try_from("LEASING".to_owned()).is_err());
    }

    #[test]
    fn a_webhook_event_reads_as_the_workflow_files_write_it() {
        for event in WebhookEvent::ALL {
            assert_eq!(serde_json::to_value(event).unwrap(), event.as_str());
            assert_eq!(WebhookEvent::named(event.as_str()), Some(event));
        }
        assert_eq!(WebhookEvent::named("quote.mailed"), None);
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

    #[test]
    fn roles_01_role_names_and_roles_06_08_broker_and_lender() {
        assert_eq!(
            serde_json::to_string(&Role::BrokerManager).unwrap(),
            "\"ROLE_BROKER_MANAGER\""
        );
        let mut customer = Actor::customer(1);
        customer.is_lender = true;
        assert!(
            !customer.is_lender(),
            "ROLES-08: a customer is never a lender"
        );
        let mut broker = Actor::broker(2);
        broker.is_lender = true;
        assert!(broker.is_lender());
        assert_eq!(Actor::system().kind(), Some(ActorKind::System));
        let mut stranger = Actor::customer(3);
        stranger.is_party = false;
        assert_eq!(stranger.kind(), None);
    }
}
