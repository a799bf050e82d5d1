//! Evaluation: what a case looks like to one user now, and applying a transition (pure).

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use std::borrow::Cow;

use crate::definition::{
    EffectDef, READY_TO_SUBMIT, Recipient, ReminderStart, TASKS_DONE, TransitionDef,
    TransitionInput, Workflow,
};
use crate::snapshot::{CaseSnapshot, quote_is_empty};
use crate::types::{
    Actor, ActorKind, CaseStatus, CaseType, ChipColour, FeedKind, Role, SectionState, WaitsOn,
    WebhookEvent, WorkflowStatus,
};

/// The spec's date format, dd/MM/yyyy (CONST-22).
pub fn format_date(date: NaiveDate) -> String {
    date.format("%d/%m/%Y").to_string()
}

/// One application section or post-submit tile.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct SectionView {
    /// Route slug (spec §2).
    pub key: String,
    pub label: String,
    pub state: SectionState,
}

impl SectionView {
    pub fn is_shown(&self) -> bool {
        self.state != SectionState::Hidden
    }
}

/// The status chip (spec §4).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct Chip {
    pub colour: ChipColour,
    pub label: String,
    pub show_warning_icon: bool,
}

/// Where a case stands, for the case page: what happens now and who must act.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct StageView {
    /// What happens in this stage, in plain English, written for the reader: the status's
    /// `broker_guide` for a broker (any broker role), its `guide` for anyone else (None off
    /// the main path: ineligible, cancelled).
    pub guide: Option<String>,
    /// Who must act next (None once the case is closed).
    pub waits_on: Option<WaitsOn>,
    /// Not an active case any more: nothing is pending on it.
    pub closed: bool,
}

/// A transition this user may take from the current status.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TransitionView<St> {
    pub name: String,
    pub label: String,
    pub to: St,
    pub allowed: bool,
    /// Why not, when not allowed.
    pub reason: Option<String>,
    pub requires_reason: bool,
    /// The staff member must enter a fresh second-factor code to take it.
    pub step_up: bool,
    /// Who may take it (the workflow file's `by`).
    pub by: Vec<ActorKind>,
    /// What the step asks for besides a reason.
    pub asks_for: Option<TransitionInput>,
    /// It records today as the completion date, replacing an agreed one: taken before the
    /// agreed day it must be confirmed (the back office warns and says the date). Absent: false.
    #[serde(default)]
    #[cfg_attr(feature = "openapi", schema(required = false))]
    pub records_completion_date: bool,
}

/// Everything the SPA needs to draw a case for one user.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CaseView<St> {
    pub case_type: CaseType,
    pub status: St,
    /// Application sections in spec order; HIDDEN ones are not shown.
    pub sections: Vec<SectionView>,
    /// Post-submit tiles in spec order; all HIDDEN before submission.
    pub tiles: Vec<SectionView>,
    pub submitted: bool,
    pub ready_to_submit: bool,
    pub chip: Chip,
    pub message: Option<String>,
    pub can_cancel: bool,
    pub transitions: Vec<TransitionView<St>>,
    pub stage: StageView,
}

impl<St: Into<CaseStatus>> CaseView<St> {
    /// The same view with the status of either case type.
    pub fn any(self) -> CaseView<CaseStatus> {
        CaseView {
            case_type: self.case_type,
            status: self.status.into(),
            sections: self.sections,
            tiles: self.tiles,
            submitted: self.submitted,
            ready_to_submit: self.ready_to_submit,
            chip: self.chip,
            message: self.message,
            can_cancel: self.can_cancel,
            transitions: self
                .transitions
                .into_iter()
                .map(|t| TransitionView {
                    name: t.name,
                    label: t.label,
                    to: t.to.into(),
                    allowed: t.allowed,
                    reason: t.reason,
                    requires_reason: t.requires_reason,
                    step_up: t.step_up,
                    by: t.by,
                    asks_for: t.asks_for,
                    records_completion_date: t.records_completion_date,
                })
                .collect(),
            stage: self.stage,
        }
    }
}

impl<St: Into<CaseStatus> + Copy> Applied<St> {
    /// The same result with the status of either case type.
    pub fn any(self) -> Applied<CaseStatus> {
        Applied {
            from: self.from.into(),
            to: self.to.into(),
            audit: AuditEvent {
                actor: self.audit.actor,
                transition: self.audit.transition,
                from: self.audit.from.into(),
                to: self.audit.to.into(),
                at: self.audit.at,
                reason: self.audit.reason,
            },
            effects: self.effects,
        }
    }
}

impl<St> CaseView<St> {
    /// A section or tile by key (sections first: `documents` is in both places).
    pub fn section(&self, key: &str) -> Option<&SectionView> {
        self.sections.iter().find(|s| s.key == key)
    }
    pub fn tile(&self, key: &str) -> Option<&SectionView> {
        self.tiles.iter().find(|s| s.key == key)
    }
}

/// Who did it, as recorded in the audit trail.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditActor {
    pub user_id: Option<i64>,
    pub role: Option<Role>,
    pub kind: ActorKind,
}

/// The audit event the caller writes in the same transaction as the status change.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct AuditEvent<St> {
    pub actor: AuditActor,
    pub transition: String,
    pub from: St,
    pub to: St,
    pub at: DateTime<Utc>,
    pub reason: Option<String>,
}

/// A job the caller enqueues after committing the transition.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Effect {
    #[serde(rename_all = "camelCase")]
    SendEmail {
        template: String,
        to: Recipient,
        /// The link signs the recipient in (see `EffectDef::SendEmail`); absent in rows written
        /// before it existed.
        #[serde(default)]
        signs_in: bool,
    },
    #[serde(rename_all = "camelCase")]
    FeedNotification { kind: FeedKind, to: Recipient },
    /// Send `template` at `due_at` unless the case has left the status it was set in (or, for
    /// a task's reminder, the task is done by then; for a message's, the firm has replied).
    #[serde(rename_all = "camelCase")]
    Reminder {
        template: String,
        to: Recipient,
        due_at: DateTime<Utc>,
        #[serde(default)]
        signs_in: bool,
        #[serde(default, skip_serializing_if = "Option::is_none")]
        task: Option<crate::tasks::TaskReminder>,
        /// A message waiting for the firm's reply (issue 32): sent only while it still waits,
        /// whatever the case's status by then.
        #[serde(default, skip_serializing_if = "std::ops::Not::not")]
        awaits_reply: bool,
        /// A guard of the case's workflow: not sent once it passes (`EffectDef::Reminder`).
        #[serde(default, skip_serializing_if = "Option::is_none")]
        until: Option<String>,
    },
    #[serde(rename_all = "camelCase")]
    RecordCompletionDate { date: NaiveDate },
    /// The case's ineligibility is set aside: it is written on the case itself.
    TakeOn,
    /// A named event for the broker firm's webhooks, written with the transition.
    #[serde(rename_all = "camelCase")]
    Webhook { event: WebhookEvent },
}

impl Effect {
    /// The effect with the person its announcement is about named: a recipient written as
    /// [`Recipient::AddedApplicant`] or [`Recipient::Donor`] becomes that applicant.
    pub fn addressed_to(self, applicant_id: i64) -> Effect {
        let named = |to: Recipient| match to {
            Recipient::AddedApplicant | Recipient::Donor => Recipient::Applicant(applicant_id),
            other => other,
        };
        match self {
            Effect::SendEmail {
                template,
                to,
                signs_in,
            } => Effect::SendEmail {
                template,
                to: named(to),
                signs_in,
            },
            Effect::FeedNotification { kind, to } => Effect::FeedNotification {
                kind,
                to: named(to),
            },
            Effect::Reminder {
                template,
                to,
                due_at,
                signs_in,
                task,
                awaits_reply,
                until,
            } => Effect::Reminder {
                template,
                to: named(to),
                due_at,
                signs_in,
                task,
                awaits_reply,
                until,
            },
            other @ (Effect::RecordCompletionDate { .. }
            | Effect::TakeOn
            | Effect::Webhook { .. }) => other,
        }
    }
}

/// The result of applying a transition; the caller persists it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Applied<St> {
    pub from: St,
    pub to: St,
    pub audit: AuditEvent<St>,
    pub effects: Vec<Effect>,
}

/// Why a transition was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum TransitionError {
    #[error("there is no transition named `{0}`")]
    Unknown(String),
    #[error("`{transition}` cannot be taken from {status}")]
    WrongStatus { transition: String, status: String },
    #[error("you may not do `{0}` on this case")]
    NotPermitted(String),
    #[error("`{0}` needs a reason")]
    ReasonRequired(String),
    #[error("{reason}")]
    GuardFailed { guard: String, reason: String },
}

impl<S: CaseSnapshot> Workflow<S> {
    /// Whether the guard `name` passes on the case now (None: no such guard). A reminder's
    /// `until` is read this way when it falls due.
    pub fn passes(&self, snap: &S, name: &str) -> Option<bool> {
        let guard = self.registry.get_guard(name)?;
        Some(guard(&self.prepared(snap), &Actor::system()).is_ok())
    }

    /// The snapshot with what the definition says about its status filled in, so that rules
    /// read the workflow file's flags rather than restating them.
    fn prepared<'a>(&self, snap: &'a S) -> Cow<'a, S> {
        let broker_stage = self.definition.status(snap.status()).broker_stage;
        if snap.broker_stage() == broker_stage {
            Cow::Borrowed(snap)
        } else {
            let mut s = snap.clone();
            s.set_broker_stage(broker_stage);
            Cow::Owned(s)
        }
    }

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

    fn failed_guard(
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

    /// Checks and applies a transition. Pure: returns the new status, the audit event and the
    /// effects; the caller writes them in one database transaction.
    pub fn apply(
        &self,
        snap: &S,
        actor: &Actor,
        name: &str,
        now: DateTime<Utc>,
        reason: Option<&str>,
    ) -> Result<Applied<S::Status>, TransitionError> {
        let snap = &*self.prepared(snap);
        let t = self
            .definition
            .transition(name)
            .ok_or_else(|| TransitionError::Unknown(name.into()))?;
        let from = snap.status();
        if !t.from.contains(&from) {
            return Err(TransitionError::WrongStatus {
                transition: name.into(),
                status: from.as_str().into(),
            });
        }
        let kind = actor
            .kind()
            .filter(|k| t.by.contains(k))
            .ok_or_else(|| TransitionError::NotPermitted(name.into()))?;
        let reason = reason.map(str::trim).filter(|r| !r.is_empty());
        if t.requires_reason && reason.is_none() {
            return Err(TransitionError::ReasonRequired(name.into()));
        }
        if let Some((guard, reason)) = self.failed_guard(t, snap, actor) {
            return Err(TransitionError::GuardFailed { guard, reason });
        }
        Ok(Applied {
            from,
            to: t.to,
            audit: AuditEvent {
                actor: AuditActor {
                    user_id: actor.user_id,
                    role: actor.role,
                    kind,
                },
                transition: name.into(),
                from,
                to: t.to,
                at: now,
                reason: reason.map(str::to_owned),
            },
            effects: {
                let mut effects = self.effects_of(&t.effects, snap, now);
                // Completing fixes the legal file's due dates: each is reminded on its day.
                if self.definition.records_completion_date(t) {
                    effects.extend(self.task_reminders(snap, actor, t.to, now.date_naive()));
                }
                effects
            },
        })
    }

    /// The effects a transition names, as they are due from `now` (or from the case's
    /// completion date, for a reminder counted from it).
    fn effects_of(&self, names: &[String], snap: &S, now: DateTime<Utc>) -> Vec<Effect> {
        names
            .iter()
            .map(|e| match &self.definition.effects[e] {
                EffectDef::SendEmail {
                    template,
                    to,
                    signs_in,
                } => Effect::SendEmail {
                    template: template.clone(),
                    to: *to,
                    signs_in: *signs_in,
                },
                EffectDef::FeedNotification { feed, to } => Effect::FeedNotification {
                    kind: *feed,
                    to: *to,
                },
                EffectDef::Reminder {
                    template,
                    to,
                    after_hours,
                    counted_from,
                    signs_in,
                    until,
                } => {
                    let start = match counted_from {
                        ReminderStart::Transition => None,
                        ReminderStart::CompletionDate => snap
                            .completion_date()
                            .and_then(|d| d.and_hms_opt(0, 0, 0))
                            .map(|t| t.and_utc()),
                    };
                    Effect::Reminder {
                        template: template.clone(),
                        to: *to,
                        due_at: start.unwrap_or(now)
                            + chrono::Duration::hours(i64::from(*after_hours)),
                        signs_in: *signs_in,
                        task: None,
                        awaits_reply: false,
                        until: until.clone(),
                    }
                }
                EffectDef::RecordCompletionDate => Effect::RecordCompletionDate {
                    date: now.date_naive(),
                },
                EffectDef::TakeOn => Effect::TakeOn,
                EffectDef::Webhook { event } => Effect::Webhook { event: *event },
            })
            .collect()
    }

    /// A transition's announcements (e-mails and feed items, not reminders or records) again,
    /// addressed to one applicant: re-sending what a move sent, without moving. Only while the
    /// case is where that transition leads, and only for an actor who may take it.
    pub fn resend(
        &self,
        snap: &S,
        actor: &Actor,
        name: &str,
        applicant_id: i64,
        now: DateTime<Utc>,
    ) -> Result<Vec<Effect>, TransitionError> {
        let t = self
            .definition
            .transition(name)
            .ok_or_else(|| TransitionError::Unknown(name.into()))?;
        if !actor.kind().is_some_and(|k| t.by.contains(&k)) {
            return Err(TransitionError::NotPermitted(name.into()));
        }
        if snap.status() != t.to {
            return Err(TransitionError::WrongStatus {
                transition: name.into(),
                status: snap.status().as_str().into(),
            });
        }
        let to = Recipient::Applicant(applicant_id);
        Ok(self
            .effects_of(&t.effects, snap, now)
            .into_iter()
            .filter_map(|e| match e {
                Effect::SendEmail {
                    template, signs_in, ..
                } => Some(Effect::SendEmail {
                    template,
                    to,
                    signs_in,
                }),
                Effect::FeedNotification { kind, .. } => {
                    Some(Effect::FeedNotification { kind, to })
                }
                _ => None,
            })
            .collect())
    }

    /// An announcement's effects (see [`crate::AnnouncementDef`]), if this actor may make it now:
    /// never on a closed case.
    pub fn announce(
        &self,
        snap: &S,
        actor: &Actor,
        name: &str,
        now: DateTime<Utc>,
    ) -> Result<Vec<Effect>, TransitionError> {
        let a = self
            .definition
            .announcements
            .get(name)
            .ok_or_else(|| TransitionError::Unknown(name.into()))?;
        if !actor.kind().is_some_and(|k| a.by.contains(&k)) {
            return Err(TransitionError::NotPermitted(name.into()));
        }
        if !a.while_closed && self.definition.status(snap.status()).is_closed() {
            return Err(TransitionError::WrongStatus {
                transition: name.into(),
                status: snap.status().as_str().into(),
            });
        }
        Ok(self.effects_of(&a.effects, snap, now))
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
