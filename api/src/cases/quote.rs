//! GET /{type}/{caseId}/quote/latest: the case's latest quote (spec §3 Quote, ENT-13).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use threshold_cases::NewCaseMessage;
use threshold_store::cases::QuoteRow;
use threshold_store::cases::ReplyDue;

use chrono::Utc;
use threshold_engine::CaseType;
use threshold_store::cases::Scope;

use super::access;
use super::types::{
    CostLineBody, CostSectionBody, LandTaxEstimateBody, PreviousQuoteBody, QuoteBody, QuoteTerms,
    ReportIssueRequest, ReportedIssueBody,
};
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

/// What the quote says beyond its figures, as stored with it; none for a quote stored before
/// its terms were.
pub fn terms_of(q: &QuoteRow) -> Option<QuoteTerms> {
    q.terms
        .as_ref()
        .and_then(|t| serde_json::from_value(t.0.clone()).ok())
}

pub fn quote_body(q: &QuoteRow, case_type: CaseType) -> QuoteBody {
    let terms = terms_of(q);
    let t = terms.clone().unwrap_or_default();
    QuoteBody {
        id: q.id,
        case_id: q.case_id,
        case_type,
        created_at: q.created_at,
        accepted_at: q.accepted_at,
        total_amount: q.total_amount,
        deposit: q.deposit,
        subtotal: q.subtotal,
        discount: q.discount,
        cost_breakdown: q
            .cost_breakdown
            .0
            .iter()
            .map(|s| CostSectionBody {
                section_title: s.section_title.clone(),
                costs: s
                    .costs
                    .iter()
                    .map(|c| CostLineBody {
                        label: c.label.clone(),
                        amount: c.amount,
                    })
                    .collect(),
            })
            .collect(),
        land_tax_estimate: q
            .land_tax_type
            .as_deref()
            .and_then(|tax| tax.parse().ok())
            .map(|tax| LandTaxEstimateBody {
                land_tax_type: tax,
                amount: q.land_tax_amount.unwrap_or_default(),
                label: t.land_tax_label.clone(),
                payable_to: t.land_tax_payable_to.clone(),
                due_days_after_completion: t.land_tax_due_days_after_completion,
                assumptions: t.land_tax_assumptions.clone(),
            }),
        deposit_terms: terms.as_ref().map(|t| t.deposit_terms.clone()),
        referral_fee: terms.as_ref().map(|t| t.referral_fee.clone()),
        notes: t.notes,
        reported_issues: Vec::new(),
        previous: None,
    }
}

#[utoipa::path(get, path = "/remortgaging/{caseId}/quote/latest", tag = "cases",
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "The latest quote", body = QuoteBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "No quote, unknown case, or not yours", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn latest_remortgaging(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
) -> ApiResult<Json<QuoteBody>> {
    latest(&state, &session, &case_id, CaseType::Remortgaging).await
}

#[utoipa::path(get, path = "/buying/{caseId}/quote/latest", tag = "cases",
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "The latest quote, with the land tax estimate", body = QuoteBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "No quote, unknown case, or not yours", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn latest_buying(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
) -> ApiResult<Json<QuoteBody>> {
    latest(&state, &session, &case_id, CaseType::Buying).await
}

async fn latest(
    state: &AppState,
    session: &CurrentSession,
    raw_id: &str,
    case_type: CaseType,
) -> ApiResult<Json<QuoteBody>> {
    let case_id = access::parse_case_id(raw_id)?;
    let scope = access::scope(state, session).await?;
    if !state
        .db
        .can_see_case(case_id, case_type.as_str(), &scope)
        .await?
    {
        return Err(ApiError::not_found());
    }
    let quote = state
        .db
        .latest_quote(case_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    // The broker sees when the invitee first opened the quote.
    let customer = matches!(scope, Scope::Customer(_));
    if customer {
        state
            .db
            .record_invitation_opened(case_id, session.user.id, Utc::now())
            .await?;
    }
    let mut body = quote_body(&quote, case_type);
    if quote.accepted_at.is_none() {
        body.previous = state.db.last_accepted_quote(case_id).await?.and_then(|q| {
            Some(PreviousQuoteBody {
                accepted_at: q.accepted_at?,
                total_amount: q.total_amount,
                land_tax_amount: q.land_tax_amount,
            })
        });
    }
    body.reported_issues = state
        .db
        .case_messages(case_id, QUOTE_TOPIC, customer.then_some(session.user.id))
        .await?
        .into_iter()
        .map(|m| ReportedIssueBody {
            id: m.id,
            reported_by: m.author_name,
            message: m.body,
            reported_at: m.created_at,
        })
        .collect();
    Ok(Json(body))
}

/// The case messages about the quote.
const QUOTE_TOPIC: &str = "QUOTE";
const MESSAGE_LIMIT: usize = 2000;

#[utoipa::path(post, path = "/quote/{quoteId}/report-issue", tag = "cases", request_body = ReportIssueRequest,
    params(("quoteId" = i64, Path, description = "The case's latest quote")),
    responses(
        (status = 204, description = "Sent: the case's brokers get an e-mail and a feed item, and read the message with the quote"),
        (status = 403, description = "Not a customer of the case", body = ErrorBody),
        (status = 404, description = "Unknown case or quote, a superseded quote, or not yours", body = ErrorBody),
        (status = 409, description = "The case is closed", body = ErrorBody),
        (status = 422, description = "No message, or a message over 2000 characters", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn report_issue(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(quote_id): ApiPath<i64>,
    ApiJson(body): ApiJson<ReportIssueRequest>,
) -> ApiResult<StatusCode> {
    let caller = access::caller(&session)?;
    let case_type = body.case_type;
    let message = body.message.trim();
    if message.is_empty() {
        return Err(ApiError::bad_field("message", "is required"));
    }
    if message.chars().count() > MESSAGE_LIMIT {
        return Err(ApiError::bad_field(
            "message",
            format!("must be at most {MESSAGE_LIMIT} characters"),
        ));
    }
    let case = state.cases.open(&caller, case_type, body.case_id).await?;
    if !case.loaded.relationship.is_party {
        return Err(ApiError::forbidden(
            "Only the customers on the case may report an issue with its quote.",
        ));
    }
    let latest = state.db.latest_quote(body.case_id).await?;
    if latest.is_none_or(|q| q.id != quote_id) {
        return Err(ApiError::not_found());
    }
    let note = NewCaseMessage {
        topic: QUOTE_TOPIC,
        body: message,
        reply: ReplyDue::Unchanged,
        attachments: &[],
    };
    state
        .cases
        .announce(&caller, &case, "quote_issue_reported", Some(note))
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
