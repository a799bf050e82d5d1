//! The referral arrangements page (`/staff/broker-firms`, issue 28 item 5): the firm's
//! administrators record what the firm pays each broker firm for a client it introduces. Every
//! quote made afterwards for a client of that firm's brokers discloses it (SRA Code of Conduct
//! for Solicitors, para 5.1); a quote already made keeps what it disclosed.

use axum::Json;
use axum::extract::State;
use chrono::Utc;
use serde::{Deserialize, Serialize};
use threshold_store::cases::BrokerFirm;
use utoipa::ToSchema;

use super::users::Admin;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath};

/// The most a referral fee may be, in pence (£5,000): a figure above it is a typing error, and
/// a fee that size would need a conversation with the firm's compliance officer first.
const MAX_REFERRAL_FEE: i64 = 500_000;

/// A broker firm and what the firm pays it per introduced client.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BrokerFirmBody {
    pub id: i64,
    pub name: String,
    /// Pence per introduced client; 0 = nothing (the quote then says so, naming the firm).
    pub referral_fee: i64,
    /// How many brokers the firm has on Threshold.
    pub brokers: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ReferralFeeRequest {
    /// Pence per introduced client, from 0 to 500000.
    pub referral_fee: i64,
}

impl From<BrokerFirm> for BrokerFirmBody {
    fn from(f: BrokerFirm) -> Self {
        Self {
            id: f.id,
            name: f.name,
            referral_fee: f.referral_fee,
            brokers: f.brokers,
        }
    }
}

#[utoipa::path(get, path = "/staff/broker-firms", tag = "staff",
    responses(
        (status = 200, description = "Every broker firm by name, with its referral fee", body = Vec<BrokerFirmBody>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator, or the second factor is not proven", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn list_broker_firms(
    State(state): State<AppState>,
    _admin: Admin,
) -> ApiResult<Json<Vec<BrokerFirmBody>>> {
    let firms = state.db.broker_firms().await?;
    Ok(Json(firms.into_iter().map(Into::into).collect()))
}

#[utoipa::path(put, path = "/staff/broker-firms/{firmId}/referral-fee", tag = "staff",
    request_body = ReferralFeeRequest,
    params(("firmId" = i64, Path, description = "The broker firm's id")),
    responses(
        (status = 200, description = "Recorded (audited when it changed); quotes made from now on disclose it", body = BrokerFirmBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such broker firm", body = ErrorBody),
        (status = 422, description = "`referralFee` is below 0 or above 500000 pence", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn set_referral_fee(
    State(state): State<AppState>,
    admin: Admin,
    ApiPath(firm_id): ApiPath<i64>,
    ApiJson(request): ApiJson<ReferralFeeRequest>,
) -> ApiResult<Json<BrokerFirmBody>> {
    if !(0..=MAX_REFERRAL_FEE).contains(&request.referral_fee) {
        return Err(ApiError::bad_field(
            "referralFee",
            "must be from 0 to 500000 pence (£5,000)",
        ));
    }
    state
        .db
        .set_referral_fee(firm_id, request.referral_fee, admin.id(), Utc::now())
        .await?;
    let firm = state
        .db
        .broker_firms()
        .await?
        .into_iter()
        .find(|f| f.id == firm_id)
        .ok_or_else(ApiError::not_found)?;
    Ok(Json(firm.into()))
}
