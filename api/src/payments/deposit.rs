//! `POST /deposit-payment` starts a buyer's up-front payment with the provider;
//! `POST /local-payment-response` is the local stand-in's answer, where no provider is
//! configured. The payment is recorded on the case through the case service either way.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use serde::{Deserialize, Serialize};
use threshold_cases::Progress;
use threshold_engine::CaseType;
use threshold_store::payments::NewDepositPayment;
use utoipa::ToSchema;

use super::PaymentProvider;
use super::provider::Checkout;
use crate::app::AppState;
use crate::cases::access;
use crate::cases::types::CaseMoved;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, CurrentSession};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct DepositPaymentRequest {
    /// The buying case whose up-front payment the caller (one of its buyers) makes.
    #[schema(minimum = 1)]
    pub case_id: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum PaymentProviderName {
    Stripe,
    Local,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DepositPaymentStarted {
    pub provider: PaymentProviderName,
    /// The payment's reference with the provider.
    pub reference: String,
    /// In pence: the quote's up-front payment.
    pub amount: i64,
    /// Stripe Checkout's page, where the browser goes to pay; null for the local stand-in,
    /// which the buyer confirms with `POST /local-payment-response`.
    pub redirect_url: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum LocalPaymentOutcome {
    Paid,
    Cancelled,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LocalPaymentResponse {
    #[schema(max_length = 100)]
    pub reference: String,
    pub outcome: LocalPaymentOutcome,
}

#[utoipa::path(post, path = "/deposit-payment", tag = "payments",
    request_body = DepositPaymentRequest,
    responses(
        (status = 200, description = "The payment is started: go to `redirectUrl` (Stripe) or confirm it locally", body = DepositPaymentStarted),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a buyer of the case", body = ErrorBody),
        (status = 404, description = "Unknown case, not a purchase, or not yours", body = ErrorBody),
        (status = 409, description = "`already_paid`; `section_closed` (the client care letter is not accepted yet); `no_quote`", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named)", body = ErrorBody),
        (status = 502, description = "`payment_provider_unavailable`: the provider refused or did not answer", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn start_deposit_payment(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<DepositPaymentRequest>,
) -> ApiResult<Json<DepositPaymentStarted>> {
    let caller = access::caller(&session)?;
    let case = state
        .cases
        .open(&caller, CaseType::Buying, body.case_id)
        .await?;
    if !case.loaded.relationship.is_party {
        return Err(ApiError::forbidden(
            "Only the buyers pay the up-front payment.",
        ));
    }
    state.cases.check_tile(&case, "deposit")?;
    if case.snapshot.deposit_paid_at().is_some() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "already_paid",
            "The up-front payment has been paid already.",
        ));
    }
    let amount = case
        .loaded
        .quote
        .as_ref()
        .map(|q| q.deposit)
        .filter(|a| *a > 0)
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::CONFLICT,
                "no_quote",
                "This case has no up-front payment to make.",
            )
        })?;
    let return_url = format!(
        "{}/buying/{}/deposit",
        state.config.public_url.trim_end_matches('/'),
        body.case_id
    );
    let started = state
        .payments
        .start(&Checkout {
            case_id: body.case_id,
            amount,
            payer_email: &session.user.email,
            return_url: &return_url,
            firm: &state.config.firm_name,
        })
        .await
        .map_err(|e| {
            tracing::warn!(error = %e, "payment provider refused the payment");
            ApiError::new(
                StatusCode::BAD_GATEWAY,
                "payment_provider_unavailable",
                "The payment service could not be reached. Please try again in a few minutes.",
            )
        })?;
    state
        .db
        .start_deposit_payment(
            &NewDepositPayment {
                case_id: body.case_id,
                amount,
                provider: state.payments.name(),
                reference: &started.reference,
                payer: session.user.id,
            },
            Utc::now(),
        )
        .await?;
    Ok(Json(DepositPaymentStarted {
        provider: match &state.payments {
            PaymentProvider::Local => PaymentProviderName::Local,
            PaymentProvider::Stripe { .. } => PaymentProviderName::Stripe,
        },
        reference: started.reference,
        amount,
        redirect_url: started.redirect_url,
    }))
}

#[utoipa::path(post, path = "/local-payment-response", tag = "payments",
    request_body = LocalPaymentResponse,
    responses(
        (status = 200, description = "PAID: the payment is recorded and the case moves on where it can; CANCELLED: nothing changes", body = CaseMoved),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "A payment provider is configured (this stand-in is off), or no such payment of yours", body = ErrorBody),
        (status = 409, description = "`section_closed`, or `conflict` (paid already)", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn local_payment_response(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<LocalPaymentResponse>,
) -> ApiResult<Json<CaseMoved>> {
    if !matches!(state.payments, PaymentProvider::Local) {
        return Err(ApiError::not_found());
    }
    let caller = access::caller(&session)?;
    let payment = state
        .db
        .deposit_payment(&body.reference)
        .await?
        .filter(|p| p.provider == "LOCAL" && p.payer_user_id == Some(session.user.id))
        .ok_or_else(ApiError::not_found)?;
    let case = state
        .cases
        .open(&caller, CaseType::Buying, payment.case_id)
        .await?;
    let status = match body.outcome {
        LocalPaymentOutcome::Cancelled => case.snapshot.status(),
        LocalPaymentOutcome::Paid => {
            state
                .cases
                .progress(
                    &caller,
                    &case,
                    Progress::DepositPaid {
                        reference: body.reference,
                        payer: session.user.id,
                    },
                )
                .await?
        }
    };
    Ok(Json(CaseMoved {
        case_id: payment.case_id,
        case_type: CaseType::Buying,
        status,
    }))
}
