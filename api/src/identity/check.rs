//! `POST /identity/check`: an owner or buyer starts their electronic identity check, where a
//! provider is configured (Onfido); the browser then takes them to the provider's page, which
//! brings them back to Verify Identity. Each start is a new check: only the latest one's outcome counts.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use serde::Serialize;
use threshold_engine::Action;
use threshold_store::identity_checks::NewIdentityCheck;
use utoipa::ToSchema;

use super::provider::Person;
use crate::app::AppState;
use crate::cases::access;
use crate::cases::types::CaseRef;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, CurrentSession};

/// Where the person takes their identity check.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct IdentityCheckStarted {
    /// The provider's hosted page.
    pub redirect_url: String,
}

#[utoipa::path(post, path = "/identity/check", tag = "progress", request_body = CaseRef,
    responses(
        (status = 200, description = "The check is started: go to `redirectUrl`", body = IdentityCheckStarted),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an owner or buyer of the case", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "`manual_review` (no electronic check here: upload a photo ID and a selfie), `section_closed` (not at this stage) or `conflict` (already submitted or verified)", body = ErrorBody),
        (status = 422, description = "Unknown caseType", body = ErrorBody),
        (status = 502, description = "`identity_provider_unavailable`: the provider refused or did not answer", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn start_identity_check(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<CaseRef>,
) -> ApiResult<Json<IdentityCheckStarted>> {
    let caller = access::caller(&session)?;
    let case_type = body.case_type;
    let case = state.cases.open(&caller, case_type, body.case_id).await?;
    // Starting a check is the first half of sending one's identity: the same rule.
    state.cases.authorise(&case, Action::SubmitIdentity)?;
    let me = session.user.id;
    let own = case
        .loaded
        .applicants()
        .find(|p| p.user_id == me)
        .ok_or(ApiError::not_found())?;
    let Some(provider) = state.identity.electronic() else {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "manual_review",
            "Upload a photo of your passport or driving licence and a selfie instead.",
        ));
    };
    if own.identity_verified_at.is_some() || own.identity_submitted_at.is_some() {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "conflict",
            "Your identity is checked already, or waiting for our decision.",
        ));
    }
    // The current legal name, which the owners' section requires before submission.
    let legal = case
        .loaded
        .legal_names
        .get(&me)
        .and_then(|names| names.iter().find(|n| n.until.is_none()));
    let (first_name, last_name) = match legal {
        Some(n) => (n.first_name.as_str(), n.surname.as_str()),
        None => (own.preferred_name.as_str(), ""),
    };
    let return_url = format!(
        "{}/{}/{}/identification?check=done",
        state.config.public_url.trim_end_matches('/'),
        case_type.slug(),
        body.case_id
    );
    let started = provider
        .start(
            &Person {
                first_name,
                last_name,
                email: &session.user.email,
            },
            &return_url,
        )
        .await
        .map_err(|e| {
            tracing::warn!(error = %e, "the identity provider refused the check");
            ApiError::new(
                StatusCode::BAD_GATEWAY,
                "identity_provider_unavailable",
                "The identity check could not be started just now. Please try again in a few minutes.",
            )
        })?;
    state
        .db
        .start_identity_check(
            &NewIdentityCheck {
                case_id: body.case_id,
                applicant_id: own.id,
                user_id: me,
                provider: provider.name(),
                reference: &started.reference,
                dashboard_url: started.dashboard_url.as_deref(),
            },
            Utc::now(),
        )
        .await?;
    Ok(Json(IdentityCheckStarted {
        redirect_url: started.url,
    }))
}
