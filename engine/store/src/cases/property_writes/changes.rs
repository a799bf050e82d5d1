//! The changes to the property sections, as the API has validated them.

use chrono::NaiveDate;
use threshold_engine::snapshot::RequiredSlot;
use threshold_engine::types::{AlterationType, ChargeType, DocumentsHeldBy};

use crate::UserId;
use crate::cases::{NewQuote, TransitionRecord};

/// An alteration to add.
#[derive(Clone, Debug)]
pub struct NewAlteration {
    pub alteration_type: AlterationType,
    pub completed_on: Option<NaiveDate>,
    pub documents_held_by: DocumentsHeldBy,
}

/// An existing charge to add. Money in pence.
#[derive(Clone, Debug)]
pub struct NewLoan {
    pub charge_type: ChargeType,
    pub lender_name: Option<String>,
    pub amount: Option<i64>,
}

/// One change to the property sections, as the API has validated it.
#[derive(Clone, Debug)]
pub enum PropertyWrite {
    /// Ownership type, property type and tenure. A tenure other than leasehold drops the
    /// ground rent (only a leasehold has one).
    Details {
        land_ownership: String,
        property_type: String,
        tenure: String,
    },
    GroundRent {
        amount: i64,
        frequency: String,
    },
    /// The "any alterations?" answer, and an alteration to add.
    Alterations {
        has_alterations: bool,
        add: Option<NewAlteration>,
    },
    DeleteAlteration {
        alteration_id: i64,
    },
    /// The "any other loans?" answer, and a loan to add.
    Loans {
        has_loans: bool,
        add: Option<NewLoan>,
    },
    DeleteLoan {
        loan_id: i64,
    },
    /// A purchase's deposit (pence) and the lender (None: left as it is).
    Purchase {
        deposit_amount: i64,
        lender: Option<String>,
    },
    /// Where the money for a purchase comes from (a SourceOfFundsType name).
    AddSourceOfFunds {
        source_type: String,
        amount: Option<i64>,
    },
    DeleteSourceOfFunds {
        source_id: i64,
    },
    /// A Lifetime or Help to Buy ISA paying towards a purchase, and whose it is.
    AddIsa {
        isa_type: String,
        amount: Option<i64>,
        applicant_id: Option<i64>,
    },
    DeleteIsa {
        isa_id: i64,
    },
    /// The Stamp Duty Land Tax answers, with the new quote they lead to when they change the
    /// price (the customer accepts it again, issue 28.2).
    LandTax {
        results_in_multiple_properties: bool,
        is_replacing_main_residence: bool,
        is_first_time_buyer: bool,
        requote: Option<Box<NewQuote>>,
    },
}

impl PropertyWrite {
    /// The audit trail's name for it.
    pub fn action(&self) -> &'static str {
        match self {
            PropertyWrite::Details { .. } => "case.property_details_updated",
            PropertyWrite::GroundRent { .. } => "case.ground_rent_updated",
            PropertyWrite::Alterations { add: None, .. } => "case.alterations_answered",
            PropertyWrite::Alterations { add: Some(_), .. } => "case.alteration_added",
            PropertyWrite::DeleteAlteration { .. } => "case.alteration_deleted",
            PropertyWrite::Loans { add: None, .. } => "case.loans_answered",
            PropertyWrite::Loans { add: Some(_), .. } => "case.loan_added",
            PropertyWrite::DeleteLoan { .. } => "case.loan_deleted",
            PropertyWrite::Purchase { .. } => "case.purchase_financing_updated",
            PropertyWrite::AddSourceOfFunds { .. } => "case.source_of_funds_added",
            PropertyWrite::DeleteSourceOfFunds { .. } => "case.source_of_funds_deleted",
            PropertyWrite::AddIsa { .. } => "case.isa_added",
            PropertyWrite::DeleteIsa { .. } => "case.isa_deleted",
            PropertyWrite::LandTax { .. } => "case.land_tax_answers_updated",
        }
    }
}

impl PropertyWrite {
    /// The alteration or loan it deletes.
    pub(super) fn deleted_row(&self) -> Option<i64> {
        match self {
            PropertyWrite::DeleteAlteration { alteration_id } => Some(*alteration_id),
            PropertyWrite::DeleteLoan { loan_id } => Some(*loan_id),
            PropertyWrite::DeleteSourceOfFunds { source_id } => Some(*source_id),
            PropertyWrite::DeleteIsa { isa_id } => Some(*isa_id),
            _ => None,
        }
    }
}

/// The case lists whose rows are deleted by their own id (`DELETE /loans/{loanId}`).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CaseList {
    Loans,
    Isas,
}

impl CaseList {
    pub(super) fn table(self) -> &'static str {
        match self {
            CaseList::Loans => "loans",
            CaseList::Isas => "isas",
        }
    }
}

/// A property write with everything that goes in its transaction.
#[derive(Clone, Copy, Debug)]
pub struct PropertyWriteRecord<'a> {
    pub case_id: i64,
    pub case_type: &'a str,
    /// The status the caller decided on: the write is refused (a conflict) if the case has
    /// moved since.
    pub expected_status: &'a str,
    pub actor: UserId,
    pub write: &'a PropertyWrite,
    /// The required-document slots the case should have afterwards (None: leave them as they
    /// are). A slot for [`NEW_ROW_ID`] is for the alteration this write adds.
    pub required: Option<&'a [RequiredSlot]>,
    pub transitions: &'a [TransitionRecord],
}
