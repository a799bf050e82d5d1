//! Documents (issue 11): upload, download and delete a case's files, the customer's
//! /documents list, and the quote PDF. The bytes go through the document store
//! (`threshold_documents`), the rows through the store; who may do what is decided here from
//! the case service's view of the caller, like every case call.

mod body;
mod files;
pub(crate) mod firm;
mod form;
pub(crate) mod generated;
pub(crate) mod keep;
pub(crate) mod limits;
mod list;
mod quote_pdf;
pub(crate) mod upload;

pub use body::{DocumentBody, DocumentsOfCase, MyDocuments};
pub use upload::MAX_FILE_BYTES;

use axum::extract::DefaultBodyLimit;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;

pub fn router() -> OpenApiRouter<AppState> {
    // The upload's own body limit: the file's limit is enforced exactly while streaming; this
    // only leaves room for the small form fields and the multipart framing around it.
    let upload = OpenApiRouter::new()
        .routes(routes!(upload::upload))
        .layer(DefaultBodyLimit::max(upload::MAX_FORM_BYTES as usize));
    OpenApiRouter::new()
        .routes(routes!(files::download, files::delete))
        .routes(routes!(list::my_documents))
        .routes(routes!(quote_pdf::create_quote_pdf))
        .merge(upload)
}

/// The audit trail of documents, in their case's trail (so the back office reads and exports
/// every upload, download and deletion with the case): ids only, never a file name or
/// anything in the file.
pub(crate) async fn audit(
    state: &AppState,
    actor: threshold_store::UserId,
    action: &str,
    case_id: i64,
    document_id: i64,
) -> crate::error::ApiResult<()> {
    record(
        state,
        actor,
        action,
        case_id,
        serde_json::json!({ "documentId": document_id }),
    )
    .await
}

async fn record(
    state: &AppState,
    actor: threshold_store::UserId,
    action: &str,
    case_id: i64,
    detail: serde_json::Value,
) -> crate::error::ApiResult<()> {
    state
        .db
        .record_audit(
            &threshold_store::audit::AuditEvent {
                actor: Some(actor),
                action,
                subject_type: "case",
                subject_id: case_id.to_string(),
                detail,
            },
            chrono::Utc::now(),
        )
        .await?;
    Ok(())
}

/// Deletes a document someone may delete, with `reason` where the firm gives one: the row
/// first, so a row never points at a missing object (an object a failed delete leaves behind
/// is an orphan nobody can reach, and is logged), then the file, then the audit line.
pub(crate) async fn remove(
    state: &AppState,
    actor: threshold_store::UserId,
    doc: &threshold_store::documents::DocumentRecord,
    reason: Option<&str>,
) -> crate::error::ApiResult<()> {
    if !state.db.delete_document(doc.id).await? {
        return Err(crate::error::ApiError::not_found());
    }
    if let Err(err) = state.documents.delete(&doc.storage_key).await {
        tracing::warn!(document_id = doc.id, error = %err, "deleted document's object remains");
    }
    let mut detail = serde_json::json!({ "documentId": doc.id, "documentType": doc.document_type });
    if let Some(reason) = reason {
        detail["reason"] = reason.into();
    }
    record(state, actor, "document.deleted", doc.case_id, detail).await
}

/// Whether the case's status is closed (cancelled, completed, …): its files are then kept
/// as they are.
pub(crate) fn is_closed(state: &AppState, case: &threshold_cases::OpenCase) -> bool {
    state
        .workflows
        .closed_statuses(case.case_type)
        .contains(&case.snapshot.status().as_str())
}
