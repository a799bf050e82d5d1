//! POST /buying/{caseId}/stamp-duty-land-tax (issue 13, BUY-APP-13/14): the answers a
//! purchase's land tax depends on (the higher rates for an additional home, the first-time
//! buyer relief; the surcharge when a buyer is not UK resident comes from Buyer Details). An
//! answer that changes the price re-quotes the case (issue 28.2): the customer accepts the new
//! quote, and their broker is told. In Wales the estimate is Land Transaction Tax.

use axum::Json;
use axum::extract::State;
use threshold_cases::PropertyWrite;
use threshold_engine::CaseType;

use super::types::{LandTaxAnswersRequest, LandTaxAnswersSaved};
use super::{open, write};
use crate::app::AppState;
use crate::cases::quote::quote_body;
use crate::cases::{access, requote};
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

#[utoipa::path(post, path = "/buying/{caseId}/stamp-duty-land-tax", tag = "application",
    request_body = LandTaxAnswersRequest,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "Saved, with the land tax estimate the answers give and whether they re-quoted the case", body = LandTaxAnswersSaved),
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
    let mut facts = case.loaded.row.key_facts();
    facts.is_first_time_buyer = body.is_first_time_buyer;
    facts.results_in_multiple_properties = Some(body.results_in_multiple_properties);
    facts.is_replacing_main_residence = Some(body.is_replacing_main_residence);
    let requote = requote::requote_for_answers(&state, &case, &facts).await?;
    let requoted = requote.is_some();
    let change = PropertyWrite::LandTax {
        results_in_multiple_properties: body.results_in_multiple_properties,
        is_replacing_main_residence: body.is_replacing_main_residence,
        is_first_time_buyer: body.is_first_time_buyer,
        requote: requote.map(Box::new),
    };
    write(&state, &caller, &case, change).await?;
    if requoted {
        requote::tell_broker(&state, &caller, &case, requote::quote_accepted(&case)).await?;
    }
    let estimate = state
        .db
        .latest_quote(case_id)
        .await?
        .and_then(|q| quote_body(&q, CaseType::Buying).land_tax_estimate);
    Ok(Json(LandTaxAnswersSaved { estimate, requoted }))
}
