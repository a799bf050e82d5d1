//! A case's conversation as the API answers it (issue 32), for customers and brokers and, in
//! the back office, for the firm: the threads the caller may read, each with its messages and
//! how far the others have read it. Who may read or write is the case service's question.

use std::collections::HashMap;
use std::convert::Infallible;

use axum::Json;
use axum::http::StatusCode;
use axum::response::sse::{Event, Sse};
use chrono::{DateTime, Utc};
use futures::Stream;
use serde::{Deserialize, Serialize};
use threshold_cases::{Caller, OpenCase};
use threshold_engine::Role;
use threshold_engine::conversation::Channel;
use threshold_store::UserId;
use threshold_store::cases::{CaseMessage, MessageRead};
use threshold_store::live::Change;
use utoipa::ToSchema;

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};

/// Who wrote or read: the customers' side, a broker, or the firm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Side {
    Customer,
    Broker,
    Firm,
}

fn side(role: Option<&str>) -> Option<Side> {
    match Role::parse(role?)? {
        Role::User => Some(Side::Customer),
        Role::Conveyancer | Role::Admin => Some(Side::Firm),
        r if r.is_broker() => Some(Side::Broker),
        _ => None,
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationMessage {
    pub id: i64,
    /// The author's preferred name; null once their account is gone.
    pub author_name: Option<String>,
    pub author_side: Option<Side>,
    /// Written by the caller.
    pub mine: bool,
    pub body: String,
    pub created_at: DateTime<Utc>,
    /// The documents it carries, read through `GET /document/{documentId}` (a document
    /// deleted since is no longer listed).
    pub attachments: Vec<Attachment>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Attachment {
    pub document_id: i64,
    pub file_name: Option<String>,
    pub document_type: String,
}

/// How far someone else has read the thread (a read receipt).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadReceipt {
    pub name: String,
    pub side: Option<Side>,
    pub last_read_message_id: i64,
    pub read_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ConversationThread {
    pub channel: Channel,
    /// The firm promises a reply to a message here within its working days (not in its own
    /// notes).
    pub promised: bool,
    /// Oldest first.
    pub messages: Vec<ConversationMessage>,
    pub read_by_others: Vec<ReadReceipt>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    /// The threads open to the caller: PARTIES for everyone on the case, BROKER_FIRM for the
    /// brokers and the firm, FIRM_INTERNAL for the firm.
    pub threads: Vec<ConversationThread>,
    /// When the firm's reply to the oldest message waiting for one is due (null: none waits).
    pub reply_due_at: Option<DateTime<Utc>>,
    /// That time has passed.
    pub reply_overdue: bool,
    /// The firm's promise, in working days (weekends and bank holidays aside).
    pub reply_within_working_days: u32,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PostMessageRequest {
    /// 1 to 5,000 characters; line breaks allowed.
    pub body: String,
    /// Up to 5 documents of the case to send with it (ids from its documents, or a file just
    /// uploaded as `CORRESPONDENCE`): never a draft or a person's identity evidence, except in
    /// the firm's own notes.
    #[serde(default)]
    #[schema(max_items = 5)]
    pub attachments: Vec<i64>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MessagePosted {
    pub id: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct MarkReadRequest {
    /// The latest message of the thread the caller has seen.
    pub up_to: i64,
}

/// The thread named in the path, or an unknown one (404).
pub fn channel(raw: &str) -> ApiResult<Channel> {
    Channel::from_path(raw).ok_or_else(ApiError::not_found)
}

/// Every thread open to `me` on the case.
pub async fn conversation(
    state: &AppState,
    me: UserId,
    case: &OpenCase,
) -> ApiResult<Json<Conversation>> {
    let case_id = case.loaded.row.id;
    let mut attachments: HashMap<i64, Vec<Attachment>> = HashMap::new();
    for a in state.db.message_attachments(case_id).await? {
        attachments
            .entry(a.message_id)
            .or_default()
            .push(Attachment {
                document_id: a.document_id,
                file_name: a.file_name,
                document_type: a.document_type,
            });
    }
    let mut threads = Vec::new();
    for channel in state.cases.channels(case) {
        let messages = state
            .db
            .case_messages(case_id, channel.as_str(), None)
            .await?;
        let reads = state.db.message_reads(case_id, channel.as_str()).await?;
        threads.push(ConversationThread {
            channel,
            promised: state.workflows.promises_reply(case.case_type, channel),
            messages: messages
                .into_iter()
                .map(|m| {
                    let carried = attachments.remove(&m.id).unwrap_or_default();
                    message(m, me, carried)
                })
                .collect(),
            read_by_others: reads
                .into_iter()
                .filter(|r| r.user_id != me)
                .map(receipt)
                .collect(),
        });
    }
    Ok(Json(Conversation {
        threads,
        reply_due_at: case.loaded.row.reply_due_at,
        reply_overdue: case
            .loaded
            .row
            .reply_due_at
            .is_some_and(|due| due < Utc::now()),
        reply_within_working_days: state.config.reply_within_working_days,
    }))
}

fn message(m: CaseMessage, me: UserId, attachments: Vec<Attachment>) -> ConversationMessage {
    ConversationMessage {
        attachments,
        id: m.id,
        author_side: side(m.author_role.as_deref()),
        author_name: m.author_name,
        mine: m.author_user_id == Some(me),
        body: m.body,
        created_at: m.created_at,
    }
}

fn receipt(r: MessageRead) -> ReadReceipt {
    ReadReceipt {
        side: side(Some(&r.role)),
        name: r.name,
        last_read_message_id: r.last_read_message_id,
        read_at: r.read_at,
    }
}

/// Writes the caller's message in the thread.
pub async fn post(
    state: &AppState,
    caller: &Caller,
    case: &OpenCase,
    channel: Channel,
    body: &PostMessageRequest,
) -> ApiResult<(StatusCode, Json<MessagePosted>)> {
    let id = state
        .cases
        .post_message(
            caller,
            case,
            channel,
            &body.body,
            &body.attachments,
            state.config.reply_within_working_days,
        )
        .await?;
    tell_listeners(state, case).await;
    Ok((StatusCode::CREATED, Json(MessagePosted { id })))
}

/// Records that `me` has read the thread up to one of its messages.
pub async fn mark_read(
    state: &AppState,
    me: UserId,
    case: &OpenCase,
    channel: Channel,
    body: &MarkReadRequest,
) -> ApiResult<StatusCode> {
    state.cases.check_channel(case, channel)?;
    let case_id = case.loaded.row.id;
    let in_thread = state
        .db
        .case_messages(case_id, channel.as_str(), None)
        .await?
        .iter()
        .any(|m| m.id == body.up_to);
    if !in_thread {
        return Err(ApiError::bad_field(
            "upTo",
            "is not a message of this thread",
        ));
    }
    state
        .db
        .mark_messages_read(case_id, channel.as_str(), me, body.up_to, Utc::now())
        .await?;
    tell_listeners(state, case).await;
    Ok(StatusCode::NO_CONTENT)
}

/// Tells the case's open event streams, in every process, to read the conversation again. The
/// change is saved already: a failure here only leaves the others to their next poll.
async fn tell_listeners(state: &AppState, case: &OpenCase) {
    let change = Change::Conversation(case.loaded.row.id);
    if let Err(err) = state.live.changed(&state.db, change).await {
        tracing::warn!(error = %err, "could not announce a conversation change");
    }
}

/// The case's conversation changes as server-sent events: `changed` whenever a message or read
/// receipt is written.
pub fn events(
    state: &AppState,
    case: &OpenCase,
) -> Sse<impl Stream<Item = Result<Event, Infallible>> + use<>> {
    crate::live_events::changed_events(&state.live, Change::Conversation(case.loaded.row.id))
}
