//! Workflow definitions: the TOML shape, the registry of named guards and rules, and the loader
//! that refuses a definition naming anything unknown or describing a broken graph.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use serde::{Deserialize, Serialize};

use crate::actions::{Action, ActionDef, RuleBook};
use crate::eligibility::EligibilityDef;
use crate::snapshot::CaseSnapshot;
use crate::tasks::TaskDef;
use crate::types::{
    Actor, ActorKind, CaseType, ChipColour, FeedKind, IneligibilityReason, SectionState, Uploader,
    WaitsOn, WebhookEvent, WorkflowStatus,
};
use crate::words::CaseWords;

/// A guard: Ok when the condition holds, Err with a reason a person can read when not.
pub type Guard<S> = fn(&S, &Actor) -> Result<(), String>;
/// A section or tile rule: the state of that section for this case and user, before the
/// engine's case-wide overrides (submitted, disabled statuses).
pub type Rule<S> = fn(&S, &Actor) -> SectionState;

/// The Rust implementations a definition may name, registered by name.
pub struct Registry<S> {
    guards: BTreeMap<&'static str, Guard<S>>,
    rules: BTreeMap<&'static str, Rule<S>>,
}

impl<S> Default for Registry<S> {
    fn default() -> Self {
        Self {
            guards: BTreeMap::new(),
            rules: BTreeMap::new(),
        }
    }
}

impl<S> Registry<S> {
    pub fn new() -> Self {
        Self::default()
    }
    /// Registers a guard (also usable as a message condition).
    pub fn guard(mut self, name: &'static str, f: Guard<S>) -> Self {
        self.guards.insert(name, f);
        self
    }
    /// Registers a section or tile rule.
    pub fn rule(mut self, name: &'static str, f: Rule<S>) -> Self {
        self.rules.insert(name, f);
        self
    }
    pub fn get_guard(&self, name: &str) -> Option<Guard<S>> {
        self.guards.get(name).copied()
    }
    pub fn get_rule(&self, name: &str) -> Option<Rule<S>> {
        self.rules.get(name).copied()
    }
}

/// Who receives an e-mail, feed item or reminder.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Recipient {
    /// Every owner or buyer.
    Customers,
    /// The lead customer only (the one the broker invited).
    LeadCustomer,
    /// The case's brokers.
    Broker,
    /// The firm's conveyancing team.
    Conveyancer,
    /// The conveyancer the case is assigned to, or the whole team while nobody is.
    AssignedConveyancer,
    /// One applicant (by applicant id): a re-sent invitation. Not for workflow files, which
    /// name roles, not people.
    Applicant(i64),
    /// The applicant an announcement is about (a co-owner just added): the store names them
    /// (as [`Recipient::Applicant`]) when it writes the effect, once their row exists.
    AddedApplicant,
    /// The gift donor whose thread a message is written in: named (as
    /// [`Recipient::Applicant`]) when the message is written.
    Donor,
}

impl Recipient {
    /// A person only an announcement about them names; no transition may address them.
    pub fn named_by_announcement(self) -> bool {
        matches!(self, Self::AddedApplicant | Self::Donor)
    }
}

/// An effect as declared in a definition (`[effects.<name>]`).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "snake_case", deny_unknown_fields)]
pub enum EffectDef {
    /// An e-mail rendered from a template by the workers.
    SendEmail {
        template: String,
        to: Recipient,
        /// The e-mail's link signs its recipient in (an invitation): one link per person, bound
        /// to them, single use, valid for days. Only e-mails (and reminders) may say so.
        #[serde(default)]
        signs_in: bool,
    },
    /// An item in the in-app notification feed.
    FeedNotification { feed: FeedKind, to: Recipient },
    /// An e-mail sent later unless the case has moved on by then.
    Reminder {
        template: String,
        to: Recipient,
        after_hours: u32,
        /// What the hours count from: the move (default) or the case's agreed completion date
        /// (its start, UTC).
        #[serde(default)]
        counted_from: ReminderStart,
        /// As for `send_email`.
        #[serde(default)]
        signs_in: bool,
        /// A guard: once it passes the reminder is not needed, though the case is still in
        /// the status (a remortgage's client care letter accepted by every owner while their
        /// identities are still being checked).
        #[serde(default)]
        until: Option<String>,
    },
    /// Store today's date as the case's completion date.
    RecordCompletionDate,
    /// Set the case's ineligibility aside for good: a conveyancer has reviewed the more
    /// complex case and takes it on (see [`crate::eligibility`]).
    TakeOn,
    /// A named event for the broker firm's webhooks, recorded with the transition (its
    /// `case.status_changed` needs no declaring: every move raises it).
    Webhook { event: WebhookEvent },
}

impl EffectDef {
    /// Who it reaches, if it reaches anyone.
    pub fn recipient(&self) -> Option<Recipient> {
        match self {
            EffectDef::SendEmail { to, .. }
            | EffectDef::FeedNotification { to, .. }
            | EffectDef::Reminder { to, .. } => Some(*to),
            EffectDef::RecordCompletionDate | EffectDef::TakeOn | EffectDef::Webhook { .. } => None,
        }
    }

    /// Whether it is written with a transition's own write (on the case, or as its events),
    /// so only a transition may name it, never an announcement.
    pub fn follows_a_transition(&self) -> bool {
        matches!(
            self,
            EffectDef::RecordCompletionDate | EffectDef::TakeOn | EffectDef::Webhook { .. }
        )
    }
}

/// When a reminder's hours start.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum ReminderStart {
    #[default]
    Transition,
    CompletionDate,
}

/// What a transition needs from the person taking it besides a reason.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum TransitionInput {
    /// The completion date agreed with the lender (and the seller's side).
    CompletionDate,
}

/// How a status shows on the case card.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct MessageDef {
    /// A guard name; the message applies when it passes.
    pub when: String,
    pub text: String,
}

/// Who a case waits on instead of the status's `waits_on` while a guard passes: within one
/// status the next move can pass from the customer to the firm (every buyer has sent their
/// identity and only the firm can check it).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct WaitsOnWhen {
    /// A guard name; the override applies when it passes.
    pub when: String,
    pub waits_on: WaitsOn,
}

/// One status of a definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct StatusDef<St> {
    pub name: St,
    /// Chip text; `{completionDate}` is replaced by the date (dd/MM/yyyy) when one exists, and
    /// `chip_label_fallback` is used when it does not.
    pub label: String,
    #[serde(default)]
    pub chip_label_fallback: Option<String>,
    pub chip: ChipColour,
    #[serde(default = "yes")]
    pub warning_icon: bool,
    /// The application has been submitted: sections hidden, tiles shown.
    #[serde(default)]
    pub submitted: bool,
    /// Brokers may fill sections without an accepted quote, and may cancel.
    #[serde(default)]
    pub broker_stage: bool,
    /// Every application section is disabled.
    #[serde(default)]
    pub disables_sections: bool,
    /// No way out: COMPLETED, CANCELLED.
    #[serde(default)]
    pub terminal: bool,
    /// Not an active case (lists and the start page count it as closed); terminal statuses
    /// are always closed.
    #[serde(default)]
    pub closed: bool,
    /// Default card message.
    pub message: String,
    /// The stage in plain English for the help page (`/help`); statuses off the main path
    /// (ineligible, cancelled) have none and are not shown there.
    #[serde(default)]
    pub guide: Option<String>,
    /// The same stage as the broker reads it on their own case page: the `guide` speaks to
    /// the customer ("your broker"), this to the broker ("your client"). A status has both or
    /// neither (checked at load).
    #[serde(default)]
    pub broker_guide: Option<String>,
    /// Who must act next while a case is in this status; every open status names one and a
    /// closed status none (checked at load).
    #[serde(default)]
    pub waits_on: Option<WaitsOn>,
    /// Conditional `waits_on`, first match wins (open statuses only).
    #[serde(default)]
    pub waits_on_when: Vec<WaitsOnWhen>,
    /// Conditional messages, first match wins.
    #[serde(default)]
    pub messages: Vec<MessageDef>,
    /// How many calendar days a case typically spends in this stage (reviewed by a
    /// conveyancer): the case page's timeline expects each stage ahead from these, and flags
    /// the current one once it runs past (issue 32). Every open stage of the main path (one
    /// with a `guide`) has one (checked at load).
    #[serde(default)]
    pub typical_days: Option<u32>,
}

fn yes() -> bool {
    true
}

impl<St> StatusDef<St> {
    pub fn is_closed(&self) -> bool {
        self.closed || self.terminal
    }
}

/// The built-in guard a transition names to require a complete application: it composes the
/// definition's `ready_to_submit` list (section keys and guard names) instead of a rule of its own.
pub const READY_TO_SUBMIT: &str = "ready_to_submit";

/// The guard a refusal names when tasks of the legal file that block the transition are not
/// done (a task's `blocks`): not written in a transition's `guards`.
pub const TASKS_DONE: &str = "tasks_done";

/// A section or tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct SectionDef {
    /// Route slug (spec §2).
    pub key: String,
    pub label: String,
    /// Label used instead when the quote is empty (REM-POST-04).
    #[serde(default)]
    pub label_when_quote_empty: Option<String>,
    pub rule: String,
}

/// A transition between statuses.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct TransitionDef<St> {
    pub name: String,
    /// What the button or audit line says.
    pub label: String,
    pub from: Vec<St>,
    pub to: St,
    pub by: Vec<ActorKind>,
    #[serde(default)]
    pub guards: Vec<String>,
    #[serde(default)]
    pub effects: Vec<String>,
    /// A written reason must accompany it (recorded in the audit event).
    #[serde(default)]
    pub requires_reason: bool,
    /// Destructive (cancelling, reopening): the back office asks the staff member to prove
    /// their second factor again before taking it.
    #[serde(default)]
    pub step_up: bool,
    /// What the step records besides the move (a date); it is then taken through the case
    /// service's own step for that input, never as a bare move.
    #[serde(default)]
    pub asks_for: Option<TransitionInput>,
}

/// Something a person tells the others on a case without moving it (a customer reporting an
/// issue with the quote): who may, and who hears of it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct AnnouncementDef {
    /// What the audit line says.
    pub label: String,
    pub by: Vec<ActorKind>,
    pub effects: Vec<String>,
    /// It may be made once the case is closed (completed, cancelled, ineligible): a message
    /// in the case's conversation, where questions go on after completion. Default: no.
    #[serde(default)]
    pub while_closed: bool,
    /// What it does to the firm's reply-time promise: a message to the firm `starts` the clock
    /// (unless an older one already waits), the firm's answer `stops` it. Default: neither.
    #[serde(default)]
    pub reply_clock: Option<ReplyClock>,
}

/// An announcement's part in the firm's promise to reply within its working days.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum ReplyClock {
    /// It waits for the firm's reply.
    Starts,
    /// It is the firm's reply.
    Stops,
}

/// A kind of document a case holds (`[document_types.<NAME>]`): who may upload a file of it.
/// The firm's own steps read some of them (a purchase's TA6 and searches, a remortgage's
/// mortgage offer), so a customer's or broker's file must never pass for one.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct DocumentTypeDef {
    /// Who may upload it; empty for a document the firm makes itself (drafted and issued in
    /// the back office, never uploaded).
    pub uploaded_by: Vec<Uploader>,
    /// For a document the firm drafts: the workflow step (a transition's name) that issues
    /// it to the customers; `tile` is where they read and accept it. Both or neither.
    #[serde(default)]
    pub issued_by: Option<String>,
    #[serde(default)]
    pub tile: Option<String>,
    /// The firm's own record (its AML risk assessment, its screening report): read by the firm
    /// alone, never listed to, read by or sent in a message to the customers, brokers or
    /// donors. Only the firm uploads it.
    #[serde(default)]
    pub firm_only: bool,
}

/// What an accepted upload becomes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum UploadAs {
    /// Evidence of the case: it fills a required-document slot, if one waits for it.
    Evidence,
    /// The firm's own version of a document it issues (its report on title in place of the
    /// drafted one): a draft, issued to the customers through the same step.
    OwnDraft,
}

/// Why an upload of a document type is refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum UploadRefusal {
    /// The workflow declares no such document type.
    #[error("is not a document type of this case")]
    Unknown,
    /// The type is declared, but not for this uploader; `allowed` says who may (none: the
    /// firm makes it).
    #[error("is not a document this user may upload")]
    NotAllowed { allowed: Vec<Uploader> },
}

/// A whole definition as written in the TOML file, with statuses still as text.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
struct RawDefinition {
    case_type: CaseType,
    words: CaseWords,
    parties_section: String,
    #[serde(default)]
    customer_feature: Option<String>,
    scope_of_work: String,
    initial: Vec<String>,
    ready_to_submit: Vec<String>,
    statuses: Vec<StatusDef<String>>,
    sections: Vec<SectionDef>,
    tiles: Vec<SectionDef>,
    transitions: Vec<TransitionDef<String>>,
    #[serde(default)]
    announcements: BTreeMap<String, AnnouncementDef>,
    #[serde(default)]
    effects: BTreeMap<String, EffectDef>,
    #[serde(default)]
    document_types: BTreeMap<String, DocumentTypeDef>,
    #[serde(default)]
    actions: BTreeMap<Action, ActionDef>,
    #[serde(default)]
    tasks: Vec<TaskDef<String>>,
    #[serde(default)]
    eligibility: EligibilityDef,
}

/// A loaded, validated definition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Definition<St> {
    pub case_type: CaseType,
    /// How the texts name this kind of case.
    pub words: CaseWords,
    /// The section that lists the case's parties (a remortgage's owners, a purchase's buyers).
    pub parties_section: String,
    /// The account feature (the spec's enabled features) a customer needs to open this kind
    /// of case themselves; a broker's new client is given it. None: every account may.
    pub customer_feature: Option<String>,
    /// What the firm does on this kind of case, as the client care letter says it; `{firm}`
    /// stands for the firm's name.
    pub scope_of_work: String,
    pub initial: Vec<St>,
    /// What submitting needs, in the order a person should fix it: section keys (complete or
    /// hidden) and guard names.
    pub ready_to_submit: Vec<String>,
    pub statuses: Vec<StatusDef<St>>,
    pub sections: Vec<SectionDef>,
    pub tiles: Vec<SectionDef>,
    pub transitions: Vec<TransitionDef<St>>,
    pub announcements: BTreeMap<String, AnnouncementDef>,
    pub effects: BTreeMap<String, EffectDef>,
    /// Every document type a case of this kind holds, and who may upload each.
    pub document_types: BTreeMap<String, DocumentTypeDef>,
    /// The steps besides transitions this kind of case has, and who may take each.
    pub actions: BTreeMap<Action, ActionDef>,
    /// The legal file's tasks, in the order the back office lists them.
    pub tasks: Vec<TaskDef<St>>,
    /// The more complex kinds of case the firm takes without review.
    pub eligibility: EligibilityDef,
}

impl<St: WorkflowStatus> Definition<St> {
    /// The definition of a status (every status of the enumeration has one once loaded).
    pub fn status(&self, s: St) -> &StatusDef<St> {
        self.statuses
            .iter()
            .find(|d| d.name == s)
            .expect("validated: every status is defined")
    }
    pub fn transition(&self, name: &str) -> Option<&TransitionDef<St>> {
        self.transitions.iter().find(|t| t.name == name)
    }
    /// Whether the transition's effects record today as the case's completion date.
    pub fn records_completion_date(&self, t: &TransitionDef<St>) -> bool {
        t.effects
            .iter()
            .any(|e| matches!(self.effects.get(e), Some(EffectDef::RecordCompletionDate)))
    }
    /// Whether the transition takes on a case the eligibility check refused.
    pub fn takes_on(&self, t: &TransitionDef<St>) -> bool {
        t.effects
            .iter()
            .any(|e| matches!(self.effects.get(e), Some(EffectDef::TakeOn)))
    }
    /// The statuses lists and the start page count as closed.
    pub fn closed_statuses(&self) -> Vec<St> {
        self.statuses
            .iter()
            .filter(|s| s.is_closed())
            .map(|s| s.name)
            .collect()
    }
    /// The statuses in which a case waits on `who` (the file's `waits_on`), or may while one
    /// of its `waits_on_when` applies: the queue's filter runs on the status index, so a case
    /// in such a status is listed under both and its row says which applies now.
    pub fn statuses_waiting_on(&self, who: WaitsOn) -> Vec<St> {
        self.statuses
            .iter()
            .filter(|s| {
                s.waits_on == Some(who) || s.waits_on_when.iter().any(|w| w.waits_on == who)
            })
            .map(|s| s.name)
            .collect()
    }
    /// Who may do what on a case of this kind: the part of the file every permission reads.
    pub fn rule_book(&self) -> RuleBook<'_> {
        RuleBook {
            document_types: &self.document_types,
            actions: &self.actions,
        }
    }

    /// Every e-mail template the definition's effects name, its tasks' reminder and its
    /// conversation's reminder of a reply overdue.
    pub fn email_templates(&self) -> std::collections::BTreeSet<&str> {
        let tasks_remind = self.tasks.iter().any(|t| t.due.is_some());
        let converses = self
            .announcements
            .keys()
            .any(|a| a.contains("_message_by_"));
        self.effects
            .values()
            .filter_map(|e| match e {
                EffectDef::SendEmail { template, .. } | EffectDef::Reminder { template, .. } => {
                    Some(template.as_str())
                }
                _ => None,
            })
            .chain(tasks_remind.then_some(crate::tasks::TASK_DUE_TEMPLATE))
            .chain(converses.then_some(crate::conversation::REPLY_OVERDUE_TEMPLATE))
            .collect()
    }
}

/// Why a definition was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum LoadError {
    #[error("definition is not valid TOML for a workflow: {0}")]
    Parse(String),
    #[error("definition is for {found:?}, expected {expected:?}")]
    WrongCaseType { expected: CaseType, found: CaseType },
    #[error("unknown status `{name}` in {place}")]
    UnknownStatus { name: String, place: String },
    #[error("statuses differ from the spec's enumeration: expected [{expected}], found [{found}]")]
    StatusListMismatch { expected: String, found: String },
    #[error("unknown guard `{name}` in {place}")]
    UnknownGuard { name: String, place: String },
    #[error("unknown rule `{name}` in {place}")]
    UnknownRule { name: String, place: String },
    #[error("unknown effect `{name}` in `{transition}`")]
    UnknownEffect { name: String, transition: String },
    #[error("effect `{effect}` in announcement `{announcement}`: only a transition may name it")]
    TransitionOnlyEffect {
        effect: String,
        announcement: String,
    },
    #[error("status {0} cannot be reached from the initial status")]
    Unreachable(String),
    #[error("status {0} is not terminal but has no transition out")]
    DeadEnd(String),
    #[error("terminal status {status} has a transition out (`{transition}`)")]
    TerminalWithExit { status: String, transition: String },
    #[error("duplicate {what} `{name}`")]
    Duplicate { what: &'static str, name: String },
    #[error("transition `{0}` names no actor")]
    NoActor(String),
    #[error(
        "announcement `{0}`: only the firm's message `stops` the reply clock, and only a message to the firm `starts` it"
    )]
    ReplyClockBy(String),
    #[error("open status {0} names no `waits_on`")]
    MissingWaitsOn(String),
    #[error("closed status {0} names a `waits_on`")]
    ClosedWaitsOn(String),
    #[error("status {0} has a `guide` or a `broker_guide` without the other")]
    GuideForOneParty(String),
    #[error(
        "status {0} is an open stage of the main path (it has a `guide`) without `typical_days`"
    )]
    MissingTypicalDays(String),
    #[error(
        "effect `{effect}` of `{transition}` is for ADDED_APPLICANT or DONOR, whom only an announcement about a person names"
    )]
    AddedApplicantOutsideAnnouncement { effect: String, transition: String },
    #[error("document type `{0}` is not a name of capitals, digits and underscores (at most 64)")]
    BadDocumentType(String),
    #[error("action `{0}` names no actor")]
    ActionWithoutActor(&'static str),
    #[error("document type `{0}` is `firm_only` but someone besides the firm may upload it")]
    FirmOnlyUploadedByOthers(String),
    #[error("unknown section `{name}` in {place}")]
    UnknownSection { name: String, place: String },
    #[error("scope_of_work does not name the firm ({{firm}})")]
    ScopeWithoutFirm,
    #[error("[words]: {0}")]
    BadWords(String),
    #[error("unknown tile `{name}` in {place}")]
    UnknownTile { name: String, place: String },
    #[error("document type `{0}` names `issued_by` without `tile`, or `tile` without `issued_by`")]
    IssuedWithoutTile(String),
    #[error("unknown transition `{name}` in {place}")]
    UnknownTransition { name: String, place: String },
    #[error("task `{task}`: {problem}")]
    BadTask { task: String, problem: String },
    #[error("[eligibility] takes {0:?}, which no firm in England and Wales can take")]
    TakesTheUntakeable(IneligibilityReason),
}

fn parse_status<St: WorkflowStatus>(name: &str, place: impl Into<String>) -> Result<St, LoadError> {
    St::parse(name).ok_or_else(|| LoadError::UnknownStatus {
        name: name.to_owned(),
        place: place.into(),
    })
}

/// A definition together with the implementations of the names it uses.
pub struct Workflow<S: CaseSnapshot> {
    pub definition: Definition<S::Status>,
    pub(crate) registry: Registry<S>,
}

impl<S: CaseSnapshot> std::fmt::Debug for Workflow<S> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Workflow")
            .field("case_type", &self.definition.case_type)
            .finish_non_exhaustive()
    }
}

impl<S: CaseSnapshot> Workflow<S> {
    /// Parses and validates a definition; every name it uses must be in `registry`.
    pub fn from_toml(text: &str, registry: Registry<S>) -> Result<Self, LoadError> {
        let raw: RawDefinition =
            toml::from_str(text).map_err(|e| LoadError::Parse(e.to_string()))?;
        let definition = validate::<S>(raw, &registry)?;
        Ok(Self {
            definition,
            registry,
        })
    }

    pub(crate) fn guard(&self, name: &str) -> Guard<S> {
        self.registry
            .get_guard(name)
            .expect("validated: every guard name is registered")
    }

    pub(crate) fn rule(&self, name: &str) -> Rule<S> {
        self.registry
            .get_rule(name)
            .expect("validated: every rule name is registered")
    }
}

fn validate<S: CaseSnapshot>(
    raw: RawDefinition,
    reg: &Registry<S>,
) -> Result<Definition<S::Status>, LoadError> {
    type St<S> = <S as CaseSnapshot>::Status;
    let expected_type = St::<S>::CASE_TYPE;
    if raw.case_type != expected_type {
        return Err(LoadError::WrongCaseType {
            expected: expected_type,
            found: raw.case_type,
        });
    }

    // Statuses: each known, and the list exactly the spec's, in order.
    let mut statuses = Vec::with_capacity(raw.statuses.len());
    for s in raw.statuses {
        let name = parse_status::<St<S>>(&s.name, "statuses")?;
        for m in &s.messages {
            if reg.get_guard(&m.when).is_none() {
                return Err(LoadError::UnknownGuard {
                    name: m.when.clone(),
                    place: format!("messages of status {}", s.name),
                });
            }
        }
        for w in &s.waits_on_when {
            if reg.get_guard(&w.when).is_none() {
                return Err(LoadError::UnknownGuard {
                    name: w.when.clone(),
                    place: format!("waits_on_when of status {}", s.name),
                });
            }
        }
        statuses.push(StatusDef {
            name,
            label: s.label,
            chip_label_fallback: s.chip_label_fallback,
            chip: s.chip,
            warning_icon: s.warning_icon,
            submitted: s.submitted,
            broker_stage: s.broker_stage,
            disables_sections: s.disables_sections,
            terminal: s.terminal,
            closed: s.closed,
            message: s.message,
            guide: s.guide,
            broker_guide: s.broker_guide,
            waits_on: s.waits_on,
            waits_on_when: s.waits_on_when,
            messages: s.messages,
            typical_days: s.typical_days,
        });
    }
    let found: Vec<_> = statuses.iter().map(|s| s.name).collect();
    if found.as_slice() != St::<S>::ALL {
        let join = |v: &[St<S>]| v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(", ");
        return Err(LoadError::StatusListMismatch {
            expected: join(St::<S>::ALL),
            found: join(&found),
        });
    }

    let initial = raw
        .initial
        .iter()
        .map(|n| parse_status::<St<S>>(n, "initial"))
        .collect::<Result<Vec<_>, _>>()?;

    for name in &raw.ready_to_submit {
        let is_section = raw.sections.iter().any(|s| &s.key == name);
        if !is_section && reg.get_guard(name).is_none() {
            return Err(LoadError::UnknownGuard {
                name: name.clone(),
                place: "ready_to_submit (neither a section key nor a guard)".into(),
            });
        }
    }

    for (what, list) in [("section", &raw.sections), ("tile", &raw.tiles)] {
        let mut keys = BTreeSet::new();
        for s in list {
            if !keys.insert(&s.key) {
                return Err(LoadError::Duplicate {
                    what,
                    name: s.key.clone(),
                });
            }
            if reg.get_rule(&s.rule).is_none() {
                return Err(LoadError::UnknownRule {
                    name: s.rule.clone(),
                    place: format!("{what} {}", s.key),
                });
            }
        }
    }

    let mut names = BTreeSet::new();
    for (name, def) in &raw.effects {
        if let EffectDef::Reminder { until: Some(g), .. } = def
            && reg.get_guard(g).is_none()
        {
            return Err(LoadError::UnknownGuard {
                name: g.clone(),
                place: format!("effect {name}'s `until`"),
            });
        }
    }
    let mut transitions = Vec::with_capacity(raw.transitions.len());
    for t in raw.transitions {
        if !names.insert(t.name.clone()) {
            return Err(LoadError::Duplicate {
                what: "transition",
                name: t.name,
            });
        }
        if t.by.is_empty() {
            return Err(LoadError::NoActor(t.name));
        }
        let place = format!("transition {}", t.name);
        let from = t
            .from
            .iter()
            .map(|n| parse_status::<St<S>>(n, place.clone()))
            .collect::<Result<Vec<_>, _>>()?;
        let to = parse_status::<St<S>>(&t.to, place.clone())?;
        for g in &t.guards {
            if g != READY_TO_SUBMIT && reg.get_guard(g).is_none() {
                return Err(LoadError::UnknownGuard {
                    name: g.clone(),
                    place: place.clone(),
                });
            }
        }
        for e in &t.effects {
            match raw.effects.get(e) {
                None => {
                    return Err(LoadError::UnknownEffect {
                        name: e.clone(),
                        transition: t.name.clone(),
                    });
                }
                Some(def)
                    if def
                        .recipient()
                        .is_some_and(Recipient::named_by_announcement) =>
                {
                    return Err(LoadError::AddedApplicantOutsideAnnouncement {
                        effect: e.clone(),
                        transition: t.name.clone(),
                    });
                }
                Some(_) => {}
            }
        }
        transitions.push(TransitionDef {
            name: t.name,
            label: t.label,
            from,
            to,
            by: t.by,
            guards: t.guards,
            effects: t.effects,
            requires_reason: t.requires_reason,
            step_up: t.step_up,
            asks_for: t.asks_for,
        });
    }

    for (name, a) in &raw.announcements {
        if a.by.is_empty() {
            return Err(LoadError::NoActor(name.clone()));
        }
        let by_firm = a.by.iter().all(|k| k.is_firm());
        let clock_by_wrong_side = match a.reply_clock {
            Some(ReplyClock::Starts) => by_firm,
            Some(ReplyClock::Stops) => !by_firm,
            None => false,
        };
        if clock_by_wrong_side {
            return Err(LoadError::ReplyClockBy(name.clone()));
        }
        for e in &a.effects {
            match raw.effects.get(e) {
                None => {
                    return Err(LoadError::UnknownEffect {
                        name: e.clone(),
                        transition: name.clone(),
                    });
                }
                Some(def) if def.follows_a_transition() => {
                    return Err(LoadError::TransitionOnlyEffect {
                        effect: e.clone(),
                        announcement: name.clone(),
                    });
                }
                Some(_) => {}
            }
        }
    }

    for name in raw.document_types.keys() {
        let well_formed = !name.is_empty()
            && name.len() <= 64
            && name
                .bytes()
                .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_');
        if !well_formed {
            return Err(LoadError::BadDocumentType(name.clone()));
        }
    }

    let tile_known = |name: &str| raw.tiles.iter().any(|t| t.key == name);
    for (action, a) in &raw.actions {
        if a.by.is_empty() {
            return Err(LoadError::ActionWithoutActor(action.as_str()));
        }
        if let Some(tile) = a.tile.as_deref().filter(|t| !tile_known(t)) {
            return Err(LoadError::UnknownTile {
                name: tile.to_owned(),
                place: format!("action {}", action.as_str()),
            });
        }
    }
    for (name, d) in &raw.document_types {
        if d.firm_only && d.uploaded_by.iter().any(|u| *u != Uploader::Firm) {
            return Err(LoadError::FirmOnlyUploadedByOthers(name.clone()));
        }
        let place = || format!("document type {name}");
        match (&d.issued_by, &d.tile) {
            (None, None) => {}
            (Some(step), Some(tile)) => {
                if !tile_known(tile) {
                    return Err(LoadError::UnknownTile {
                        name: tile.clone(),
                        place: place(),
                    });
                }
                if !transitions.iter().any(|t| t.name == *step) {
                    return Err(LoadError::UnknownTransition {
                        name: step.clone(),
                        place: place(),
                    });
                }
            }
            _ => return Err(LoadError::IssuedWithoutTile(name.clone())),
        }
    }

    let tasks = validate_tasks::<S>(raw.tasks, &raw.document_types, &transitions, reg)?;
    if let Some(r) = raw.eligibility.takes.iter().find(|r| !r.may_be_taken_on()) {
        return Err(LoadError::TakesTheUntakeable(*r));
    }
    if let Some(problem) = raw.words.problem() {
        return Err(LoadError::BadWords(problem));
    }
    if !raw.scope_of_work.contains("{firm}") {
        return Err(LoadError::ScopeWithoutFirm);
    }
    if !raw.sections.iter().any(|s| s.key == raw.parties_section) {
        return Err(LoadError::UnknownSection {
            name: raw.parties_section,
            place: "parties_section".into(),
        });
    }
    let def = Definition {
        case_type: raw.case_type,
        words: raw.words,
        parties_section: raw.parties_section,
        customer_feature: raw.customer_feature,
        scope_of_work: raw.scope_of_work,
        initial,
        ready_to_submit: raw.ready_to_submit,
        statuses,
        sections: raw.sections,
        tiles: raw.tiles,
        transitions,
        announcements: raw.announcements,
        effects: raw.effects,
        document_types: raw.document_types,
        actions: raw.actions,
        tasks,
        eligibility: raw.eligibility,
    };
    check_graph(&def)?;
    check_waits_on(&def)?;
    check_guides(&def)?;
    Ok(def)
}

/// Each task's names known: its statuses, its guard, the tasks before it (declared earlier, so
/// no task waits on itself through others), evidence the firm may upload, and the transitions
/// it blocks, each taken only from statuses where the task is open (so it can be done first).
fn validate_tasks<S: CaseSnapshot>(
    raw: Vec<TaskDef<String>>,
    document_types: &BTreeMap<String, DocumentTypeDef>,
    transitions: &[TransitionDef<S::Status>],
    reg: &Registry<S>,
) -> Result<Vec<TaskDef<S::Status>>, LoadError> {
    let mut tasks: Vec<TaskDef<S::Status>> = Vec::with_capacity(raw.len());
    for t in raw {
        let bad = |problem: String| LoadError::BadTask {
            task: t.name.clone(),
            problem,
        };
        if tasks.iter().any(|x| x.name == t.name) {
            return Err(LoadError::Duplicate {
                what: "task",
                name: t.name,
            });
        }
        if t.by.is_empty() || t.open_in.is_empty() {
            return Err(bad("names no actor (`by`) or no status (`open_in`)".into()));
        }
        for (field, guard) in [("when", &t.when), ("needs", &t.needs)] {
            if let Some(g) = guard.as_deref().filter(|g| reg.get_guard(g).is_none()) {
                return Err(bad(format!("unknown guard `{g}` in `{field}`")));
            }
        }
        if let Some(a) = t
            .after
            .iter()
            .find(|a| !tasks.iter().any(|x| &x.name == *a))
        {
            return Err(bad(format!(
                "`after` names `{a}`, not a task declared before it"
            )));
        }
        // Evidence no customer's or broker's file may pass for: a type only the firm uploads.
        let firm_only = |d: &str| {
            document_types
                .get(d)
                .is_some_and(|def| def.uploaded_by == [crate::types::Uploader::Firm])
        };
        if let Some(d) = t.evidence.as_deref().filter(|d| !firm_only(d)) {
            return Err(bad(format!(
                "evidence `{d}` is not a document type only the firm uploads"
            )));
        }
        if t.provider.is_some() && t.evidence.is_none() {
            return Err(bad(
                "names a `provider` but no `evidence` to keep its report as".into(),
            ));
        }
        if let Some(p) = t
            .provider
            .filter(|p| tasks.iter().any(|x| x.provider == Some(*p)))
        {
            let p: &str = p.into();
            return Err(bad(format!(
                "a task declared before it already names provider {p}"
            )));
        }
        if t.due.is_some_and(|d| d.days == 0) {
            return Err(bad("is due 0 days after its date".into()));
        }
        if t.reference.is_none() && t.reference_is != crate::tasks::ReferenceKind::Text {
            return Err(bad("`reference_is` without a `reference` label".into()));
        }
        if let Some(b) = &t.due_before {
            let records_expiry = tasks.iter().any(|x| {
                x.name == b.expiry_of && x.reference_is == crate::tasks::ReferenceKind::ExpiryDate
            });
            if !records_expiry {
                return Err(bad(format!(
                    "`due_before` names `{}`, not a task declared before it that records an EXPIRY_DATE",
                    b.expiry_of
                )));
            }
        }
        let open_in = t
            .open_in
            .iter()
            .map(|n| parse_status::<S::Status>(n, format!("task {}", t.name)))
            .collect::<Result<Vec<_>, _>>()?;
        for b in &t.blocks {
            let Some(blocked) = transitions.iter().find(|x| x.name == *b) else {
                return Err(bad(format!("`blocks` names `{b}`, not a transition")));
            };
            if let Some(s) = blocked.from.iter().find(|s| !open_in.contains(s)) {
                return Err(bad(format!(
                    "blocks `{b}`, taken from {} where the task is not open",
                    s.as_str()
                )));
            }
        }
        tasks.push(TaskDef {
            name: t.name,
            label: t.label,
            open_in,
            by: t.by,
            when: t.when,
            needs: t.needs,
            after: t.after,
            evidence: t.evidence,
            reference: t.reference,
            reference_is: t.reference_is,
            due: t.due,
            due_before: t.due_before,
            blocks: t.blocks,
            provider: t.provider,
        });
    }
    Ok(tasks)
}

/// The case page's "waiting on" line: an open case always waits on someone, a closed one on
/// no one.
fn check_waits_on<St: WorkflowStatus>(def: &Definition<St>) -> Result<(), LoadError> {
    for s in &def.statuses {
        match (s.is_closed(), s.waits_on) {
            (false, None) => return Err(LoadError::MissingWaitsOn(s.name.as_str().into())),
            (true, _) if s.waits_on.is_some() || !s.waits_on_when.is_empty() => {
                return Err(LoadError::ClosedWaitsOn(s.name.as_str().into()));
            }
            _ => {}
        }
    }
    Ok(())
}

/// The case page's next step is written for each party who reads it: a stage told to the
/// customer is told to the broker too.
fn check_guides<St: WorkflowStatus>(def: &Definition<St>) -> Result<(), LoadError> {
    if let Some(s) = def
        .statuses
        .iter()
        .find(|s| s.guide.is_some() != s.broker_guide.is_some())
    {
        return Err(LoadError::GuideForOneParty(s.name.as_str().into()));
    }
    match def
        .statuses
        .iter()
        .find(|s| s.guide.is_some() && !s.is_closed() && s.typical_days.is_none())
    {
        Some(s) => Err(LoadError::MissingTypicalDays(s.name.as_str().into())),
        None => Ok(()),
    }
}

/// Reachability from the initial statuses, no dead ends, no exits from terminal statuses.
fn check_graph<St: WorkflowStatus>(def: &Definition<St>) -> Result<(), LoadError> {
    for s in &def.statuses {
        let exit = def.transitions.iter().find(|t| t.from.contains(&s.name));
        match (s.terminal, exit) {
            (true, Some(t)) => {
                return Err(LoadError::TerminalWithExit {
                    status: s.name.as_str().into(),
                    transition: t.name.clone(),
                });
            }
            (false, None) => return Err(LoadError::DeadEnd(s.name.as_str().into())),
            _ => {}
        }
    }
    let mut seen: BTreeSet<St> = def.initial.iter().copied().collect();
    let mut queue: VecDeque<St> = def.initial.iter().copied().collect();
    while let Some(s) = queue.pop_front() {
        for t in def.transitions.iter().filter(|t| t.from.contains(&s)) {
            if seen.insert(t.to) {
                queue.push_back(t.to);
            }
        }
    }
    if let Some(s) = St::ALL.iter().find(|s| !seen.contains(s)) {
        return Err(LoadError::Unreachable(s.as_str().into()));
    }
    Ok(())
}
