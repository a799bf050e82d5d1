//! The source-of-funds page's one write (issue 33, the `SOF` feature, FLAG-02/03): the buyers,
//! or their broker, say how a source of funds was built up. Only for a user with `SOF` in
//! their enabled features; the firm's review is the back office's (staff::source_of_funds).

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use threshold_cases::SourceAnswers;
use threshold_engine::source_of_funds::asks_details;
use threshold_engine::{BuyingSnapshot, CaseType};
use threshold_store::cases::LoadedCase;
use threshold_workflows::required_documents::{evidence_type, source_of_funds_state};
use utoipa::ToSchema;

use super::open;
use super::types::SourceOfFundsBody;
use crate::app::AppState;
use crate::cases::access;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

/// The enabled feature that offers the source-of-funds page.
pub const FEATURE: &str = "SOF";

/// How the money of one source was built up, in the buyer's words (each required, at most
/// 500 characters).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct SourceOfFundsDetailsRequest {
    /// Where the money came from ("saved from my salary as a teacher").
    pub origin: String,
    /// Over how long it was built up ("about four years").
    pub built_up_over: String,
    /// Whose name the account holding it is in.
    pub account_holder: String,
}

#[utoipa::path(put, path = "/buying/{caseId}/sources-of-funds/{sourceId}/details", tag = "application",
    request_body = SourceOfFundsDetailsRequest,
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("sourceId" = i64, Path, description = "The source of funds"),
    ),
    responses(
        (status = 204, description = "Saved: the source goes to the firm's review once its evidence is uploaded"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker on the case, or `feature_off`: the source-of-funds page is not enabled for this user (no `SOF`)", body = ErrorBody),
        (status = 404, description = "Unknown case or source, or not yours", body = ErrorBody),
        (status = 409, description = "`conflict`: the firm has accepted this source or closed its review", body = ErrorBody),
        (status = 422, description = "An answer is missing, blank or over 500 characters (named)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn describe_source_of_funds(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((case_id, source_id)): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<SourceOfFundsDetailsRequest>,
) -> ApiResult<StatusCode> {
    let case_id = access::parse_case_id(&case_id)?;
    if !session.user.has_feature(FEATURE) {
        return Err(ApiError::feature_off(
            "The source-of-funds page is not enabled for your account.",
        ));
    }
    let (caller, case) = open(&state, &session, CaseType::Buying, case_id).await?;
    let answers = SourceAnswers {
        origin: &body.origin,
        built_up_over: &body.built_up_over,
        account_holder: &body.account_holder,
    };
    state
        .cases
        .describe_source_of_funds(&caller, &case, source_id, answers)
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

/// The case's sources of funds with where each stands in the firm's review (the expanded
/// buying case's `sourceOfFunds`).
pub(crate) fn bodies(
    state: &AppState,
    loaded: &LoadedCase,
    snap: &BuyingSnapshot,
) -> Vec<SourceOfFundsBody> {
    snap.source_of_funds
        .iter()
        .map(|f| SourceOfFundsBody {
            id: f.id,
            source_type: f.source_type,
            amount: loaded
                .sources_of_funds
                .iter()
                .find(|row| row.id == f.id)
                .and_then(|row| row.amount),
            state: source_of_funds_state(snap, f).0,
            asks_details: asks_details(f.source_type),
            details: f.details.clone(),
            review: f.review.clone(),
            evidence_type: evidence_type(f.source_type).to_owned(),
            open_banking: crate::open_banking::offered(state, evidence_type(f.source_type)),
        })
        .collect()
}
