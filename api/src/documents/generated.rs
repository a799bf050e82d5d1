//! Documents Threshold makes itself (the quote PDF, the firm's reports and statements):
//! rendered from a template by the PDF service and kept with their case like an upload.

use chrono::Utc;
use threshold_documents::DocumentStore;
use threshold_engine::CaseType;
/// Pence as `£1,234.56`, as every generated document shows money.
pub use threshold_engine::money::pounds;
use threshold_store::UserId;
use threshold_store::documents::{DocumentRecord, GENERATED, NewDocument};

use super::audit;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult};

/// A document Threshold makes from a template, to keep with its case.
pub(crate) struct Generated<'a> {
    pub template: &'static str,
    pub data: serde_json::Value,
    pub case_id: i64,
    pub case_type: CaseType,
    pub document_type: &'a str,
    pub file_name: &'a str,
    /// Only staff see it until it is issued.
    pub is_draft: bool,
    pub by: UserId,
}

/// Renders a template with its data to a PDF, off the async threads (it is CPU-bound).
pub(crate) async fn render(template: &'static str, data: serde_json::Value) -> ApiResult<Vec<u8>> {
    tokio::task::spawn_blocking(move || threshold_pdf::render(template, &data))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)
}

/// Renders the PDF (off the async threads), stores the file, then its record and the audit
/// line `document.generated`; a file whose record could not be written is removed again.
pub(crate) async fn generate(state: &AppState, g: Generated<'_>) -> ApiResult<DocumentRecord> {
    let Generated { template, data, .. } = g;
    let pdf = render(template, data).await?;
    let key = DocumentStore::new_key();
    let size = pdf.len() as i64;
    state
        .documents
        .put(&key, pdf)
        .await
        .map_err(ApiError::internal)?;
    let new = NewDocument {
        case_id: g.case_id,
        case_type: g.case_type.as_str(),
        document_type: g.document_type,
        kind: GENERATED,
        storage_key: &key,
        file_name: g.file_name,
        content_type: "application/pdf",
        size_bytes: size,
        is_draft: g.is_draft,
        created_by: Some(g.by),
        uploaded_by_side: None,
    };
    let id = match state.db.insert_document(&new, Utc::now()).await {
        Ok(id) => id,
        Err(err) => {
            let _ = state.documents.delete(&key).await;
            return Err(err.into());
        }
    };
    audit(state, g.by, "document.generated", g.case_id, id).await?;
    state.db.document(id).await?.ok_or_else(ApiError::not_found)
}
