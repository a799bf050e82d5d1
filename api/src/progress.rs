//! The customers' steps after submitting (spec §2 tiles): verifying their identity
//! (`POST /identity`, once their photo ID and selfie are uploaded) and accepting a document
//! the firm has issued (`POST /document/{documentId}/accept`). Both go through the case
//! service, which moves the case on once every owner has done the same.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use threshold_cases::Progress;
use threshold_engine::CaseType;
use threshold_engine::snapshot::doc_types;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::auth::EmptyBody;
use crate::cases::access;
use crate::cases::types::{CaseMoved, CaseRef};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(submit_identity))
        .routes(routes!(accept_document))
}

#[utoipa::path(post, path = "/identity", tag = "progress", request_body = CaseRef,
    responses(
        (status = 200, description = "The caller's identity is submitted for the firm to check", body = CaseMoved),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an owner or buyer of the case", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "`documents_missing` (upload a PHOTO_ID and a SELFIE first), `electronic_check` (identities are checked by the identity provider here: POST /identity/check), `section_closed` (not at this stage) or `conflict` (already verified)", body = ErrorBody),
        (status = 422, description = "Unknown caseType", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn submit_identity(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<CaseRef>,
) -> ApiResult<Json<CaseMoved>> {
    let caller = access::caller(&session)?;
    let case_type = body.case_type;
    let case = state.cases.open(&caller, case_type, body.case_id).await?;
    if state.identity.electronic().is_some() {
        // One way to prove it: where the provider checks identities, uploads are not reviewed.
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "electronic_check",
            "Verify your identity with our identity check: use Start your identity check.",
        ));
    }
    let uploaded = state.db.documents_of_cases(&[body.case_id]).await?;
    let has = |kind: &str| {
        uploaded
            .iter()
            .any(|d| d.document_type == kind && d.uploaded_by_user_id == Some(session.user.id))
    };
    if case.loaded.relationship.is_party && !(has(doc_types::PHOTO_ID) && has(doc_types::SELFIE)) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "documents_missing",
            "Upload a photo of your passport or driving licence and a selfie first.",
        ));
    }
    let status = state
        .cases
        .progress(&caller, &case, Progress::SubmitIdentity)
        .await?;
    Ok(Json(CaseMoved {
        case_id: body.case_id,
        case_type,
        status,
    }))
}

#[utoipa::path(post, path = "/document/{documentId}/accept", tag = "progress",
    request_body = EmptyBody,
    params(("documentId" = String, Path, description = "An issued document of the caller's case")),
    responses(
        (status = 200, description = "Accepted (accepting again changes nothing); the case moves on once every owner has", body = CaseMoved),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an owner or buyer of the case, or not a document to accept", body = ErrorBody),
        (status = 404, description = "Unknown document, a draft, or not yours", body = ErrorBody),
        (status = 409, description = "`section_closed`: the document's step is not open", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn accept_document(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(raw_id): ApiPath<String>,
    ApiJson(_): ApiJson<EmptyBody>,
) -> ApiResult<Json<CaseMoved>> {
    let caller = access::caller(&session)?;
    let document_id = access::parse_case_id(&raw_id)?;
    let doc = state
        .db
        .document(document_id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let case_type = CaseType::parse(&doc.case_type).ok_or_else(ApiError::not_found)?;
    let case = state.cases.open(&caller, case_type, doc.case_id).await?;
    let status = state
        .cases
        .progress(&caller, &case, Progress::AcceptDocument { document_id })
        .await?;
    Ok(Json(CaseMoved {
        case_id: doc.case_id,
        case_type,
        status,
    }))
}
