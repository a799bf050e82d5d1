//! The session calls: verify, me, refresh, logout, logout everywhere, list and revoke.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum_extra::extract::CookieJar;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use serde_json::json;
use threshold_store::SessionId;
use threshold_store::sessions::Refreshed;
use utoipa::ToSchema;

use super::cookies::{self, ACCESS_COOKIE, REFRESH_COOKIE};
use super::sign_in::audit;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

/// An empty JSON object: writes always carry a JSON body (see the same-origin rule).
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EmptyBody {}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct VerifyResponse {
    pub is_logged_in: bool,
}

/// The current user (spec record "Me").
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeResponse {
    pub id: String,
    pub role: threshold_engine::Role,
    pub enabled_features: Vec<String>,
    pub is_lender: bool,
    /// The feed token (NOTIF-05): send it as `X-Knock-Token` with every feed call. Signed by
    /// the server, this user's only, valid 12 hours.
    pub knock_token: Option<String>,
    pub privacy_version: Option<i32>,
    pub terms_version: Option<i32>,
    pub user: MeUser,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MeUser {
    pub preferred_name: String,
    pub email: String,
    pub is_onboarded: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionsResponse {
    pub sessions: Vec<SessionView>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SessionView {
    pub id: String,
    pub created_at: DateTime<Utc>,
    pub last_used_at: DateTime<Utc>,
    pub user_agent: Option<String>,
    /// This is the session making the request.
    pub current: bool,
}

#[utoipa::path(get, path = "/auth/verify", tag = "auth",
    responses((status = 200, description = "Whether this browser holds a live session", body = VerifyResponse)))]
pub async fn verify(
    State(state): State<AppState>,
    jar: CookieJar,
) -> ApiResult<Json<VerifyResponse>> {
    let now = Utc::now();
    let mut is_logged_in = false;
    if let Some(access) = cookies::read(&state, &jar, ACCESS_COOKIE) {
        is_logged_in = state
            .db
            .authenticate(&access, &state.session_policy, now)
            .await?
            .is_some();
    }
    if !is_logged_in && let Some(refresh) = cookies::read(&state, &jar, REFRESH_COOKIE) {
        is_logged_in = state
            .db
            .refresh_token_is_live(&refresh, &state.session_policy, now)
            .await?;
    }
    Ok(Json(VerifyResponse { is_logged_in }))
}

#[utoipa::path(get, path = "/auth/me", tag = "auth",
    responses(
        (status = 200, description = "The signed-in user", body = MeResponse),
        (status = 401, description = "No live access token: refresh, then retry", body = ErrorBody),
    ))]
pub async fn me(
    State(state): State<AppState>,
    session: CurrentSession,
) -> ApiResult<Json<MeResponse>> {
    let user = session.user;
    let knock_token =
        crate::feed::knock::issue(&state.knock_key, &state.db, user.id, Utc::now()).await?;
    Ok(Json(MeResponse {
        id: user.id.to_string(),
        enabled_features: user.features(),
        role: user.role,
        is_lender: user.is_lender,
        knock_token: Some(knock_token),
        privacy_version: user.privacy_version,
        terms_version: user.terms_version,
        user: MeUser {
            preferred_name: user.preferred_name,
            email: user.email,
            is_onboarded: user.is_onboarded,
        },
    }))
}

#[utoipa::path(post, path = "/auth/refresh", tag = "auth", request_body = EmptyBody,
    responses(
        (status = 204, description = "New session cookies are set; the old ones stop working"),
        (status = 401, description = "The session is over (logged out, idle, too old or revoked; or this refresh token was already used, which ends the session)", body = ErrorBody),
    ))]
pub async fn refresh(
    State(state): State<AppState>,
    jar: CookieJar,
    ApiJson(_): ApiJson<EmptyBody>,
) -> ApiResult<(CookieJar, StatusCode)> {
    let refresh =
        cookies::read(&state, &jar, REFRESH_COOKIE).ok_or_else(ApiError::unauthenticated)?;
    match state
        .db
        .refresh_session(&refresh, &state.session_policy, Utc::now())
        .await?
    {
        Refreshed::Rotated(tokens) => Ok((
            cookies::set_session(&state, jar, &tokens),
            StatusCode::NO_CONTENT,
        )),
        Refreshed::Reused {
            session_id,
            user_id,
        } => {
            tracing::warn!("a rotated refresh token was presented again; session ended");
            audit(
                &state,
                user_id,
                "session.revoked",
                "session",
                session_id.to_string(),
                json!({ "reason": "refresh_token_reused" }),
            )
            .await?;
            Err(ApiError::unauthenticated())
        }
        Refreshed::Refused => Err(ApiError::unauthenticated()),
    }
}

/// Tells the browser to drop everything the site kept: storage (unsaved application drafts,
/// preferences), cached responses and every cookie, an analytics id included, so nothing of
/// the account outlives the session. The cookie-consent choice goes with them: the banner asks
/// again after logging out (SECURITY.md, known limits).
const CLEAR_SITE_DATA: [(&str, &str); 1] =
    [("clear-site-data", "\"cache\", \"cookies\", \"storage\"")];

#[utoipa::path(post, path = "/auth/logout", tag = "auth", request_body = EmptyBody,
    responses((status = 204, description = "This session is ended on the server; its cookies and the site's browser data are cleared",
        headers(("Clear-Site-Data" = String, description = "\"cache\", \"cookies\", \"storage\"")))))]
pub async fn logout(
    State(state): State<AppState>,
    jar: CookieJar,
    ApiJson(_): ApiJson<EmptyBody>,
) -> ApiResult<(CookieJar, [(&'static str, &'static str); 1], StatusCode)> {
    let now = Utc::now();
    let refresh = cookies::read(&state, &jar, REFRESH_COOKIE);
    if let Some(refresh) = refresh
        && let Some((session_id, user_id)) = state
            .db
            .revoke_session_by_refresh_token(&refresh, now)
            .await?
    {
        audit(
            &state,
            user_id,
            "session.revoked",
            "session",
            session_id.to_string(),
            json!({ "reason": "logout" }),
        )
        .await?;
    }
    Ok((
        cookies::clear_session(&state, jar),
        CLEAR_SITE_DATA,
        StatusCode::NO_CONTENT,
    ))
}

#[utoipa::path(post, path = "/auth/logout-all", tag = "auth", request_body = EmptyBody,
    responses(
        (status = 204, description = "Every session of this user is ended; this browser's site data is cleared",
            headers(("Clear-Site-Data" = String, description = "\"cache\", \"cookies\", \"storage\""))),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
pub async fn logout_all(
    State(state): State<AppState>,
    session: CurrentSession,
    jar: CookieJar,
    ApiJson(_): ApiJson<EmptyBody>,
) -> ApiResult<(CookieJar, [(&'static str, &'static str); 1], StatusCode)> {
    let count = state
        .db
        .revoke_all_sessions(session.user.id, Utc::now())
        .await?;
    audit(
        &state,
        session.user.id,
        "session.revoked_all",
        "user",
        session.user.id.to_string(),
        json!({ "sessions": count }),
    )
    .await?;
    Ok((
        cookies::clear_session(&state, jar),
        CLEAR_SITE_DATA,
        StatusCode::NO_CONTENT,
    ))
}

#[utoipa::path(get, path = "/auth/sessions", tag = "auth",
    responses(
        (status = 200, description = "The user's live sessions, most recently used first", body = SessionsResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
    ))]
pub async fn list_sessions(
    State(state): State<AppState>,
    session: CurrentSession,
) -> ApiResult<Json<SessionsResponse>> {
    let sessions = state
        .db
        .active_sessions(session.user.id, &state.session_policy, Utc::now())
        .await?;
    Ok(Json(SessionsResponse {
        sessions: sessions
            .into_iter()
            .map(|s| SessionView {
                current: s.id == session.session_id,
                id: s.id.to_string(),
                created_at: s.created_at,
                last_used_at: s.last_used_at,
                user_agent: s.user_agent,
            })
            .collect(),
    }))
}

#[utoipa::path(delete, path = "/auth/sessions/{sessionId}", tag = "auth",
    params(("sessionId" = String, Path, description = "A session id from GET /auth/sessions")),
    responses(
        (status = 204, description = "The session is ended"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 404, description = "No such live session of this user", body = ErrorBody),
    ))]
pub async fn revoke_session(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(session_id): ApiPath<String>,
) -> ApiResult<StatusCode> {
    let session_id: SessionId = session_id.parse().map_err(|_| ApiError::not_found())?;
    if !state
        .db
        .revoke_session(session.user.id, session_id, Utc::now())
        .await?
    {
        return Err(ApiError::not_found());
    }
    audit(
        &state,
        session.user.id,
        "session.revoked",
        "session",
        session_id.to_string(),
        json!({ "reason": "revoked_from_settings" }),
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}
