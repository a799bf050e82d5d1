//! GET /{type}/{caseId}/quote/latest: the case's latest quote (spec §3 Quote, ENT-13).

use axum::Json;
use axum::extract::{Path, State};
use threshold_store::cases::QuoteRow;

use super::access::{self, BUYING, REMORTGAGING};
use super::types::{CostLineBody, CostSectionBody, LandTaxEstimateBody, QuoteBody};
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::CurrentSession;

pub fn quote_body(q: &QuoteRow, case_type: &str) -> QuoteBody {
    QuoteBody {
        id: q.id,
        case_id: q.case_id,
        case_type: case_type.to_owned(),
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
        land_tax_estimate: q.land_tax_type.as_ref().map(|t| LandTaxEstimateBody {
            land_tax_type: t.clone(),
            amount: q.land_tax_amount.unwrap_or_default(),
        }),
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
    Path(case_id): Path<String>,
) -> ApiResult<Json<QuoteBody>> {
    latest(&state, &session, &case_id, REMORTGAGING).await
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
    Path(case_id): Path<String>,
) -> ApiResult<Json<QuoteBody>> {
    latest(&state, &session, &case_id, BUYING).await
}

async fn latest(
    state: &AppState,
    session: &CurrentSession,
    raw_id: &str,
    case_type: &'static str,
) -> ApiResult<Json<QuoteBody>> {
    let case_id = access::parse_case_id(raw_id)?;
    let scope = access::scope(state, session).await?;
    if !state.db.can_see_case(case_id, case_type, &scope).await? {
        return Err(ApiError::not_found());
    }
    let quote = state
        .db
        .latest_quote(case_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok(Json(quote_body(&quote, case_type)))
}
