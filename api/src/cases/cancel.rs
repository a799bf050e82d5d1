//! POST /broker-cancel-case: a broker cancels a case still in a broker status; the engine's
//! `broker_cancel` transition decides, and the store writes it atomically with its audit.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use threshold_engine::{CaseType, TransitionError};
use threshold_store::StoreError;

use super::access::{self, BUYING, REMORTGAGING};
use super::facts::record;
use super::types::{CancelCaseRequest, CancelCaseResponse};
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, CurrentSession};

#[utoipa::path(post, path = "/broker-cancel-case", tag = "cases", request_body = CancelCaseRequest,
    responses(
        (status = 200, description = "Cancelled", body = CancelCaseResponse),
        (status = 403, description = "Not a broker", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "The case is past the broker statuses (cannot_cancel)", body = ErrorBody),
        (status = 422, description = "Unknown caseType", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn broker_cancel_case(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<CancelCaseRequest>,
) -> ApiResult<Json<CancelCaseResponse>> {
    let user = &session.user;
    access::require_app_role(user)?;
    let (case_type, name) = match body.case_type.as_str() {
        "REMORTGAGING" => (CaseType::Remortgaging, REMORTGAGING),
        "BUYING" => (CaseType::Buying, BUYING),
        _ => {
            return Err(ApiError::bad_field(
                "caseType",
                "must be REMORTGAGING or BUYING",
            ));
        }
    };
    if !access::is_broker(user) {
        return Err(ApiError::forbidden("Only brokers may cancel a case here."));
    }
    let scope = access::scope(&state, &session).await?;
    let loaded = state
        .db
        .load_case(body.case_id, name, &scope, user.id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let actor = access::actor(user, loaded.relationship);
    let now = Utc::now();
    let applied = match case_type {
        CaseType::Remortgaging => {
            let snap = loaded
                .remortgaging_snapshot()
                .ok_or_else(|| ApiError::internal("unknown status"))?;
            state
                .workflows
                .remortgaging
                .apply(&snap, &actor, "broker_cancel", now, None)
                .map(|a| record(Some(user.id), "broker_cancel", &a.from, &a.to, &a.effects))
        }
        CaseType::Buying => {
            let snap = loaded
                .buying_snapshot()
                .ok_or_else(|| ApiError::internal("unknown status"))?;
            state
                .workflows
                .buying
                .apply(&snap, &actor, "broker_cancel", now, None)
                .map(|a| record(Some(user.id), "broker_cancel", &a.from, &a.to, &a.effects))
        }
    };
    let transition = applied.map_err(cannot_cancel)?;
    match state
        .db
        .apply_transition(body.case_id, name, &transition, now)
        .await
    {
        Ok(()) => {}
        Err(StoreError::Conflict(_)) => {
            return Err(cannot_cancel(TransitionError::Unknown(String::new())));
        }
        Err(other) => return Err(other.into()),
    }
    Ok(Json(CancelCaseResponse {
        case_id: body.case_id,
        case_type: name.to_owned(),
        status: transition.to,
    }))
}

fn cannot_cancel(_why: TransitionError) -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "cannot_cancel",
        "This case can no longer be cancelled.",
    )
}
