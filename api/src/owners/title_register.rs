//! The names on the title register, as the Owners section shows them (issue 33): each name the
//! firm read off HM Land Registry's official copies, and whether it is one of the owners
//! listed. A name that is no owner is explained with its evidence and so taken off the list
//! (`DELETE /remortgaging/{caseId}/title-register-names/{id}`, spec §7); the firm keeps it on
//! file with the explanation. Submission waits for every name to be accounted for.

use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use threshold_engine::CaseType;
use threshold_engine::snapshot::RemortgagingSnapshot;
use threshold_engine::title_register::NameExplanation;
use threshold_store::cases::TitleRegisterChange;
use utoipa::{IntoParams, ToSchema};

use super::{case_id, open, section_error};
use crate::app::AppState;
use crate::choice::Choice;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiPath, ApiQuery, CurrentSession};

/// One name on the title register still on the owners' list.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TitleRegisterNameBody {
    pub id: i64,
    /// As the register gives it.
    pub full_name: String,
    /// One of the owners listed has this legal name (current or previous): nothing to do.
    pub is_owner: bool,
}

/// The names on the register not yet explained, for the Owners section.
pub(crate) fn listed(snap: &RemortgagingSnapshot) -> Vec<TitleRegisterNameBody> {
    snap.title_register_names
        .iter()
        .filter(|n| !n.is_explained())
        .map(|n| TitleRegisterNameBody {
            id: n.id,
            full_name: n.full_name.clone(),
            is_owner: n.owner(&snap.property_owners).is_some(),
        })
        .collect()
}

/// An explanation as the query gives it (see `Choice`).
pub type NameExplanationChoice = Choice<NameExplanation>;

/// Why the name is no owner, and the uploaded document that proves it.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct ExplainTitleRegisterName {
    /// DECEASED (with a DEATH_CERTIFICATE), MARRIAGE (a MARRIAGE_CERTIFICATE: marriage or
    /// civil partnership) or DEED_POLL (a DEED_POLL).
    // Required, but read as optional so that its absence is a 422 naming it.
    #[param(required = true)]
    pub explanation: Option<NameExplanationChoice>,
    /// The evidence, uploaded to this case first (POST /document) with the type the
    /// explanation asks.
    #[param(minimum = 1)]
    pub evidence_document_id: Option<i64>,
}

#[utoipa::path(delete, path = "/remortgaging/{caseId}/title-register-names/{id}", tag = "owners",
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("id" = i64, Path, description = "A name on the case's title register"),
        ExplainTitleRegisterName,
    ),
    responses(
        (status = 204, description = "Explained: the name is off the owners' list (the firm keeps it on file with its explanation and evidence)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case or name, or not yours", body = ErrorBody),
        (status = 409, description = "`section_closed`: the Owners section is locked or disabled, or a broker outside a broker stage; `conflict`: the name is explained already", body = ErrorBody),
        (status = 422, description = "`explanation` missing or not one of DECEASED, MARRIAGE, DEED_POLL; `evidenceDocumentId` missing, not a document of this case, or not of the type the explanation asks", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn explain_title_register_name(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((raw_case, id)): ApiPath<(String, i64)>,
    ApiQuery(query): ApiQuery<ExplainTitleRegisterName>,
) -> ApiResult<StatusCode> {
    let case_id = case_id(&raw_case)?;
    let explanation = query
        .explanation
        .ok_or_else(|| ApiError::bad_field("explanation", "is required"))?
        .value()
        .ok_or_else(|| {
            ApiError::bad_field("explanation", "must be DECEASED, MARRIAGE or DEED_POLL")
        })?;
    let evidence_document_id = query
        .evidence_document_id
        .ok_or_else(|| ApiError::bad_field("evidenceDocumentId", "is required"))?;
    let (caller, case) = open(&state, &session, CaseType::Remortgaging, case_id).await?;
    let change = TitleRegisterChange::Explain {
        id,
        explanation,
        evidence_document_id,
    };
    state
        .cases
        .change_title_register(&caller, &case, change)
        .await
        .map_err(section_error)?;
    Ok(StatusCode::NO_CONTENT)
}
