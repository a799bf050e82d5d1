//! GET /{type}/{caseId}/quote/latest: the case's latest quote (spec §3 Quote, ENT-13).

use axum::Json;
use axum::extract::State;
use threshold_store::cases::QuoteRow;

use chrono::Utc;
use threshold_engine::CaseType;
use threshold_store::cases::Scope;

use super::access;
use super::types::{CostLineBody, CostSectionBody, LandTaxEstimateBody, QuoteBody, QuoteTerms};
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiPath, CurrentSession};

pub fn quote_body(q: &QuoteRow, case_type: CaseType) -> QuoteBody {
    let terms: Option<QuoteTerms> = q
        .terms
        .as_ref()
        .and_then(|t| serde_json::from_value(t.0.clone()).ok());
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
        land_tax_estimate: q.land_tax_type.as_ref().map(|tax| LandTaxEstimateBody {
            land_tax_type: tax.clone(),
            amount: q.land_tax_amount.unwrap_or_default(),
            label: t.land_tax_label.clone(),
            payable_to: t.land_tax_payable_to.clone(),
            due_days_after_completion: t.land_tax_due_days_after_completion,
        }),
        deposit_terms: terms.as_ref().map(|t| t.deposit_terms.clone()),
        referral_fee: terms.as_ref().map(|t| t.referral_fee.clone()),
        notes: t.notes,
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
    if matches!(scope, Scope::Customer(_)) {
        state
            .db
            .record_invitation_opened(case_id, session.user.id, Utc::now())
            .await?;
    }
    Ok(Json(quote_body(&quote, case_type)))
}
