//! How many jobs wait to run, per queue, for the metrics: new ones, and failed ones with
//! tries left (their retry is scheduled).

use threshold_store::Db;

use super::Job;
use crate::auth_email::AuthEmail;
use crate::case_email::CaseEmail;
use crate::deposit_payment::DepositPaymentConfirmed;
use crate::email_change::EmailChangeMail;
use crate::feed::FeedItemJob;
use crate::identity_check::IdentityCheckCompleted;
use crate::webhook::WebhookDelivery;

/// Every queue the workers serve, so an empty one reads 0 rather than keeping its last value.
pub const QUEUES: [&str; 7] = [
    AuthEmail::QUEUE,
    CaseEmail::QUEUE,
    FeedItemJob::QUEUE,
    EmailChangeMail::QUEUE,
    DepositPaymentConfirmed::QUEUE,
    IdentityCheckCompleted::QUEUE,
    WebhookDelivery::QUEUE,
];

/// Jobs waiting in each of [`QUEUES`], in that order.
pub async fn waiting(db: &Db) -> Result<Vec<(&'static str, i64)>, sqlx::Error> {
    let counted: Vec<(String, i64)> = match db {
        Db::Sqlite(pool) => {
            sqlx::query_as(
                "SELECT job_type, COUNT(*) FROM Jobs \
                 WHERE status IN ('Pending', 'Queued') \
                 OR (status = 'Failed' AND attempts < max_attempts) GROUP BY job_type",
            )
            .fetch_all(pool)
            .await?
        }
        Db::Postgres(pool) => {
            sqlx::query_as(
                "SELECT job_type, COUNT(*) FROM apalis.jobs \
                 WHERE status IN ('Pending', 'Queued') \
                 OR (status = 'Failed' AND attempts < max_attempts) GROUP BY job_type",
            )
            .fetch_all(pool)
            .await?
        }
    };
    Ok(QUEUES
        .iter()
        .map(|queue| {
            let count = counted
                .iter()
                .find(|(name, _)| name == queue)
                .map_or(0, |(_, count)| *count);
            (*queue, count)
        })
        .collect())
}
