//! A case's conversation (issue 32): the one door through which a customer, broker or the firm
//! writes in one of its threads, and reads it. Who may is the workflow file's announcements
//! `<thread>_message_by_<side>` (see `threshold_engine::conversation`); a customer's or
//! broker's message starts the firm's reply-time clock, the firm's reply stops it.

use chrono::{DateTime, SubsecRound, Utc};
use threshold_engine::conversation::{
    Channel, MAX_ATTACHMENTS, MAX_MESSAGE_CHARS, REPLY_OVERDUE_TEMPLATE,
};
use threshold_engine::snapshot::doc_types;
use threshold_engine::working_days::working_days_after;
use threshold_engine::{Effect, Recipient, ReplyClock};
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

    /// Writes the caller's message in a thread, with the documents of the case it carries,
    /// audited (by id), telling whom the workflow file says; answers its id. A reply from the
    /// firm is due `reply_within` working days after the oldest customer's or broker's message
    /// it has not answered.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id, channel = channel.as_str()))]
    pub async fn post_message(
        &self,
        caller: &Caller,
        case: &OpenCase,
        channel: Channel,
        body: &str,
        attachments: &[i64],
        reply_within: u32,
    ) -> Result<i64, CaseError> {
        self.check_channel(case, channel)?;
        let body = message_body(body)?;
        let attachments = self.attachable(case, channel, attachments).await?;
        let name = case
            .actor
            .kind()
            .and_then(|k| channel.announcement(k))
            .ok_or_else(|| CaseError::NotPermitted("only a person writes a message".into()))?;
        // To the microsecond, as PostgreSQL keeps it, so the reminder's time (in its JSON) is
        // the case's reply due time exactly.
        let now = Utc::now().trunc_subsecs(6);
        let clock = self.workflows.reply_clock(case.case_type, &name);
        let reply = reply_due(clock, now, reply_within);
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
            attachments: &attachments,
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

    /// The documents a message may carry, each once: at most [`MAX_ATTACHMENTS`] of this case
    /// that every reader of the thread may read — never a draft of the firm's or a person's
    /// identity evidence, except in the firm's own notes.
    async fn attachable(
        &self,
        case: &OpenCase,
        channel: Channel,
        given: &[i64],
    ) -> Result<Vec<i64>, CaseError> {
        let mut ids = given.to_vec();
        ids.sort_unstable();
        ids.dedup();
        let invalid = |message: String| CaseError::InvalidField {
            field: "attachments",
            message,
        };
        if ids.len() > MAX_ATTACHMENTS {
            return Err(invalid(format!(
                "must be at most {MAX_ATTACHMENTS} documents"
            )));
        }
        let firm_only = channel == Channel::FirmInternal;
        for id in &ids {
            let readable = self.db.document(*id).await?.is_some_and(|doc| {
                doc.case_id == case.loaded.row.id
                    && (firm_only
                        || !(doc.is_draft
                            || doc_types::IDENTITY.contains(&doc.document_type.as_str())))
            });
            if !readable {
                return Err(invalid(format!(
                    "document {id} is not one of this case's documents that this conversation's readers may see"
                )));
            }
        }
        Ok(ids)
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

/// What a message does to the firm's reply-time clock, as its announcement declares.
fn reply_due(clock: Option<ReplyClock>, now: DateTime<Utc>, reply_within: u32) -> ReplyDue {
    match clock {
        Some(ReplyClock::Starts) => ReplyDue::Awaited(working_days_after(now, reply_within)),
        Some(ReplyClock::Stops) => ReplyDue::Answered,
        None => ReplyDue::Unchanged,
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
    fn the_clock_starts_a_reply_due_in_working_days_and_stops_on_the_answer() {
        let friday = "2026-12-04T16:00:00Z".parse().unwrap();
        assert_eq!(
            reply_due(Some(ReplyClock::Starts), friday, 1),
            ReplyDue::Awaited("2026-12-07T16:00:00Z".parse().unwrap())
        );
        assert_eq!(
            reply_due(Some(ReplyClock::Stops), friday, 1),
            ReplyDue::Answered
        );
        assert_eq!(reply_due(None, friday, 1), ReplyDue::Unchanged);
    }
}
