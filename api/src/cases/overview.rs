//! GET /case-overviews (what the user can see, per case type) and GET /managed-brokers (the
//! broker filter menu).

use axum::Json;
use axum::extract::State;
use threshold_engine::CaseType;
use threshold_store::cases::{CaseOverview, Scope};

use super::access;
use super::types::{
    CaseOverviews, CaseTypeOverview, GiftOverview, ManagedBrokerBody, ManagedBrokers,
};
use crate::app::AppState;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::CurrentSession;
use crate::owners::types::GiftStatus;

fn body(o: CaseOverview) -> CaseTypeOverview {
    CaseTypeOverview {
        total_count: o.total_count,
        active_count: o.active_count,
        latest_case_id: o.latest_case_id,
    }
}

/// Closed cases (the workflow file's `closed` and terminal statuses) do not count as active.
async fn overview(state: &AppState, case_type: CaseType, scope: &Scope) -> ApiResult<CaseOverview> {
    let closed = state.workflows.closed_statuses(case_type);
    Ok(state
        .db
        .case_overview(case_type.as_str(), scope, &closed)
        .await?)
}

#[utoipa::path(get, path = "/case-overviews", tag = "cases",
    responses(
        (status = 200, description = "Counts of the cases you can see, per type (a customer with none goes to the start page)", body = CaseOverviews),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn case_overviews(
    State(state): State<AppState>,
    session: CurrentSession,
) -> ApiResult<Json<CaseOverviews>> {
    let scope = access::scope(&state, &session).await?;
    let gifts = state
        .db
        .gifts_of_user(session.user.id)
        .await?
        .into_iter()
        .map(|g| GiftOverview {
            case_id: g.case_id,
            case_type: CaseType::Buying,
            status: GiftStatus::of(&g),
        })
        .collect();
    Ok(Json(CaseOverviews {
        remortgaging: body(overview(&state, CaseType::Remortgaging, &scope).await?),
        buying: body(overview(&state, CaseType::Buying, &scope).await?),
        gifts,
    }))
}

#[utoipa::path(get, path = "/managed-brokers", tag = "cases",
    responses(
        (status = 200, description = "The brokers you may filter by: none for a broker, the managed ones for a manager, the firm for a broker admin", body = ManagedBrokers),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn managed_brokers(
    State(state): State<AppState>,
    session: CurrentSession,
) -> ApiResult<Json<ManagedBrokers>> {
    access::require_app_role(&session.user)?;
    let rows = state
        .db
        .managed_brokers(session.user.id, session.user.role)
        .await?;
    Ok(Json(ManagedBrokers {
        managed_brokers: rows
            .into_iter()
            .map(|b| ManagedBrokerBody {
                user_id: b.user_id.to_string(),
                role: b.role,
                preferred_name: b.preferred_name,
            })
            .collect(),
    }))
}
