//! The current privacy policy and terms, and recording a user's agreement to them.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use serde::{Deserialize, Serialize};
use serde_json::json;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::auth::sign_in_audit as audit;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, CurrentSession};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PoliciesResponse {
    pub privacy_policy: Policy,
    pub terms_and_conditions: Policy,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Policy {
    pub policy_version: i32,
    pub content_url: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AcceptPoliciesRequest {
    /// The current versions (GET /policies/current); older ones are refused.
    #[schema(minimum = 1)]
    pub privacy_version: i32,
    #[schema(minimum = 1)]
    pub terms_version: i32,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(current))
        .routes(routes!(accept))
}

#[utoipa::path(get, path = "/policies/current", tag = "policies",
    responses((status = 200, description = "The versions users must agree to", body = PoliciesResponse)))]
pub async fn current(State(state): State<AppState>) -> Json<PoliciesResponse> {
    let config = &state.config;
    Json(PoliciesResponse {
        privacy_policy: Policy {
            policy_version: config.privacy_policy_version,
            content_url: config.privacy_policy_url.clone(),
        },
        terms_and_conditions: Policy {
            policy_version: config.terms_version,
            content_url: config.terms_url.clone(),
        },
    })
}

#[utoipa::path(post, path = "/auth/accept-policies", tag = "policies", request_body = AcceptPoliciesRequest,
    responses(
        (status = 204, description = "Agreement recorded"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 422, description = "Not the current versions", body = ErrorBody),
    ))]
pub async fn accept(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<AcceptPoliciesRequest>,
) -> ApiResult<StatusCode> {
    let mut problems = std::collections::BTreeMap::new();
    if body.privacy_version != state.config.privacy_policy_version {
        problems.insert(
            "privacyVersion".to_owned(),
            "is not the current privacy policy".to_owned(),
        );
    }
    if body.terms_version != state.config.terms_version {
        problems.insert(
            "termsVersion".to_owned(),
            "is not the current terms and conditions".to_owned(),
        );
    }
    if !problems.is_empty() {
        return Err(ApiError::invalid_fields(problems));
    }
    state
        .db
        .accept_policies(
            session.user.id,
            body.privacy_version,
            body.terms_version,
            Utc::now(),
        )
        .await?;
    audit(
        &state,
        session.user.id,
        "policies.accepted",
        "user",
        session.user.id.to_string(),
        json!({ "privacyVersion": body.privacy_version, "termsVersion": body.terms_version }),
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
