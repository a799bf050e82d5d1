//! Changing the e-mail address: a link to the new address confirms it.
//!
//! Asking needs a fresh proof of the current inbox: the session must have been signed in with
//! an e-mailed link in the last [`FRESH_SIGN_IN_MINUTES`] minutes (as the staff's step-up asks
//! for a code), else the answer is `403 reauthentication_required` and the settings page
//! offers a new sign-in link. So a copied session cookie alone cannot move the account.
//!
//! The request is recorded (and shown as pending) at once; a worker mails the link to the
//! new address and a notice to the current one. Opening the link only loads the browser
//! app's `/confirm-email` page, which posts the token here (as sign-in links are redeemed),
//! so a mail scanner opening it consumes nothing. Whether the new address has an account is
//! not told to the requester: only whoever opens the link, in that address's inbox, learns it.
//!
//! Confirming ends every other session of the user (the confirming browser's stays, if it is
//! theirs), and the old address gets a link that undoes the change for 7 days: the
//! `/undo-email-change` page posts its token, which puts the old address back and ends every
//! session.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum_extra::extract::CookieJar;
use chrono::{Duration, Utc};
use serde::{Deserialize, Serialize};
use threshold_store::email_changes::{ConfirmEmailChangeError, UndoEmailChangeError};
use threshold_store::{SessionId, UserId};
use threshold_workers::EmailChangeMail;
use threshold_workers::auth_email::new_request_id;
use utoipa::ToSchema;

use super::{PendingEmailChangeView, can_change_legal_details, own};
use crate::app::AppState;
use crate::auth::cookies::{self, ACCESS_COOKIE, REFRESH_COOKIE};
use crate::auth::email_address::EmailAddress;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};
use crate::rate_limit::{self, ClientIp};

/// Requests one account may make in an hour, whatever addresses they come from.
const REQUESTS_PER_HOUR: i64 = 5;

/// How recent the session's sign-in link must be to ask for a change.
pub const FRESH_SIGN_IN_MINUTES: i64 = 10;

/// POST /users/{userId}/email-change.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct EmailChangeRequest {
    /// The new address, lower-cased.
    #[schema(min_length = 5, max_length = 254, pattern = r"^\S+@\S+\.\S+$")]
    pub email: String,
}

/// The request as recorded: the link is on its way to the new address.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EmailChangeResponse {
    pub pending_email_change: PendingEmailChangeView,
}

/// POST /email-change/confirm.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct ConfirmEmailChangeRequest {
    /// The `token` query parameter of the `/confirm-email` link.
    #[schema(max_length = 128)]
    pub token: String,
}

/// The address the account uses from now on.
#[derive(Debug, Serialize, ToSchema)]
pub struct ConfirmEmailChangeResponse {
    pub email: String,
}

/// POST /email-change/undo.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct UndoEmailChangeRequest {
    /// The `token` query parameter of the `/undo-email-change` link.
    #[schema(max_length = 128)]
    pub token: String,
}

/// The address the account uses again; every session of it has ended.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UndoEmailChangeResponse {
    pub email: String,
    /// This browser was signed in to the account: its session ended too (its cookies are
    /// cleared).
    pub signed_out: bool,
}

#[utoipa::path(post, path = "/users/{userId}/email-change", tag = "users", request_body = EmailChangeRequest,
    params(("userId" = String, Path, description = "Must be the signed-in user's own id")),
    responses(
        (status = 202, description = "Recorded: a confirmation link is on its way to the new address, and a notice to the current one", body = EmailChangeResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another user's account, a broker (support changes their address) or a staff account; or `reauthentication_required`: this session was not signed in with a link in the last 10 minutes (sign in again with a link, then ask)", body = ErrorBody),
        (status = 422, description = "Not an e-mail address, or the current one", body = ErrorBody),
        (status = 429, description = "Too many requests from this address or for this account", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn request_email_change(
    State(state): State<AppState>,
    ip: ClientIp,
    session: CurrentSession,
    ApiPath(user_id): ApiPath<String>,
    ApiJson(body): ApiJson<EmailChangeRequest>,
) -> ApiResult<(StatusCode, Json<EmailChangeResponse>)> {
    own(&session, &user_id)?;
    if !can_change_legal_details(&session.user) {
        // A broker's address is how their firm and its clients reach them: support changes it.
        return Err(ApiError::forbidden(
            "Brokers can change only their preferred name and phone number.",
        ));
    }
    if Utc::now() - session.signed_in_at > Duration::minutes(FRESH_SIGN_IN_MINUTES) {
        // A copied cookie must not be enough to move the account: prove the inbox again.
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            "reauthentication_required",
            "For your security, sign in again with a link we e-mail you, then change your e-mail address within 10 minutes.",
        ));
    }
    rate_limit::check(&state.limits.email_change, &ip)?;
    let email = EmailAddress::parse(&body.email)
        .map_err(|problem| ApiError::bad_field("email", problem))?;
    if email.as_str() == session.user.email {
        return Err(ApiError::bad_field(
            "email",
            "This is already your e-mail address",
        ));
    }
    let now = Utc::now();
    let recent = state
        .db
        .email_changes_since(session.user.id, now - Duration::hours(1))
        .await?;
    if recent >= REQUESTS_PER_HOUR {
        return Err(ApiError::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "You have asked to change your e-mail address too many times. Please try again in an hour.",
        )
        .retry_after(std::time::Duration::from_secs(3600)));
    }
    let request_id = new_request_id();
    let pending = state
        .db
        .request_email_change(session.user.id, email.as_str(), &request_id, now)
        .await?;
    state
        .queue
        .push(EmailChangeMail { request_id })
        .await
        .map_err(ApiError::internal)?;
    Ok((
        StatusCode::ACCEPTED,
        Json(EmailChangeResponse {
            pending_email_change: PendingEmailChangeView {
                email: pending.new_email,
                requested_at: pending.created_at,
                expires_at: pending.expires_at,
            },
        }),
    ))
}

#[utoipa::path(post, path = "/email-change/confirm", tag = "users", request_body = ConfirmEmailChangeRequest,
    responses(
        (status = 200, description = "The account uses the new address from now on (sign in with it). Every other session of the account has ended (this browser's stays, if it is signed in to the account), and the old address is sent a link that undoes the change for 7 days", body = ConfirmEmailChangeResponse),
        (status = 409, description = "`email_taken`: another account uses that address now; the link still works if that changes", body = ErrorBody),
        (status = 410, description = "`email_change_link_invalid`: the link is unknown, used, replaced by a newer request or expired", body = ErrorBody),
        (status = 422, description = "The body is not `{\"token\": \"…\"}`", body = ErrorBody),
        (status = 429, description = "Too many attempts from this address", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn confirm_email_change(
    State(state): State<AppState>,
    ip: ClientIp,
    jar: CookieJar,
    ApiJson(body): ApiJson<ConfirmEmailChangeRequest>,
) -> ApiResult<Json<ConfirmEmailChangeResponse>> {
    rate_limit::check(&state.limits.redeem, &ip)?;
    let invalid = || {
        ApiError::new(
            StatusCode::GONE,
            "email_change_link_invalid",
            "This link has expired or has been used already. Ask for a new one from your settings.",
        )
    };
    // Longer than any token we issue: the body breaks the schema (a 422, as for any field).
    if body.token.len() > 128 {
        return Err(ApiError::bad_field("token", "is not a link token"));
    }
    let now = Utc::now();
    // The confirming browser keeps its session if it is the account's (the store ends only
    // the account's sessions, so another account's id here keeps nothing of this one).
    let keep = browser_session(&state, &jar, now).await?.map(|(id, _)| id);
    let confirmed = match state.db.confirm_email_change(&body.token, keep, now).await {
        Ok(confirmed) => confirmed,
        Err(ConfirmEmailChangeError::Invalid) => return Err(invalid()),
        Err(ConfirmEmailChangeError::Taken) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "email_taken",
                "Another Threshold account uses this e-mail address.",
            ));
        }
        Err(ConfirmEmailChangeError::Store(e)) => return Err(e.into()),
    };
    // The same job, now that the change is confirmed, mails the undo link to the old address.
    state
        .queue
        .push(EmailChangeMail {
            request_id: confirmed.request_id,
        })
        .await
        .map_err(ApiError::internal)?;
    Ok(Json(ConfirmEmailChangeResponse {
        email: confirmed.new_email,
    }))
}

#[utoipa::path(post, path = "/email-change/undo", tag = "users", request_body = UndoEmailChangeRequest,
    responses(
        (status = 200, description = "The account uses its old address again, and every session of it has ended (sign in again with the old address). If this browser was signed in to it, its session cookies are cleared", body = UndoEmailChangeResponse),
        (status = 409, description = "`email_taken`: another account uses the old address now; the link still works if that changes", body = ErrorBody),
        (status = 410, description = "`email_change_undo_link_invalid`: the link is unknown, used, closed by another undo, or older than 7 days", body = ErrorBody),
        (status = 422, description = "The body is not `{\"token\": \"…\"}`", body = ErrorBody),
        (status = 429, description = "Too many attempts from this address", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn undo_email_change(
    State(state): State<AppState>,
    ip: ClientIp,
    jar: CookieJar,
    ApiJson(body): ApiJson<UndoEmailChangeRequest>,
) -> ApiResult<(CookieJar, Json<UndoEmailChangeResponse>)> {
    rate_limit::check(&state.limits.redeem, &ip)?;
    if body.token.len() > 128 {
        return Err(ApiError::bad_field("token", "is not a link token"));
    }
    let now = Utc::now();
    let browser = browser_session(&state, &jar, now).await?;
    let undone = match state.db.undo_email_change(&body.token, now).await {
        Ok(undone) => undone,
        Err(UndoEmailChangeError::Invalid) => {
            return Err(ApiError::new(
                StatusCode::GONE,
                "email_change_undo_link_invalid",
                "This link has expired or has been used already. If someone else changed your e-mail address, write to support.",
            ));
        }
        Err(UndoEmailChangeError::Taken) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "email_taken",
                "Another Threshold account uses your old e-mail address now. Write to support.",
            ));
        }
        Err(UndoEmailChangeError::Store(e)) => return Err(e.into()),
    };
    let signed_out = browser.is_some_and(|(_, user)| user == undone.user_id);
    let jar = if signed_out {
        cookies::clear_session(&state, jar)
    } else {
        jar
    };
    Ok((
        jar,
        Json(UndoEmailChangeResponse {
            email: undone.email,
            signed_out,
        }),
    ))
}

/// The session this browser holds, live, and its user: by the access cookie, or by the
/// refresh cookie when the access token has run out (without rotating it).
async fn browser_session(
    state: &AppState,
    jar: &CookieJar,
    now: chrono::DateTime<Utc>,
) -> ApiResult<Option<(SessionId, UserId)>> {
    if let Some(access) = cookies::read(state, jar, ACCESS_COOKIE)
        && let Some(found) = state
            .db
            .authenticate(&access, &state.session_policy, now)
            .await?
    {
        return Ok(Some((found.session_id, found.user.id)));
    }
    if let Some(refresh) = cookies::read(state, jar, REFRESH_COOKIE) {
        return Ok(state
            .db
            .live_session_by_refresh_token(&refresh, &state.session_policy, now)
            .await?);
    }
    Ok(None)
}
