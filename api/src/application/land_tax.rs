//! POST /buying/{caseId}/stamp-duty-land-tax (issue 13, BUY-APP-13/14): the answers a
//! purchase's land tax depends on. They re-run the quote's estimate: the higher rates for an
//! additional home, the first-time buyer relief, and the surcharge when a buyer is not UK
//! resident (from Buyer Details). In Wales the estimate is Land Transaction Tax.

use axum::Json;
use axum::extract::State;
use threshold_cases::{LandTaxFigure, PropertyWrite};
use threshold_engine::CaseType;

use super::types::{LandTaxAnswersRequest, LandTaxAnswersSaved, LandTaxEstimateBody};
use super::{name, open, write};
use crate::app::AppState;
use crate::cases::access;
use crate::cases::facts::{PurchaseTaxFacts, land_tax_input};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

#[utoipa::path(post, path = "/buying/{caseId}/stamp-duty-land-tax", tag = "application",
    request_body = LandTaxAnswersRequest,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "Saved, with the land tax estimate the answers give", body = LandTaxAnswersSaved),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "The section is locked or closed (`section_closed`)", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn stamp_duty_land_tax(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
    ApiJson(body): ApiJson<LandTaxAnswersRequest>,
) -> ApiResult<Json<LandTaxAnswersSaved>> {
    let case_id = access::parse_case_id(&case_id)?;
    let (caller, case) = open(&state, &session, CaseType::Buying, case_id).await?;
    let row = &case.loaded.row;
    // Only a quoted case carries an estimate (an ineligible one has nothing to quote).
    let estimate = match (&case.loaded.quote, row.purchase_price) {
        (Some(_), Some(price)) => {
            let input = land_tax_input(
                &PurchaseTaxFacts {
                    jurisdiction: row.jurisdiction.as_deref().unwrap_or_default(),
                    price,
                    completion: row.target_move_in_date,
                    first_time_buyer: body.is_first_time_buyer,
                    results_in_multiple_properties: Some(body.results_in_multiple_properties),
                    is_replacing_main_residence: Some(body.is_replacing_main_residence),
                    non_uk_resident: case
                        .loaded
                        .applicants()
                        .any(|p| p.is_uk_resident == Some(false)),
                },
                chrono::Utc::now().date_naive(),
            );
            let e = state
                .workflows
                .land_tax
                .estimate(&input)
                .map_err(ApiError::internal)?;
            Some(LandTaxEstimateBody {
                land_tax_type: e.land_tax_type,
                amount: e.amount,
            })
        }
        _ => None,
    };
    let change = PropertyWrite::LandTax {
        results_in_multiple_properties: body.results_in_multiple_properties,
        is_replacing_main_residence: body.is_replacing_main_residence,
        is_first_time_buyer: body.is_first_time_buyer,
        estimate: estimate.as_ref().map(|e| LandTaxFigure {
            land_tax_type: name(&e.land_tax_type),
            amount: e.amount,
        }),
    };
    write(&state, &caller, &case, change).await?;
    Ok(Json(LandTaxAnswersSaved { estimate }))
}
