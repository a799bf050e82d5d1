//! A purchase's enquiries with the seller's solicitor in the back office (issue 29): the case
//! page lists them (see `case::view`); a conveyancer raises one, records its reply (accepting
//! it, or raising a follow-up in its place), or withdraws one. The case leaves the contract
//! pack's review only with none open. The workflow file says who may; the case service asks it.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde::{Deserialize, Serialize};
use threshold_engine::enquiries::Enquiry;
use threshold_store::cases::EnquiryChange;
use utoipa::ToSchema;

use super::Staff;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath};

/// The longest enquiry: specific questions, as the Protocol asks, not a standard list.
const MAX_QUESTION_CHARS: usize = 2000;
/// The longest reply recorded (the seller's solicitor's answer, as sent).
const MAX_ANSWER_CHARS: usize = 5000;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StaffRaiseEnquiryRequest {
    /// The enquiry, 1 to 2000 characters.
    pub question: String,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StaffAnswerEnquiryRequest {
    /// The seller's solicitor's reply, 1 to 5000 characters.
    pub answer: String,
    /// Where the reply does not answer the enquiry: the follow-up to raise in its place (1 to
    /// 2000 characters). Without it the reply is accepted and the enquiry closed.
    pub follow_up: Option<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StaffWithdrawEnquiryRequest {
    /// Why it is withdrawn (raised in error, overtaken), 1 to 2000 characters.
    pub reason: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffEnquiries {
    /// The case's enquiries after the change, oldest first.
    pub enquiries: Vec<Enquiry>,
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/enquiries", tag = "staff",
    request_body = StaffRaiseEnquiryRequest,
    params(
        ("caseType" = String, Path, description = "`buying` (a remortgage raises none)"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 201, description = "Raised (and audited): the case's enquiries now", body = StaffEnquiries),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, the second factor is not proven, this staff member's role may not, or the case type raises none", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
        (status = 409, description = "The contract pack is not in yet (`section_closed`), or the case changed meanwhile", body = ErrorBody),
        (status = 422, description = "`question` empty or too long", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn raise(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
    ApiJson(body): ApiJson<StaffRaiseEnquiryRequest>,
) -> ApiResult<(StatusCode, Json<StaffEnquiries>)> {
    let question = text("question", &body.question, MAX_QUESTION_CHARS)?;
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let enquiries = state
        .cases
        .change_enquiries(&staff.caller(), &case, EnquiryChange::Raise { question })
        .await?;
    Ok((StatusCode::CREATED, Json(StaffEnquiries { enquiries })))
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/enquiries/{enquiryId}/answer", tag = "staff",
    request_body = StaffAnswerEnquiryRequest,
    params(
        ("caseType" = String, Path, description = "`buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("enquiryId" = String, Path, description = "An enquiry's `id`, from the case's `enquiries`"),
    ),
    responses(
        (status = 200, description = "Recorded (and audited), with its follow-up if one was given: the case's enquiries now", body = StaffEnquiries),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, the second factor is not proven, or this staff member's role may not", body = ErrorBody),
        (status = 404, description = "No such case, or the case has no such enquiry", body = ErrorBody),
        (status = 409, description = "The enquiry is closed already (`conflict`), or the case changed meanwhile", body = ErrorBody),
        (status = 422, description = "`answer` or `followUp` empty or too long", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn answer(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id, enquiry_id)): ApiPath<(String, String, String)>,
    ApiJson(body): ApiJson<StaffAnswerEnquiryRequest>,
) -> ApiResult<Json<StaffEnquiries>> {
    let answer = text("answer", &body.answer, MAX_ANSWER_CHARS)?;
    let follow_up = body
        .follow_up
        .as_deref()
        .map(|f| text("followUp", f, MAX_QUESTION_CHARS))
        .transpose()?;
    let id = enquiry_id.parse().map_err(|_| ApiError::not_found())?;
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let change = EnquiryChange::Answer {
        id,
        answer,
        follow_up,
    };
    let enquiries = state
        .cases
        .change_enquiries(&staff.caller(), &case, change)
        .await?;
    Ok(Json(StaffEnquiries { enquiries }))
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/enquiries/{enquiryId}/withdraw", tag = "staff",
    request_body = StaffWithdrawEnquiryRequest,
    params(
        ("caseType" = String, Path, description = "`buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("enquiryId" = String, Path, description = "An enquiry's `id`, from the case's `enquiries`"),
    ),
    responses(
        (status = 200, description = "Withdrawn (and audited): the case's enquiries now", body = StaffEnquiries),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, the second factor is not proven, or this staff member's role may not", body = ErrorBody),
        (status = 404, description = "No such case, or the case has no such enquiry", body = ErrorBody),
        (status = 409, description = "The enquiry is closed already (`conflict`), or the case changed meanwhile", body = ErrorBody),
        (status = 422, description = "`reason` missing or too long", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn withdraw(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id, enquiry_id)): ApiPath<(String, String, String)>,
    ApiJson(body): ApiJson<StaffWithdrawEnquiryRequest>,
) -> ApiResult<Json<StaffEnquiries>> {
    let reason = super::reason_required(
        body.reason.as_deref(),
        "is required: say why the enquiry is withdrawn",
    )?;
    let id = enquiry_id.parse().map_err(|_| ApiError::not_found())?;
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let change = EnquiryChange::Withdraw {
        id,
        reason: &reason,
    };
    let enquiries = state
        .cases
        .change_enquiries(&staff.caller(), &case, change)
        .await?;
    Ok(Json(StaffEnquiries { enquiries }))
}

/// A text field, trimmed: 1 to `max` characters (control characters are refused for every
/// body before this, line breaks allowed in these fields).
pub(super) fn text<'a>(field: &str, given: &'a str, max: usize) -> Result<&'a str, ApiError> {
    let text = given.trim();
    if text.is_empty() {
        Err(ApiError::bad_field(field, "is required"))
    } else if text.chars().count() > max {
        Err(ApiError::bad_field(
            field,
            format!("must be at most {max} characters"),
        ))
    } else {
        Ok(text)
    }
}
