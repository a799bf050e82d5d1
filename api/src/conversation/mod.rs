//! One conversation per case (issue 32) for its customers, brokers and a purchase's gift
//! donors: `GET /conversations/{caseType}/{caseId}` reads the threads open to the caller,
//! `POST …/{thread}` writes in one, `PUT …/{thread}/read` leaves a read receipt, `GET …/events`
//! streams its changes (server-sent events). The back office has the same under `/staff`.

pub mod thread;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::IntoResponse;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use self::thread::{Conversation, MarkReadRequest, MessagePosted, PostMessageRequest};
use crate::app::AppState;
use threshold_cases::CaseError;
use threshold_engine::CaseType;

use crate::cases::access;
use crate::error::{ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(read_conversation))
        .routes(routes!(post_message))
        .routes(routes!(mark_read))
        .routes(routes!(conversation_events))
}

async fn open(
    state: &AppState,
    session: &CurrentSession,
    case_type: &str,
    case_id: &str,
) -> ApiResult<(threshold_cases::Caller, threshold_cases::OpenCase)> {
    let caller = access::caller(session)?;
    let case_type = access::path_case_type(case_type)?;
    let case_id = access::parse_case_id(case_id)?;
    // A purchase's gift donor is no party to it: they have their own thread with the firm.
    let case = match state.cases.open(&caller, case_type, case_id).await {
        Err(CaseError::NotFound) if case_type == CaseType::Buying => {
            state.cases.open_for_donor(&caller, case_id).await?
        }
        opened => opened?,
    };
    Ok((caller, case))
}

#[utoipa::path(get, path = "/conversations/{caseType}/{caseId}", tag = "conversation",
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "The threads open to the caller (a gift donor: their own thread with the firm), with their messages and read receipts", body = Conversation),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles (the back office has its own)", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn read_conversation(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
) -> ApiResult<Json<Conversation>> {
    let (_, case) = open(&state, &session, &case_type, &case_id).await?;
    thread::conversation(&state, session.user.id, &case).await
}

#[utoipa::path(post, path = "/conversations/{caseType}/{caseId}/{thread}", tag = "conversation",
    request_body = PostMessageRequest,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("thread" = String, Path, description = "The thread's `path`: `parties` (customers, brokers and the firm), `broker-firm` (brokers and the firm) or a gift donor's `donor-{donorId}` (that donor and the firm)"),
    ),
    responses(
        (status = 201, description = "Written (audited by id); the others are told by e-mail and in their feed", body = MessagePosted),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A thread not open to the caller, or a staff role", body = ErrorBody),
        (status = 404, description = "Unknown case or thread, or not yours", body = ErrorBody),
        (status = 409, description = "The case changed meanwhile", body = ErrorBody),
        (status = 422, description = "`body` empty, over 5,000 characters or with control characters; `attachments` not documents this thread's readers may see", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn post_message(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((case_type, case_id, thread)): ApiPath<(String, String, String)>,
    ApiJson(body): ApiJson<PostMessageRequest>,
) -> ApiResult<(StatusCode, Json<MessagePosted>)> {
    let thread = thread::thread(&thread)?;
    let (caller, case) = open(&state, &session, &case_type, &case_id).await?;
    thread::post(&state, &caller, &case, thread, &body).await
}

#[utoipa::path(put, path = "/conversations/{caseType}/{caseId}/{thread}/read", tag = "conversation",
    request_body = MarkReadRequest,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("thread" = String, Path, description = "The thread's `path`: `parties`, `broker-firm` or `donor-{donorId}`"),
    ),
    responses(
        (status = 204, description = "Read receipt left (it never moves back)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A thread not open to the caller, or a staff role", body = ErrorBody),
        (status = 404, description = "Unknown case or thread, or not yours", body = ErrorBody),
        (status = 422, description = "`upTo` is no message of the thread", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn mark_read(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((case_type, case_id, thread)): ApiPath<(String, String, String)>,
    ApiJson(body): ApiJson<MarkReadRequest>,
) -> ApiResult<StatusCode> {
    let thread = thread::thread(&thread)?;
    let (_, case) = open(&state, &session, &case_type, &case_id).await?;
    thread::mark_read(&state, session.user.id, &case, thread, &body).await
}

#[utoipa::path(get, path = "/conversations/{caseType}/{caseId}/events", tag = "conversation",
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "Server-sent events: `changed` (data `{}`) whenever a message or read receipt is written on the case; read the conversation again", content_type = "text/event-stream", body = String),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles (the back office has its own)", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn conversation_events(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
) -> ApiResult<impl IntoResponse> {
    let (_, case) = open(&state, &session, &case_type, &case_id).await?;
    Ok(thread::events(&state, &case))
}
