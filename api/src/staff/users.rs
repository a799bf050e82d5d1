//! The administrators' accounts page (`/staff/users`): the same changes as `threshold user …`
//! at the command line, through the same store functions (each one transaction with its audit
//! event), with the administrator as the audit's actor. An administrator may not disable
//! themselves or give up their own administrator role, so a firm cannot lock itself out.

use axum::Json;
use axum::extract::{FromRequestParts, State};
use axum::http::StatusCode;
use axum::http::request::Parts;
use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use threshold_engine::Role;
use threshold_store::UserId;
use threshold_store::users::User;
use utoipa::ToSchema;

use super::Staff;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath};

/// An account as the administrators' page shows it (never a secret).
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffUserBody {
    pub id: String,
    pub email: String,
    pub name: String,
    pub role: Role,
    pub disabled: bool,
    pub created_at: DateTime<Utc>,
    /// Whether the account has a confirmed authenticator (staff only).
    pub second_factor_enrolled: bool,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StaffUserRoleRequest {
    pub role: Role,
}

/// A staff member with the administrator role whose session has proven the second factor;
/// a conveyancer gets 403. The firm's settings pages (accounts, broker firms) take it.
pub struct Admin(Staff);

impl FromRequestParts<AppState> for Admin {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let staff = Staff::from_request_parts(parts, state).await?;
        if staff.user().role != Role::Admin {
            return Err(ApiError::forbidden(
                "Only an administrator manages the firm's accounts.",
            ));
        }
        Ok(Admin(staff))
    }
}

impl Admin {
    pub(super) fn id(&self) -> UserId {
        self.0.user().id
    }
}

#[utoipa::path(get, path = "/staff/users", tag = "staff",
    responses(
        (status = 200, description = "Every account, staff first, then by e-mail address", body = Vec<StaffUserBody>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator, or the second factor is not proven", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn list(
    State(state): State<AppState>,
    _admin: Admin,
) -> ApiResult<Json<Vec<StaffUserBody>>> {
    let enrolled = state.db.users_with_second_factor().await?;
    let users = state.db.list_users().await?;
    Ok(Json(
        users
            .iter()
            .map(|u| body(u, enrolled.contains(&u.id)))
            .collect(),
    ))
}

#[utoipa::path(post, path = "/staff/users/{userId}/disable", tag = "staff",
    params(("userId" = String, Path, description = "The account's id")),
    responses(
        (status = 200, description = "Disabled (its sessions and sign-in links have ended), or already so; audited", body = StaffUserBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such account", body = ErrorBody),
        (status = 409, description = "An administrator cannot disable their own account (`own_account`)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn disable(
    State(state): State<AppState>,
    admin: Admin,
    ApiPath(user_id): ApiPath<String>,
) -> ApiResult<Json<StaffUserBody>> {
    let user = account(&state, &user_id).await?;
    if user.id == admin.id() {
        return Err(own_account("You cannot disable your own account."));
    }
    state
        .db
        .set_user_disabled(user.id, true, Some(admin.id()), Utc::now())
        .await?;
    after_change(&state, user.id).await
}

#[utoipa::path(post, path = "/staff/users/{userId}/enable", tag = "staff",
    params(("userId" = String, Path, description = "The account's id")),
    responses(
        (status = 200, description = "Enabled, or already so; audited", body = StaffUserBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such account", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn enable(
    State(state): State<AppState>,
    admin: Admin,
    ApiPath(user_id): ApiPath<String>,
) -> ApiResult<Json<StaffUserBody>> {
    let user = account(&state, &user_id).await?;
    state
        .db
        .set_user_disabled(user.id, false, Some(admin.id()), Utc::now())
        .await?;
    after_change(&state, user.id).await
}

#[utoipa::path(put, path = "/staff/users/{userId}/role", tag = "staff",
    request_body = StaffUserRoleRequest,
    params(("userId" = String, Path, description = "The account's id")),
    responses(
        (status = 200, description = "The account has the role; audited when it changed", body = StaffUserBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such account", body = ErrorBody),
        (status = 409, description = "An administrator cannot give up their own administrator role (`own_account`)", body = ErrorBody),
        (status = 422, description = "`role` is not a role", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn set_role(
    State(state): State<AppState>,
    admin: Admin,
    ApiPath(user_id): ApiPath<String>,
    ApiJson(request): ApiJson<StaffUserRoleRequest>,
) -> ApiResult<Json<StaffUserBody>> {
    let user = account(&state, &user_id).await?;
    let role = request.role;
    if user.id == admin.id() && role != Role::Admin {
        return Err(own_account(
            "You cannot give up your own administrator role; another administrator can.",
        ));
    }
    state
        .db
        .set_user_role(user.id, role, Some(admin.id()), Utc::now())
        .await?;
    after_change(&state, user.id).await
}

#[utoipa::path(post, path = "/staff/users/{userId}/reset-factor", tag = "staff",
    params(("userId" = String, Path, description = "The account's id")),
    responses(
        (status = 200, description = "The authenticator is forgotten and the account's sessions have ended (audited when there was one); they enrol a new one at their next sign-in", body = StaffUserBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not an administrator, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such account", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn reset_factor(
    State(state): State<AppState>,
    admin: Admin,
    ApiPath(user_id): ApiPath<String>,
) -> ApiResult<Json<StaffUserBody>> {
    let user = account(&state, &user_id).await?;
    state
        .db
        .reset_staff_factor(user.id, Some(admin.id()), Utc::now())
        .await?;
    after_change(&state, user.id).await
}

/// The account named by the path; an id that is not one is a 404.
async fn account(state: &AppState, raw: &str) -> ApiResult<User> {
    let id: UserId = raw.parse().map_err(|_| ApiError::not_found())?;
    state
        .db
        .user_by_id(id)
        .await?
        .ok_or_else(ApiError::not_found)
}

/// The account as it is after a change, for the page to show.
async fn after_change(state: &AppState, id: UserId) -> ApiResult<Json<StaffUserBody>> {
    let user = state
        .db
        .user_by_id(id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    let enrolled = state
        .db
        .staff_factor(id)
        .await?
        .is_some_and(|f| f.confirmed_at.is_some());
    Ok(Json(body(&user, enrolled)))
}

fn body(user: &User, second_factor_enrolled: bool) -> StaffUserBody {
    StaffUserBody {
        id: user.id.to_string(),
        email: user.email.clone(),
        name: user.preferred_name.clone(),
        role: user.role,
        disabled: user.disabled_at.is_some(),
        created_at: user.created_at,
        second_factor_enrolled,
    }
}

fn own_account(message: &str) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, "own_account", message)
}
