//! The lender's mortgage offer as the firm records it: the uploaded offer document it rests on,
//! the lender, the advance, the offer's date and expiry and any special conditions. Recording it
//! is one section write with the case's flag and the transition it allows; the client's list
//! says "Uploaded" from that flag, so the flag is only ever set with a document of the case.

use chrono::{DateTime, NaiveDate, Utc};
use serde_json::json;
use threshold_engine::snapshot::doc_types;

use super::owner_writes::{SectionWrite, now, section_write};
use super::transition::write_transition;
use crate::{Db, StoreError, on_db};

/// What the firm read from the lender's offer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewMortgageOffer {
    /// The uploaded MORTGAGE_OFFER document of the case.
    pub document_id: i64,
    pub lender: String,
    /// The advance, in pence.
    pub amount: i64,
    pub offer_date: NaiveDate,
    pub expires_on: NaiveDate,
    pub special_conditions: Option<String>,
}

/// A recorded offer, with when it was recorded.
#[derive(Clone, Debug, sqlx::FromRow)]
pub struct MortgageOfferRecord {
    pub document_id: i64,
    pub lender: String,
    /// Pence.
    pub amount: i64,
    pub offer_date: NaiveDate,
    pub expires_on: NaiveDate,
    pub special_conditions: Option<String>,
    pub recorded_at: DateTime<Utc>,
}

impl Db {
    /// The lender's mortgage offer has arrived: kept with its document (a second record
    /// replaces the first), the case marked as having it. The document must be an uploaded
    /// MORTGAGE_OFFER of this case, or nothing is written.
    #[tracing::instrument(skip_all)]
    pub async fn record_mortgage_offer(
        &self,
        w: &SectionWrite<'_>,
        offer: &NewMortgageOffer,
        at: DateTime<Utc>,
    ) -> Result<(), StoreError> {
        // What was recorded, for the audit trail: the figures and dates, not the conditions'
        // text (they may name the owners); only whether there are any.
        let detail = json!({
            "documentId": offer.document_id,
            "lender": offer.lender,
            "amount": offer.amount,
            "offerDate": offer.offer_date,
            "expiresOn": offer.expires_on,
            "specialConditions": offer.special_conditions.is_some(),
        });
        section_write!(self, w, "case.mortgage_offer_recorded", |_: &()| detail.clone(), tx => {
            let document: Option<(i64,)> = sqlx::query_as(
                "SELECT id FROM documents WHERE id = $1 AND case_id = $2 AND document_type = $3",
            )
            .bind(offer.document_id)
            .bind(w.case_id)
            .bind(doc_types::MORTGAGE_OFFER)
            .fetch_optional(&mut *tx)
            .await?;
            if document.is_none() {
                return Err(StoreError::NotFound);
            }
            sqlx::query(
                "INSERT INTO mortgage_offers (case_id, document_id, lender, amount, offer_date, \
                 expires_on, special_conditions, recorded_by_user_id, recorded_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) \
                 ON CONFLICT (case_id) DO UPDATE SET document_id = excluded.document_id, \
                 lender = excluded.lender, amount = excluded.amount, \
                 offer_date = excluded.offer_date, expires_on = excluded.expires_on, \
                 special_conditions = excluded.special_conditions, \
                 recorded_by_user_id = excluded.recorded_by_user_id, \
                 recorded_at = excluded.recorded_at",
            )
            .bind(w.case_id)
            .bind(offer.document_id)
            .bind(&offer.lender)
            .bind(offer.amount)
            .bind(offer.offer_date)
            .bind(offer.expires_on)
            .bind(offer.special_conditions.as_deref())
            .bind(w.actor)
            .bind(at)
            .execute(&mut *tx)
            .await?;
            sqlx::query(
                "UPDATE cases SET has_mortgage_offer = TRUE, \
                 mortgage_offer_uploaded_at = COALESCE(mortgage_offer_uploaded_at, $2) WHERE id = $1",
            )
            .bind(w.case_id)
            .bind(at)
            .execute(&mut *tx)
            .await?;
        })
    }

    /// The case's recorded mortgage offer, if any.
    #[tracing::instrument(skip_all)]
    pub async fn mortgage_offer(
        &self,
        case_id: i64,
    ) -> Result<Option<MortgageOfferRecord>, StoreError> {
        Ok(on_db!(self, pool => sqlx::query_as(
            "SELECT document_id, lender, amount, offer_date, expires_on, special_conditions, \
             recorded_at FROM mortgage_offers WHERE case_id = $1",
        )
        .bind(case_id)
        .fetch_optional(pool)
        .await?))
    }

    /// Whether this document is a case's recorded mortgage offer (it is then kept).
    #[tracing::instrument(skip_all)]
    pub async fn is_recorded_mortgage_offer(&self, document_id: i64) -> Result<bool, StoreError> {
        let row: Option<(i64,)> = on_db!(self, pool => sqlx::query_as(
            "SELECT case_id FROM mortgage_offers WHERE document_id = $1",
        )
        .bind(document_id)
        .fetch_optional(pool)
        .await?);
        Ok(row.is_some())
    }
}
