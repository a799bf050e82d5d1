//! A case's conversation (issue 32): the one door through which a customer, broker, gift
//! donor or the firm writes in one of its threads, and reads it. Who may is the workflow file's
//! announcements `<channel>_message_by_<side>` (see `threshold_engine::conversation`); a
//! donor's thread is theirs alone, with the firm. A message to the firm starts its reply-time
//! clock, the firm's reply stops it.

use chrono::{DateTime, SubsecRound, Utc};
use threshold_engine::conversation::{
    MAX_ATTACHMENTS, MAX_MESSAGE_CHARS, REPLY_OVERDUE_TEMPLATE, Thread,
};
use threshold_engine::snapshot::doc_types;
use threshold_engine::working_days::working_days_after;
use threshold_engine::{Actor, CaseType, Effect, Recipient, ReplyClock};
use threshold_store::cases::{DonorGiftRow, NewCaseMessage, ReplyDue};
use threshold_store::documents::DocumentRecord;

use crate::{Caller, CaseError, CaseService, OpenCase};

impl CaseService {
    /// A purchase opened for one of its gift donors, who is no party to it: they may write in
    /// their own thread with the firm, and read nothing else of the case here.
    pub async fn open_for_donor(
        &self,
        caller: &Caller,
        case_id: i64,
    ) -> Result<OpenCase, CaseError> {
        let user = caller.user_id().ok_or(CaseError::NotFound)?;
        let gift = self
            .db
            .gifts_of_user(user)
            .await?
            .into_iter()
            .find(|g| g.case_id == case_id)
            .ok_or(CaseError::NotFound)?;
        let mut case = self
            .open(&Caller::System, CaseType::Buying, case_id)
            .await?;
        case.actor = Actor::donor(gift.id);
        Ok(case)
    }

    /// The threads the caller reads and writes on this case: those the workflow file lets
    /// them write in, and a donor's only for that donor and the firm.
    pub fn threads(&self, case: &OpenCase) -> Vec<Thread> {
        Thread::SHARED
            .into_iter()
            .chain(case.loaded.donors.iter().map(|id| Thread::Donor(*id)))
            .filter(|t| self.may_write(case, *t))
            .collect()
    }

    /// Refuses a thread the caller may not read (a customer asking for the firm's notes, a
    /// donor for another donor's thread).
    pub fn check_thread(&self, case: &OpenCase, thread: Thread) -> Result<(), CaseError> {
        if thread
            .donor()
            .is_some_and(|id| !case.loaded.donors.contains(&id))
        {
            Err(CaseError::NotFound)
        } else if self.may_write(case, thread) {
            Ok(())
        } else {
            Err(CaseError::NotPermitted(
                "This conversation is not open to you.".into(),
            ))
        }
    }

    fn may_write(&self, case: &OpenCase, thread: Thread) -> bool {
        let Some(kind) = case.actor.kind() else {
            return false;
        };
        let Some(name) = thread.announcement(kind) else {
            return false;
        };
        let whose = match thread.donor() {
            None => true,
            Some(id) => {
                case.loaded.donors.contains(&id)
                    && (kind.is_firm() || case.actor.donor_id == Some(id))
            }
        };
        whose
            && self
                .workflows
                .may_announce(case.case_type, &case.actor, &name)
    }

    /// Writes the caller's message in a thread, with the documents of the case it carries,
    /// audited (by id), telling whom the workflow file says; answers its id. A reply from the
    /// firm is due `reply_within` working days after the oldest customer's or broker's message
    /// it has not answered.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id, thread = thread.topic()))]
    pub async fn post_message(
        &self,
        caller: &Caller,
        case: &OpenCase,
        thread: Thread,
        body: &str,
        attachments: &[i64],
        reply_within: u32,
    ) -> Result<i64, CaseError> {
        self.check_thread(case, thread)?;
        let body = message_body(body)?;
        let donor = match thread.donor() {
            Some(id) => Some(self.donor_gift(case, id).await?),
            None => None,
        };
        let attachments = self
            .attachable(case, thread, donor.as_ref(), attachments)
            .await?;
        let name = case
            .actor
            .kind()
            .and_then(|k| thread.announcement(k))
            .ok_or_else(|| CaseError::NotPermitted("only a person writes a message".into()))?;
        // To the microsecond, as PostgreSQL keeps it, so the reminder's time (in its JSON) is
        // the case's reply due time exactly.
        let now = Utc::now().trunc_subsecs(6);
        let clock = self.workflows.reply_clock(case.case_type, &name);
        let reply = reply_due(clock, now, reply_within);
        let mut effects = self
            .workflows
            .announce(&case.snapshot, &case.actor, &name, now)?;
        if let Some(gift) = &donor {
            effects = effects
                .into_iter()
                .map(|e| e.addressed_to(gift.applicant_id))
                .collect();
        }
        if let ReplyDue::Awaited(due) = reply {
            effects.push(reply_reminder(due));
        }
        let topic = thread.topic();
        let message = NewCaseMessage {
            topic: &topic,
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

    /// The documents of the case the caller may send with a message in each of these threads,
    /// in the same order (the message box offers them).
    pub async fn attachable_documents(
        &self,
        case: &OpenCase,
        threads: &[Thread],
    ) -> Result<Vec<Vec<DocumentRecord>>, CaseError> {
        let case_id = case.loaded.row.id;
        let documents = self.db.documents_of_cases(&[case_id]).await?;
        let gifts = if threads.iter().any(|t| t.donor().is_some()) {
            self.db.donor_gifts(case_id).await?
        } else {
            vec![]
        };
        let rules = self.workflows.rule_book(case.case_type);
        Ok(threads
            .iter()
            .map(|thread| {
                let donor = thread
                    .donor()
                    .and_then(|id| gifts.iter().find(|g| g.id == id));
                documents
                    .iter()
                    .filter(|doc| {
                        readable_in(*thread, donor, doc, rules.firm_only(&doc.document_type))
                    })
                    .cloned()
                    .collect()
            })
            .collect())
    }

    /// The gift donor whose thread it is, of this case.
    async fn donor_gift(&self, case: &OpenCase, donor_id: i64) -> Result<DonorGiftRow, CaseError> {
        self.db
            .donor_gifts(case.loaded.row.id)
            .await?
            .into_iter()
            .find(|g| g.id == donor_id)
            .ok_or(CaseError::NotFound)
    }

    /// The documents a message may carry, each once: at most [`MAX_ATTACHMENTS`] of this case
    /// that every reader of the thread may read — never a draft of the firm's, a person's
    /// identity evidence or the firm's own records, except in the firm's own notes; in a donor's
    /// thread, only what the donor uploaded (the buyers' documents are not theirs to see).
    async fn attachable(
        &self,
        case: &OpenCase,
        thread: Thread,
        donor: Option<&DonorGiftRow>,
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
        let rules = self.workflows.rule_book(case.case_type);
        for id in &ids {
            let readable = self.db.document(*id).await?.is_some_and(|doc| {
                doc.case_id == case.loaded.row.id
                    && readable_in(thread, donor, &doc, rules.firm_only(&doc.document_type))
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

/// Whether every reader of the thread may read this document of its case (`firm_only`: the
/// firm's own record, by the workflow file).
fn readable_in(
    thread: Thread,
    donor: Option<&DonorGiftRow>,
    doc: &DocumentRecord,
    firm_only: bool,
) -> bool {
    let shared = || {
        !(firm_only || doc.is_draft || doc_types::IDENTITY.contains(&doc.document_type.as_str()))
    };
    match (thread, donor) {
        (Thread::FirmInternal, _) => true,
        (Thread::Donor(_), Some(gift)) => doc.uploaded_by_user_id == Some(gift.user_id) && shared(),
        (Thread::Donor(_), None) => false,
        (Thread::Parties | Thread::BrokerFirm, _) => shared(),
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
        until: None,
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
