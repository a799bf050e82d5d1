//! Working out a case's view for one user: sections, tiles, chip, message and transitions.

use super::{CaseView, Chip, SectionView, StageView, TransitionView, format_date};
use crate::definition::{READY_TO_SUBMIT, TASKS_DONE, TransitionDef, Workflow};
use crate::snapshot::{CaseSnapshot, quote_is_empty};
use crate::types::{Actor, ActorKind, SectionState, WorkflowStatus};

impl<S: CaseSnapshot> Workflow<S> {
    /// The whole view of a case for one user.
    pub fn evaluate(&self, snap: &S, actor: &Actor) -> CaseView<S::Status> {
        let snap = &*self.prepared(snap);
        let status = snap.status();
        let sdef = self.definition.status(status);
        let empty_quote = quote_is_empty(snap.quote());
        let label =
            |d: &crate::definition::SectionDef| match (&d.label_when_quote_empty, empty_quote) {
                (Some(l), true) => l.clone(),
                _ => d.label.clone(),
            };

        // The case-wide rules (spec §4) override the section's own rule: once submitted every
        // section is hidden and tiles show; a disabling status disables what is not hidden,
        // tiles included (a cancelled case shows its tiles, none of them open).
        let sections = self
            .definition
            .sections
            .iter()
            .map(|d| {
                let state = if sdef.submitted {
                    SectionState::Hidden
                } else {
                    match self.rule(&d.rule)(snap, actor) {
                        SectionState::Hidden => SectionState::Hidden,
                        _ if sdef.disables_sections => SectionState::IsDisabled,
                        s => s,
                    }
                };
                SectionView {
                    key: d.key.clone(),
                    label: label(d),
                    state,
                }
            })
            .collect();
        let tiles = self
            .definition
            .tiles
            .iter()
            .map(|d| SectionView {
                key: d.key.clone(),
                label: label(d),
                state: match self.rule(&d.rule)(snap, actor) {
                    _ if !sdef.submitted => SectionState::Hidden,
                    SectionState::Hidden => SectionState::Hidden,
                    _ if sdef.disables_sections => SectionState::IsDisabled,
                    s => s,
                },
            })
            .collect();

        let ready_to_submit =
            !sdef.submitted && !sdef.disables_sections && self.ready_to_submit(snap, actor).is_ok();

        let transitions = self.transitions_for(snap, actor);
        // Spec §4: Cancel is offered to brokers only (CANCEL-01/02); conveyancers cancel from
        // the back office through the same transitions list.
        let can_cancel = actor.kind() == Some(ActorKind::Broker)
            && transitions
                .iter()
                .any(|t| t.allowed && t.to.as_str() == "CANCELLED");

        CaseView {
            case_type: self.definition.case_type,
            status,
            sections,
            tiles,
            submitted: sdef.submitted,
            ready_to_submit,
            chip: self.chip(snap),
            message: self.message(snap, actor),
            can_cancel,
            transitions,
            stage: StageView {
                // A broker's role, administering the case or managing its broker: the web app
                // speaks to them as the broker too.
                guide: if actor.is_broker() {
                    sdef.broker_guide.clone()
                } else {
                    sdef.guide.clone()
                },
                waits_on: sdef
                    .waits_on_when
                    .iter()
                    .find(|w| self.guard(&w.when)(snap, actor).is_ok())
                    .map(|w| w.waits_on)
                    .or(sdef.waits_on),
                closed: sdef.is_closed(),
            },
        }
    }

    /// The status chip (STATUS-02..08).
    pub fn chip(&self, snap: &S) -> Chip {
        let sdef = self.definition.status(snap.status());
        let label = fill(&sdef.label, snap)
            .or_else(|| sdef.chip_label_fallback.clone())
            .unwrap_or_else(|| sdef.label.clone());
        Chip {
            colour: sdef.chip,
            label,
            show_warning_icon: sdef.warning_icon,
        }
    }

    /// The case card's status message (STATUS-09..21).
    pub fn message(&self, snap: &S, actor: &Actor) -> Option<String> {
        let snap = &*self.prepared(snap);
        let sdef = self.definition.status(snap.status());
        sdef.messages
            .iter()
            .filter(|m| self.guard(&m.when)(snap, actor).is_ok())
            .find_map(|m| fill(&m.text, snap))
            .or_else(|| fill(&sdef.message, snap))
            .filter(|m| !m.is_empty())
    }

    /// The definition's `ready_to_submit` list in order: each section must be complete (or not
    /// apply to this case) and each guard must pass; the first that does not gives the reason.
    fn ready_to_submit(&self, snap: &S, actor: &Actor) -> Result<(), String> {
        for name in &self.definition.ready_to_submit {
            match self.definition.sections.iter().find(|d| &d.key == name) {
                Some(section) => match self.rule(&section.rule)(snap, actor) {
                    SectionState::IsComplete | SectionState::Hidden => {}
                    _ => return Err(format!("{} is not complete.", section.label)),
                },
                None => self.guard(name)(snap, actor)?,
            }
        }
        Ok(())
    }

    /// The state of one application section for this user, with the case-wide overrides: what
    /// a section write must check before it changes anything.
    pub fn section_state(&self, snap: &S, actor: &Actor, key: &str) -> Option<SectionState> {
        self.evaluate(snap, actor).section(key).map(|s| s.state)
    }

    /// The transitions out of the current status that this user's kind may trigger, each with
    /// whether its guards pass now and, if not, the first reason.
    pub fn transitions_for(&self, snap: &S, actor: &Actor) -> Vec<TransitionView<S::Status>> {
        let snap = &*self.prepared(snap);
        let Some(kind) = actor.kind() else {
            return vec![];
        };
        let status = snap.status();
        self.definition
            .transitions
            .iter()
            .filter(|t| t.from.contains(&status) && t.by.contains(&kind))
            .map(|t| {
                let reason = self.failed_guard(t, snap, actor).map(|(_, r)| r);
                TransitionView {
                    name: t.name.clone(),
                    label: t.label.clone(),
                    to: t.to,
                    allowed: reason.is_none(),
                    reason,
                    requires_reason: t.requires_reason,
                    step_up: t.step_up,
                    by: t.by.clone(),
                    asks_for: t.asks_for,
                    records_completion_date: self.definition.records_completion_date(t),
                }
            })
            .collect()
    }

    /// The first system transition whose guards pass now: what a scheduled check should apply.
    pub fn next_automatic(&self, snap: &S) -> Option<&str> {
        let system = Actor::system();
        self.transitions_for(snap, &system)
            .into_iter()
            .find(|t| t.allowed)
            .and_then(|t| self.definition.transition(&t.name))
            .map(|t| t.name.as_str())
    }

    pub(super) fn failed_guard(
        &self,
        t: &TransitionDef<S::Status>,
        snap: &S,
        actor: &Actor,
    ) -> Option<(String, String)> {
        t.guards
            .iter()
            .find_map(|g| {
                let outcome = if g == READY_TO_SUBMIT {
                    self.ready_to_submit(snap, actor)
                } else {
                    self.guard(g)(snap, actor)
                };
                outcome.err().map(|reason| (g.clone(), reason))
            })
            .or_else(|| {
                self.blocking_tasks(snap, actor, &t.name)
                    .map(|reason| (TASKS_DONE.to_owned(), reason))
            })
    }
}

/// Replaces `{completionDate}`; None when the text needs a date the case does not have.
fn fill<S: CaseSnapshot>(text: &str, snap: &S) -> Option<String> {
    const PLACEHOLDER: &str = "{completionDate}";
    if !text.contains(PLACEHOLDER) {
        return Some(text.to_owned());
    }
    snap.completion_date()
        .map(|d| text.replace(PLACEHOLDER, &format_date(d)))
}
