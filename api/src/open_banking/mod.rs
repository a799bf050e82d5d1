//! Open banking for the source-of-funds page (issue 33, the `SOF` feature): instead of
//! uploading a source's bank statements, the buyer connects their bank through TrueLayer and
//! consents to share 12 months of its transactions (spec: bank statements with at least 12
//! months' history). The statement Threshold makes of them fills the source's evidence slot,
//! as an upload would, and goes to the firm's review. Without TrueLayer configured there is no
//! such offer: the buyer uploads.

mod statement;
pub mod truelayer;

use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Redirect;
use chrono::{Duration, Utc};
use serde::{Deserialize, Serialize};
use threshold_engine::{AnySnapshot, CaseType};
use threshold_store::open_banking::OpenBankingConsent;
use threshold_store::tokens;
use threshold_workflows::required_documents::{evidence_slot, evidence_type};
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::application::source_of_funds::FEATURE;
use crate::cases::access;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiPath, ApiQuery, CurrentSession};

/// The evidence open banking can give: a savings account's statements (not an ISA's, a
/// pension's or a donor's papers, nor a sale's completion statement).
const SAVINGS_STATEMENT: &str = "SAVINGS_STATEMENT";
/// How long a buyer has at their bank before the consent goes stale.
const CONSENT_MINUTES: i64 = 30;
/// The history the firm's review asks for.
const STATEMENT_MONTHS: u32 = 12;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(connect_bank))
        .routes(routes!(callback))
}

/// Whether a source's evidence may come by open banking here.
pub fn offered(state: &AppState, source_evidence_type: &str) -> bool {
    state.open_banking.is_some() && source_evidence_type == SAVINGS_STATEMENT
}

/// Where the buyer goes next: their bank, through TrueLayer.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct BankConnection {
    pub auth_url: String,
}

#[utoipa::path(post, path = "/buying/{caseId}/sources-of-funds/{sourceId}/open-banking", tag = "application",
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("sourceId" = i64, Path, description = "The source of funds"),
    ),
    responses(
        (status = 200, description = "The provider's page where the buyer picks their bank and consents", body = BankConnection),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a buyer or broker on the case, or `feature_off` (no `SOF`)", body = ErrorBody),
        (status = 404, description = "Unknown case or source, or not yours", body = ErrorBody),
        (status = 409, description = "`open_banking_off`: no provider is configured, or the source's evidence is not a savings account's statements, or none is asked for now: upload it; `conflict`: the firm has accepted this source", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn connect_bank(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((case_id, source_id)): ApiPath<(String, i64)>,
) -> ApiResult<axum::Json<BankConnection>> {
    let case_id = access::parse_case_id(&case_id)?;
    if !session.user.has_feature(FEATURE) {
        return Err(ApiError::feature_off(
            "The source-of-funds page is not enabled for your account.",
        ));
    }
    let caller = access::caller(&session)?;
    let case = state.cases.open(&caller, CaseType::Buying, case_id).await?;
    // Who may give a source's evidence is who may describe it (the workflow's rule book).
    state
        .cases
        .check_source_of_funds_evidence(&case, source_id)?;
    let AnySnapshot::Buying(snap) = &case.snapshot else {
        return Err(ApiError::not_found());
    };
    let source = snap
        .source_of_funds
        .iter()
        .find(|f| f.id == source_id)
        .ok_or_else(ApiError::not_found)?;
    let provider = state
        .open_banking
        .as_ref()
        .filter(|_| evidence_type(source.source_type) == SAVINGS_STATEMENT)
        .filter(|_| evidence_slot(snap, source.source_type).is_some())
        .ok_or_else(|| {
            ApiError::new(
                StatusCode::CONFLICT,
                "open_banking_off",
                "Connecting a bank is not available for this source: upload its statements.",
            )
        })?;
    let secret = tokens::new_token();
    state
        .db
        .start_open_banking_consent(
            &tokens::hash(&secret),
            OpenBankingConsent { case_id, source_id },
            session.user.id,
            Utc::now(),
        )
        .await?;
    Ok(axum::Json(BankConnection {
        auth_url: provider.auth_link(&redirect_uri(&state), &secret),
    }))
}

/// Where TrueLayer sends the buyer back.
fn redirect_uri(state: &AppState) -> String {
    format!(
        "{}/api/open-banking/callback",
        state.config.public_url.trim_end_matches('/')
    )
}

/// What TrueLayer sends the buyer back with.
#[derive(Debug, Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct CallbackQuery {
    /// The one-time code to exchange for an access token.
    pub code: Option<String>,
    /// Ours, from the auth link.
    pub state: Option<String>,
    /// Set instead of `code` when the buyer or their bank declined.
    pub error: Option<String>,
}

#[utoipa::path(get, path = "/open-banking/callback", tag = "application",
    params(CallbackQuery),
    responses(
        (status = 303, description = "To the source-of-funds page with `?openBanking=connected` (the statement is the source's evidence) or `?openBanking=failed` (nothing kept: upload instead)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn callback(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiQuery(query): ApiQuery<CallbackQuery>,
) -> ApiResult<Redirect> {
    let now = Utc::now();
    let consent = match query.state.as_deref() {
        Some(secret) => {
            state
                .db
                .take_open_banking_consent(
                    &tokens::hash(secret),
                    session.user.id,
                    now - Duration::minutes(CONSENT_MINUTES),
                    now,
                )
                .await?
        }
        None => None,
    };
    let Some(consent) = consent else {
        return Ok(Redirect::to("/buying?openBanking=failed"));
    };
    let page = format!("/buying/{}/source-of-funds", consent.case_id);
    let outcome = match (query.code.as_deref(), query.error.as_deref()) {
        (Some(code), None) => statement::collect(&state, &session, consent, code).await,
        _ => Err(statement::Failed::Declined),
    };
    match outcome {
        Ok(()) => Ok(Redirect::to(&format!("{page}?openBanking=connected"))),
        Err(failed) => {
            tracing::warn!(case_id = consent.case_id, reason = %failed, "open banking failed");
            Ok(Redirect::to(&format!("{page}?openBanking=failed")))
        }
    }
}
