//! A remortgage's names on the title register in the back office (issue 33): the conveyancer
//! records each registered proprietor read off HM Land Registry's official copies (or takes
//! off one recorded in error, while the customers have not explained it), and sees each name
//! beside the owner it matches or the customers' explanation with its evidence. Who may is
//! the workflow file's `record_title_register_name`; the case service asks it.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use threshold_engine::snapshot::{LegalName, Party};
use threshold_engine::title_register::NameExplanation;
use threshold_engine::{AnySnapshot, CaseType};
use threshold_store::cases::TitleRegisterChange;
use utoipa::ToSchema;

use super::Staff;
use super::enquiries::text;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath};

/// The longest name recorded: a proprietor's names as the register spells them.
const MAX_NAME_CHARS: usize = 200;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StaffRecordTitleRegisterNameRequest {
    /// The proprietor's name as the register gives it, 1 to 200 characters.
    pub full_name: String,
}

/// A name on the title register, beside what accounts for it.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffTitleRegisterName {
    pub id: i64,
    pub full_name: String,
    /// The owner on the case with this legal name (their current legal name), if one has it.
    pub owner_name: Option<String>,
    /// Why the customers say it is no owner, with the document that proves it.
    pub explanation: Option<NameExplanation>,
    pub evidence_document_id: Option<i64>,
    pub explained_at: Option<DateTime<Utc>>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffTitleRegisterRecorded {
    pub id: i64,
}

/// Every name on the case's register, for the staff case page (none on a purchase).
pub(super) fn names(snapshot: &AnySnapshot) -> Vec<StaffTitleRegisterName> {
    let AnySnapshot::Remortgaging(s) = snapshot else {
        return vec![];
    };
    s.title_register_names
        .iter()
        .map(|n| StaffTitleRegisterName {
            id: n.id,
            full_name: n.full_name.clone(),
            owner_name: n.owner(&s.property_owners).and_then(current_name),
            explanation: n.explanation,
            evidence_document_id: n.evidence_document_id,
            explained_at: n.explained_at,
        })
        .collect()
}

/// An owner's legal name now (the one with no `until`), in full.
fn current_name(owner: &Party) -> Option<String> {
    let LegalName {
        first_name,
        middle_names,
        surname,
        ..
    } = owner.user.legal_names.iter().find(|n| n.until.is_none())?;
    let parts: Vec<&str> = [first_name, middle_names, surname]
        .into_iter()
        .filter_map(|p| p.as_deref().map(str::trim).filter(|p| !p.is_empty()))
        .collect();
    (!parts.is_empty()).then(|| parts.join(" "))
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/title-register-names", tag = "staff",
    request_body = StaffRecordTitleRegisterNameRequest,
    params(
        ("caseType" = String, Path, description = "`remortgaging` (a purchase's title is the seller's)"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 201, description = "Recorded (and audited)", body = StaffTitleRegisterRecorded),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, the second factor is not proven, this staff member's role may not, or the case type records none", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
        (status = 409, description = "The case changed meanwhile", body = ErrorBody),
        (status = 422, description = "`fullName` empty or too long", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn record_title_register_name(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
    ApiJson(body): ApiJson<StaffRecordTitleRegisterNameRequest>,
) -> ApiResult<(StatusCode, Json<StaffTitleRegisterRecorded>)> {
    let full_name = text("fullName", &body.full_name, MAX_NAME_CHARS)?;
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let id = state
        .cases
        .change_title_register(
            &staff.caller(),
            &case,
            TitleRegisterChange::Record { full_name },
        )
        .await?
        .ok_or_else(|| ApiError::internal("no title register name id"))?;
    Ok((StatusCode::CREATED, Json(StaffTitleRegisterRecorded { id })))
}

#[utoipa::path(delete, path = "/staff/cases/{caseType}/{caseId}/title-register-names/{nameId}", tag = "staff",
    params(
        ("caseType" = String, Path, description = "`remortgaging`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("nameId" = String, Path, description = "A name's `id`, from the case's `titleRegisterNames`"),
    ),
    responses(
        (status = 204, description = "Taken off (recorded in error; audited)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, the second factor is not proven, or this staff member's role may not", body = ErrorBody),
        (status = 404, description = "No such case, or the case has no such name", body = ErrorBody),
        (status = 409, description = "The customers have explained the name (it stays on file), or the case changed meanwhile", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn remove_title_register_name(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id, name_id)): ApiPath<(String, String, String)>,
) -> ApiResult<StatusCode> {
    let id = name_id.parse().map_err(|_| ApiError::not_found())?;
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    if case.case_type != CaseType::Remortgaging {
        return Err(ApiError::not_found());
    }
    state
        .cases
        .change_title_register(&staff.caller(), &case, TitleRegisterChange::Remove { id })
        .await?;
    Ok(StatusCode::NO_CONTENT)
}
