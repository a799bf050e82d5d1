//! The case workflows as data, and the named guards and rules they reference.
//!
//! `Workflows::load()` parses and validates the embedded definitions (`remortgaging.toml`,
//! `buying.toml`), so a broken definition fails at start-up and in `cargo test`, never later.

mod buying;
mod common;
mod remortgaging;
pub mod required_documents;

use std::collections::BTreeSet;

use chrono::{DateTime, NaiveDate, Utc};
use threshold_engine::conversation::Thread;
use threshold_engine::eligibility::EligibilityFacts;
use threshold_engine::quote::QuoteError;
use threshold_engine::tasks::{TaskRefusal, TaskView};
use threshold_engine::timeline::TimelineStage;
use threshold_engine::types::IneligibilityReason;
use threshold_engine::{
    Actor, ActorKind, AnnouncementDef, AnySnapshot, Applied, BuyingSnapshot, CaseSnapshot,
    CaseStatus, CaseType, CaseView, CaseWords, Effect, FeeSchedule, LandTaxTables, LoadError,
    Quote, QuoteRequest, RemortgagingSnapshot, ReplyClock, RuleBook, SectionState, TransitionError,
    TransitionInput, WaitsOn, Workflow, WorkflowStatus,
};

/// The remortgaging definition, embedded so the binary needs no files at run time.
pub const REMORTGAGING_TOML: &str = include_str!("../remortgaging.toml");
/// The buying definition.
pub const BUYING_TOML: &str = include_str!("../buying.toml");

/// The fee schedule.
pub const FEES_TOML: &str = include_str!("../fees.toml");
/// The land tax rate tables.
pub const LAND_TAX_TOML: &str = include_str!("../land_tax.toml");

/// One transition of a workflow, whatever its case type.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TransitionInfo {
    pub name: String,
    pub label: String,
    pub from: Vec<&'static str>,
    pub to: &'static str,
    pub by: Vec<ActorKind>,
    pub requires_reason: bool,
    pub step_up: bool,
    pub asks_for: Option<TransitionInput>,
    /// Its effects record today as the completion date (see `Definition::records_completion_date`).
    pub records_completion_date: bool,
    /// Its effects set the case's ineligibility aside (see `Definition::takes_on`): the case
    /// is priced as it is taken on.
    pub takes_on: bool,
}

/// One stage of a case type's main path, as the help page tells it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stage {
    pub status: CaseStatus,
    /// The status's label, without a placeholder (`Completed`, not `Completed {date}`).
    pub label: String,
    pub guide: String,
    /// The broker's next step at this stage (the loader requires it with `guide`).
    pub broker_guide: String,
}

/// The one place a case type picks its workflow's definition: `$body` runs with `$d` bound to
/// it (the two definitions are different types, so this cannot be a function).
macro_rules! with_definition {
    ($self:expr, $case_type:expr, |$d:ident| $body:expr) => {
        match $case_type {
            CaseType::Remortgaging => {
                let $d = &$self.remortgaging.definition;
                $body
            }
            CaseType::Buying => {
                let $d = &$self.buying.definition;
                $body
            }
        }
    };
}

/// Both case types' validated workflows, the fee schedule and the land tax tables.
#[derive(Debug)]
pub struct Workflows {
    pub remortgaging: Workflow<RemortgagingSnapshot>,
    pub buying: Workflow<BuyingSnapshot>,
    pub fees: FeeSchedule,
    pub land_tax: LandTaxTables,
}

impl Workflows {
    /// Loads and validates both embedded definitions.
    pub fn load() -> Result<Self, LoadError> {
        Ok(Self {
            remortgaging: load_remortgaging(REMORTGAGING_TOML)?,
            buying: load_buying(BUYING_TOML)?,
            fees: FeeSchedule::from_toml(FEES_TOML).map_err(|e| LoadError::Parse(e.to_string()))?,
            land_tax: LandTaxTables::from_toml(LAND_TAX_TOML)
                .map_err(|e| LoadError::Parse(e.to_string()))?,
        })
    }

    /// The whole view of a case of either type for one user.
    pub fn evaluate(&self, snap: &AnySnapshot, actor: &Actor) -> CaseView<CaseStatus> {
        match snap {
            AnySnapshot::Remortgaging(s) => self.remortgaging.evaluate(s, actor).any(),
            AnySnapshot::Buying(s) => self.buying.evaluate(s, actor).any(),
        }
    }

    /// Checks a transition on a case of either type (see [`Workflow::apply`]).
    pub fn apply(
        &self,
        snap: &AnySnapshot,
        actor: &Actor,
        name: &str,
        now: DateTime<Utc>,
        reason: Option<&str>,
    ) -> Result<Applied<CaseStatus>, TransitionError> {
        match snap {
            AnySnapshot::Remortgaging(s) => self
                .remortgaging
                .apply(s, actor, name, now, reason)
                .map(Applied::any),
            AnySnapshot::Buying(s) => self
                .buying
                .apply(s, actor, name, now, reason)
                .map(Applied::any),
        }
    }

    /// A transition's announcements again, to one applicant (see [`Workflow::resend`]).
    pub fn resend(
        &self,
        snap: &AnySnapshot,
        actor: &Actor,
        name: &str,
        applicant_id: i64,
        now: DateTime<Utc>,
    ) -> Result<Vec<Effect>, TransitionError> {
        match snap {
            AnySnapshot::Remortgaging(s) => {
                self.remortgaging.resend(s, actor, name, applicant_id, now)
            }
            AnySnapshot::Buying(s) => self.buying.resend(s, actor, name, applicant_id, now),
        }
    }

    /// An announcement's effects (see [`Workflow::announce`]).
    pub fn announce(
        &self,
        snap: &AnySnapshot,
        actor: &Actor,
        name: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<Effect>, TransitionError> {
        match snap {
            AnySnapshot::Remortgaging(s) => self.remortgaging.announce(s, actor, name, now),
            AnySnapshot::Buying(s) => self.buying.announce(s, actor, name, now),
        }
    }

    /// Whether this actor may make the named announcement on a case of this type (a message
    /// in a conversation's thread: see `threshold_engine::conversation`).
    pub fn may_announce(&self, case_type: CaseType, actor: &Actor, name: &str) -> bool {
        self.announcement(case_type, name)
            .is_some_and(|a| actor.kind().is_some_and(|k| a.by.contains(&k)))
    }

    /// What the named announcement does to the firm's reply-time clock.
    pub fn reply_clock(&self, case_type: CaseType, name: &str) -> Option<ReplyClock> {
        self.announcement(case_type, name)
            .and_then(|a| a.reply_clock)
    }

    /// Whether the firm promises a reply in this thread: someone's message in it starts the
    /// reply-time clock.
    pub fn promises_reply(&self, case_type: CaseType, thread: Thread) -> bool {
        [
            ActorKind::Customer,
            ActorKind::Broker,
            ActorKind::Donor,
            ActorKind::Conveyancer,
        ]
        .into_iter()
        .filter_map(|k| thread.announcement(k))
        .any(|name| self.reply_clock(case_type, &name) == Some(ReplyClock::Starts))
    }

    fn announcement(&self, case_type: CaseType, name: &str) -> Option<&AnnouncementDef> {
        with_definition!(self, case_type, |d| d.announcements.get(name))
    }

    /// Applies, in order, the system transitions whose guards pass (a new case leaving its
    /// initial status, an answer that makes a case ineligible), moving `snap` along.
    pub fn automatic(
        &self,
        snap: &mut AnySnapshot,
        now: DateTime<Utc>,
    ) -> Vec<Applied<CaseStatus>> {
        match snap {
            AnySnapshot::Remortgaging(s) => automatic(&self.remortgaging, s, now),
            AnySnapshot::Buying(s) => automatic(&self.buying, s, now),
        }
    }

    /// Whether the case's guard `name` passes now (see [`Workflow::passes`]).
    pub fn passes(&self, snap: &AnySnapshot, name: &str) -> Option<bool> {
        match snap {
            AnySnapshot::Remortgaging(s) => self.remortgaging.passes(s, name),
            AnySnapshot::Buying(s) => self.buying.passes(s, name),
        }
    }

    /// The case's legal-file tasks on `today` (see [`Workflow::tasks`]).
    pub fn tasks(&self, snap: &AnySnapshot, actor: &Actor, today: NaiveDate) -> Vec<TaskView> {
        match snap {
            AnySnapshot::Remortgaging(s) => self.remortgaging.tasks(s, actor, today),
            AnySnapshot::Buying(s) => self.buying.tasks(s, actor, today),
        }
    }

    /// The earliest due date of the case's open tasks (see [`Workflow::next_task_due`]).
    pub fn next_task_due(&self, snap: &AnySnapshot) -> Option<NaiveDate> {
        match snap {
            AnySnapshot::Remortgaging(s) => self.remortgaging.next_task_due(s),
            AnySnapshot::Buying(s) => self.buying.next_task_due(s),
        }
    }

    /// Whether `actor` may record a task done now (see [`Workflow::may_complete_task`]).
    pub fn may_complete_task(
        &self,
        snap: &AnySnapshot,
        actor: &Actor,
        name: &str,
        today: NaiveDate,
    ) -> Result<(), TaskRefusal> {
        match snap {
            AnySnapshot::Remortgaging(s) => {
                self.remortgaging.may_complete_task(s, actor, name, today)
            }
            AnySnapshot::Buying(s) => self.buying.may_complete_task(s, actor, name, today),
        }
    }

    /// The state of one application section for this user (None: no such section).
    pub fn section_state(
        &self,
        snap: &AnySnapshot,
        actor: &Actor,
        key: &str,
    ) -> Option<SectionState> {
        match snap {
            AnySnapshot::Remortgaging(s) => self.remortgaging.section_state(s, actor, key),
            AnySnapshot::Buying(s) => self.buying.section_state(s, actor, key),
        }
    }

    /// The statuses a case type's lists and start page count as closed.
    pub fn closed_statuses(&self, case_type: CaseType) -> Vec<&'static str> {
        fn names<St: WorkflowStatus>(v: Vec<St>) -> Vec<&'static str> {
            v.into_iter().map(WorkflowStatus::as_str).collect()
        }
        with_definition!(self, case_type, |d| names(d.closed_statuses()))
    }

    /// The statuses of a case type in which it waits on `who` (the back office's queue).
    pub fn statuses_waiting_on(&self, case_type: CaseType, who: WaitsOn) -> Vec<&'static str> {
        fn names<St: WorkflowStatus>(v: Vec<St>) -> Vec<&'static str> {
            v.into_iter().map(WorkflowStatus::as_str).collect()
        }
        with_definition!(self, case_type, |d| names(d.statuses_waiting_on(who)))
    }

    /// The stages of a case type in the workflow file's order: every status with a `guide`.
    pub fn stages(&self, case_type: CaseType) -> Vec<Stage> {
        fn stages<St: WorkflowStatus + Into<CaseStatus>>(
            def: &threshold_engine::Definition<St>,
        ) -> Vec<Stage> {
            def.statuses
                .iter()
                .filter_map(|s| {
                    Some(Stage {
                        status: s.name.into(),
                        label: s
                            .chip_label_fallback
                            .clone()
                            .unwrap_or_else(|| s.label.clone()),
                        guide: s.guide.clone()?,
                        broker_guide: s.broker_guide.clone()?,
                    })
                })
                .collect()
        }
        with_definition!(self, case_type, |d| stages(d))
    }

    /// The case's timeline (see [`threshold_engine::Definition::timeline`]); `history` is each
    /// status it entered and when, oldest first (names the file does not know are skipped).
    pub fn timeline(
        &self,
        status: CaseStatus,
        waits_on: Option<WaitsOn>,
        history: &[(&str, DateTime<Utc>)],
        completion_date: Option<NaiveDate>,
        today: NaiveDate,
    ) -> Vec<TimelineStage<CaseStatus>> {
        fn of<St: WorkflowStatus + Into<CaseStatus>>(
            def: &threshold_engine::Definition<St>,
            status: St,
            waits_on: Option<WaitsOn>,
            history: &[(&str, DateTime<Utc>)],
            completion_date: Option<NaiveDate>,
            today: NaiveDate,
        ) -> Vec<TimelineStage<CaseStatus>> {
            let history: Vec<(St, DateTime<Utc>)> = history
                .iter()
                .filter_map(|(name, at)| Some((St::parse(name)?, *at)))
                .collect();
            def.timeline(status, waits_on, &history, completion_date, today)
                .into_iter()
                .map(|t| TimelineStage {
                    status: t.status.into(),
                    label: t.label,
                    state: t.state,
                    started_on: t.started_on,
                    finished_on: t.finished_on,
                    expected_by: t.expected_by,
                    overdue: t.overdue,
                    waits_on: t.waits_on,
                })
                .collect()
        }
        match status {
            CaseStatus::Remortgaging(s) => of(
                &self.remortgaging.definition,
                s,
                waits_on,
                history,
                completion_date,
                today,
            ),
            CaseStatus::Buying(s) => of(
                &self.buying.definition,
                s,
                waits_on,
                history,
                completion_date,
                today,
            ),
        }
    }

    /// Whether a case in `status` since `since` has run past its stage's expected date.
    pub fn stage_overdue(
        &self,
        status: CaseStatus,
        since: DateTime<Utc>,
        completion_date: Option<NaiveDate>,
        today: NaiveDate,
    ) -> bool {
        match status {
            CaseStatus::Remortgaging(s) => {
                self.remortgaging
                    .definition
                    .stage_overdue(s, since, completion_date, today)
            }
            CaseStatus::Buying(s) => {
                self.buying
                    .definition
                    .stage_overdue(s, since, completion_date, today)
            }
        }
    }

    /// The workflow of a case as a Mermaid state diagram, its current status highlighted.
    pub fn diagram(&self, status: CaseStatus) -> String {
        match status {
            CaseStatus::Remortgaging(s) => {
                threshold_engine::mermaid::mermaid_at(&self.remortgaging.definition, s)
            }
            CaseStatus::Buying(s) => {
                threshold_engine::mermaid::mermaid_at(&self.buying.definition, s)
            }
        }
    }

    /// Every transition of a case type's workflow, as the definition states it.
    pub fn transitions(&self, case_type: CaseType) -> Vec<TransitionInfo> {
        fn info<St: WorkflowStatus>(def: &threshold_engine::Definition<St>) -> Vec<TransitionInfo> {
            def.transitions
                .iter()
                .map(|t| TransitionInfo {
                    name: t.name.clone(),
                    label: t.label.clone(),
                    from: t.from.iter().map(|s| s.as_str()).collect(),
                    to: t.to.as_str(),
                    by: t.by.clone(),
                    requires_reason: t.requires_reason,
                    step_up: t.step_up,
                    asks_for: t.asks_for,
                    records_completion_date: def.records_completion_date(t),
                    takes_on: def.takes_on(t),
                })
                .collect()
        }
        with_definition!(self, case_type, |d| info(d))
    }

    /// Every section and tile key of both workflows (their page addresses).
    pub fn section_keys(&self) -> BTreeSet<String> {
        let r = &self.remortgaging.definition;
        let b = &self.buying.definition;
        [&r.sections, &r.tiles, &b.sections, &b.tiles]
            .into_iter()
            .flatten()
            .map(|s| s.key.clone())
            .collect()
    }

    /// Who may do what on a case of this type (its file's `actions` and `document_types`):
    /// what every step, upload and issue asks.
    pub fn rule_book(&self, case_type: CaseType) -> RuleBook<'_> {
        with_definition!(self, case_type, |d| d.rule_book())
    }

    /// How the texts name a case of this type (its file's `words`).
    pub fn words(&self, case_type: CaseType) -> &CaseWords {
        with_definition!(self, case_type, |d| &d.words)
    }

    /// The account feature a customer needs to open a case of this type themselves (its
    /// file's `customer_feature`).
    pub fn customer_feature(&self, case_type: CaseType) -> Option<&str> {
        with_definition!(self, case_type, |d| d.customer_feature.as_deref())
    }

    /// What the firm does on a case of this type, for `firm` (its file's `scope_of_work`).
    pub fn scope_of_work(&self, case_type: CaseType, firm: &str) -> String {
        with_definition!(self, case_type, |d| d.scope_of_work.replace("{firm}", firm))
    }

    /// The section that lists a case's parties (its file's `parties_section`).
    pub fn parties_section(&self, case_type: CaseType) -> &str {
        with_definition!(self, case_type, |d| d.parties_section.as_str())
    }

    /// Why the firm does not take a case of this type with these facts, if it does not (its
    /// file's `[eligibility]`; `taken_on`: a conveyancer has set the more complex kinds aside).
    pub fn ineligibility(
        &self,
        case_type: CaseType,
        facts: &EligibilityFacts,
        taken_on: bool,
    ) -> Option<IneligibilityReason> {
        with_definition!(self, case_type, |d| d
            .eligibility
            .ineligibility(facts, taken_on))
    }

    /// Every e-mail template either workflow names: the workers must have each one.
    pub fn email_templates(&self) -> BTreeSet<&str> {
        let mut all = self.remortgaging.definition.email_templates();
        all.extend(self.buying.definition.email_templates());
        all
    }

    /// A quote from the fee schedule, with the land tax estimate for a purchase.
    pub fn quote(&self, request: &QuoteRequest) -> Result<Quote, QuoteError> {
        self.fees.quote(request, &self.land_tax)
    }
}

/// Loads a remortgaging definition against the remortgaging rules (tests feed broken ones).
pub fn load_remortgaging(text: &str) -> Result<Workflow<RemortgagingSnapshot>, LoadError> {
    Workflow::from_toml(text, remortgaging::registry())
}

/// Loads a buying definition against the buying rules.
pub fn load_buying(text: &str) -> Result<Workflow<BuyingSnapshot>, LoadError> {
    Workflow::from_toml(text, buying::registry())
}

fn automatic<S: CaseSnapshot>(
    workflow: &Workflow<S>,
    snap: &mut S,
    now: DateTime<Utc>,
) -> Vec<Applied<CaseStatus>>
where
    S::Status: Into<CaseStatus>,
{
    let mut applied = vec![];
    // A definition cannot loop forever (terminal statuses have no way out); the bound is a belt.
    for _ in 0..5 {
        let Some(name) = workflow.next_automatic(snap).map(str::to_owned) else {
            break;
        };
        let Ok(step) = workflow.apply(snap, &Actor::system(), &name, now, None) else {
            break;
        };
        snap.set_status(step.to);
        applied.push(step.any());
    }
    applied
}
