//! A case's conversation as the API answers it (issue 32), for customers, brokers and gift
//! donors and, in the back office, for the firm: the threads the caller may read, each with its
//! messages and how far the others have read it. Who may read or write is the case service's
//! question.

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
use threshold_engine::conversation::{Channel, Thread};
use threshold_store::UserId;
use threshold_store::cases::{CaseMessage, MessageRead};
use threshold_store::live::Change;
use utoipa::ToSchema;

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};

/// Who wrote or read: the customers' side, a broker, a gift donor, or the firm.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum Side {
    Customer,
    Broker,
    Donor,
    Firm,
}

/// The side of someone with this role in this thread: the only user in a donor's thread who is
/// not the firm is the donor.
fn side(role: Option<Role>, thread: Thread) -> Option<Side> {
    match role? {
        Role::User if thread.donor().is_some() => Some(Side::Donor),
        Role::User => Some(Side::Customer),
        Role::Conveyancer | Role::Admin => Some(Side::Firm),
        Role::Broker | Role::BrokerManager | Role::BrokerAdmin => Some(Side::Broker),
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
    /// How the addresses name the thread (`parties`, `broker-firm`, `firm-internal`,
    /// `donor-{donorId}`): write to it at `…/{path}`.
    pub path: String,
    /// A donor's thread, to the firm: the donor's name, as the buyer gave it.
    pub donor_name: Option<String>,
    /// The firm promises a reply to a message here within its working days (not in its own
    /// notes).
    pub promised: bool,
    /// The case's documents the caller may send with a message here (see `attachments`).
    pub attachable: Vec<Attachment>,
    /// Oldest first.
    pub messages: Vec<ConversationMessage>,
    pub read_by_others: Vec<ReadReceipt>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Conversation {
    /// The threads open to the caller: PARTIES for everyone on the case, BROKER_FIRM for the
    /// brokers and the firm, FIRM_INTERNAL for the firm, and one DONOR thread per gift donor
    /// of a purchase for that donor and the firm.
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
pub fn thread(raw: &str) -> ApiResult<Thread> {
    Thread::from_path(raw).ok_or_else(ApiError::not_found)
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
    let readable = state.cases.threads(case);
    // The firm tells donors' threads apart by name; a donor has only their own.
    let named = case.actor.kind().is_some_and(|k| k.is_firm());
    let donor_names: HashMap<i64, Option<String>> = if named {
        state
            .db
            .donor_gifts(case_id)
            .await?
            .into_iter()
            .map(|g| (g.id, g.invited_name))
            .collect()
    } else {
        HashMap::new()
    };
    let attachable = state.cases.attachable_documents(case, &readable).await?;
    let mut threads = Vec::new();
    for (thread, documents) in readable.into_iter().zip(attachable) {
        let topic = thread.topic();
        let messages = state.db.case_messages(case_id, &topic, None).await?;
        let reads = state.db.message_reads(case_id, &topic).await?;
        threads.push(ConversationThread {
            channel: thread.channel(),
            path: thread.path(),
            donor_name: thread
                .donor()
                .and_then(|id| donor_names.get(&id).cloned().flatten()),
            promised: state.workflows.promises_reply(case.case_type, thread),
            attachable: documents
                .into_iter()
                .map(|d| Attachment {
                    document_id: d.id,
                    file_name: d.file_name,
                    document_type: d.document_type,
                })
                .collect(),
            messages: messages
                .into_iter()
                .map(|m| {
                    let carried = attachments.remove(&m.id).unwrap_or_default();
                    message(m, me, thread, carried)
                })
                .collect(),
            read_by_others: reads
                .into_iter()
                .filter(|r| r.user_id != me)
                .map(|r| receipt(r, thread))
                .collect(),
        });
    }
    let reply_due_at = reply_due_for(case, &threads);
    Ok(Json(Conversation {
        threads,
        reply_due_at,
        reply_overdue: reply_due_at.is_some_and(|due| due < Utc::now()),
        reply_within_working_days: state.config.reply_within_working_days,
    }))
}

/// When the firm's reply is due, as the caller may know it: the case's time for its parties
/// and the firm; for a gift donor, only while their own last message waits (the buyers' wait
/// is not theirs to see).
fn reply_due_for(case: &OpenCase, threads: &[ConversationThread]) -> Option<DateTime<Utc>> {
    let due = case.loaded.row.reply_due_at?;
    if case.actor.donor_id.is_none() {
        return Some(due);
    }
    let waits = threads
        .iter()
        .filter_map(|t| t.messages.last())
        .any(|m| m.author_side == Some(Side::Donor));
    waits.then_some(due)
}

fn message(
    m: CaseMessage,
    me: UserId,
    thread: Thread,
    attachments: Vec<Attachment>,
) -> ConversationMessage {
    ConversationMessage {
        attachments,
        id: m.id,
        author_side: side(m.author_role.as_deref().and_then(Role::parse), thread),
        author_name: m.author_name,
        mine: m.author_user_id == Some(me),
        body: m.body,
        created_at: m.created_at,
    }
}

fn receipt(r: MessageRead, thread: Thread) -> ReadReceipt {
    ReadReceipt {
        side: side(Some(r.role), thread),
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
    thread: Thread,
    body: &PostMessageRequest,
) -> ApiResult<(StatusCode, Json<MessagePosted>)> {
    let id = state
        .cases
        .post_message(
            caller,
            case,
            thread,
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
    thread: Thread,
    body: &MarkReadRequest,
) -> ApiResult<StatusCode> {
    state.cases.check_thread(case, thread)?;
    let case_id = case.loaded.row.id;
    let topic = thread.topic();
    let in_thread = state
        .db
        .case_messages(case_id, &topic, None)
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
        .mark_messages_read(case_id, &topic, me, body.up_to, Utc::now())
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
