//! POST /document: a party or broker of an open case, the firm's staff, or a purchase's gift
//! donor (the evidence of their gift), uploads a file (multipart).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use threshold_cases::CaseError;
use threshold_documents::EVIDENCE_KINDS;
use threshold_engine::tasks::TaskState;
use threshold_engine::{CaseType, UploadAs, UploadRefusal, Uploader};

use super::body::DocumentBody;
use super::form::{REQUIRED_DOCUMENT_ID, form_error, next_field, read_text, text_field};
use super::keep::{Filing, Upload, keep};
use super::{audit, is_closed};
use crate::app::AppState;
use crate::cases::access;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiMultipart, CurrentSession};
use crate::owners::donors::donor_of;

/// The largest file accepted: 32 MiB (33,554,432 bytes) exactly; one byte more is refused.
pub const MAX_FILE_BYTES: u64 = 32 * 1024 * 1024;
/// The whole form: the file and room for the small fields and the multipart framing.
pub const MAX_FORM_BYTES: u64 = MAX_FILE_BYTES + 64 * 1024;

/// The form of POST /document (multipart/form-data), fields in this order: the file last,
/// so the case is checked before a byte of the file is stored.
#[derive(serde::Deserialize, utoipa::ToSchema)]
#[allow(dead_code)] // Describes the form for the document; the handler reads it part by part.
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct UploadForm {
    case_type: threshold_engine::CaseType,
    #[schema(minimum = 1)]
    case_id: i64,
    /// E.g. BANK_STATEMENT, TA6: one of the case type's declared document types, and one the
    /// caller may upload (a customer or broker never a type only the firm uploads).
    #[schema(pattern = r"^[A-Z0-9_]{1,64}$")]
    document_type: String,
    /// The required-document slot the upload fills (`requiredDocuments` items' `id`), sent
    /// before the file. Without it the first empty slot of `documentType` is filled, if any.
    #[schema(minimum = 1)]
    required_document_id: Option<i64>,
    /// PDF, JPEG, PNG or HEIC, at most 32 MiB; the type is read from the bytes.
    #[schema(value_type = String, format = Binary)]
    file: Vec<u8>,
}

#[utoipa::path(post, path = "/document", tag = "documents",
    request_body(content = UploadForm, content_type = "multipart/form-data"),
    responses(
        (status = 201, description = "Stored. The firm's own version of a document it issues (a `documentType` the workflow drafts, e.g. REPORT_ON_TITLE) is kept as a draft, a PDF only, and issued like a drafted one", body = DocumentBody),
        (status = 400, description = "The form could not be read", body = ErrorBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a party, broker or staff member of the case (or a purchase's gift donor); a `documentType` the caller may not upload (named in `fields`: the workflow's `document_types` say who uploads each, the firm's own only the firm); `second_factor_required` for a staff session that has not proven it", body = ErrorBody),
        (status = 404, description = "Unknown case or required-document slot, or not yours", body = ErrorBody),
        (status = 409, description = "The case is closed (the firm may still add the evidence of an open task of the case's legal file); `gift_not_accepted`: a donor who has not confirmed the gift; `not_now`: the firm's own version of a document it issues, before the case reaches the stage that issues it", body = ErrorBody),
        (status = 413, description = "`payload_too_large`: the file is larger than 32 MiB (or says so in its length); `case_storage_full`: the case's files would pass its storage quota (`CASE_STORAGE_QUOTA_MB`)", body = ErrorBody),
        (status = 429, description = "`upload_rate_limited`: more uploads this minute than `RATE_LIMIT_UPLOADS_PER_MINUTE`", body = ErrorBody),
        (status = 415, description = "Not a PDF, JPEG, PNG or HEIC file (not a PDF, for the firm's own version of a document it issues)", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named), or a `documentType` the case's workflow does not declare", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn upload(
    State(state): State<AppState>,
    session: CurrentSession,
    headers: axum::http::HeaderMap,
    ApiMultipart(mut form): ApiMultipart,
) -> ApiResult<(StatusCode, Json<DocumentBody>)> {
    // A form that says up front it is larger than the limit is refused before it is read.
    let declared = headers
        .get(axum::http::header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok()?.parse::<u64>().ok());
    if declared.is_some_and(|length| length > MAX_FORM_BYTES) {
        return Err(super::limits::file_too_large());
    }
    // The firm adds what comes from outside the case (the seller's contract pack, the
    // searches) once its session has proven the second factor, as for reading documents.
    let firm = session.user.role.is_staff();
    if firm && session.second_factor_at.is_none() {
        return Err(crate::staff::second_factor_required());
    }
    let caller = if firm {
        crate::staff::caller_for(&session.user)
    } else {
        access::caller(&session)?
    };
    let case_type = access::parse_case_type("caseType", &text_field(&mut form, "caseType").await?)?;
    let case_id = text_field(&mut form, "caseId")
        .await?
        .parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(|| ApiError::bad_field("caseId", "must be a case id"))?;
    let document_type = text_field(&mut form, "documentType").await?;
    if document_type.is_empty()
        || document_type.len() > 64
        || !document_type
            .bytes()
            .all(|b| b.is_ascii_uppercase() || b.is_ascii_digit() || b == b'_')
    {
        return Err(ApiError::bad_field(
            "documentType",
            "must be a document type such as BANK_STATEMENT",
        ));
    }
    // A purchase's gift donor is no party to it, but uploads the evidence of their gift.
    let (case, gift_accepted) = match state.cases.open(&caller, case_type, case_id).await {
        Ok(case) => (case, None),
        Err(CaseError::NotFound) if !firm => {
            let donor = donor_of(&state, session.user.id, case_type, case_id)
                .await?
                .ok_or_else(ApiError::not_found)?;
            (donor.case, Some(donor.gift.accepted == Some(true)))
        }
        Err(err) => return Err(err.into()),
    };
    let donor = gift_accepted.is_some();
    let rel = case.loaded.relationship;
    let uploader = if firm {
        Uploader::Firm
    } else if rel.is_party {
        Uploader::Customer
    } else if rel.is_case_admin {
        Uploader::Broker
    } else if donor {
        Uploader::Donor
    } else {
        return Err(ApiError::forbidden(
            "Only the case's customers and brokers may upload its documents.",
        ));
    };
    // Who may upload each type, and what the file becomes, is the workflow file's to say: a
    // customer's or broker's file never passes for one the firm's steps read (a TA6, a search,
    // a mortgage offer), and the firm's own version of a document it issues (its report on
    // title in place of the drafted one) is a draft, issued the same way.
    if may_upload(&state, case_type, &document_type, uploader)? == UploadAs::OwnDraft {
        let file = next_field(&mut form, "file").await?;
        let doc =
            crate::staff::own_draft::store(&state, &session.user, &case, &document_type, file)
                .await?;
        return Ok((StatusCode::CREATED, Json(DocumentBody::from_record(&doc))));
    }
    if gift_accepted == Some(false) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "gift_not_accepted",
            "Confirm the gift before adding its evidence.",
        ));
    }
    // After completion the firm still files the evidence of the legal file's open tasks (an
    // SDLT5, the new title register): nothing else.
    let task_evidence = firm
        && state.cases.tasks(&case).iter().any(|t| {
            t.state == TaskState::Open && t.evidence.as_deref() == Some(document_type.as_str())
        });
    if is_closed(&state, &case) && !task_evidence {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "case_closed",
            "This case is closed: no more documents can be added.",
        ));
    }
    let room = super::limits::room_for_upload(&state, session.user.id, case_id).await?;
    let field = form
        .next_field()
        .await
        .map_err(form_error)?
        .ok_or_else(|| ApiError::bad_field("file", "is required"))?;
    let (slot, file) = if field.name() == Some(REQUIRED_DOCUMENT_ID) {
        let raw = read_text(field, REQUIRED_DOCUMENT_ID).await?;
        let slot = raw
            .parse::<i64>()
            .ok()
            .filter(|id| *id > 0)
            .ok_or_else(|| {
                ApiError::bad_field(REQUIRED_DOCUMENT_ID, "must be a required document's id")
            })?;
        match case.loaded.required_slot_type(slot) {
            None => return Err(ApiError::not_found()),
            Some(t) if t != document_type => {
                return Err(ApiError::bad_field(
                    "documentType",
                    format!("must be {t}, the required document's type"),
                ));
            }
            Some(_) => {}
        }
        (Some(slot), next_field(&mut form, "file").await?)
    } else if field.name() == Some("file") {
        (None, field)
    } else {
        return Err(ApiError::bad_field(
            "file",
            "is required here (send caseType, caseId, documentType, requiredDocumentId if any, then file)",
        ));
    };
    // The firm's uploads have no side: only the firm may remove them. A donor is on the
    // customers' side, with the buyers.
    let side = if rel.is_party || donor {
        Some("PARTY")
    } else if rel.is_case_admin {
        Some("BROKER")
    } else {
        None
    };
    let upload = Upload {
        case_id,
        case_type,
        document_type: &document_type,
        by: session.user.id,
        filing: Filing::Evidence { slot, side },
    };
    let id = keep(&state, &room, file, EVIDENCE_KINDS, upload).await?;
    audit(&state, session.user.id, "document.uploaded", case_id, id).await?;
    let doc = state
        .db
        .document(id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    Ok((StatusCode::CREATED, Json(DocumentBody::from_record(&doc))))
}

/// The workflow's answer on whether `who` may upload this type to a case of this type: an
/// unknown type is a 422, a type that is not theirs a 403, both naming `documentType`.
fn may_upload(
    state: &AppState,
    case_type: CaseType,
    document_type: &str,
    who: Uploader,
) -> ApiResult<UploadAs> {
    let problem = match state
        .workflows
        .rule_book(case_type)
        .may_upload(document_type, who)
    {
        Ok(upload_as) => return Ok(upload_as),
        Err(UploadRefusal::Unknown) => {
            let case = state.workflows.words(case_type).with_article();
            return Err(ApiError::bad_field(
                "documentType",
                format!("is not a document type of {case}"),
            ));
        }
        Err(UploadRefusal::NotAllowed { allowed }) if allowed.is_empty() => {
            "is a document Threshold makes and issues itself: it is never uploaded".to_owned()
        }
        Err(UploadRefusal::NotAllowed { allowed }) => {
            let who: Vec<&str> = allowed
                .iter()
                .map(|u| match u {
                    Uploader::Customer => "the case's customers",
                    Uploader::Broker => "their broker",
                    Uploader::Donor => "a gift's donor",
                    Uploader::Firm => "Threshold's conveyancers",
                })
                .collect();
            format!("is uploaded only by {}", who.join(" or "))
        }
    };
    Err(ApiError {
        fields: [("documentType".to_owned(), problem)].into(),
        ..ApiError::forbidden("You may not upload this kind of document to this case.")
    })
}
