//! A case's documents: the required slots, the firm's generated documents and the uploads.

use serde::{Deserialize, Serialize};

use super::Party;

/// A required document slot; `document_id` is set once uploaded.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RequiredDocument {
    /// The slot's id (an upload names it to fill it).
    pub id: i64,
    pub document_type: String,
    pub document_id: Option<i64>,
}

impl RequiredDocument {
    pub fn is_uploaded(&self) -> bool {
        self.document_id.is_some()
    }
}

/// All slots uploaded (true for an empty list).
pub fn all_uploaded(docs: &[RequiredDocument]) -> bool {
    docs.iter().all(RequiredDocument::is_uploaded)
}

/// The documents one alteration needs.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct AlterationDocuments {
    pub alteration_id: i64,
    pub required_documents: Vec<RequiredDocument>,
}

/// One slot a case's required documents should have, as the workflow's rules decide it from
/// the case (`threshold_workflows::required_documents`); the store keeps the rows in line.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RequiredSlot {
    /// documents, buyToLetDocuments, alterationDocuments, …
    pub group: &'static str,
    /// The alteration the slot is for ([`NEW_ROW_ID`]: the one being added by this write).
    pub alteration_id: Option<i64>,
    pub document_type: &'static str,
}

/// The id a row has in a snapshot before it is saved (an alteration being added): the store
/// puts the id it gets in its place.
pub const NEW_ROW_ID: i64 = 0;

/// Remortgaging `requiredDocuments` (ENT-09).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct RemortgagingRequiredDocuments {
    pub documents: Vec<RequiredDocument>,
    pub alteration_documents: Vec<AlterationDocuments>,
    pub buy_to_let_documents: Vec<RequiredDocument>,
}

/// Buying `requiredDocuments` (ENT-10).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct BuyingRequiredDocuments {
    pub documents: Vec<RequiredDocument>,
    pub source_of_funds_documents: Vec<RequiredDocument>,
    pub isa_documents: Vec<RequiredDocument>,
    pub buy_to_let_documents: Vec<RequiredDocument>,
    pub statements: Vec<RequiredDocument>,
}

impl BuyingRequiredDocuments {
    /// The five groups, in the spec's order.
    pub fn groups(&self) -> [&[RequiredDocument]; 5] {
        [
            &self.documents,
            &self.source_of_funds_documents,
            &self.isa_documents,
            &self.buy_to_let_documents,
            &self.statements,
        ]
    }
}

/// A document the firm generated (report, letter, statement); only non-drafts are offered for
/// acceptance (DOCS-09).
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct GeneratedDocument {
    pub document_id: i64,
    pub document_type: String,
    pub is_draft: bool,
}

/// An uploaded document.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct UploadedDocument {
    pub document_id: i64,
    pub document_type: String,
}

/// A case's `documents` record (ENT-09).
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct CaseDocuments {
    pub documents: Vec<UploadedDocument>,
    pub generated_documents: Vec<GeneratedDocument>,
}

impl CaseDocuments {
    /// The latest non-draft generated document of this type.
    pub fn published(&self, document_type: &str) -> Option<&GeneratedDocument> {
        self.generated_documents
            .iter()
            .rev()
            .find(|d| !d.is_draft && d.document_type == document_type)
    }

    /// An uploaded document of this type exists.
    pub fn has_uploaded(&self, document_type: &str) -> bool {
        self.documents
            .iter()
            .any(|d| d.document_type == document_type)
    }
}

/// Every party has accepted the latest non-draft document of this type (false when there is
/// none, or no parties).
pub fn all_accepted(parties: &[Party], docs: &CaseDocuments, document_type: &str) -> bool {
    match docs.published(document_type) {
        Some(doc) => !parties.is_empty() && parties.iter().all(|p| p.has_accepted(doc.document_id)),
        None => false,
    }
}
