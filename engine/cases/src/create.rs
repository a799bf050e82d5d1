//! Opening a new case where its workflow starts it.

use chrono::Utc;
use threshold_engine::types::IneligibilityReason;
use threshold_engine::{
    AnySnapshot, BuyingSnapshot, BuyingStatus, CaseStatus, CaseType, RemortgagingSnapshot,
    RemortgagingStatus, Role,
};
use threshold_store::UserId;
use threshold_store::cases::{KeyFacts, NewCase, NewParty, NewQuote};

use crate::{Caller, CaseError, CaseService, reason_name};

/// A new case as the API has validated it.
#[derive(Clone, Debug)]
pub struct CaseStart {
    pub case_type: CaseType,
    pub facts: KeyFacts,
    pub ineligibility_reason: Option<IneligibilityReason>,
    pub quote: Option<NewQuote>,
    /// The lead customer (the caller, or the client a broker names).
    pub lead: UserId,
    /// The names the lists' name search finds the lead by.
    pub lead_names: Vec<String>,
    /// The name a broker typed for the client: all the broker sees of them until they accept
    /// the invitation. None when customers open their own case.
    pub lead_invited_name: Option<String>,
}

impl CaseService {
    /// Opens a case: where it starts is the workflow's (a remortgage fetches its title first; a
    /// purchase starts with whoever opened it), and the engine's automatic transitions move it
    /// on at once (to the broker or customer, or to INELIGIBLE).
    #[tracing::instrument(skip_all, fields(case_type = ?start.case_type))]
    pub async fn create(
        &self,
        caller: &Caller,
        start: CaseStart,
    ) -> Result<(i64, CaseStatus), CaseError> {
        let Caller::User {
            id,
            is_lender,
            firm_id,
            ..
        } = caller
        else {
            return Err(CaseError::NotPermitted("cases are opened by people".into()));
        };
        let broker = caller.role().is_some_and(Role::is_broker);
        let now = Utc::now();
        let mut snap = opening_snapshot(start.case_type, broker, broker && *is_lender);
        snap.set_ineligibility_reason(start.ineligibility_reason);
        let transitions = self.automatic(&mut snap, now);
        let new = NewCase {
            case_type: start.case_type.as_str(),
            status: snap.status().as_str().to_owned(),
            firm_id: if broker { *firm_id } else { None },
            created_by: *id,
            created_by_broker: broker,
            invited_by_lender: broker && *is_lender,
            ineligibility_reason: start.ineligibility_reason.map(reason_name),
            title_documents_retrieved: start.case_type == CaseType::Remortgaging,
            facts: start.facts,
            parties: vec![NewParty {
                user_id: start.lead,
                party_type: "APPLICANT",
                is_lead: true,
                names: start.lead_names,
                // A customer opening their own case agrees by doing so; a client a broker
                // names agrees by accepting the invitation.
                consented: start.lead_invited_name.is_none(),
                invited_name: start.lead_invited_name,
            }],
            admins: if broker { vec![*id] } else { vec![] },
            quote: start.quote,
            transitions,
        };
        let case_id = self.db.create_case(&new, now).await?;
        Ok((case_id, snap.status()))
    }
}

/// A new case before it is saved. Remortgaging starts with the title documents; with no
/// HM Land Registry integration configured they count as retrieved straight away.
fn opening_snapshot(case_type: CaseType, broker: bool, lender: bool) -> AnySnapshot {
    match case_type {
        CaseType::Remortgaging => {
            let mut s = RemortgagingSnapshot::new(0, RemortgagingStatus::TitleDocumentRetrieval);
            s.created_by_broker = broker;
            s.invited_by_lender = lender;
            s.title_documents_retrieved = true;
            AnySnapshot::Remortgaging(s)
        }
        CaseType::Buying => {
            let initial = if broker {
                BuyingStatus::BrokerApplication
            } else {
                BuyingStatus::CustomerApplication
            };
            let mut s = BuyingSnapshot::new(0, initial);
            s.created_by_broker = broker;
            s.invited_by_lender = lender;
            AnySnapshot::Buying(s)
        }
    }
}
