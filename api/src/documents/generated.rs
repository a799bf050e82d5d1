//! Documents Threshold makes itself (the quote PDF, the firm's reports and statements):
//! rendered from a template by the PDF service and kept with their case like an upload.

use chrono::Utc;
use threshold_documents::DocumentStore;
use threshold_engine::CaseType;
/// Pence as `£1,234.56`, as every generated document shows money.
pub use threshold_engine::money::pounds;
use threshold_store::UserId;
use threshold_store::documents::{DocumentRecord, GENERATED, NewDocument, UPLOADED};

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
    pub kept_as: KeptAs,
    pub by: UserId,
}

/// What a generated document is to its case.
pub(crate) enum KeptAs {
    /// One of the firm's documents to the customers; a draft only staff see until it is issued.
    Issued { is_draft: bool },
    /// The firm's own evidence for a task of the legal file (a screening report): filed as the
    /// firm's upload, which is what the task counts.
    Evidence,
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
    let (kind, is_draft) = match g.kept_as {
        KeptAs::Issued { is_draft } => (GENERATED, is_draft),
        KeptAs::Evidence => (UPLOADED, false),
    };
    let new = NewDocument {
        case_id: g.case_id,
        case_type: g.case_type.as_str(),
        document_type: g.document_type,
        kind,
        storage_key: &key,
        file_name: g.file_name,
        content_type: "application/pdf",
        size_bytes: size,
        is_draft,
        created_by: Some(g.by),
        uploaded_by_side: None,
    };
    let now = Utc::now();
    let recorded = match g.kept_as {
        KeptAs::Issued { .. } => state.db.insert_document(&new, now).await,
        KeptAs::Evidence => state.db.insert_upload(&new, None, now).await,
    };
    let id = match recorded {
        Ok(id) => id,
        Err(err) => {
            let _ = state.documents.delete(&key).await;
            return Err(err.into());
        }
    };
    audit(state, g.by, "document.generated", g.case_id, id).await?;
    state.db.document(id).await?.ok_or_else(ApiError::not_found)
}
