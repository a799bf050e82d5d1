//! GET /documents: the customer's cases with their documents (the /documents page, DOCS-01).

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use threshold_engine::CaseType;
use threshold_engine::snapshot::doc_types;
use threshold_store::documents::GENERATED;

use super::body::{DocumentBody, DocumentsOfCase, MyDocuments};
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::CurrentSession;

#[utoipa::path(get, path = "/documents", tag = "documents",
    responses(
        (status = 200, description = "Each of the customer's cases, newest first, with its documents (never drafts)", body = MyDocuments),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer (brokers see documents on the case page)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn my_documents(
    State(state): State<AppState>,
    session: CurrentSession,
) -> ApiResult<Json<MyDocuments>> {
    if session.user.role != threshold_engine::Role::User {
        return Err(ApiError::forbidden("The documents page is for customers."));
    }
    let cases = state.db.party_cases(session.user.id).await?;
    let ids: Vec<i64> = cases.iter().map(|(id, _, _)| *id).collect();
    let mut by_case: BTreeMap<i64, (Vec<DocumentBody>, Vec<DocumentBody>)> = BTreeMap::new();
    for doc in state.db.documents_of_cases(&ids).await? {
        // Drafts are the firm's; another person's identity evidence is theirs.
        if doc.is_draft
            || (doc_types::IDENTITY.contains(&doc.document_type.as_str())
                && doc.uploaded_by_user_id != Some(session.user.id))
        {
            continue;
        }
        let entry = by_case.entry(doc.case_id).or_default();
        let list = if doc.kind == GENERATED {
            &mut entry.1
        } else {
            &mut entry.0
        };
        list.push(DocumentBody::from_record(&doc));
    }
    let cases = cases
        .into_iter()
        .filter_map(|(id, case_type, address)| {
            let case_type = CaseType::parse(&case_type)?;
            let (documents, generated_documents) = by_case.remove(&id).unwrap_or_default();
            Some(DocumentsOfCase {
                case_id: id,
                case_type,
                property_address_line1: address,
                documents,
                generated_documents,
            })
        })
        .collect();
    Ok(Json(MyDocuments { cases }))
}
