//! What a case type's workflow file says, as `Workflows` answers it: closed and waiting statuses,
//! transitions, sections, who may do what, its words, and its eligibility and e-mail templates.

use std::collections::BTreeSet;

use threshold_engine::eligibility::EligibilityFacts;
use threshold_engine::types::IneligibilityReason;
use threshold_engine::{
    ActorKind, CaseType, CaseWords, RuleBook, TransitionInput, WaitsOn, WorkflowStatus,
};

use crate::Workflows;

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

impl Workflows {
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
}
