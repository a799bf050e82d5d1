//! What applying a transition produces: the audit event, the effects, or why it was refused.

use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};

use crate::definition::Recipient;
use crate::types::{ActorKind, CaseStatus, FeedKind, Role, WebhookEvent};

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
