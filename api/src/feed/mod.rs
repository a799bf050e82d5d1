//! The notification feed (spec §7 "read and archived through the feed service, with a page
//! size of 30"): our own, in the database. Items are written by the workers as workflow
//! effects; these calls read a user's own items and archive or mark them read. Every call
//! needs the signed-in user's `knockToken` (from GET /auth/me) in `X-Knock-Token`.

pub mod knock;

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::Value;
use utoipa::{IntoParams, ToSchema};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiPath, ApiQuery, CurrentSession};

/// NOTIF-02 / CONST-12.
pub const PAGE_SIZE: i64 = 30;
pub const KNOCK_HEADER: &str = "x-knock-token";

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(feed_page))
        .routes(routes!(feed_counts))
        .routes(routes!(feed_events))
        .routes(routes!(archive_item))
        .routes(routes!(read_item))
}

/// No feed is this long; a page past it is a mistake, not a query with a huge offset.
const MAX_PAGE: i64 = 100_000;

#[derive(Debug, Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query)]
pub struct FeedQuery {
    /// 0-based page of 30 items, newest first.
    #[param(minimum = 0, maximum = 100000)] // MAX_PAGE
    pub page: Option<i64>,
}

/// A feed item (ENT-14): its kind and what the modal or feed page shows.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedItemBody {
    pub id: i64,
    #[schema(example = "case-quote")]
    pub kind: threshold_engine::types::FeedKind,
    pub data: FeedData,
    pub read: bool,
    pub created_at: DateTime<Utc>,
}

/// ENT-14: caseId, caseType, brokerPreferredName, brokerFirm, isLender, inviterName,
/// invitees, propertyAddressLine1 (and the case's status when the item was made).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedData {
    pub case_id: Option<i64>,
    pub case_type: Option<String>,
    pub status: Option<String>,
    pub broker_preferred_name: Option<String>,
    pub broker_firm: Option<String>,
    pub is_lender: Option<bool>,
    pub inviter_name: Option<String>,
    pub invitees: Option<Vec<String>>,
    pub property_address_line1: Option<String>,
}

impl FeedData {
    fn from_json(v: Value) -> Self {
        let text = |k: &str| v.get(k).and_then(Value::as_str).map(str::to_owned);
        FeedData {
            case_id: v.get("caseId").and_then(Value::as_i64),
            case_type: text("caseType"),
            status: text("status"),
            broker_preferred_name: text("brokerPreferredName"),
            broker_firm: text("brokerFirm"),
            is_lender: v.get("isLender").and_then(Value::as_bool),
            inviter_name: text("inviterName"),
            invitees: v.get("invitees").and_then(Value::as_array).map(|a| {
                a.iter()
                    .filter_map(|n| n.as_str().map(str::to_owned))
                    .collect()
            }),
            property_address_line1: text("propertyAddressLine1"),
        }
    }
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedPage {
    pub items: Vec<FeedItemBody>,
    pub total_count: i64,
    pub total_pages: i64,
    /// 0-based.
    pub current_page: i64,
    pub unread_count: i64,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FeedCounts {
    pub total_count: i64,
    pub unread_count: i64,
}

/// The caller's own feed token must come with every feed call (NOTIF-05).
async fn knocked(state: &AppState, session: &CurrentSession, headers: &HeaderMap) -> ApiResult<()> {
    let token = headers
        .get(KNOCK_HEADER)
        .and_then(|v| v.to_str().ok())
        .unwrap_or_default();
    if knock::verify(
        &state.knock_key,
        &state.db,
        token,
        session.user.id,
        Utc::now(),
    )
    .await?
    {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "The feed token is missing, expired or not yours.",
        ))
    }
}

#[utoipa::path(get, path = "/feed", tag = "feed", params(FeedQuery,
        ("X-Knock-Token" = String, Header, description = "knockToken from GET /auth/me")),
    responses(
        (status = 200, description = "A page of your unarchived items, newest first", body = FeedPage),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Missing or foreign feed token", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn feed_page(
    State(state): State<AppState>,
    session: CurrentSession,
    headers: HeaderMap,
    ApiQuery(query): ApiQuery<FeedQuery>,
) -> ApiResult<Json<FeedPage>> {
    knocked(&state, &session, &headers).await?;
    let page = query.page.unwrap_or(0);
    if !(0..=MAX_PAGE).contains(&page) {
        return Err(ApiError::bad_field("page", "must be 0 to 100000"));
    }
    let user = session.user.id;
    let (total_count, unread_count) = state.db.feed_counts(user).await?;
    let items = state
        .db
        .feed_page(user, page * PAGE_SIZE, PAGE_SIZE)
        .await?
        .into_iter()
        // Items are written from the enum; one it cannot read is left out, not guessed.
        .filter_map(|i| {
            Some(FeedItemBody {
                id: i.id,
                kind: i.kind.parse().ok()?,
                data: FeedData::from_json(i.data.0),
                read: i.read_at.is_some(),
                created_at: i.created_at,
            })
        })
        .collect();
    Ok(Json(FeedPage {
        items,
        total_count,
        total_pages: (total_count + PAGE_SIZE - 1) / PAGE_SIZE,
        current_page: page,
        unread_count,
    }))
}

#[utoipa::path(get, path = "/feed/counts", tag = "feed",
    params(("X-Knock-Token" = String, Header, description = "knockToken from GET /auth/me")),
    responses(
        (status = 200, description = "How many unarchived and unread items you have (the badge)", body = FeedCounts),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Missing or foreign feed token", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn feed_counts(
    State(state): State<AppState>,
    session: CurrentSession,
    headers: HeaderMap,
) -> ApiResult<Json<FeedCounts>> {
    knocked(&state, &session, &headers).await?;
    let (total_count, unread_count) = state.db.feed_counts(session.user.id).await?;
    Ok(Json(FeedCounts {
        total_count,
        unread_count,
    }))
}

/// The feed's changes as server-sent events, so the badge moves as an item arrives. Only the
/// session's own user's changes, and only that one happened: the items themselves need the
/// feed token, which an `EventSource` cannot send.
#[utoipa::path(get, path = "/feed/events", tag = "feed",
    responses(
        (status = 200, description = "Server-sent events: `changed` (data `{}`) whenever an item is added to your feed; read the counts again", content_type = "text/event-stream", body = String),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn feed_events(
    State(state): State<AppState>,
    session: CurrentSession,
) -> impl axum::response::IntoResponse {
    crate::live_events::changed_events(
        &state.live,
        threshold_store::live::Change::Feed(session.user.id),
    )
}

#[utoipa::path(post, path = "/feed/{itemId}/archive", tag = "feed",
    params(("itemId" = i64, Path, description = "One of your items"),
        ("X-Knock-Token" = String, Header, description = "knockToken from GET /auth/me")),
    responses(
        (status = 204, description = "Archived (again: still 204)"),
        (status = 403, description = "Missing or foreign feed token", body = ErrorBody),
        (status = 404, description = "Not one of your items", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn archive_item(
    State(state): State<AppState>,
    session: CurrentSession,
    headers: HeaderMap,
    ApiPath(item_id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    update(&state, &session, &headers, item_id, true).await
}

#[utoipa::path(post, path = "/feed/{itemId}/read", tag = "feed",
    params(("itemId" = i64, Path, description = "One of your items"),
        ("X-Knock-Token" = String, Header, description = "knockToken from GET /auth/me")),
    responses(
        (status = 204, description = "Marked read"),
        (status = 403, description = "Missing or foreign feed token", body = ErrorBody),
        (status = 404, description = "Not one of your items", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn read_item(
    State(state): State<AppState>,
    session: CurrentSession,
    headers: HeaderMap,
    ApiPath(item_id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    update(&state, &session, &headers, item_id, false).await
}

async fn update(
    state: &AppState,
    session: &CurrentSession,
    headers: &HeaderMap,
    item_id: i64,
    archive: bool,
) -> ApiResult<StatusCode> {
    knocked(state, session, headers).await?;
    if state
        .db
        .update_feed_item(session.user.id, item_id, archive, Utc::now())
        .await?
    {
        Ok(StatusCode::NO_CONTENT)
    } else {
        Err(ApiError::not_found())
    }
}
