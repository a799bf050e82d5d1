//! Asking for a sign-in or sign-up link, and opening one.
//!
//! Both requests answer 204 whether or not the address has an account, after the same
//! work (one job enqueued): the worker decides which e-mail to send. So nobody can learn
//! from these calls which addresses are registered.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode, header};
use axum_extra::extract::CookieJar;
use chrono::Utc;
use serde::Deserialize;
use serde_json::json;
use threshold_store::audit::AuditEvent;
use threshold_store::magic_links::PendingSignup;
use threshold_store::users::NewUser;
use threshold_workers::AuthEmail;
use threshold_workers::auth_email::new_request_id;
use utoipa::ToSchema;

use super::cookies;
use super::email_address::EmailAddress;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::ApiJson;
use crate::rate_limit::{self, ClientIp};

/// POST /auth: log in by e-mail.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct LoginRequest {
    /// The e-mail address, lower-cased.
    #[schema(min_length = 5, max_length = 254, pattern = r"^\S+@\S+\.\S+$")]
    pub username: String,
    /// Where to go after the link is opened: a path on this site.
    pub redirect_to: Option<String>,
}

/// POST /auth/signup.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct SignupRequest {
    #[schema(min_length = 2, max_length = 100)]
    pub preferred_name: String,
    #[schema(min_length = 5, max_length = 254, pattern = r"^\S+@\S+\.\S+$")]
    pub email: String,
    /// The current version (GET /policies/current); an older one is refused.
    #[schema(minimum = 1)]
    pub terms_and_conditions_version: i32,
    #[schema(minimum = 1)]
    pub privacy_policy_version: i32,
    pub redirect_to: Option<String>,
}

/// Only same-site paths, so a link can never send someone elsewhere.
fn parse_redirect(raw: Option<String>) -> Result<Option<String>, ApiError> {
    match raw.filter(|r| !r.is_empty()) {
        None => Ok(None),
        Some(r)
            if r.starts_with('/')
                && !r.starts_with("//")
                && !r.contains('\\')
                && r.len() <= 2048 =>
        {
            Ok(Some(r))
        }
        Some(_) => Err(ApiError::bad_field(
            "redirectTo",
            "must be a path on this site, starting with /",
        )),
    }
}

fn parse_email(field: &str, raw: &str) -> Result<EmailAddress, ApiError> {
    EmailAddress::parse(raw).map_err(|problem| ApiError::bad_field(field, problem))
}

#[utoipa::path(post, path = "/auth", tag = "auth", request_body = LoginRequest,
    responses(
        (status = 204, description = "A link is on its way if the address has an account (the same answer either way)"),
        (status = 422, description = "Invalid e-mail address", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody),
    ))]
pub async fn login(
    State(state): State<AppState>,
    ip: ClientIp,
    ApiJson(body): ApiJson<LoginRequest>,
) -> ApiResult<StatusCode> {
    rate_limit::check(&state.limits.login, &ip)?;
    let email = parse_email("username", &body.username)?;
    let redirect_to = parse_redirect(body.redirect_to)?;
    state
        .queue
        .push(AuthEmail::SignIn {
            email: email.as_str().to_owned(),
            redirect_to,
            request_id: new_request_id(),
        })
        .await
        .map_err(ApiError::internal)?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/auth/signup", tag = "auth", request_body = SignupRequest,
    responses(
        (status = 204, description = "A sign-up link (or, for an existing account, a sign-in link) is on its way"),
        (status = 422, description = "Invalid name, e-mail or policy versions", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody),
    ))]
pub async fn signup(
    State(state): State<AppState>,
    ip: ClientIp,
    ApiJson(body): ApiJson<SignupRequest>,
) -> ApiResult<StatusCode> {
    rate_limit::check(&state.limits.signup, &ip)?;
    let mut problems = std::collections::BTreeMap::new();
    let name = body.preferred_name.trim().to_owned();
    if name.is_empty() {
        problems.insert(
            "preferredName".to_owned(),
            "Your name is required".to_owned(),
        );
    } else if name.chars().count() < 2 {
        problems.insert(
            "preferredName".to_owned(),
            "Your name must be at least 2 characters".to_owned(),
        );
    } else if name.chars().count() > 100 {
        problems.insert(
            "preferredName".to_owned(),
            "Your name must be at most 100 characters".to_owned(),
        );
    }
    let email = EmailAddress::parse(&body.email)
        .map_err(|p| problems.insert("email".to_owned(), p.to_owned()))
        .ok();
    if body.privacy_policy_version != state.config.privacy_policy_version {
        problems.insert(
            "privacyPolicyVersion".to_owned(),
            "is not the current privacy policy".to_owned(),
        );
    }
    if body.terms_and_conditions_version != state.config.terms_version {
        problems.insert(
            "termsAndConditionsVersion".to_owned(),
            "is not the current terms and conditions".to_owned(),
        );
    }
    let redirect_to = parse_redirect(body.redirect_to)?;
    let Some(email) = email.filter(|_| problems.is_empty()) else {
        return Err(ApiError::invalid_fields(problems));
    };
    let signup = PendingSignup {
        email: email.as_str().to_owned(),
        preferred_name: name,
        privacy_version: body.privacy_policy_version,
        terms_version: body.terms_and_conditions_version,
    };
    state
        .queue
        .push(AuthEmail::SignUp {
            signup,
            redirect_to,
            request_id: new_request_id(),
        })
        .await
        .map_err(ApiError::internal)?;
    Ok(StatusCode::NO_CONTENT)
}

/// The body of POST /auth/magic-link and POST /auth/magic-link/renew: an e-mailed link's token.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MagicLinkToken {
    /// The `token` query parameter of the `/login/auth` link.
    pub token: String,
}

/// Opening the e-mailed link only loads the browser app's `/login/auth` page, which sends the
/// token here. A GET of any URL consumes nothing, so mail scanners and link previews cannot
/// burn a link, and the redemption is a write under the same-origin rule.
#[utoipa::path(post, path = "/auth/magic-link", tag = "auth", request_body = MagicLinkToken,
    responses(
        (status = 204, description = "Signed in: a new session's cookies are set"),
        (status = 401, description = "Authentication failed: the link is unknown, used, replaced or expired", body = ErrorBody),
        (status = 422, description = "The body is not `{\"token\": \"…\"}`", body = ErrorBody),
        (status = 429, description = "Too many attempts from this address", body = ErrorBody),
    ))]
pub async fn redeem_magic_link(
    State(state): State<AppState>,
    ip: ClientIp,
    headers: HeaderMap,
    jar: CookieJar,
    ApiJson(body): ApiJson<MagicLinkToken>,
) -> ApiResult<(CookieJar, StatusCode)> {
    let token = body.token;
    rate_limit::check(&state.limits.redeem, &ip)?;
    let now = Utc::now();
    let failed = || {
        ApiError::new(
            StatusCode::UNAUTHORIZED,
            "authentication_failed",
            "Authentication failed",
        )
    };
    if token.len() > 128 {
        return Err(failed());
    }
    let link = state
        .db
        .redeem_magic_link(&token, now)
        .await?
        .ok_or_else(failed)?;
    let user = match (link.user_id, link.signup) {
        (Some(user_id), _) => state.db.user_by_id(user_id).await?.ok_or_else(failed)?,
        (None, Some(signup)) => match state.db.user_by_email(&signup.email).await? {
            Some(existing) => existing,
            None => {
                let created = state
                    .db
                    .create_user(
                        &NewUser {
                            email: signup.email.clone(),
                            preferred_name: signup.preferred_name.clone(),
                            role: threshold_engine::Role::User,
                            is_lender: false,
                            enabled_features: vec![],
                            privacy_version: Some(signup.privacy_version),
                            terms_version: Some(signup.terms_version),
                            is_onboarded: false,
                        },
                        now,
                    )
                    .await?;
                audit(
                    &state,
                    created.id,
                    "user.signed_up",
                    "user",
                    created.id.to_string(),
                    json!({}),
                )
                .await?;
                created
            }
        },
        (None, None) => return Err(failed()),
    };
    if user.disabled_at.is_some() {
        return Err(failed());
    }
    // A fresh session for every sign-in; any session this browser had is ended.
    if let Some(old) = cookies::read(&state, &jar, cookies::REFRESH_COOKIE) {
        state.db.revoke_session_by_refresh_token(&old, now).await?;
    }
    let user_agent = headers
        .get(header::USER_AGENT)
        .and_then(|v| v.to_str().ok())
        .map(|ua| ua.chars().take(300).collect::<String>());
    let tokens = state
        .db
        .create_session(user.id, user_agent.as_deref(), &state.session_policy, now)
        .await?;
    audit(
        &state,
        user.id,
        "session.created",
        "session",
        tokens.session_id.to_string(),
        json!({ "method": "magic_link" }),
    )
    .await?;
    Ok((
        cookies::set_session(&state, jar, &tokens),
        StatusCode::NO_CONTENT,
    ))
}

/// A stale link (used, replaced or expired: an invitation opened too late) is traded for a
/// fresh sign-in e-mail to the link's owner, leading to the same page. Only the owner's inbox
/// receives it, and the answer is the same whether or not the token is known, so the call
/// tells nobody anything.
#[utoipa::path(post, path = "/auth/magic-link/renew", tag = "auth", request_body = MagicLinkToken,
    responses(
        (status = 204, description = "A new sign-in link is on its way to the link's owner, if the token was theirs (the same answer either way)"),
        (status = 422, description = "The body is not `{\"token\": \"…\"}`", body = ErrorBody),
        (status = 429, description = "Too many requests from this address", body = ErrorBody),
    ))]
pub async fn renew_magic_link(
    State(state): State<AppState>,
    ip: ClientIp,
    ApiJson(body): ApiJson<MagicLinkToken>,
) -> ApiResult<StatusCode> {
    rate_limit::check(&state.limits.login, &ip)?;
    if body.token.len() > 128 {
        return Ok(StatusCode::NO_CONTENT);
    }
    let Some(owner) = state.db.magic_link_owner(&body.token).await? else {
        return Ok(StatusCode::NO_CONTENT);
    };
    // A sign-up link has no account behind it: nobody to send a sign-in link to.
    let Some(user_id) = owner.user_id else {
        return Ok(StatusCode::NO_CONTENT);
    };
    if let Some(user) = state.db.user_by_id(user_id).await? {
        state
            .queue
            .push(AuthEmail::SignIn {
                email: user.email,
                redirect_to: owner.redirect_to,
                request_id: new_request_id(),
            })
            .await
            .map_err(ApiError::internal)?;
    }
    Ok(StatusCode::NO_CONTENT)
}

pub async fn audit(
    state: &AppState,
    actor: threshold_store::UserId,
    action: &str,
    subject_type: &str,
    subject_id: String,
    detail: serde_json::Value,
) -> Result<(), ApiError> {
    state
        .db
        .record_audit(
            &AuditEvent {
                actor: Some(actor),
                action,
                subject_type,
                subject_id,
                detail,
            },
            Utc::now(),
        )
        .await?;
    Ok(())
}
