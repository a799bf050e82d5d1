//! The firm deletes a case's document: a customer's wrong upload, a broker's, its own upload
//! or a draft it will not issue. Destroying evidence is a step that needs a fresh code from the
//! authenticator (step-up) and a reason, both kept in the case's audit trail. An issued
//! document stays: its owners have it and may have accepted it.

use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use serde::Deserialize;
use threshold_store::documents::GENERATED;
use utoipa::ToSchema;

use super::{Staff, factor};
use crate::app::AppState;
use crate::cases::access;
use crate::documents::{is_closed, remove};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StaffDocumentRemoval {
    /// Why the document goes (kept in the case's audit trail).
    #[schema(min_length = 1, max_length = 2000)]
    pub reason: String,
    /// A current code from the staff member's authenticator app (step-up); without it the
    /// answer is 403 `step_up_required`.
    pub code: Option<String>,
}

#[utoipa::path(delete, path = "/staff/cases/{caseType}/{caseId}/documents/{documentId}", tag = "staff",
    request_body = StaffDocumentRemoval,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("documentId" = String, Path, description = "The document id (numeric), one of this case's"),
    ),
    responses(
        (status = 204, description = "Deleted, file and record, with an audit line naming the reason"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, the second factor is not proven, or `step_up_required`: no `code` given", body = ErrorBody),
        (status = 404, description = "No such case, or no such document on it", body = ErrorBody),
        (status = 409, description = "`document_kept`: an issued document of the firm's, or the recorded mortgage offer's; `case_closed`: the case is closed", body = ErrorBody),
        (status = 422, description = "`reason` missing or too long, or a wrong, replayed or malformed `code`", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn remove_document(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id, document_id)): ApiPath<(String, String, String)>,
    ApiJson(body): ApiJson<StaffDocumentRemoval>,
) -> ApiResult<StatusCode> {
    let reason = super::reason_required(Some(&body.reason), "Say why the document is deleted")?;
    // The case and its document before any code is spent: a stranger's id is a 404.
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let document_id = access::parse_case_id(&document_id)?;
    let doc = state
        .db
        .document(document_id)
        .await?
        .filter(|d| d.case_id == case.loaded.row.id && d.case_type == case.case_type.as_str())
        .ok_or_else(ApiError::not_found)?;
    if doc.kind == GENERATED && !doc.is_draft {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "document_kept",
            "An issued document is kept: its owners have it. Draft a new one instead.",
        ));
    }
    if state.db.is_recorded_mortgage_offer(doc.id).await? {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "document_kept",
            "This document is the recorded mortgage offer: it is kept. Record the new offer first.",
        ));
    }
    if is_closed(&state, &case) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "case_closed",
            "This case is closed: its documents are kept as they are.",
        ));
    }
    let Some(code) = body.code.as_deref() else {
        return Err(super::step_up_required());
    };
    factor::check_code(&state, staff.user(), code, false, Utc::now()).await?;
    remove(&state, staff.user().id, &doc, Some(reason.as_str())).await?;
    Ok(StatusCode::NO_CONTENT)
}
