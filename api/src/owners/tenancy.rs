//! POST /tenancy-split: how tenants in common share the property (spec ENUM-08: their shares
//! may be unequal and pass by will). One share per owner, in percent to two decimals, adding
//! up to 100; asked again whenever an owner is added or removed.

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use threshold_cases::OwnersWrite;
use threshold_engine::CaseType;
use utoipa::ToSchema;

use super::types::Problems;
use super::{open, rule_conflict, write};
use crate::app::AppState;
use crate::application::case_type;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, CurrentSession};

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TenancySplitRequest {
    /// REMORTGAGING (buying's buyers come with issue 13).
    pub case_type: threshold_engine::CaseType,
    pub case_id: i64,
    /// Every owner of the case once.
    pub shares: Vec<TenancyShareInput>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TenancyShareInput {
    /// The owner (`propertyOwners[].id`).
    pub applicant_id: i64,
    /// Their share in percent, more than 0 and less than 100, at most two decimals.
    #[schema(exclusive_minimum = 0, exclusive_maximum = 100)]
    pub percentage: f64,
}

/// 10,000 basis points make the whole property.
const WHOLE: i64 = 10_000;

#[utoipa::path(post, path = "/tenancy-split", tag = "owners", request_body = TenancySplitRequest,
    responses(
        (status = 204, description = "Saved"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "`not_tenants_in_common`: the owners are not tenants in common; `section_closed`: the Owners section is locked, hidden or disabled, or a broker outside a broker stage; `conflict`: an owner was added or removed meanwhile", body = ErrorBody),
        (status = 422, description = "A share is not a percentage, an owner is missing or listed twice, or the shares do not add up to 100% (field `shares`)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn save_tenancy_split(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<TenancySplitRequest>,
) -> ApiResult<StatusCode> {
    let case_type = case_type(body.case_type, &[CaseType::Remortgaging, CaseType::Buying])?;
    let mut problems = Problems::default();
    let shares: Vec<(i64, i64)> = body
        .shares
        .iter()
        .enumerate()
        .map(|(i, s)| (s.applicant_id, basis_points(&mut problems, i, s.percentage)))
        .collect();
    problems.done()?;
    let (caller, case) = open(&state, &session, case_type, body.case_id).await?;
    if case.loaded.row.property.land_ownership.as_deref() != Some("TENANTS_IN_COMMON") {
        return Err(rule_conflict(
            "not_tenants_in_common",
            "Only owners who are tenants in common set their shares of the property.",
        ));
    }
    let mut owners: Vec<i64> = case
        .loaded
        .parties
        .iter()
        .filter(|p| p.party_type == "APPLICANT")
        .map(|p| p.id)
        .collect();
    let mut listed: Vec<i64> = shares.iter().map(|(id, _)| *id).collect();
    owners.sort_unstable();
    listed.sort_unstable();
    let mut problems = Problems::default();
    if owners != listed {
        problems.add("shares", "Give one share for each owner of the property");
    } else if shares.iter().map(|(_, bp)| bp).sum::<i64>() != WHOLE {
        problems.add("shares", "The shares must add up to 100%");
    }
    problems.done()?;
    write(&state, &caller, &case, OwnersWrite::TenancySplit { shares }).await?;
    Ok(StatusCode::NO_CONTENT)
}

/// A percentage as basis points (12.5 → 1250); a problem for anything else.
fn basis_points(problems: &mut Problems, index: usize, percentage: f64) -> i64 {
    let scaled = percentage * 100.0;
    let rounded = scaled.round();
    if !(percentage > 0.0 && percentage < 100.0) || (scaled - rounded).abs() > 1e-6 {
        problems.add(
            &format!("shares[{index}].percentage"),
            "Enter a share between 0 and 100%, with at most two decimals",
        );
        return 0;
    }
    rounded as i64
}
