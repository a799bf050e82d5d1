//! `POST /deposit-payment` gives a buyer the case's one payable up-front payment: the open one
//! (whichever buyer started it), or a new one with the provider; `POST /local-payment-response`
//! is the local stand-in's answer, where no provider is configured. The payment is recorded on
//! the case through the case service either way.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Duration, Utc};
use serde::{Deserialize, Serialize};
use threshold_cases::Progress;
use threshold_engine::{Action, CaseType};
use threshold_store::payments::{ClosedBecause, DepositPayment, NewDepositPayment};
use threshold_store::{StoreError, UserId};
use utoipa::ToSchema;

use super::PaymentProvider;
use super::provider::{Checkout, Expired, ProviderError};
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
    /// The caller ticked the statement asking the firm to start work within the 14-day
    /// cancellation period (`GET /buying/{caseId}/work-start-request`); must be true.
    pub start_work_requested: bool,
    /// The version of the statement they ticked: the current one.
    #[schema(max_length = 100)]
    pub wording_version: String,
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
    /// which the buyer who started it confirms with `POST /local-payment-response`.
    pub redirect_url: Option<String>,
    /// Until when it can be paid; meanwhile every call gets this same payment back.
    pub expires_at: DateTime<Utc>,
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
        (status = 200, description = "The case's one payable payment: the open one if there is one (whoever of the buyers started it), else a new one. Go to `redirectUrl` (Stripe) or confirm it locally", body = DepositPaymentStarted),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a buyer of the case", body = ErrorBody),
        (status = 404, description = "Unknown case, not a purchase, or not yours", body = ErrorBody),
        (status = 409, description = "`already_paid`; `payment_completing` (a payment on the case has just been made and is being confirmed); `section_closed` (the client care letter is not accepted yet); `no_quote`", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named): `startWorkRequested` not true, or `wordingVersion` not the current statement's", body = ErrorBody),
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
    state.cases.authorise(&case, Action::PayDeposit)?;
    if case.snapshot.deposit_paid_at().is_some() {
        return Err(already_paid());
    }
    record_work_start_request(&state, &body, session.user.id).await?;
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
    // One payable payment per case: the open one is given back to every buyer who asks;
    // one that cannot be is expired with the provider before another is started. Where
    // another buyer's was stored first at the same moment, theirs is given back.
    for _ in 0..3 {
        let now = Utc::now();
        if let Some(open) = state.db.open_deposit_payment(body.case_id).await? {
            if let Some(started) = reusable(&state, &open, amount, now) {
                return Ok(Json(started));
            }
            retire(&state, &open, session.user.id, now).await?;
            continue;
        }
        let started = state
            .payments
            .start(&Checkout {
                case_id: body.case_id,
                amount,
                payer_email: &session.user.email,
                return_url: &return_url,
                firm: &state.config.firm_name,
                expires_at: now + PAYMENT_LIFETIME,
            })
            .await
            .map_err(provider_unavailable)?;
        let stored = state
            .db
            .start_deposit_payment(
                &NewDepositPayment {
                    case_id: body.case_id,
                    amount,
                    provider: state.payments.name(),
                    reference: &started.reference,
                    payer: session.user.id,
                    checkout_url: started.redirect_url.as_deref(),
                    expires_at: started.expires_at,
                },
                now,
            )
            .await;
        match stored {
            Ok(()) => {
                return Ok(Json(DepositPaymentStarted {
                    provider: provider_name(state.payments.name()),
                    reference: started.reference,
                    amount,
                    redirect_url: started.redirect_url,
                    expires_at: started.expires_at,
                }));
            }
            // Another buyer's payment was stored first: ours is never offered.
            Err(StoreError::Conflict(_)) => {
                if let Err(e) = state.payments.expire(&started.reference).await {
                    tracing::warn!(error = %e, "a checkout never offered could not be expired");
                }
            }
            Err(e) => return Err(e.into()),
        }
    }
    Err(ApiError::new(
        StatusCode::CONFLICT,
        "conflict",
        "Another payment was being started at the same time. Please try again.",
    ))
}

/// The buyer's express request to start work within the cancellation period (reg. 36), which
/// the payment needs: refused, naming the field, unless ticked under the current wording.
async fn record_work_start_request(
    state: &AppState,
    body: &DepositPaymentRequest,
    user: UserId,
) -> ApiResult<()> {
    let wording = super::work_start::wording(state)?;
    if !body.start_work_requested {
        return Err(ApiError::bad_field(
            "startWorkRequested",
            "Please tick the box asking us to start work within the 14-day cancellation period.",
        ));
    }
    if body.wording_version != wording.version {
        return Err(ApiError::bad_field(
            "wordingVersion",
            "The statement has changed since you read it. Please reload the page and read it again.",
        ));
    }
    state
        .db
        .record_work_start_request(body.case_id, user, &wording.version, Utc::now())
        .await?;
    Ok(())
}

/// How long a started payment can be paid: Stripe's Checkout Session expires then (Stripe
/// allows 30 minutes to 24 hours), and a test payment too. Meanwhile it is the case's only
/// payable one; then any buyer may start another.
const PAYMENT_LIFETIME: Duration = Duration::hours(1);

/// A payment closer than this to its end is not given out again: the buyer would not have
/// time to pay it. It is expired and another started.
const REUSE_MARGIN: Duration = Duration::minutes(5);

/// The open payment as the answer to another call, where it can still be paid as it is: the
/// same provider, the same amount, a page to pay on (Stripe's), and time left.
fn reusable(
    state: &AppState,
    open: &DepositPayment,
    amount: i64,
    now: DateTime<Utc>,
) -> Option<DepositPaymentStarted> {
    let provider = state.payments.name();
    let reference = open.provider_reference.clone()?;
    let expires_at = open.expires_at.filter(|e| *e > now + REUSE_MARGIN)?;
    if open.provider != provider || open.amount != amount {
        return None;
    }
    let redirect_url = open.checkout_url.clone();
    if provider != "LOCAL" && redirect_url.is_none() {
        return None;
    }
    Some(DepositPaymentStarted {
        provider: provider_name(provider),
        reference,
        amount,
        redirect_url,
        expires_at,
    })
}

/// Stops offering an open payment that cannot be given out again: the provider expires it
/// first, so nobody can pay it after it is closed here. One paid meanwhile is being confirmed:
/// the buyer is told so, and nothing new is started.
async fn retire(
    state: &AppState,
    open: &DepositPayment,
    actor: UserId,
    now: DateTime<Utc>,
) -> ApiResult<()> {
    let ours = open.provider == state.payments.name();
    if let (true, Some(reference)) = (ours, open.provider_reference.as_deref()) {
        match state
            .payments
            .expire(reference)
            .await
            .map_err(provider_unavailable)?
        {
            Expired::Expired => {}
            Expired::Completed => {
                return Err(ApiError::new(
                    StatusCode::CONFLICT,
                    "payment_completing",
                    "A payment on this case has just been made and is being confirmed. It will show here in a few moments.",
                ));
            }
        }
    }
    let because = if open.expires_at.is_some_and(|e| e > now) {
        ClosedBecause::Replaced
    } else {
        ClosedBecause::Expired
    };
    // Closed meanwhile by another call: nothing more to do.
    state
        .db
        .close_deposit_payment(open, because, Some(actor), now)
        .await?;
    Ok(())
}

fn provider_name(stored: &str) -> PaymentProviderName {
    match stored {
        "STRIPE" => PaymentProviderName::Stripe,
        _ => PaymentProviderName::Local,
    }
}

fn provider_unavailable(e: ProviderError) -> ApiError {
    tracing::warn!(error = %e, "payment provider refused the payment");
    ApiError::new(
        StatusCode::BAD_GATEWAY,
        "payment_provider_unavailable",
        "The payment service could not be reached. Please try again in a few minutes.",
    )
}

fn already_paid() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "already_paid",
        "The up-front payment has been paid already.",
    )
}

#[utoipa::path(post, path = "/local-payment-response", tag = "payments",
    request_body = LocalPaymentResponse,
    responses(
        (status = 200, description = "PAID: the payment is recorded and the case moves on where it can; CANCELLED: nothing changes (the payment stays open until it expires, and `POST /deposit-payment` gives it back)", body = CaseMoved),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "A payment provider is configured (this stand-in is off), or no such payment of yours", body = ErrorBody),
        (status = 409, description = "`section_closed`; `already_paid`; `payment_closed` (the payment expired or was replaced)", body = ErrorBody),
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
    let now = Utc::now();
    if case.snapshot.deposit_paid_at().is_some() {
        return Err(already_paid());
    }
    // Only the case's one open payment can be paid, as on Stripe.
    if !payment.is_open_at(now) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "payment_closed",
            "This payment has expired or was replaced. Start the payment again.",
        ));
    }
    let status = match body.outcome {
        // As on Stripe's page: turning back leaves the payment open, to be paid later.
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
