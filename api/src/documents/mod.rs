//! Documents (issue 11): upload, download and delete a case's files, the customer's
//! /documents list, and the quote PDF. The bytes go through the document store
//! (`threshold_documents`), the rows through the store; who may do what is decided here from
//! the case service's view of the caller, like every case call.

mod body;
mod files;
pub(crate) mod generated;
mod list;
mod quote_pdf;
mod upload;

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
        .layer(DefaultBodyLimit::max(MAX_FILE_BYTES as usize + 64 * 1024));
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
    state
        .db
        .record_audit(
            &threshold_store::audit::AuditEvent {
                actor: Some(actor),
                action,
                subject_type: "case",
                subject_id: case_id.to_string(),
                detail: serde_json::json!({ "documentId": document_id }),
            },
            chrono::Utc::now(),
        )
        .await?;
    Ok(())
}

/// Whether the case's status is closed (cancelled, completed, …): its files are then kept
/// as they are.
fn is_closed(state: &AppState, case: &threshold_cases::OpenCase) -> bool {
    state
        .workflows
        .closed_statuses(case.case_type)
        .contains(&case.snapshot.status().as_str())
}
