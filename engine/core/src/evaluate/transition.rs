//! Taking a transition, re-sending what one sent, and making an announcement.

use chrono::{DateTime, Utc};

use super::{Applied, AuditActor, AuditEvent, Effect, TransitionError};
use crate::definition::{EffectDef, Recipient, ReminderStart, Workflow};
use crate::snapshot::CaseSnapshot;
use crate::types::{Actor, WorkflowStatus};

impl<S: CaseSnapshot> Workflow<S> {
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
