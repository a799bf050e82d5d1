//! The case's conversation in the back office (issue 32): the firm reads and writes every
//! thread (the parties', the brokers', each gift donor's, its own internal notes) through the same case service
//! door as the customers (see `crate::conversation`).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;

use super::Staff;
use crate::app::AppState;
use crate::conversation::thread::{
    self, Conversation, MarkReadRequest, MessagePosted, PostMessageRequest,
};
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath};

#[utoipa::path(get, path = "/staff/cases/{caseType}/{caseId}/conversation", tag = "staff",
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "Every thread of the case, with read receipts", body = Conversation),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn staff_conversation(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
) -> ApiResult<Json<Conversation>> {
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    thread::conversation(&state, staff.user().id, &case).await
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/conversation/{thread}", tag = "staff",
    request_body = PostMessageRequest,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("thread" = String, Path, description = "The thread's `path`: `parties`, `broker-firm`, `firm-internal` or `donor-{donorId}`"),
    ),
    responses(
        (status = 201, description = "Written (audited by id); a reply in `parties`, `broker-firm` or a donor's thread answers what waited", body = MessagePosted),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case or thread", body = ErrorBody),
        (status = 409, description = "The case changed meanwhile", body = ErrorBody),
        (status = 422, description = "`body` empty, over 5,000 characters or with control characters", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn staff_post_message(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id, thread)): ApiPath<(String, String, String)>,
    ApiJson(body): ApiJson<PostMessageRequest>,
) -> ApiResult<(StatusCode, Json<MessagePosted>)> {
    let thread = thread::thread(&thread)?;
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    thread::post(&state, &staff.caller(), &case, thread, &body).await
}

#[utoipa::path(put, path = "/staff/cases/{caseType}/{caseId}/conversation/{thread}/read", tag = "staff",
    request_body = MarkReadRequest,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("thread" = String, Path, description = "The thread's `path`: `parties`, `broker-firm`, `firm-internal` or `donor-{donorId}`"),
    ),
    responses(
        (status = 204, description = "Read receipt left"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case or thread", body = ErrorBody),
        (status = 422, description = "`upTo` is no message of the thread", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn staff_mark_read(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id, thread)): ApiPath<(String, String, String)>,
    ApiJson(body): ApiJson<MarkReadRequest>,
) -> ApiResult<StatusCode> {
    let thread = thread::thread(&thread)?;
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    thread::mark_read(&state, staff.user().id, &case, thread, &body).await
}

#[utoipa::path(get, path = "/staff/cases/{caseType}/{caseId}/conversation/events", tag = "staff",
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "Server-sent events: `changed` whenever a message or read receipt is written on the case", content_type = "text/event-stream", body = String),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn staff_conversation_events(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
) -> ApiResult<impl IntoResponse> {
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    Ok(thread::events(&state, &case))
}
