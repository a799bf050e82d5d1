//! Writing one application section, checked against the section's state first.

use chrono::{DateTime, Utc};
use threshold_engine::company::Company;
use threshold_engine::types::IneligibilityReason;
use threshold_engine::{Action, AnySnapshot, CaseStatus, CaseType, SectionState};
use threshold_store::UserId;
use threshold_store::cases::{KeyFacts, KeyFactsUpdate, NewQuote};

use crate::{Caller, CaseError, CaseService, OpenCase, OwnersWrite, property, reason_name};

/// A change to one application section, checked against the section's state first.
#[derive(Clone, Debug)]
pub enum SectionChange {
    /// The key facts, with the quote they give and the eligibility answer they imply.
    KeyFacts {
        facts: Box<KeyFacts>,
        ineligibility_reason: Option<IneligibilityReason>,
        quote: Option<NewQuote>,
    },
    /// A customer accepts the case's latest quote.
    AcceptQuote { quote_id: i64 },
    /// Owners and Transfer of Equity (see [`OwnersWrite`]).
    Owners(OwnersWrite),
    /// A remortgage's company, in the Owners section: it makes the case a company case.
    Company(Box<Company>),
}

impl SectionChange {
    /// The section it writes on a case of this type (a key of the workflow file's
    /// `sections`).
    pub fn section(&self, case_type: CaseType) -> &'static str {
        match self {
            SectionChange::KeyFacts { .. } => "key-facts",
            SectionChange::AcceptQuote { .. } => "quote",
            SectionChange::Owners(w) => w.section(case_type),
            SectionChange::Company(_) => "owners",
        }
    }

    /// What the change does to the engine's picture of the case, so that the automatic
    /// transitions it triggers are decided before anything is written.
    fn apply_to(&self, snap: &mut AnySnapshot, now: DateTime<Utc>) {
        match self {
            SectionChange::KeyFacts {
                facts,
                ineligibility_reason,
                ..
            } => {
                snap.set_ineligibility_reason(*ineligibility_reason);
                apply_key_facts(snap, facts);
            }
            SectionChange::AcceptQuote { .. } => snap.accept_quote(now),
            SectionChange::Owners(w) => w.apply_to(snap),
            SectionChange::Company(c) => {
                if let AnySnapshot::Remortgaging(s) = snap {
                    s.is_company_case = true;
                    s.company = Some((**c).clone());
                }
            }
        }
    }
}

/// The facts being saved as the engine reads them, so that the automatic transitions and the
/// required documents (a buy-to-let's tenancy papers) follow them, not the old ones.
fn apply_key_facts(snap: &mut AnySnapshot, facts: &KeyFacts) {
    let usage = threshold_store::cases::parse_enum(Some(facts.property_usage.as_str()));
    match snap {
        AnySnapshot::Remortgaging(s) => {
            s.property_usage = usage;
            s.is_company_case = facts.is_company_owned;
            s.remortgaging_reason =
                threshold_store::cases::parse_enum(facts.remortgaging_reason.as_deref());
            s.new_lender = facts.lender.clone();
        }
        AnySnapshot::Buying(s) => s.property_usage = usage,
    }
}

/// What a section write did: where the case is now, and the row it created, if any.
#[derive(Clone, Copy, Debug)]
pub struct SectionWritten {
    pub status: CaseStatus,
    pub created: Option<i64>,
}

impl CaseService {
    /// Writes one application section of a case the caller has opened (its handler usually
    /// read it to decide the change), after checking that the section is open to them (not
    /// locked, hidden or disabled), then applies any automatic transitions the change
    /// triggers; all in one transaction that fails if the case moved since it was opened.
    pub async fn write_section(
        &self,
        caller: &Caller,
        case: &OpenCase,
        change: SectionChange,
    ) -> Result<CaseStatus, CaseError> {
        Ok(self
            .write_section_created(caller, case, change)
            .await?
            .status)
    }

    /// [`CaseService::write_section`], also giving the id of the row the change created (an
    /// added co-owner, occupant, removed owner…), for the API's `201 {id}`.
    #[tracing::instrument(skip_all, fields(case_id, section = change.section(case.case_type)))]
    pub async fn write_section_created(
        &self,
        caller: &Caller,
        case: &OpenCase,
        change: SectionChange,
    ) -> Result<SectionWritten, CaseError> {
        let (case_type, case_id) = (case.case_type, case.loaded.row.id);
        let broker_stage_only = !matches!(
            change,
            SectionChange::KeyFacts { .. } | SectionChange::AcceptQuote { .. }
        );
        let section = change.section(case_type);
        let by = self.check_section(caller, case, section, broker_stage_only)?;
        if matches!(change, SectionChange::AcceptQuote { .. }) {
            self.authorise(case, Action::AcceptQuote)?;
        }
        let now = Utc::now();
        let mut snap = case.snapshot.clone();
        change.apply_to(&mut snap, now);
        let transitions = self.automatic(&mut snap, now);
        let expected = case.snapshot.status();
        let mut created = None;
        match &change {
            SectionChange::KeyFacts {
                facts,
                ineligibility_reason,
                quote,
            } => {
                let reason = ineligibility_reason.map(reason_name);
                self.db
                    .update_key_facts(
                        &KeyFactsUpdate {
                            case_id,
                            case_type: case_type.as_str(),
                            expected_status: expected.as_str(),
                            actor: by,
                            facts,
                            ineligibility_reason: reason.as_deref(),
                            quote: quote.as_ref(),
                            required: Some(&property::required_slots(&snap)),
                            transitions: &transitions,
                        },
                        now,
                    )
                    .await?;
            }
            SectionChange::AcceptQuote { quote_id } => {
                if !self.db.accept_quote(case_id, *quote_id, by, now).await? {
                    return Err(CaseError::NotFound);
                }
                if !transitions.is_empty() {
                    let next_task_due = self.workflows.next_task_due(&snap);
                    self.db
                        .apply_transitions(
                            case_id,
                            case_type.as_str(),
                            &transitions,
                            next_task_due,
                            now,
                        )
                        .await?;
                }
            }
            SectionChange::Owners(w) => {
                let next_task_due = self.workflows.next_task_due(&snap);
                created = self
                    .write_owners(by, case, w, &transitions, next_task_due, now)
                    .await?;
            }
            SectionChange::Company(c) => {
                let next_task_due = self.workflows.next_task_due(&snap);
                self.db
                    .write_company(&case.write(by, &transitions, next_task_due), c, now)
                    .await?;
            }
        }
        Ok(SectionWritten {
            status: snap.status(),
            created,
        })
    }

    /// Whether the caller may write this section of the case now (a broker only in a broker
    /// stage): for a handler that must refuse before doing anything else, such as creating the
    /// account of a co-owner it is about to add.
    pub fn check_writable(
        &self,
        caller: &Caller,
        case: &OpenCase,
        section: &str,
    ) -> Result<(), CaseError> {
        self.check_section(caller, case, section, true).map(|_| ())
    }

    /// Whether the caller may write this section of the case now: a party or broker of it, the
    /// section open (not locked, hidden or disabled) and, when `broker_stage_only`, a broker
    /// only while the case is in a broker stage (afterwards the application is the
    /// customer's). The writer's id.
    pub(crate) fn check_section(
        &self,
        caller: &Caller,
        case: &OpenCase,
        section: &str,
        broker_stage_only: bool,
    ) -> Result<UserId, CaseError> {
        let by = caller.user_id().ok_or(CaseError::NotPermitted(
            "only a person may write a section".into(),
        ))?;
        let rel = case.loaded.relationship;
        if !(rel.is_party || rel.is_case_admin) {
            return Err(CaseError::NotPermitted(
                "Only the case's parties and brokers may change it.".into(),
            ));
        }
        let closed = |state: SectionState, reason: &str| CaseError::SectionClosed {
            section: section.to_owned(),
            state,
            reason: reason.to_owned(),
        };
        match self
            .workflows
            .section_state(&case.snapshot, &case.actor, section)
        {
            Some(SectionState::NotStarted | SectionState::IsComplete) => {}
            Some(state @ SectionState::Locked) => {
                return Err(closed(
                    state,
                    "This section is locked: complete the sections before it first.",
                ));
            }
            Some(state @ SectionState::Hidden) => {
                return Err(closed(
                    state,
                    "This section is not part of this case's application now.",
                ));
            }
            Some(state) => {
                return Err(closed(
                    state,
                    "The application cannot be changed while the case is in this status.",
                ));
            }
            None => return Err(CaseError::Corrupt(format!("no section `{section}`"))),
        }
        if broker_stage_only && !rel.is_party && !self.broker_stage(&case.snapshot) {
            return Err(closed(
                SectionState::Locked,
                "The application is with the customer now: only they can change it.",
            ));
        }
        Ok(by)
    }

    /// The case's status is a broker stage (the workflow file's `broker_stage`).
    fn broker_stage(&self, snap: &AnySnapshot) -> bool {
        match snap {
            AnySnapshot::Remortgaging(s) => {
                self.workflows
                    .remortgaging
                    .definition
                    .status(s.status)
                    .broker_stage
            }
            AnySnapshot::Buying(s) => {
                self.workflows
                    .buying
                    .definition
                    .status(s.status)
                    .broker_stage
            }
        }
    }
}
