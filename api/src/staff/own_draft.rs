//! The firm's own document in place of the one Threshold drafts (issue 29): a conveyancer who
//! writes the report on title (or any document the firm issues) in their own system uploads
//! the PDF through POST /document. It is kept as a draft, exactly like a drafted one: only
//! staff see it until it is issued through the same step, which publishes it to the customers.

use axum::extract::multipart::Field;
use axum::http::StatusCode;
use threshold_cases::OpenCase;
use threshold_documents::PDF_ONLY;
use threshold_store::documents::DocumentRecord;
use threshold_store::users::User;

use crate::app::AppState;
use crate::documents::audit;
use crate::documents::keep::{Filing, Upload, keep};
use crate::error::{ApiError, ApiResult};

/// Which of the documents the firm drafts for this case `document_type` is (the rule book's
/// issued types): a type the case's workflow does not draft is a 422 on `documentType`.
pub(super) fn drafted_type<'a>(
    state: &'a AppState,
    case: &OpenCase,
    document_type: &str,
) -> ApiResult<&'a str> {
    let rules = state.workflows.rule_book(case.case_type);
    rules
        .issued_types()
        .find(|t| *t == document_type)
        .ok_or_else(|| {
            let drafted: Vec<&str> = rules.issued_types().collect();
            ApiError::bad_field(
                "documentType",
                format!("must be one of {} for this case", drafted.join(", ")),
            )
        })
}

/// Drafted at its stage only, as the page offers it (issue 26, item 13): a 409 `not_now` unless
/// the rule book's issuing step is one the workflow offers from the case's status (a
/// completion statement is not drafted before the case is preparing it).
pub(super) fn refuse_before_its_stage(
    state: &AppState,
    case: &OpenCase,
    document_type: &str,
) -> ApiResult<()> {
    let view = state.cases.view(case);
    let rules = state.workflows.rule_book(case.case_type);
    if !threshold_cases::issued_now(rules, document_type, &view.transitions) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "not_now",
            "This document is drafted when the case reaches the stage that issues it.",
        ));
    }
    Ok(())
}

/// Keeps the uploaded `file` (the form's next part) as a draft of `document_type`, a type the
/// rule book says the firm issues: a PDF only, counted against the uploader's rate and the
/// case's storage like any upload. The audit line is `document.drafted_from_upload`.
pub(crate) async fn store(
    state: &AppState,
    staff: &User,
    case: &OpenCase,
    document_type: &str,
    file: Field<'_>,
) -> ApiResult<DocumentRecord> {
    refuse_before_its_stage(state, case, document_type)?;
    let case_id = case.loaded.row.id;
    let room = crate::documents::limits::room_for_upload(state, staff.id, case_id).await?;
    let upload = Upload {
        case_id,
        case_type: case.case_type,
        document_type,
        by: staff.id,
        filing: Filing::OwnDraft,
    };
    let id = keep(state, &room, file, PDF_ONLY, upload).await?;
    audit(state, staff.id, "document.drafted_from_upload", case_id, id).await?;
    state.db.document(id).await?.ok_or_else(ApiError::not_found)
}
