//! Workflow definitions: the TOML shape, the registry of named guards and rules, and the loader
//! that refuses a definition naming anything unknown or describing a broken graph.
//!
//! The effects a definition declares (`effects`), the rest of its TOML shape (`schema`), why a
//! definition is refused (`error`), and the loader's checks (`validate`, `checks`).

mod checks;
mod effects;
mod error;
mod schema;
mod validate;

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::actions::{Action, ActionDef, RuleBook};
use crate::eligibility::EligibilityDef;
use crate::snapshot::CaseSnapshot;
use crate::tasks::TaskDef;
use crate::types::{Actor, CaseType, SectionState, WaitsOn, WorkflowStatus};
use crate::words::CaseWords;

pub use effects::{EffectDef, Recipient, ReminderStart};
pub use error::LoadError;
pub use schema::{
    AnnouncementDef, DocumentTypeDef, MessageDef, READY_TO_SUBMIT, ReplyClock, SectionDef,
    StatusDef, TASKS_DONE, TransitionDef, TransitionInput, UploadAs, UploadRefusal, WaitsOnWhen,
};
use validate::validate;

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
