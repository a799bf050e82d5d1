//! Case e-mails: a workflow effect's e-mail to each of its recipients.
//!
//! Each address is sent to at most once per effect: a delivery row is written right after the
//! SMTP server accepts the message, and a job run again skips the addresses that have one. The
//! only window left is a worker killed between the server's acceptance and that row; the retry
//! then carries the same Message-ID, so mail systems can recognise the copy.

use apalis::prelude::BoxDynError;
use chrono::{Duration, Utc};
use serde::{Deserialize, Serialize};
use threshold_cases::Caller;
use threshold_engine::tasks::TaskReminder;
use threshold_engine::{CaseType, Recipient};
use threshold_store::magic_links::NewMagicLink;

use crate::auth_email::login_link;
use crate::queue::{Job, WorkerDeps};
use crate::templates::CaseEmailContext;

/// How long an invitation's sign-in link works. An invitation is often opened days after it
/// arrives, so its link lasts longer than one a person asks for on the sign-in page (15
/// minutes); it is still theirs alone and single use. A sign-in link they ask for replaces it;
/// it replaces none (see `NewMagicLink::replaces_others`).
pub const INVITATION_LINK_LIFETIME: Duration = Duration::days(7);

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CaseEmail {
    pub effect_id: i64,
    pub case_id: i64,
    pub template: String,
    pub to: Recipient,
    /// A reminder: sent only while the case is still in this status.
    pub only_in_status: Option<String>,
    /// The link signs each recipient in (an invitation); false in jobs queued before it existed.
    #[serde(default)]
    pub signs_in: bool,
    /// A task's reminder (issue 29): not sent once the task is done; its label is in the mail.
    #[serde(default)]
    pub task: Option<TaskReminder>,
    /// A reminder of a message waiting for the firm's reply (issue 32): not sent once replied.
    #[serde(default)]
    pub awaits_reply: bool,
    /// A guard of the case's workflow: the reminder is not sent once it passes.
    #[serde(default)]
    pub until: Option<String>,
}

/// Who a case e-mail's link is for: its page differs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reader {
    /// A customer or broker of the case: the case page.
    Party,
    /// A purchase's gift donor (no party to the case): their own gift's page (issue 26).
    Donor,
    /// The firm's staff (a reminder to the conveyancers): the case in the back office.
    Firm,
}

/// The page a case e-mail sends its reader to.
fn case_page(case_type: CaseType, case_id: i64, reader: Reader) -> String {
    match reader {
        Reader::Party => format!("/{}/{case_id}", case_type.slug()),
        Reader::Donor => format!("/gift/{case_id}"),
        Reader::Firm => format!("/staff/cases/{}/{case_id}", case_type.slug()),
    }
}

impl Job for CaseEmail {
    const QUEUE: &'static str = "case-email";

    async fn run(self, deps: WorkerDeps) -> Result<(), BoxDynError> {
        let db = &deps.db;
        let Some(case) = db.case_brief(self.case_id).await? else {
            return Ok(());
        };
        if self
            .only_in_status
            .as_ref()
            .is_some_and(|s| *s != case.status)
        {
            tracing::info!(effect_id = self.effect_id, "reminder no longer needed");
            return Ok(());
        }
        if let Some(task) = &self.task
            && db.task_done(self.case_id, &task.name).await?
        {
            tracing::info!(effect_id = self.effect_id, "task done: reminder not needed");
            return Ok(());
        }
        if self.awaits_reply && !db.reply_overdue(self.case_id, Utc::now()).await? {
            tracing::info!(effect_id = self.effect_id, "replied: reminder not needed");
            return Ok(());
        }
        let case_type = case.case_type;
        if let Some(guard) = &self.until {
            let open = deps
                .cases
                .open(&Caller::System, case_type, self.case_id)
                .await?;
            if deps.cases.workflows().passes(&open.snapshot, guard) == Some(true) {
                tracing::info!(effect_id = self.effect_id, "{guard}: reminder not needed");
                return Ok(());
            }
        }
        let kind = deps.cases.workflows().words(case_type).noun.clone();
        let settings = &deps.auth_email;
        let broker = db.case_broker(self.case_id).await?;
        for r in db.effect_recipients(self.case_id, self.to).await? {
            if db.effect_delivered(self.effect_id, &r.email).await? {
                continue;
            }
            let reader = match (self.to, r.donor) {
                (Recipient::Conveyancer | Recipient::AssignedConveyancer, _) => Reader::Firm,
                (_, true) => Reader::Donor,
                (_, false) => Reader::Party,
            };
            let page = case_page(case_type, self.case_id, reader);
            let link = if self.signs_in {
                // One link per person and effect: a retried job issues another under the same
                // request id, which leaves the first one (perhaps mailed already) working.
                let token = db
                    .issue_magic_link(
                        &NewMagicLink {
                            email: &r.email,
                            request_id: &format!("effect-{}-{}", self.effect_id, r.user_id),
                            user_id: Some(r.user_id),
                            signup: None,
                            redirect_to: Some(page.as_str()),
                            lifetime: INVITATION_LINK_LIFETIME,
                            replaces_others: false,
                        },
                        Utc::now(),
                    )
                    .await?;
                metrics::counter!("sign_in_links_issued_total", "kind" => "case_email")
                    .increment(1);
                login_link(&settings.public_url, &token, Some(page.as_str()))
            } else {
                format!("{}{page}", settings.public_url)
            };
            let ctx = CaseEmailContext {
                name: r.preferred_name.clone(),
                case_id: self.case_id,
                kind: kind.clone(),
                address: case
                    .address_line1
                    .clone()
                    .unwrap_or_else(|| "your property".into()),
                link,
                sign_in_days: self.signs_in.then(|| INVITATION_LINK_LIFETIME.num_days()),
                broker_name: broker.as_ref().map(|b| b.preferred_name.clone()),
                broker_firm: broker.as_ref().and_then(|b| b.firm_name.clone()),
                support_email: settings.support_email.clone(),
                completion_date: case.completion_date.map(threshold_engine::format_date),
                task: self.task.as_ref().map(|t| t.label.clone()),
            };
            let rendered = deps.templates.render_case(&self.template, &ctx)?;
            let message_id = format!(
                "<effect-{}-{}@{}>",
                self.effect_id,
                r.user_id,
                deps.mailer.domain()
            );
            deps.mailer
                .send_with_id(&r.email, rendered, Some(message_id))
                .await?;
            db.record_delivery(self.effect_id, &r.email, Utc::now())
                .await?;
            tracing::info!(
                effect_id = self.effect_id,
                template = %self.template,
                "case e-mail sent"
            );
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_donor_is_sent_to_their_gift_the_firm_to_the_back_office_the_rest_to_the_case() {
        assert_eq!(case_page(CaseType::Buying, 7, Reader::Donor), "/gift/7");
        assert_eq!(case_page(CaseType::Buying, 7, Reader::Party), "/buying/7");
        assert_eq!(
            case_page(CaseType::Remortgaging, 7, Reader::Party),
            "/remortgaging/7"
        );
        assert_eq!(
            case_page(CaseType::Remortgaging, 7, Reader::Firm),
            "/staff/cases/remortgaging/7"
        );
    }
}
