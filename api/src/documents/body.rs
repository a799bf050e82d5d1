//! What the document calls answer.

use chrono::{DateTime, Utc};
use serde::Serialize;
use threshold_engine::CaseType;
use threshold_store::documents::DocumentRecord;
use utoipa::ToSchema;

/// One document of a case.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentBody {
    pub document_id: i64,
    pub case_id: i64,
    pub case_type: CaseType,
    /// E.g. QUOTE, BANK_STATEMENT, TA6.
    pub document_type: String,
    /// UPLOADED or GENERATED.
    pub kind: String,
    pub file_name: String,
    /// From the file's bytes: application/pdf, image/jpeg, image/png or image/heic.
    pub content_type: String,
    pub size_bytes: i64,
    pub is_draft: bool,
    pub created_at: DateTime<Utc>,
    /// Where to download it (GET).
    pub url: String,
}

impl DocumentBody {
    pub fn from_record(d: &DocumentRecord) -> Self {
        Self {
            document_id: d.id,
            case_id: d.case_id,
            case_type: CaseType::parse(&d.case_type).unwrap_or(CaseType::Remortgaging),
            document_type: d.document_type.clone(),
            kind: d.kind.clone(),
            file_name: d.file_name.clone().unwrap_or_else(|| "document".into()),
            content_type: d
                .content_type
                .clone()
                .unwrap_or_else(|| "application/octet-stream".into()),
            size_bytes: d.size_bytes.unwrap_or_default(),
            is_draft: d.is_draft,
            created_at: d.created_at,
            url: format!("/api/document/{}", d.id),
        }
    }
}

/// GET /documents: the customer's cases, each with its documents.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyDocuments {
    pub cases: Vec<DocumentsOfCase>,
}

#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DocumentsOfCase {
    pub case_id: i64,
    pub case_type: CaseType,
    pub property_address_line1: Option<String>,
    /// Uploaded by the case's parties and brokers, oldest first.
    pub documents: Vec<DocumentBody>,
    /// Made by Threshold (the quote PDF, letters, reports, statements); never drafts.
    pub generated_documents: Vec<DocumentBody>,
}
