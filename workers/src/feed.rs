//! Feed items: a workflow effect's entry in each recipient's in-app notification feed.

use apalis::prelude::BoxDynError;
use chrono::Utc;
use serde::{Deserialize, Serialize};
use serde_json::json;
use threshold_engine::Recipient;
use threshold_engine::types::FeedKind;
use threshold_store::effects::NewFeedItem;
use threshold_store::live::Change;

use crate::queue::{Job, WorkerDeps};

/// Adds the effect's item to every recipient's feed (once per recipient, however often it runs).
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub struct FeedItemJob {
    pub effect_id: i64,
    pub case_id: i64,
    pub kind: FeedKind,
    pub to: Recipient,
}

impl Job for FeedItemJob {
    const QUEUE: &'static str = "feed-item";

    async fn run(self, deps: WorkerDeps) -> Result<(), BoxDynError> {
        let db = &deps.db;
        let Some(ctx) = db.feed_context(self.case_id).await? else {
            return Ok(());
        };
        // ENT-14: what the modal and the feed page show without loading the case.
        let data = json!({
            "caseId": self.case_id,
            "caseType": ctx.brief.case_type,
            "status": ctx.brief.status,
            "brokerPreferredName": ctx.broker_name,
            "brokerFirm": ctx.broker_firm,
            "isLender": ctx.is_lender,
            "inviterName": ctx.broker_name,
            "invitees": ctx.invitees,
            "propertyAddressLine1": ctx.brief.address_line1,
        });
        let now = Utc::now();
        for r in db.effect_recipients(self.case_id, self.to).await? {
            let item = NewFeedItem {
                user_id: r.user_id,
                case_id: Some(self.case_id),
                kind: self.kind.as_str(),
                data: &data,
                effect_id: Some(self.effect_id),
            };
            if FeedKind::ANSWERED_BY_INVITATION.contains(&self.kind) {
                db.add_invitation_feed_item(&item, now).await?;
            } else {
                db.add_feed_item(&item, now).await?;
            }
            // The item is saved: a page not told in time still finds it at its next poll.
            if let Err(err) = deps.live.changed(db, Change::Feed(r.user_id)).await {
                tracing::warn!(error = %err, "could not announce a feed item");
            }
        }
        Ok(())
    }
}
