//! The documents a case must upload, decided from the case itself (spec §4 "Documents"): the
//! store keeps the `required_documents` rows in line with these slots after every section
//! write, keeping what was uploaded into a slot that is still wanted.

use threshold_engine::snapshot::{RequiredDocument, RequiredSlot, SourceOfFunds, doc_types};
use threshold_engine::source_of_funds::{self, SourceOfFundsState};
use threshold_engine::types::{AlterationType, DocumentsHeldBy, PropertyUsage, SourceOfFundsType};
use threshold_engine::{BuyingSnapshot, RemortgagingSnapshot};

/// The groups of `requiredDocuments` (the stored `group_name`).
pub const DOCUMENTS: &str = "documents";
pub const BUY_TO_LET_DOCUMENTS: &str = "buyToLetDocuments";
pub const ALTERATION_DOCUMENTS: &str = "alterationDocuments";
pub const SOURCE_OF_FUNDS_DOCUMENTS: &str = "sourceOfFundsDocuments";
pub const ISA_DOCUMENTS: &str = "isaDocuments";
pub const STATEMENTS: &str = "statements";

pub const MORTGAGE_STATEMENT: &str = "MORTGAGE_STATEMENT";
pub const TENANCY_AGREEMENT: &str = "TENANCY_AGREEMENT";
pub const GAS_SAFETY_CERTIFICATE: &str = "GAS_SAFETY_CERTIFICATE";
pub const ENERGY_PERFORMANCE_CERTIFICATE: &str = "ENERGY_PERFORMANCE_CERTIFICATE";
pub const PLANNING_PERMISSION: &str = "PLANNING_PERMISSION";
pub const BUILDING_REGULATIONS_COMPLETION_CERTIFICATE: &str =
    "BUILDING_REGULATIONS_COMPLETION_CERTIFICATE";
pub const FENSA_CERTIFICATE: &str = "FENSA_CERTIFICATE";
pub const GAS_SAFE_CERTIFICATE: &str = "GAS_SAFE_CERTIFICATE";
pub const ELECTRICAL_INSTALLATION_CERTIFICATE: &str = "ELECTRICAL_INSTALLATION_CERTIFICATE";
pub const MCS_CERTIFICATE: &str = "MCS_CERTIFICATE";

/// What the owner must show for an alteration whose documents they hold.
pub fn alteration_documents(alteration: AlterationType) -> &'static [&'static str] {
    use AlterationType as A;
    match alteration {
        A::Extension
        | A::Loft
        | A::BasementConversion
        | A::GarageConversion
        | A::Conservatory
        | A::RemovalOfWalls
        | A::Garage => &[
            PLANNING_PERMISSION,
            BUILDING_REGULATIONS_COMPLETION_CERTIFICATE,
        ],
        A::WindowsAndDoors => &[FENSA_CERTIFICATE],
        A::Boiler | A::Gas | A::Heating => &[GAS_SAFE_CERTIFICATE],
        A::Electrical => &[ELECTRICAL_INSTALLATION_CERTIFICATE],
        A::Solar => &[MCS_CERTIFICATE],
        A::Insulation => &[BUILDING_REGULATIONS_COMPLETION_CERTIFICATE],
    }
}

/// A remortgage's slots, in the order shown: the mortgage and bank statements (bank statements
/// do not count for completeness), the buy-to-let documents of a buy-to-let property, and the
/// documents of each alteration whose documents the owner holds.
pub fn remortgaging(s: &RemortgagingSnapshot) -> Vec<RequiredSlot> {
    let slot = |group, alteration_id, document_type| RequiredSlot {
        group,
        alteration_id,
        document_type,
    };
    let mut slots = vec![
        slot(DOCUMENTS, None, MORTGAGE_STATEMENT),
        slot(DOCUMENTS, None, doc_types::BANK_STATEMENT),
    ];
    if s.property_usage == Some(PropertyUsage::BuyToLet) {
        for t in [
            TENANCY_AGREEMENT,
            GAS_SAFETY_CERTIFICATE,
            ENERGY_PERFORMANCE_CERTIFICATE,
        ] {
            slots.push(slot(BUY_TO_LET_DOCUMENTS, None, t));
        }
    }
    for a in &s.alterations {
        if a.documents_held_by != Some(DocumentsHeldBy::Owner) {
            continue;
        }
        for t in alteration_documents(a.alteration_type) {
            slots.push(slot(ALTERATION_DOCUMENTS, Some(a.id), t));
        }
    }
    slots
}

/// The evidence a purchase's source of funds needs (the ISAs' statements come per ISA), and
/// the group it goes in.
fn source_of_funds_document(source: SourceOfFundsType) -> Option<(&'static str, &'static str)> {
    use SourceOfFundsType as S;
    let evidence = |t| Some((SOURCE_OF_FUNDS_DOCUMENTS, t));
    match source {
        S::Mortgage => Some((DOCUMENTS, "MORTGAGE_IN_PRINCIPLE")),
        S::Savings => evidence("SAVINGS_STATEMENT"),
        S::PropertySale => evidence("PROPERTY_SALE_EVIDENCE"),
        S::Gifts => evidence("GIFT_STATEMENT"),
        S::Inheritance => evidence("INHERITANCE_EVIDENCE"),
        S::Pension => evidence("PENSION_STATEMENT"),
        S::InvestmentSale => evidence("INVESTMENT_SALE_EVIDENCE"),
        S::BusinessSale => evidence("BUSINESS_SALE_EVIDENCE"),
        S::Other => evidence("SOURCE_OF_FUNDS_EVIDENCE"),
        S::HelpToBuyIsa | S::LifetimeIsa => None,
    }
}

/// A purchase's slots, in the order shown: the mortgage in principle when a mortgage pays for
/// it, one piece of evidence per kind of source of funds, a statement per kind of ISA, and the
/// bank statements every purchase needs (anti-money-laundering checks). A kind listed twice
/// needs its evidence once.
pub fn buying(s: &BuyingSnapshot) -> Vec<RequiredSlot> {
    let slot = |group, document_type| RequiredSlot {
        group,
        alteration_id: None,
        document_type,
    };
    let mut slots: Vec<RequiredSlot> = vec![];
    let mut push = |group, document_type| {
        if !slots
            .iter()
            .any(|x| x.group == group && x.document_type == document_type)
        {
            slots.push(slot(group, document_type));
        }
    };
    for f in &s.source_of_funds {
        if let Some((group, t)) = source_of_funds_document(f.source_type) {
            push(group, t);
        }
    }
    for isa in &s.isas {
        match isa.isa_type {
            Some(SourceOfFundsType::HelpToBuyIsa) => push(ISA_DOCUMENTS, "HELP_TO_BUY_STATEMENT"),
            Some(SourceOfFundsType::LifetimeIsa) => push(ISA_DOCUMENTS, "LIFETIME_ISA_STATEMENT"),
            _ => {}
        }
    }
    push(STATEMENTS, doc_types::BANK_STATEMENT);
    slots
}

/// The document type that evidences a source of funds: its own slot's, or its kind of ISA's
/// statement.
pub fn evidence_type(source: SourceOfFundsType) -> &'static str {
    match source {
        SourceOfFundsType::HelpToBuyIsa => "HELP_TO_BUY_STATEMENT",
        SourceOfFundsType::LifetimeIsa => "LIFETIME_ISA_STATEMENT",
        other => source_of_funds_document(other).map_or(doc_types::BANK_STATEMENT, |(_, t)| t),
    }
}

/// The slot a source's evidence goes in, when the case asks for it.
pub fn evidence_slot(s: &BuyingSnapshot, source: SourceOfFundsType) -> Option<&RequiredDocument> {
    let wanted = evidence_type(source);
    s.required_documents
        .groups()
        .into_iter()
        .flatten()
        .find(|r| r.document_type == wanted)
}

/// Where one of a purchase's sources of funds stands in the firm's review, and the document
/// now in its evidence slot.
pub fn source_of_funds_state(
    s: &BuyingSnapshot,
    source: &SourceOfFunds,
) -> (SourceOfFundsState, Option<i64>) {
    let slot = evidence_slot(s, source.source_type);
    let evidence = slot.and_then(|r| r.document_id);
    let state = source_of_funds::state(
        source.source_type,
        source.details.as_ref(),
        source.review.as_ref(),
        evidence,
        slot.is_some(),
    );
    (state, evidence)
}

/// Where each of a purchase's sources of funds stands in the firm's review.
pub fn source_of_funds_states(s: &BuyingSnapshot) -> Vec<(i64, SourceOfFundsState)> {
    s.source_of_funds
        .iter()
        .map(|f| (f.id, source_of_funds_state(s, f).0))
        .collect()
}
