//! A case of either type.

use chrono::{DateTime, NaiveDate, Utc};

use super::{
    BuyingSnapshot, CaseDocuments, CaseSnapshot, Party, RemortgagingSnapshot, UploadedDocument,
};
use crate::enquiries::Enquiry;
use crate::tasks::TaskDone;
use crate::types::IneligibilityReason;

/// A case of either type: what the service and the API hold so that they dispatch on the case
/// type once (in `Workflows`), not per handler.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum AnySnapshot {
    Remortgaging(RemortgagingSnapshot),
    Buying(BuyingSnapshot),
}

impl AnySnapshot {
    pub fn case_type(&self) -> crate::types::CaseType {
        match self {
            Self::Remortgaging(_) => crate::types::CaseType::Remortgaging,
            Self::Buying(_) => crate::types::CaseType::Buying,
        }
    }

    pub fn status(&self) -> crate::types::CaseStatus {
        match self {
            Self::Remortgaging(s) => s.status.into(),
            Self::Buying(s) => s.status.into(),
        }
    }

    pub fn set_ineligibility_reason(&mut self, reason: Option<IneligibilityReason>) {
        match self {
            Self::Remortgaging(s) => s.set_ineligibility_reason(reason),
            Self::Buying(s) => s.set_ineligibility_reason(reason),
        }
    }

    /// The owners or buyers, in the case's order (the lead first).
    pub fn parties_mut(&mut self) -> &mut Vec<Party> {
        match self {
            Self::Remortgaging(s) => &mut s.property_owners,
            Self::Buying(s) => &mut s.buyers,
        }
    }

    pub fn documents(&self) -> &CaseDocuments {
        match self {
            Self::Remortgaging(s) => &s.documents,
            Self::Buying(s) => &s.documents,
        }
    }

    pub fn tasks_done(&self) -> &[TaskDone] {
        match self {
            Self::Remortgaging(s) => &s.tasks_done,
            Self::Buying(s) => &s.tasks_done,
        }
    }

    /// A purchase's enquiries with the seller's solicitor (a remortgage raises none).
    pub fn enquiries(&self) -> &[Enquiry] {
        match self {
            Self::Remortgaging(_) => &[],
            Self::Buying(s) => &s.enquiries,
        }
    }

    /// A task of the legal file recorded done (a transition it blocked may follow).
    pub fn record_task_done(&mut self, done: TaskDone) {
        match self {
            Self::Remortgaging(s) => s.tasks_done.push(done),
            Self::Buying(s) => s.tasks_done.push(done),
        }
    }

    pub fn documents_mut(&mut self) -> &mut CaseDocuments {
        match self {
            Self::Remortgaging(s) => &mut s.documents,
            Self::Buying(s) => &mut s.documents,
        }
    }

    /// The lender's mortgage offer has arrived (remortgaging; a purchase has no such step).
    pub fn record_mortgage_offer(&mut self) {
        if let Self::Remortgaging(s) = self {
            s.has_mortgage_offer = true;
        }
    }

    /// The housing association's Help to Buy redemption letter has arrived (remortgaging).
    pub fn record_htb_redemption_letter(&mut self) {
        if let Self::Remortgaging(s) = self {
            s.has_htb_redemption_letter = true;
        }
    }

    /// A search result (`summary` false) or the firm's summary of one is in (buying).
    pub fn record_search(&mut self, document: UploadedDocument, summary: bool) {
        if let Self::Buying(s) = self {
            let list = if summary {
                &mut s.searches.summaries
            } else {
                &mut s.searches.documents
            };
            list.push(document);
        }
    }

    /// The search results (`summary` false) or summaries recorded so far (none for a
    /// remortgage).
    pub fn searches_recorded(&self, summary: bool) -> &[UploadedDocument] {
        match self {
            Self::Buying(s) if summary => &s.searches.summaries,
            Self::Buying(s) => &s.searches.documents,
            Self::Remortgaging(_) => &[],
        }
    }

    /// When the buyers' up-front payment was received (never, for a remortgage).
    pub fn deposit_paid_at(&self) -> Option<DateTime<Utc>> {
        match self {
            Self::Buying(s) => s.deposit.paid_at,
            Self::Remortgaging(_) => None,
        }
    }

    /// The buyers' up-front payment has been received (buying).
    pub fn record_deposit_paid(&mut self, at: DateTime<Utc>) {
        if let Self::Buying(s) = self {
            s.deposit.paid_at.get_or_insert(at);
        }
    }

    /// The completion date agreed with the lender; completing records the actual day.
    pub fn agree_completion_date(&mut self, date: NaiveDate) {
        match self {
            Self::Remortgaging(s) => s.completion_date = Some(date),
            Self::Buying(s) => s.completion_date = Some(date),
        }
    }

    /// The latest quote accepted now (the first acceptance stands).
    pub fn accept_quote(&mut self, now: DateTime<Utc>) {
        let quote = match self {
            Self::Remortgaging(s) => s.quote.as_mut(),
            Self::Buying(s) => s.quote.as_mut(),
        };
        if let Some(q) = quote {
            q.accepted_at.get_or_insert(now);
        }
    }
}
