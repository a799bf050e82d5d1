//! The effects a definition declares, and who they reach.

use serde::{Deserialize, Serialize};

use crate::types::{FeedKind, WebhookEvent};

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
