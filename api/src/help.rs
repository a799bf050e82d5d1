//! GET /help/stages: how a remortgage and a purchase proceed with the firm, for the help page.
//! Read from the workflow files (each status's `guide`), so the page never drifts from the
//! rules that move the cases.

use axum::Json;
use axum::extract::State;
use serde::Serialize;
use threshold_engine::CaseType;
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::error::ErrorBody;
use crate::extract::CurrentSession;

/// The main path of each case type, stage by stage.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HowCasesProceed {
    pub remortgaging: Vec<StageBody>,
    pub buying: Vec<StageBody>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StageBody {
    pub status: threshold_engine::CaseStatus,
    /// The status's name as the case lists show it.
    pub label: String,
    /// What happens in this stage, and who does it, in plain English.
    pub guide: String,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(stages))
}

#[utoipa::path(get, path = "/help/stages", tag = "help",
    responses(
        (status = 200, description = "The stages of each case type in order", body = HowCasesProceed),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
pub async fn stages(
    State(state): State<AppState>,
    _session: CurrentSession,
) -> Json<HowCasesProceed> {
    let of = |case_type| {
        state
            .workflows
            .stages(case_type)
            .into_iter()
            .map(|s| StageBody {
                status: s.status,
                label: s.label,
                guide: s.guide,
            })
            .collect()
    };
    Json(HowCasesProceed {
        remortgaging: of(CaseType::Remortgaging),
        buying: of(CaseType::Buying),
    })
}
