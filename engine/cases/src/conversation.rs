//! A case's conversation (issue 32): the one door through which a customer, broker or the firm
//! writes in one of its threads, and reads it. Who may is the workflow file's announcements
//! `<thread>_message_by_<side>` (see `threshold_engine::conversation`); a customer's or
//! broker's message starts the firm's reply-time clock, the firm's reply stops it.

use chrono::{DateTime, SubsecRound, Utc};
use threshold_engine::conversation::{Channel, MAX_MESSAGE_CHARS, REPLY_OVERDUE_TEMPLATE};
use threshold_engine::working_days::working_days_after;
use threshold_engine::{ActorKind, Effect, Recipient};
use threshold_store::cases::{NewCaseMessage, ReplyDue};

use crate::{Caller, CaseError, CaseService, OpenCase};

impl CaseService {
    /// The threads the caller reads and writes on this case: those the workflow file lets
    /// them write in.
    pub fn channels(&self, case: &OpenCase) -> Vec<Channel> {
        Channel::ALL
            .into_iter()
            .filter(|c| self.may_write(case, *c))
            .collect()
    }

    /// Refuses a thread the caller may not read (a customer asking for the firm's notes).
    pub fn check_channel(&self, case: &OpenCase, channel: Channel) -> Result<(), CaseError> {
        if self.may_write(case, channel) {
            Ok(())
        } else {
            Err(CaseError::NotPermitted(
                "This conversation is not open to you.".into(),
            ))
        }
    }

    fn may_write(&self, case: &OpenCase, channel: Channel) -> bool {
        let Some(name) = case.actor.kind().and_then(|k| channel.announcement(k)) else {
            return false;
        };
        self.workflows
            .may_announce(case.case_type, &case.actor, &name)
    }

    /// Writes the caller's message in a thread, audited (by id), telling whom the workflow
    /// file says; answers its id. A reply from the firm is due `reply_within` working days
    /// after the oldest customer's or broker's message it has not answered.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id, channel = channel.as_str()))]
    pub async fn post_message(
        &self,
        caller: &Caller,
        case: &OpenCase,
        channel: Channel,
        body: &str,
        reply_within: u32,
    ) -> Result<i64, CaseError> {
        self.check_channel(case, channel)?;
        let body = message_body(body)?;
        let (kind, name) = case
            .actor
            .kind()
            .and_then(|k| Some((k, channel.announcement(k)?)))
            .ok_or_else(|| CaseError::NotPermitted("only a person writes a message".into()))?;
        // To the microsecond, as PostgreSQL keeps it, so the reminder's time (in its JSON) is
        // the case's reply due time exactly.
        let now = Utc::now().trunc_subsecs(6);
        let reply = reply_due(channel, kind, now, reply_within);
        let mut effects = self
            .workflows
            .announce(&case.snapshot, &case.actor, &name, now)?;
        if let ReplyDue::Awaited(due) = reply {
            effects.push(reply_reminder(due));
        }
        let message = NewCaseMessage {
            topic: channel.as_str(),
            body,
            reply,
        };
        self.record_announcement(
            caller,
            case,
            &format!("case.{name}"),
            &effects,
            Some(message),
            now,
        )
        .await?
        .ok_or_else(|| CaseError::Corrupt("a message was written without an id".into()))
    }
}

/// The reminder to the case's conveyancer (or the team, while nobody has the case) when the
/// reply falls due, sent only if the message still waits then.
fn reply_reminder(due: DateTime<Utc>) -> Effect {
    Effect::Reminder {
        template: REPLY_OVERDUE_TEMPLATE.into(),
        to: Recipient::AssignedConveyancer,
        due_at: due,
        signs_in: false,
        task: None,
        awaits_reply: true,
    }
}

/// What a message does to the firm's reply-time clock.
fn reply_due(channel: Channel, kind: ActorKind, now: DateTime<Utc>, reply_within: u32) -> ReplyDue {
    let by_firm = matches!(kind, ActorKind::Conveyancer | ActorKind::Admin);
    if channel.awaits_firm_reply(kind) {
        ReplyDue::Awaited(working_days_after(now, reply_within))
    } else if by_firm && channel != Channel::FirmInternal {
        ReplyDue::Answered
    } else {
        ReplyDue::Unchanged
    }
}

/// The message as written, trimmed: 1 to 5,000 characters, line breaks and tabs its only
/// control characters.
fn message_body(given: &str) -> Result<&str, CaseError> {
    let body = given.trim();
    let invalid = |message: &str| CaseError::InvalidField {
        field: "body",
        message: message.into(),
    };
    if body.is_empty() {
        Err(invalid("is required"))
    } else if body.chars().count() > MAX_MESSAGE_CHARS {
        Err(invalid(&format!(
            "must be at most {MAX_MESSAGE_CHARS} characters"
        )))
    } else if body
        .chars()
        .any(|c| c.is_control() && !matches!(c, '\n' | '\r' | '\t'))
    {
        Err(invalid("must not contain control characters"))
    } else {
        Ok(body)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_message_is_one_to_five_thousand_characters_without_control_characters() {
        assert_eq!(message_body("  Any news?\n").unwrap(), "Any news?");
        assert!(message_body(&"a".repeat(MAX_MESSAGE_CHARS)).is_ok());
        for bad in ["   ", &"a".repeat(MAX_MESSAGE_CHARS + 1), "bell\u{7}"] {
            assert!(
                matches!(
                    message_body(bad),
                    Err(CaseError::InvalidField { field: "body", .. })
                ),
                "{bad:?} refused"
            );
        }
    }

    #[test]
    fn customers_and_brokers_start_the_clock_and_the_firm_stops_it() {
        let now = "2026-12-01T10:00:00Z".parse().unwrap();
        assert_eq!(
            reply_due(Channel::Parties, ActorKind::Customer, now, 1),
            ReplyDue::Awaited("2026-12-02T10:00:00Z".parse().unwrap())
        );
        assert_eq!(
            reply_due(Channel::BrokerFirm, ActorKind::Conveyancer, now, 1),
            ReplyDue::Answered
        );
        assert_eq!(
            reply_due(Channel::FirmInternal, ActorKind::Admin, now, 1),
            ReplyDue::Unchanged
        );
    }
}
