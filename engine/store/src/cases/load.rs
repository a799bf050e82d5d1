//! Loading a case with everything the engine's snapshot and the expanded record need.

use std::collections::HashMap;

use chrono::{DateTime, NaiveDate, Utc};
use threshold_engine::company::{Company, CompanyOfficer, RegisteredOffice};
use threshold_engine::enquiries::Enquiry;
use threshold_engine::snapshot::{
    Address, AlterationDocuments, BuyingProperty, BuyingRequiredDocuments, CaseDocuments,
    CostSection, Deposit, DocumentAcceptance, Donor, GeneratedDocument, Isa, LegalName, Loan,
    Party, PartyUser, QuoteSnapshot, RemortgagingProperty, RemortgagingRequiredDocuments,
    RequiredDocument, Searches, SourceOfFunds, TransferOfEquity, UploadedDocument,
};
use threshold_engine::source_of_funds::{ReviewOutcome, SourceOfFundsDetails, SourceOfFundsReview};
use threshold_engine::tasks::TaskDone;
use threshold_engine::title_register::TitleRegisterName;
use threshold_engine::types::{AlterationType, ChargeType, DocumentsHeldBy, TransferReason};
use threshold_engine::{
    AnySnapshot, BuyingSnapshot, CaseType, RemortgagingSnapshot, WorkflowStatus,
};

use super::args::{Arg, Sql};
use super::people::{CaseWithPeople, People, case_with_people_columns};
use super::{Relationship, Scope};
use crate::{Db, StoreError, UserId, bind_args, on_db};

/// The columns of [`CaseRow`], for `SELECT … FROM cases c`.
macro_rules! case_columns {
    () => {
        "c.id, c.case_type, c.status, c.firm_id, c.created_by_broker, c.invited_by_lender, \
         c.broker_reference, c.ineligibility_reason, c.title_documents_retrieved, c.jurisdiction, \
         c.is_dependent_on_sale, c.is_company_owned, c.is_residential, c.property_usage, c.lender, \
         c.has_loans, c.completion_date, c.remortgaging_reason, c.property_value, c.loan_amount, \
         c.current_deal_end_date, c.has_alterations, c.has_adult_occupants, c.is_company_case, \
         c.is_repaying_help_to_buy, c.has_htb_redemption_letter, c.has_mortgage_offer, \
         c.mortgage_offer_uploaded_at, c.purchase_price, c.deposit_amount, c.is_first_time_buyer, \
         c.is_new_build, c.is_shared_ownership, c.results_in_multiple_properties, \
         c.is_replacing_main_residence, c.target_move_in_date, c.buyers_uk_resident, \
         c.is_new_lease, c.staircasing_share_before, c.staircasing_share_after, \
         c.staircasing_price, c.market_value_election_made, c.terms_accepted_at, \
         c.has_paid_deposit, c.deposit_paid_at, c.created_at, c.updated_at, c.assignee_id, \
         c.status_changed_at, c.next_task_due_on, c.reply_due_at, c.taken_on_at, \
         p.address_line1, p.address_line2, p.town, p.county, p.postcode, p.formatted_address, \
         p.tenure, p.property_type, p.land_ownership"
    };
}
pub(crate) use case_columns;

/// One row of `cases` with its property.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct CaseRow {
    pub id: i64,
    pub case_type: String,
    pub status: String,
    pub firm_id: Option<i64>,
    pub created_by_broker: bool,
    pub invited_by_lender: bool,
    pub broker_reference: Option<String>,
    pub ineligibility_reason: Option<String>,
    pub title_documents_retrieved: bool,
    pub jurisdiction: Option<String>,
    pub is_dependent_on_sale: bool,
    pub is_company_owned: bool,
    pub is_residential: bool,
    pub property_usage: Option<String>,
    pub lender: Option<String>,
    pub has_loans: Option<bool>,
    pub completion_date: Option<NaiveDate>,
    pub remortgaging_reason: Option<String>,
    pub property_value: Option<i64>,
    pub loan_amount: Option<i64>,
    pub current_deal_end_date: Option<NaiveDate>,
    pub has_alterations: Option<bool>,
    pub has_adult_occupants: Option<bool>,
    pub is_company_case: bool,
    pub is_repaying_help_to_buy: bool,
    pub has_htb_redemption_letter: bool,
    pub has_mortgage_offer: bool,
    pub mortgage_offer_uploaded_at: Option<DateTime<Utc>>,
    pub purchase_price: Option<i64>,
    pub deposit_amount: Option<i64>,
    pub is_first_time_buyer: bool,
    pub is_new_build: bool,
    pub is_shared_ownership: bool,
    pub results_in_multiple_properties: Option<bool>,
    pub is_replacing_main_residence: Option<bool>,
    pub target_move_in_date: Option<NaiveDate>,
    pub buyers_uk_resident: Option<bool>,
    pub is_new_lease: Option<bool>,
    pub staircasing_share_before: Option<i32>,
    pub staircasing_share_after: Option<i32>,
    pub staircasing_price: Option<i64>,
    pub market_value_election_made: Option<bool>,
    pub terms_accepted_at: Option<DateTime<Utc>>,
    pub has_paid_deposit: bool,
    pub deposit_paid_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    /// The conveyancer the back office assigned the case to.
    pub assignee_id: Option<UserId>,
    /// When the case last moved (the work queue's age).
    pub status_changed_at: Option<DateTime<Utc>>,
    /// The earliest due date of its open legal-file tasks (the work queue's deadline).
    pub next_task_due_on: Option<NaiveDate>,
    /// When the firm's reply to the oldest message waiting for it is due (issue 32).
    pub reply_due_at: Option<DateTime<Utc>>,
    /// When a conveyancer took the case on despite a more complex kind (issue 33).
    pub taken_on_at: Option<DateTime<Utc>>,
    #[sqlx(flatten)]
    pub property: PropertyRow,
}

impl CaseRow {
    /// The key facts as stored, to price the case again when a later answer changes them.
    pub fn key_facts(&self) -> super::KeyFacts {
        let p = &self.property;
        super::KeyFacts {
            jurisdiction: self.jurisdiction.clone().unwrap_or_default(),
            is_dependent_on_sale: self.is_dependent_on_sale,
            is_company_owned: self.is_company_owned,
            is_residential: self.is_residential,
            property_usage: self.property_usage.clone().unwrap_or_default(),
            address_line1: p.address_line1.clone().unwrap_or_default(),
            address_line2: p.address_line2.clone(),
            town: p.town.clone(),
            county: p.county.clone(),
            postcode: p.postcode.clone().unwrap_or_default(),
            tenure: p.tenure.clone(),
            property_type: p.property_type.clone(),
            broker_reference: self.broker_reference.clone(),
            lender: self.lender.clone(),
            remortgaging_reason: self.remortgaging_reason.clone(),
            property_value: self.property_value,
            loan_amount: self.loan_amount,
            current_deal_end_date: self.current_deal_end_date,
            is_repaying_help_to_buy: self.is_repaying_help_to_buy,
            purchase_price: self.purchase_price,
            deposit_amount: self.deposit_amount,
            is_first_time_buyer: self.is_first_time_buyer,
            is_new_build: self.is_new_build,
            is_shared_ownership: self.is_shared_ownership,
            results_in_multiple_properties: self.results_in_multiple_properties,
            is_replacing_main_residence: self.is_replacing_main_residence,
            target_move_in_date: self.target_move_in_date,
            buyers_uk_resident: self.buyers_uk_resident,
            is_new_lease: self.is_new_lease,
            staircasing: self.staircasing(),
        }
    }

    /// A staircasing remortgage's facts, when its shares and price are recorded.
    pub fn staircasing(&self) -> Option<super::StaircasingFacts> {
        Some(super::StaircasingFacts {
            share_before: self.staircasing_share_before?,
            share_after: self.staircasing_share_after?,
            price: self.staircasing_price?,
            market_value_election_made: self.market_value_election_made,
        })
    }
}

/// The case's property (all None when it has none yet).
#[derive(Clone, Debug, Default, sqlx::FromRow)]
pub struct PropertyRow {
    pub address_line1: Option<String>,
    pub address_line2: Option<String>,
    pub town: Option<String>,
    pub county: Option<String>,
    pub postcode: Option<String>,
    pub formatted_address: Option<String>,
    pub tenure: Option<String>,
    pub property_type: Option<String>,
    pub land_ownership: Option<String>,
}

/// An applicant or donor with the user fields the records show (read as JSON with the case:
/// see `people`).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PartyRow {
    pub id: i64,
    pub case_id: i64,
    pub user_id: UserId,
    pub party_type: String,
    #[serde(deserialize_with = "super::people::flag")]
    pub is_lead: bool,
    #[serde(deserialize_with = "super::people::flag")]
    pub redacted: bool,
    #[serde(deserialize_with = "super::people::optional_flag")]
    pub is_uk_resident: Option<bool>,
    pub identity_submitted_at: Option<DateTime<Utc>>,
    pub identity_verified_at: Option<DateTime<Utc>>,
    /// Why a conveyancer sent the identity documents back (until submitted again).
    pub identity_rejection_reason: Option<String>,
    pub occupation: Option<String>,
    pub national_insurance_number: Option<String>,
    pub address_line1: Option<String>,
    pub address_line2: Option<String>,
    pub address_town: Option<String>,
    pub address_postcode: Option<String>,
    /// An owner lives at the property being remortgaged (their address is its address).
    #[serde(deserialize_with = "super::people::optional_flag")]
    pub lives_at_property: Option<bool>,
    pub preferred_name: String,
    pub email: String,
    pub phone_number: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    /// The name the broker typed, shown to brokers until the person agrees.
    #[serde(default)]
    pub invited_name: Option<String>,
    /// The person agreed to be on the case (accepted the invitation, or opened it).
    #[serde(deserialize_with = "super::people::flag")]
    pub consented: bool,
    /// A tenant in common's share of the property, in basis points (5000 = 50%).
    #[serde(default)]
    pub tenancy_share_bp: Option<i64>,
}

#[derive(Clone, Debug, sqlx::FromRow)]
pub struct LegalNameRow {
    pub id: i64,
    pub user_id: UserId,
    pub first_name: String,
    pub middle_names: Option<String>,
    pub surname: String,
    pub until: Option<DateTime<Utc>>,
}

/// A broker on a case.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct AdminRow {
    pub case_id: i64,
    pub user_id: UserId,
    pub preferred_name: String,
    #[sqlx(try_from = "String")]
    pub role: threshold_engine::Role,
}

#[derive(Clone, Debug, sqlx::FromRow, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct QuoteRow {
    pub id: i64,
    pub case_id: i64,
    pub total_amount: i64,
    pub deposit: i64,
    pub subtotal: i64,
    pub discount: i64,
    pub cost_breakdown: sqlx::types::Json<Vec<CostSection>>,
    pub land_tax_type: Option<String>,
    pub land_tax_amount: Option<i64>,
    pub accepted_at: Option<DateTime<Utc>>,
    pub created_at: DateTime<Utc>,
    /// See `NewQuote::terms`; None for quotes older than the column.
    pub terms: Option<sqlx::types::Json<serde_json::Value>>,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DocumentRow {
    pub id: i64,
    pub document_type: String,
    /// Who uploaded it (identity evidence is shown to them and the firm only).
    pub uploaded_by: Option<UserId>,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GeneratedDocumentRow {
    pub id: i64,
    pub document_type: String,
    #[serde(deserialize_with = "super::people::flag")]
    pub is_draft: bool,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct RequiredRow {
    id: i64,
    group_name: String,
    alteration_id: Option<i64>,
    document_type: String,
    document_id: Option<i64>,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct AcceptanceRow {
    applicant_id: i64,
    generated_document_id: i64,
    accepted_at: DateTime<Utc>,
}

#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct SearchRow {
    kind: String,
    document_type: String,
    document_id: Option<i64>,
}

/// A case with everything the expanded record and the engine need.
#[derive(Clone, Debug)]
pub struct LoadedCase {
    pub row: CaseRow,
    pub parties: Vec<PartyRow>,
    pub legal_names: HashMap<UserId, Vec<LegalNameRow>>,
    pub admins: Vec<AdminRow>,
    pub quote: Option<QuoteRow>,
    pub alterations: Vec<AlterationRow>,
    pub loans: Vec<LoanRow>,
    /// A leasehold remortgage's ground rent, once given.
    pub ground_rent: Option<GroundRentRow>,
    pub isas: Vec<IsaRow>,
    pub donors: Vec<i64>,
    pub sources_of_funds: Vec<SourceOfFundsRow>,
    /// A remortgage's transfer of equity, once begun: its reason when given.
    pub transfer_of_equity: Option<Option<TransferReason>>,
    pub documents: Vec<DocumentRow>,
    pub generated_documents: Vec<GeneratedDocumentRow>,
    required: Vec<RequiredRow>,
    acceptances: Vec<AcceptanceRow>,
    searches: Vec<SearchRow>,
    /// The legal file's tasks recorded done.
    tasks_done: Vec<TaskDone>,
    /// A purchase's enquiries with the seller's solicitor, oldest first.
    pub enquiries: Vec<Enquiry>,
    /// A remortgage's names on the title register, in the order recorded.
    pub title_register_names: Vec<TitleRegisterName>,
    /// A company case's company, once recorded.
    pub company: Option<Company>,
    /// Money held for the clients in the client ledger (received, the up-front payment
    /// included, less paid out), in pence.
    pub client_balance: i64,
    /// How the asking user relates to this case.
    pub relationship: Relationship,
}

/// An alteration of the property (spec §3).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AlterationRow {
    pub id: i64,
    pub alteration_type: AlterationType,
    pub completed_on: Option<NaiveDate>,
    pub documents_held_by: Option<DocumentsHeldBy>,
}

/// An existing charge on the property.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct LoanRow {
    pub id: i64,
    pub charge_type: ChargeType,
    pub lender_name: Option<String>,
    pub amount: Option<i64>,
}

/// Where money for a purchase comes from (a SourceOfFundsType name). Money in pence.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct SourceOfFundsRow {
    pub id: i64,
    pub source_type: String,
    pub amount: Option<i64>,
    origin: Option<String>,
    built_up_over: Option<String>,
    account_holder: Option<String>,
    described_at: Option<DateTime<Utc>>,
    review_outcome: Option<String>,
    review_reason: Option<String>,
    reviewed_evidence_id: Option<i64>,
    reviewed_at: Option<DateTime<Utc>>,
}

impl SourceOfFundsRow {
    /// The buyers' answers, once all three are given.
    fn details(&self) -> Option<SourceOfFundsDetails> {
        Some(SourceOfFundsDetails {
            origin: self.origin.clone()?,
            built_up_over: self.built_up_over.clone()?,
            account_holder: self.account_holder.clone()?,
            described_at: self.described_at?,
        })
    }

    fn review(&self) -> Option<SourceOfFundsReview> {
        Some(SourceOfFundsReview {
            outcome: ReviewOutcome::parse(self.review_outcome.as_deref()?)?,
            reason: self.review_reason.clone(),
            evidence_document_id: self.reviewed_evidence_id,
            reviewed_at: self.reviewed_at?,
        })
    }
}

/// A Lifetime or Help to Buy ISA paying towards a purchase, and the buyer whose it is.
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct IsaRow {
    pub id: i64,
    pub isa_type: String,
    pub amount: Option<i64>,
    pub applicant_id: Option<i64>,
}

/// Ground rent: pence per `frequency` (HALF_YEARLY or ANNUALLY).
#[derive(Clone, Debug, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct GroundRentRow {
    pub amount: Option<i64>,
    pub frequency: Option<String>,
}

/// The second (and last) statement of [`Db::load_case`]: everything hanging off the case, each
/// as a JSON column, so loading a case costs two round trips whatever it holds.
fn details_query(backend: crate::Backend) -> String {
    use super::people::json_array;
    let list = |fields: &str, table: &str| {
        json_array(
            backend,
            fields,
            "t.id",
            &format!("FROM {table} t WHERE t.case_id = $1"),
        )
    };
    let one = |fields: &str, from: &str| match backend {
        crate::Backend::Sqlite => format!("(SELECT json_object({fields}) {from})"),
        crate::Backend::Postgres => format!("(SELECT json_build_object({fields}) {from})"),
    };
    // SQLite keeps JSON as text: json() marks it as JSON again inside json_object.
    let (cost_breakdown, terms) = match backend {
        crate::Backend::Sqlite => ("json(q.cost_breakdown)", "json(q.terms)"),
        crate::Backend::Postgres => ("q.cost_breakdown", "q.terms"),
    };
    let quote = one(
        &format!(
            "'id', q.id, 'caseId', q.case_id, 'totalAmount', q.total_amount, 'deposit', q.deposit, \
             'subtotal', q.subtotal, 'discount', q.discount, 'costBreakdown', {cost_breakdown}, \
             'landTaxType', q.land_tax_type, 'landTaxAmount', q.land_tax_amount, \
             'acceptedAt', q.accepted_at, 'createdAt', q.created_at, 'terms', {terms}"
        ),
        "FROM quotes q WHERE q.case_id = $1 ORDER BY q.id DESC LIMIT 1",
    );
    let acceptances = json_array(
        backend,
        "'applicantId', da.applicant_id, 'generatedDocumentId', da.generated_document_id, \
         'acceptedAt', da.accepted_at",
        "da.applicant_id, da.generated_document_id",
        "FROM document_acceptances da JOIN applicants a ON a.id = da.applicant_id \
         WHERE a.case_id = $1",
    );
    // As the back office's ledger counts it (staff::ledger_view): the entries, and the first
    // up-front payment the payment provider took.
    let client_balance = "(CAST(COALESCE((SELECT SUM(CASE WHEN l.direction = 'RECEIVED' \
         THEN l.amount_pence ELSE -l.amount_pence END) FROM ledger_entries l \
         WHERE l.case_id = $1), 0) AS BIGINT) + COALESCE((SELECT d.amount FROM deposit_payments d \
         WHERE d.case_id = $1 AND d.paid_at IS NOT NULL ORDER BY d.paid_at LIMIT 1), 0))";
    format!(
        "SELECT {quote} AS quote, {} AS alterations, {} AS loans, {} AS isas, {} AS donors, \
         {} AS sources, {} AS transfer_of_equity, {} AS documents, {} AS generated_documents, \
         {} AS required, {acceptances} AS acceptances, {} AS searches, {} AS ground_rent, \
         {client_balance} AS client_balance, {} AS tasks_done, {} AS enquiries, \
         {} AS title_register_names, {} AS company, {} AS company_officers",
        list(
            "'id', t.id, 'alterationType', t.alteration_type, 'completedOn', t.completed_on, \
             'documentsHeldBy', t.documents_held_by",
            "alterations"
        ),
        list(
            "'id', t.id, 'chargeType', t.charge_type, 'lenderName', t.lender_name, \
             'amount', t.amount",
            "loans"
        ),
        list(
            "'id', t.id, 'isaType', t.isa_type, 'amount', t.amount, 'applicantId', t.applicant_id",
            "isas"
        ),
        list("'id', t.id", "donors"),
        list(
            "'id', t.id, 'sourceType', t.source_type, 'amount', t.amount, 'origin', t.origin, \
             'builtUpOver', t.built_up_over, 'accountHolder', t.account_holder, \
             'describedAt', t.described_at, 'reviewOutcome', t.review_outcome, \
             'reviewReason', t.review_reason, 'reviewedEvidenceId', t.reviewed_evidence_id, \
             'reviewedAt', t.reviewed_at",
            "sources_of_funds"
        ),
        one(
            "'kind', t.reason",
            "FROM transfers_of_equity t WHERE t.case_id = $1"
        ),
        // One table holds both kinds (uploads and Threshold's own documents).
        json_array(
            backend,
            "'id', t.id, 'documentType', t.document_type, 'uploadedBy', t.uploaded_by_user_id",
            "t.id",
            "FROM documents t WHERE t.case_id = $1 AND t.kind = 'UPLOADED'",
        ),
        json_array(
            backend,
            "'id', t.id, 'documentType', t.document_type, 'isDraft', t.is_draft",
            "t.id",
            "FROM documents t WHERE t.case_id = $1 AND t.kind = 'GENERATED'",
        ),
        list(
            "'id', t.id, 'groupName', t.group_name, 'alterationId', t.alteration_id, \
             'documentType', t.document_type, 'documentId', t.document_id",
            "required_documents"
        ),
        list(
            "'kind', t.kind, 'documentType', t.document_type, 'documentId', t.document_id",
            "searches"
        ),
        one(
            "'amount', t.amount, 'frequency', t.frequency",
            "FROM ground_rents t WHERE t.case_id = $1"
        ),
        json_array(
            backend,
            "'task', t.task, 'reference', t.reference, 'note', t.note, 'doneAt', t.done_at, \
             'doneByName', u.preferred_name",
            "t.id",
            "FROM case_tasks t LEFT JOIN users u ON u.id = t.done_by_user_id \
             WHERE t.case_id = $1",
        ),
        json_array(
            backend,
            "'id', t.id, 'followUpOf', t.follow_up_of, 'question', t.question, \
             'raisedAt', t.raised_at, 'raisedByName', r.preferred_name, 'answer', t.answer, \
             'answeredAt', t.answered_at, 'answeredByName', a.preferred_name, \
             'outcome', t.outcome, 'withdrawalReason', t.withdrawal_reason",
            "t.id",
            "FROM case_enquiries t LEFT JOIN users r ON r.id = t.raised_by_user_id \
             LEFT JOIN users a ON a.id = t.answered_by_user_id WHERE t.case_id = $1",
        ),
        list(
            "'id', t.id, 'fullName', t.full_name, 'explanation', t.explanation, \
             'evidenceDocumentId', t.evidence_document_id, 'explainedAt', t.explained_at",
            "title_register_names"
        ),
        one(
            "'registeredName', t.registered_name, 'companyNumber', t.company_number, \
             'addressLine1', t.office_line1, 'addressLine2', t.office_line2, \
             'town', t.office_town, 'postcode', t.office_postcode",
            "FROM case_companies t WHERE t.case_id = $1"
        ),
        json_array(
            backend,
            "'ownerId', t.applicant_id, 'isDirector', t.is_director, \
             'isGuarantor', t.is_guarantor",
            "t.applicant_id",
            "FROM company_officers t WHERE t.case_id = $1",
        ),
    )
}

/// The company's row as the details query reads it.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct CompanyRow {
    registered_name: String,
    company_number: String,
    address_line1: String,
    address_line2: Option<String>,
    town: String,
    postcode: String,
}

/// A company officer's row.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
struct OfficerRow {
    owner_id: i64,
    #[serde(deserialize_with = "super::people::flag")]
    is_director: bool,
    #[serde(deserialize_with = "super::people::flag")]
    is_guarantor: bool,
}

fn company(row: Option<CompanyRow>, officers: Vec<OfficerRow>) -> Option<Company> {
    let c = row?;
    Some(Company {
        registered_name: c.registered_name,
        company_number: c.company_number,
        registered_office: RegisteredOffice {
            address_line1: c.address_line1,
            address_line2: c.address_line2,
            town: c.town,
            postcode: c.postcode,
        },
        officers: officers
            .into_iter()
            .map(|o| CompanyOfficer {
                owner_id: o.owner_id,
                is_director: o.is_director,
                is_guarantor: o.is_guarantor,
            })
            .collect(),
    })
}

#[derive(sqlx::FromRow)]
struct CaseDetails {
    quote: Option<sqlx::types::Json<QuoteRow>>,
    alterations: sqlx::types::Json<Vec<AlterationRow>>,
    loans: sqlx::types::Json<Vec<LoanRow>>,
    isas: sqlx::types::Json<Vec<IsaRow>>,
    donors: sqlx::types::Json<Vec<IdJson>>,
    sources: sqlx::types::Json<Vec<SourceOfFundsRow>>,
    transfer_of_equity: Option<sqlx::types::Json<ReasonJson>>,
    documents: sqlx::types::Json<Vec<DocumentRow>>,
    generated_documents: sqlx::types::Json<Vec<GeneratedDocumentRow>>,
    required: sqlx::types::Json<Vec<RequiredRow>>,
    acceptances: sqlx::types::Json<Vec<AcceptanceRow>>,
    searches: sqlx::types::Json<Vec<SearchRow>>,
    ground_rent: Option<sqlx::types::Json<GroundRentRow>>,
    client_balance: i64,
    tasks_done: sqlx::types::Json<Vec<TaskDone>>,
    enquiries: sqlx::types::Json<Vec<Enquiry>>,
    title_register_names: sqlx::types::Json<Vec<TitleRegisterName>>,
    company: Option<sqlx::types::Json<CompanyRow>>,
    company_officers: sqlx::types::Json<Vec<OfficerRow>>,
}

#[derive(serde::Deserialize)]
struct IdJson {
    id: i64,
}

#[derive(serde::Deserialize)]
struct ReasonJson {
    kind: Option<String>,
}

/// Parses a stored enum name (its `FromStr`: strum's name, which each enum's test checks is
/// the one the API sends).
pub fn parse_enum<T: std::str::FromStr>(value: Option<&str>) -> Option<T> {
    value.and_then(|v| v.parse().ok())
}

impl LoadedCase {
    /// A list item as a case with only what the list loads (no documents, loans, …): enough
    /// for the status chip, message and cancel rule, which read status, dates and flags.
    pub fn from_list_item(
        item: &super::CaseListItem,
        legal_names: &HashMap<UserId, Vec<LegalNameRow>>,
        relationship: Relationship,
    ) -> Self {
        LoadedCase {
            row: item.row.clone(),
            parties: item.parties.clone(),
            legal_names: item
                .parties
                .iter()
                .filter_map(|p| legal_names.get(&p.user_id).map(|n| (p.user_id, n.clone())))
                .collect(),
            admins: item.admins.clone(),
            quote: None,
            alterations: vec![],
            loans: vec![],
            ground_rent: None,
            isas: vec![],
            donors: vec![],
            sources_of_funds: vec![],
            transfer_of_equity: None,
            documents: vec![],
            generated_documents: vec![],
            required: vec![],
            acceptances: vec![],
            searches: vec![],
            tasks_done: vec![],
            enquiries: vec![],
            title_register_names: vec![],
            company: None,
            client_balance: 0,
            relationship,
        }
    }

    /// Whether a source of funds of this kind (a SourceOfFundsType name) is listed.
    pub fn has_source_of_funds(&self, source_type: &str) -> bool {
        self.sources_of_funds
            .iter()
            .any(|f| f.source_type == source_type)
    }

    pub fn applicants(&self) -> impl Iterator<Item = &PartyRow> {
        self.parties.iter().filter(|p| p.party_type == "APPLICANT")
    }

    /// The engine's view of one party.
    pub fn party(&self, p: &PartyRow) -> Party {
        party_snapshot(p, self.legal_names.get(&p.user_id), &self.acceptances)
    }

    /// The document type of one of the case's required-document slots (None: not this case's).
    pub fn required_slot_type(&self, slot_id: i64) -> Option<&str> {
        self.required
            .iter()
            .find(|r| r.id == slot_id)
            .map(|r| r.document_type.as_str())
    }

    fn required(&self, group: &str) -> Vec<RequiredDocument> {
        self.required
            .iter()
            .filter(|r| r.group_name == group)
            .map(|r| RequiredDocument {
                id: r.id,
                document_type: r.document_type.clone(),
                document_id: r.document_id,
            })
            .collect()
    }

    fn case_documents(&self) -> CaseDocuments {
        CaseDocuments {
            documents: self
                .documents
                .iter()
                .map(|d| UploadedDocument {
                    document_id: d.id,
                    document_type: d.document_type.clone(),
                })
                .collect(),
            generated_documents: self
                .generated_documents
                .iter()
                .map(|d| GeneratedDocument {
                    document_id: d.id,
                    document_type: d.document_type.clone(),
                    is_draft: d.is_draft,
                })
                .collect(),
        }
    }

    fn quote_snapshot(&self) -> Option<QuoteSnapshot> {
        self.quote.as_ref().map(|q| QuoteSnapshot {
            accepted_at: q.accepted_at,
            cost_breakdown: q.cost_breakdown.0.clone(),
            total_amount: q.total_amount,
        })
    }

    /// The engine's snapshot of this case, as the type it was loaded as.
    pub fn snapshot(&self, case_type: CaseType) -> Option<AnySnapshot> {
        match case_type {
            CaseType::Remortgaging => self.remortgaging_snapshot().map(AnySnapshot::Remortgaging),
            CaseType::Buying => self.buying_snapshot().map(AnySnapshot::Buying),
        }
    }

    pub fn remortgaging_snapshot(&self) -> Option<RemortgagingSnapshot> {
        let r = &self.row;
        let status = WorkflowStatus::parse(&r.status)?;
        let mut s = RemortgagingSnapshot::new(r.id, status);
        s.client_balance = self.client_balance;
        s.tasks_done = self.tasks_done.clone();
        s.has_alterations = r.has_alterations;
        s.has_loans = r.has_loans;
        s.has_adult_occupants = r.has_adult_occupants;
        s.property_usage = parse_enum(r.property_usage.as_deref());
        s.is_company_case = r.is_company_case;
        s.remortgaging_reason = parse_enum(r.remortgaging_reason.as_deref());
        s.new_lender = r.lender.clone();
        s.alterations = self
            .alterations
            .iter()
            .map(|a| threshold_engine::snapshot::Alteration {
                id: a.id,
                alteration_type: a.alteration_type,
                completed_on: a.completed_on,
                documents_held_by: a.documents_held_by,
            })
            .collect();
        s.loans = self.loans();
        s.property = Some(RemortgagingProperty {
            land_ownership: r.property.land_ownership.clone(),
            property_type: r.property.property_type.clone(),
            tenure: parse_enum(r.property.tenure.as_deref()),
            jurisdiction: parse_enum(r.jurisdiction.as_deref()),
            value: r.property_value,
        });
        s.property_owners = self.applicants().map(|p| self.party(p)).collect();
        let alteration_ids: Vec<i64> = self.alterations.iter().map(|a| a.id).collect();
        s.required_documents = RemortgagingRequiredDocuments {
            documents: self.required("documents"),
            alteration_documents: alteration_ids
                .iter()
                .map(|id| AlterationDocuments {
                    alteration_id: *id,
                    required_documents: self
                        .required
                        .iter()
                        .filter(|d| d.alteration_id == Some(*id))
                        .map(|d| RequiredDocument {
                            id: d.id,
                            document_type: d.document_type.clone(),
                            document_id: d.document_id,
                        })
                        .collect(),
                })
                .collect(),
            buy_to_let_documents: self.required("buyToLetDocuments"),
        };
        s.quote = self.quote_snapshot();
        s.transfer_of_equity = self
            .transfer_of_equity
            .map(|reason| TransferOfEquity { reason });
        s.documents = self.case_documents();
        s.completion_date = r.completion_date;
        s.is_repaying_help_to_buy = r.is_repaying_help_to_buy;
        s.has_htb_redemption_letter = r.has_htb_redemption_letter;
        s.has_mortgage_offer = r.has_mortgage_offer;
        s.created_by_broker = r.created_by_broker;
        s.invited_by_lender = r.invited_by_lender;
        s.title_documents_retrieved = r.title_documents_retrieved;
        s.ineligibility_reason = parse_enum(r.ineligibility_reason.as_deref());
        s.title_register_names = self.title_register_names.clone();
        s.company = self.company.clone();
        Some(s)
    }

    pub fn buying_snapshot(&self) -> Option<BuyingSnapshot> {
        let r = &self.row;
        let status = WorkflowStatus::parse(&r.status)?;
        let mut s = BuyingSnapshot::new(r.id, status);
        s.client_balance = self.client_balance;
        s.tasks_done = self.tasks_done.clone();
        s.enquiries = self.enquiries.clone();
        s.property_usage = parse_enum(r.property_usage.as_deref());
        s.lender = r.lender.clone();
        s.has_loans = r.has_loans;
        s.deposit_amount = r.deposit_amount;
        s.results_in_multiple_properties = r.results_in_multiple_properties;
        s.is_replacing_main_residence = r.is_replacing_main_residence;
        s.property = r.property.address_line1.as_ref().map(|_| BuyingProperty {
            address_line1: r.property.address_line1.clone(),
            postcode: r.property.postcode.clone(),
            tenure: parse_enum(r.property.tenure.as_deref()),
            jurisdiction: parse_enum(r.jurisdiction.as_deref()),
            price: r.purchase_price,
            is_new_build: Some(r.is_new_build),
            is_shared_ownership: Some(r.is_shared_ownership),
        });
        s.buyers = self.applicants().map(|p| self.party(p)).collect();
        s.source_of_funds = self
            .sources_of_funds
            .iter()
            .filter_map(|f| {
                parse_enum(Some(&f.source_type)).map(|source_type| SourceOfFunds {
                    details: f.details(),
                    review: f.review(),
                    ..SourceOfFunds::declared(f.id, source_type)
                })
            })
            .collect();
        s.donors = self.donors.iter().map(|id| Donor { id: *id }).collect();
        s.isas = self
            .isas
            .iter()
            .map(|i| Isa {
                id: i.id,
                isa_type: parse_enum(Some(&i.isa_type)),
            })
            .collect();
        s.loans = self.loans();
        s.quote = self.quote_snapshot();
        s.required_documents = BuyingRequiredDocuments {
            documents: self.required("documents"),
            source_of_funds_documents: self.required("sourceOfFundsDocuments"),
            isa_documents: self.required("isaDocuments"),
            buy_to_let_documents: self.required("buyToLetDocuments"),
            statements: self.required("statements"),
        };
        s.deposit = Deposit {
            paid_at: r.deposit_paid_at,
        };
        let search = |kind: &str| {
            self.searches
                .iter()
                .filter(|x| x.kind == kind)
                .map(|x| UploadedDocument {
                    document_id: x.document_id.unwrap_or_default(),
                    document_type: x.document_type.clone(),
                })
                .collect()
        };
        s.searches = Searches {
            documents: search("document"),
            summaries: search("summary"),
        };
        s.documents = self.case_documents();
        s.completion_date = r.completion_date;
        s.created_by_broker = r.created_by_broker;
        s.invited_by_lender = r.invited_by_lender;
        s.ineligibility_reason = parse_enum(r.ineligibility_reason.as_deref());
        Some(s)
    }

    fn loans(&self) -> Vec<Loan> {
        self.loans
            .iter()
            .map(|l| Loan {
                id: l.id,
                charge_type: l.charge_type,
            })
            .collect()
    }
}

/// The engine's party from the stored rows; `until` keeps only its date.
pub fn party_snapshot(
    p: &PartyRow,
    names: Option<&Vec<LegalNameRow>>,
    acceptances: &[impl AcceptanceLike],
) -> Party {
    Party {
        user: PartyUser {
            id: None,
            preferred_name: Some(p.preferred_name.clone()),
            legal_names: names
                .map(|ns| {
                    ns.iter()
                        .map(|n| LegalName {
                            first_name: Some(n.first_name.clone()),
                            middle_names: n.middle_names.clone(),
                            surname: Some(n.surname.clone()),
                            until: n.until.map(|u| u.date_naive()),
                        })
                        .collect()
                })
                .unwrap_or_default(),
            email: Some(p.email.clone()),
            phone_number: p.phone_number.clone(),
            date_of_birth: p.date_of_birth,
            address: Some(Address {
                line1: p.address_line1.clone(),
                line2: p.address_line2.clone(),
                town: p.address_town.clone(),
                postcode: p.address_postcode.clone(),
            }),
            occupation: p.occupation.clone(),
            national_insurance_number: p.national_insurance_number.clone(),
        },
        redacted: p.redacted,
        is_uk_resident: p.is_uk_resident,
        identity_submitted_at: p.identity_submitted_at,
        identity_verified_at: p.identity_verified_at,
        document_acceptances: acceptances
            .iter()
            .filter(|a| a.applicant() == p.id)
            .map(|a| DocumentAcceptance {
                document_id: a.document(),
                accepted_at: a.at(),
            })
            .collect(),
    }
}

/// Lets [`party_snapshot`] read acceptances without exposing their row type.
pub trait AcceptanceLike {
    fn applicant(&self) -> i64;
    fn document(&self) -> i64;
    fn at(&self) -> DateTime<Utc>;
}

impl AcceptanceLike for AcceptanceRow {
    fn applicant(&self) -> i64 {
        self.applicant_id
    }
    fn document(&self) -> i64 {
        self.generated_document_id
    }
    fn at(&self) -> DateTime<Utc> {
        self.accepted_at
    }
}

impl Db {
    /// The case if `scope` may see it and it has this type; None otherwise (the API's 404).
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn load_case(
        &self,
        case_id: i64,
        case_type: &str,
        scope: &Scope,
        user: Option<UserId>,
    ) -> Result<Option<LoadedCase>, StoreError> {
        let mut sql = Sql::default();
        sql.push(&case_with_people_columns(self.backend()))
            .push(" FROM cases c LEFT JOIN properties p ON p.case_id = c.id WHERE c.id = ")
            .bind(Arg::Int(case_id))
            .push(" AND c.case_type = ")
            .bind(Arg::Text(case_type.to_owned()));
        scope.restrict(&mut sql);
        let row: Option<CaseWithPeople> = on_db!(self, pool => {
            let q = sqlx::query_as(sqlx::AssertSqlSafe(sql.text.clone()));
            bind_args!(q, &sql.args).fetch_optional(pool).await
        })?;
        let Some(row) = row else {
            return Ok(None);
        };
        let (row, people) = row.split();
        let People {
            parties,
            legal_names,
            admins,
        } = people;
        let relationship = Relationship {
            is_party: parties
                .iter()
                .any(|p| Some(p.user_id) == user && p.party_type == "APPLICANT"),
            is_case_admin: scope.is_broker(),
        };
        let details: CaseDetails = on_db!(self, pool => {
            sqlx::query_as(sqlx::AssertSqlSafe(details_query(self.backend())))
                .bind(row.id)
                .fetch_one(pool)
                .await
        })?;
        let CaseDetails {
            quote,
            alterations,
            loans,
            isas,
            donors,
            sources,
            transfer_of_equity,
            documents,
            generated_documents,
            required,
            acceptances,
            searches,
            ground_rent,
            client_balance,
            tasks_done,
            enquiries,
            title_register_names,
            company: company_row,
            company_officers,
        } = details;
        let ids = |v: sqlx::types::Json<Vec<IdJson>>| v.0.into_iter().map(|i| i.id).collect();
        Ok(Some(LoadedCase {
            row,
            parties,
            legal_names,
            admins,
            quote: quote.map(|q| q.0),
            alterations: alterations.0,
            loans: loans.0,
            ground_rent: ground_rent.map(|g| g.0),
            isas: isas.0,
            donors: ids(donors),
            sources_of_funds: sources.0,
            transfer_of_equity: transfer_of_equity
                .map(|t| t.0.kind.as_deref().and_then(TransferReason::parse)),
            documents: documents.0,
            generated_documents: generated_documents.0,
            required: required.0,
            acceptances: acceptances.0,
            searches: searches.0,
            tasks_done: tasks_done.0,
            enquiries: enquiries.0,
            title_register_names: title_register_names.0,
            company: company(company_row.map(|c| c.0), company_officers.0),
            client_balance,
            relationship,
        }))
    }

    /// Whether `scope` may see this case of this type.
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn can_see_case(
        &self,
        case_id: i64,
        case_type: &str,
        scope: &Scope,
    ) -> Result<bool, StoreError> {
        let mut sql = Sql::default();
        sql.push("SELECT c.id FROM cases c WHERE c.id = ")
            .bind(Arg::Int(case_id))
            .push(" AND c.case_type = ")
            .bind(Arg::Text(case_type.to_owned()));
        scope.restrict(&mut sql);
        let row: Option<(i64,)> = on_db!(self, pool => {
            let q = sqlx::query_as(sqlx::AssertSqlSafe(sql.text.clone()));
            bind_args!(q, &sql.args).fetch_optional(pool).await
        })?;
        Ok(row.is_some())
    }

    /// The latest quote of a case (the caller has checked the case is visible).
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn latest_quote(&self, case_id: i64) -> Result<Option<QuoteRow>, StoreError> {
        self.quote_where(case_id, "").await
    }

    /// The latest quote of a case a customer accepted (a re-quote waits for acceptance after it).
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn last_accepted_quote(&self, case_id: i64) -> Result<Option<QuoteRow>, StoreError> {
        self.quote_where(case_id, "AND accepted_at IS NOT NULL")
            .await
    }

    async fn quote_where(
        &self,
        case_id: i64,
        condition: &'static str,
    ) -> Result<Option<QuoteRow>, StoreError> {
        let sql = format!(
            "SELECT id, case_id, total_amount, deposit, subtotal, discount, cost_breakdown, \
             land_tax_type, land_tax_amount, accepted_at, created_at, terms FROM quotes \
             WHERE case_id = $1 {condition} ORDER BY id DESC LIMIT 1"
        );
        Ok(
            on_db!(self, pool => sqlx::query_as(sqlx::AssertSqlSafe(sql.clone()))
        .bind(case_id)
        .fetch_optional(pool)
        .await)?,
        )
    }
}
