//! The case service: the one API that HTTP handlers, workers, the CLI and the back office call
//! to read and change a case.
//!
//! Every change goes the same way: load the case as the caller may see it, ask the engine
//! (which reads the workflow files), then write the change, its audit event (with the reason)
//! and its effects in one transaction whose status check makes a concurrent change a conflict.
//! The case type is dispatched on once, in [`Workflows`]; nothing here is per case type but
//! where a new case starts.

mod conversation;
mod enquiries;
mod error;
mod progress;
mod property;
pub mod sections;
mod source_of_funds;
mod tasks;
mod title_register;

use std::sync::Arc;

use chrono::{DateTime, NaiveDate, Utc};
use threshold_engine::company::Company;
use threshold_engine::types::IneligibilityReason;
use threshold_engine::{
    Action, Actor, AnySnapshot, Applied, BuyingSnapshot, BuyingStatus, CaseStatus, CaseType,
    CaseView, Effect, RemortgagingSnapshot, RemortgagingStatus, Role, SectionState,
};
pub use threshold_store::cases::NewCaseMessage;
use threshold_store::cases::{
    Announcement, EffectRecord, KeyFacts, KeyFactsUpdate, LoadedCase, NewCase, NewParty, NewQuote,
    Relationship, Scope, SectionWrite, TransitionRecord, effect_due_at,
};
use threshold_store::{Db, UserId};
use threshold_workflows::Workflows;

pub use error::CaseError;
pub use progress::{Progress, draftable, issued_now};
pub use property::{NewAlteration, NewLoan, PropertyChange, PropertyWrite};
pub use sections::owners::OwnersWrite;
pub use source_of_funds::{SourceAnswers, SourceReviewDecision};

/// Who is asking: a signed-in user, or the system (workers, scheduled checks, the CLI).
#[derive(Clone, Debug)]
pub enum Caller {
    User {
        id: UserId,
        role: Role,
        is_lender: bool,
        firm_id: Option<i64>,
    },
    System,
}

impl Caller {
    fn user_id(&self) -> Option<UserId> {
        match self {
            Caller::User { id, .. } => Some(*id),
            Caller::System => None,
        }
    }

    fn role(&self) -> Option<Role> {
        match self {
            Caller::User { role, .. } => Some(*role),
            Caller::System => None,
        }
    }

    /// The engine's actor for this caller on a case they relate to this way.
    fn actor(&self, relationship: Relationship) -> Actor {
        match self {
            Caller::User { is_lender, .. } => Actor {
                user_id: None,
                role: self.role(),
                is_lender: *is_lender,
                is_party: relationship.is_party,
                is_case_admin: relationship.is_case_admin,
                donor_id: None,
            },
            Caller::System => Actor::system(),
        }
    }
}

/// A case as one caller sees it: the stored record, the engine's snapshot and the caller's
/// part in it.
#[derive(Clone, Debug)]
pub struct OpenCase {
    pub case_type: CaseType,
    pub loaded: LoadedCase,
    pub snapshot: AnySnapshot,
    pub actor: Actor,
}

impl OpenCase {
    /// A write to this case by `by`, made only while the case is still at the status it was
    /// opened at, with the transitions it takes and the case's next task due date after it.
    fn write<'a>(
        &'a self,
        by: UserId,
        transitions: &'a [TransitionRecord],
        next_task_due: Option<NaiveDate>,
    ) -> SectionWrite<'a> {
        SectionWrite {
            case_id: self.loaded.row.id,
            case_type: self.case_type.as_str(),
            expected_status: self.snapshot.status().as_str(),
            actor: by,
            transitions,
            next_task_due,
        }
    }
}

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

/// The case service. Cheap to clone.
#[derive(Clone, Debug)]
pub struct CaseService {
    db: Db,
    workflows: Arc<Workflows>,
}

impl CaseService {
    pub fn new(db: Db, workflows: Arc<Workflows>) -> Self {
        Self { db, workflows }
    }

    pub fn workflows(&self) -> &Workflows {
        &self.workflows
    }

    /// The cases this caller may see.
    pub async fn scope(&self, caller: &Caller) -> Result<Scope, CaseError> {
        Ok(match caller {
            Caller::User {
                id, role, firm_id, ..
            } => self.db.case_scope(*id, *role, *firm_id).await?,
            Caller::System => Scope::Everything,
        })
    }

    /// Loads a case the caller may see (otherwise [`CaseError::NotFound`], whether it exists
    /// or not).
    #[tracing::instrument(skip_all, fields(case_id))]
    pub async fn open(
        &self,
        caller: &Caller,
        case_type: CaseType,
        case_id: i64,
    ) -> Result<OpenCase, CaseError> {
        let scope = self.scope(caller).await?;
        let loaded = self
            .db
            .load_case(case_id, case_type.as_str(), &scope, caller.user_id())
            .await?
            .ok_or(CaseError::NotFound)?;
        let snapshot = loaded
            .snapshot(case_type)
            .ok_or_else(|| CaseError::Corrupt(format!("case {case_id} has an unknown status")))?;
        let actor = caller.actor(loaded.relationship);
        Ok(OpenCase {
            case_type,
            loaded,
            snapshot,
            actor,
        })
    }

    /// What the case looks like to the caller who opened it: sections, tiles, chip, message
    /// and the transitions they may take.
    pub fn view(&self, case: &OpenCase) -> CaseView<CaseStatus> {
        self.workflows.evaluate(&case.snapshot, &case.actor)
    }

    /// Moves a case by a named transition of its workflow, if the caller may and its guards
    /// pass; writes the status, the audit event with `reason`, and the effects at once.
    pub async fn transition(
        &self,
        caller: &Caller,
        case_type: CaseType,
        case_id: i64,
        name: &str,
        reason: Option<&str>,
    ) -> Result<CaseStatus, CaseError> {
        let case = self.open(caller, case_type, case_id).await?;
        self.transition_quoted(caller, &case, name, reason, None)
            .await
    }

    /// [`CaseService::transition`] of a case the caller has opened, with the quote the step
    /// brings, if any (a case taken on is priced as it is taken on), in the same transaction.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id, transition = name))]
    pub async fn transition_quoted(
        &self,
        caller: &Caller,
        case: &OpenCase,
        name: &str,
        reason: Option<&str>,
        quote: Option<&NewQuote>,
    ) -> Result<CaseStatus, CaseError> {
        let case_type = case.case_type;
        // A step that records something (a date) is taken with it, through `progress`.
        if self
            .workflows
            .transitions(case_type)
            .iter()
            .any(|t| t.name == name && t.asks_for.is_some())
        {
            return Err(CaseError::NotPermitted(format!(
                "`{name}` is taken with what it asks for."
            )));
        }
        let now = Utc::now();
        let applied = self
            .workflows
            .apply(&case.snapshot, &case.actor, name, now, reason)?;
        let mut snap = case.snapshot.clone();
        follow(&mut snap, &applied);
        let mut records = vec![TransitionRecord::from_applied(caller.user_id(), &applied)];
        // A move may make a system transition possible at once (e.g. every owner accepted).
        records.extend(self.automatic(&mut snap, now));
        let next_task_due = self.workflows.next_task_due(&snap);
        self.db
            .apply_transitions_quoted(
                case.loaded.row.id,
                case_type.as_str(),
                &records,
                quote,
                next_task_due,
                now,
            )
            .await?;
        Ok(snap.status())
    }

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
    fn check_section(
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

    /// Sends a transition's e-mails and feed items again to one applicant of the case (a
    /// re-sent invitation), if the caller may take that transition and the case is where it
    /// leads.
    #[tracing::instrument(skip_all, fields(case_id, transition = name))]
    pub async fn resend(
        &self,
        caller: &Caller,
        case_type: CaseType,
        case_id: i64,
        name: &str,
        applicant_id: i64,
    ) -> Result<(), CaseError> {
        let case = self.open(caller, case_type, case_id).await?;
        if !case.loaded.applicants().any(|p| p.id == applicant_id) {
            return Err(CaseError::NotFound);
        }
        let now = Utc::now();
        let effects =
            self.workflows
                .resend(&case.snapshot, &case.actor, name, applicant_id, now)?;
        self.record_announcement(
            caller,
            &case,
            "case.announcement_resent",
            &effects,
            None,
            now,
        )
        .await?;
        Ok(())
    }

    /// Makes one of the workflow's announcements (see `AnnouncementDef`): a customer reporting
    /// an issue with the quote, with their message, tells the broker.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id, announcement = name))]
    pub async fn announce(
        &self,
        caller: &Caller,
        case: &OpenCase,
        name: &str,
        message: Option<NewCaseMessage<'_>>,
    ) -> Result<Option<i64>, CaseError> {
        let now = Utc::now();
        let effects = self
            .workflows
            .announce(&case.snapshot, &case.actor, name, now)?;
        let action = format!("case.{name}");
        self.record_announcement(caller, case, &action, &effects, message, now)
            .await
    }

    async fn record_announcement(
        &self,
        caller: &Caller,
        case: &OpenCase,
        action: &str,
        effects: &[Effect],
        message: Option<NewCaseMessage<'_>>,
        now: DateTime<Utc>,
    ) -> Result<Option<i64>, CaseError> {
        let records = announcement_records(effects);
        Ok(self
            .db
            .record_announcement(
                &Announcement {
                    case_id: case.loaded.row.id,
                    status: case.snapshot.status().as_str(),
                    by: caller.user_id(),
                    action,
                    effects: &records,
                    message,
                },
                now,
            )
            .await?)
    }

    /// The effects of one of the workflow's announcements, made by the caller now, as the
    /// store writes them: for a write that announces in its own transaction.
    fn announcement_effects(
        &self,
        case: &OpenCase,
        name: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<EffectRecord>, CaseError> {
        let effects = self
            .workflows
            .announce(&case.snapshot, &case.actor, name, now)?;
        Ok(announcement_records(&effects))
    }

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

    fn automatic(&self, snap: &mut AnySnapshot, now: DateTime<Utc>) -> Vec<TransitionRecord> {
        self.workflows
            .automatic(snap, now)
            .iter()
            .map(|a| TransitionRecord::from_applied(None, a))
            .collect()
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

/// The snapshot after a transition the engine allowed: its status, the completion date a
/// completing step records (the legal file's due dates count from it), and a case taken on
/// no longer ineligible (so the automatic moves after it do not refuse it again).
fn follow(snap: &mut AnySnapshot, applied: &Applied<CaseStatus>) {
    match (&mut *snap, applied.to) {
        (AnySnapshot::Remortgaging(s), CaseStatus::Remortgaging(st)) => s.status = st,
        (AnySnapshot::Buying(s), CaseStatus::Buying(st)) => s.status = st,
        _ => unreachable!("the engine answers in the case's own statuses"),
    }
    for effect in &applied.effects {
        match effect {
            Effect::RecordCompletionDate { date } => snap.agree_completion_date(*date),
            Effect::TakeOn => snap.set_ineligibility_reason(None),
            _ => {}
        }
    }
}

/// The stored name of an ineligibility reason.
pub fn reason_name(reason: IneligibilityReason) -> String {
    <&'static str>::from(reason).to_owned()
}

/// Announcements send e-mails and feed items now; a message's reminder of the firm's reply
/// waits for its due time.
fn announcement_records(effects: &[Effect]) -> Vec<EffectRecord> {
    effects
        .iter()
        .map(|e| EffectRecord {
            effect: serde_json::to_value(e).unwrap_or_default(),
            due_at: effect_due_at(e),
        })
        .collect()
}
