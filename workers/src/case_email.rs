//! Case e-mails: a workflow effect's e-mail to each of its recipients.
//!
//! Each address is sent to at most once per effect: a delivery row is written right after the
//! SMTP server accepts the message, and a job run again skips the addresses that have one. The
//! only window left is a worker killed between the server's acceptance and that row; the retry
//! then carries the same Message-ID, so mail systems can recognise the copy.

use apalis::prelude::BoxDynError;
use chrono::Utc;
use serde::{Deserialize, Serialize};
use threshold_engine::{CaseType, Recipient};

use crate::queue::{Job, WorkerDeps};
use crate::templates::CaseEmailContext;

#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct CaseEmail {
    pub effect_id: i64,
    pub case_id: i64,
    pub template: String,
    pub to: Recipient,
    /// A reminder: sent only while the case is still in this status.
    pub only_in_status: Option<String>,
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
        let case_type = CaseType::parse(&case.case_type).unwrap_or(CaseType::Remortgaging);
        let kind = match case_type {
            CaseType::Remortgaging => "remortgage",
            CaseType::Buying => "purchase",
        };
        let settings = &deps.auth_email;
        for r in db.effect_recipients(self.case_id, self.to).await? {
            if db.effect_delivered(self.effect_id, &r.email).await? {
                continue;
            }
            let ctx = CaseEmailContext {
                name: r.preferred_name.clone(),
                case_id: self.case_id,
                kind,
                address: case
                    .address_line1
                    .clone()
                    .unwrap_or_else(|| "your property".into()),
                link: format!(
                    "{}/{}/{}",
                    settings.public_url,
                    case_type.slug(),
                    self.case_id
                ),
                support_email: settings.support_email.clone(),
                completion_date: case.completion_date.map(threshold_engine::format_date),
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
