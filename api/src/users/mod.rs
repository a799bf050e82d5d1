//! The user's own details (spec §7 `/users/{userId}`, `/user-legal-name/{legalNameId}`): read
//! them, give them all at onboarding, correct any of them later from the settings page, and
//! change the e-mail address through a link sent to the new one. A user reaches only their own.
//!
//! Who may change what: customers every detail, except the date of birth once an application
//! of theirs is submitted ([`lock`]); brokers, once onboarded, only their preferred name and
//! phone number (their legal name and date of birth are no case's business, and their e-mail
//! address is how their firm and its clients reach them: support changes it): anything else
//! is a 403, not a 422, since the values may be valid but the caller may not set them. The
//! conveyancing staff use the back office: these calls refuse them (403).

mod email_change;
mod lock;
mod validate;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use threshold_store::users::{DeleteLegalNameError, DetailsChange, LegalName, User};
use utoipa::ToSchema;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::cases::access::{is_broker, require_app_role};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

/// POST /users/{userId}. At onboarding every field is required; afterwards any subset
/// changes just those details. A legal name is one detail: send its parts together.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AboutYouRequest {
    #[schema(max_length = 100)]
    pub preferred_name: Option<String>,
    /// Legal first name (with `surname`, and `middleNames` if any).
    #[schema(max_length = 100)]
    pub first_name: Option<String>,
    /// Left out, null or empty: no middle names.
    #[schema(max_length = 200)]
    pub middle_names: Option<String>,
    #[schema(max_length = 100)]
    pub surname: Option<String>,
    /// A UK phone number, e.g. 07700 900123 or +44 7700 900123.
    pub phone_number: Option<String>,
    /// yyyy-mm-dd; the user must be 18 or over. Refused (409) once an application of theirs
    /// is submitted.
    pub date_of_birth: Option<String>,
}

/// One legal name. The current one has no `until`.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct LegalNameView {
    pub id: i64,
    pub first_name: String,
    pub middle_names: Option<String>,
    pub surname: String,
    /// When it stopped being the user's name; null for the current one.
    pub until: Option<DateTime<Utc>>,
}

/// An e-mail change waiting for its link to be opened.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PendingEmailChangeView {
    /// The new address the link was sent to.
    pub email: String,
    pub requested_at: DateTime<Utc>,
    pub expires_at: DateTime<Utc>,
}

/// The user's own details, as the settings page shows them.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserResponse {
    pub id: String,
    pub preferred_name: String,
    pub email: String,
    pub is_onboarded: bool,
    pub phone_number: Option<String>,
    pub date_of_birth: Option<NaiveDate>,
    /// Newest first: the current name (no `until`), then previous ones.
    pub legal_names: Vec<LegalNameView>,
    /// An application of theirs is submitted: the date of birth can no longer change.
    pub date_of_birth_locked: bool,
    /// False for brokers: only their preferred name and phone number are theirs to change
    /// (not their legal name, date of birth or e-mail address).
    pub can_change_legal_details: bool,
    pub pending_email_change: Option<PendingEmailChangeView>,
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(get_user, save_user))
        .routes(routes!(delete_legal_name))
        .routes(routes!(email_change::request_email_change))
        .routes(routes!(email_change::confirm_email_change))
        .routes(routes!(email_change::undo_email_change))
}

/// The caller, if `user_id` is their own id and they use the customer and broker app.
fn own(session: &CurrentSession, user_id: &str) -> ApiResult<()> {
    if user_id != session.user.id.to_string() {
        return Err(ApiError::forbidden(
            "You can only see and change your own details.",
        ));
    }
    require_app_role(&session.user)
}

/// May this user change their legal name and date of birth? Brokers only at onboarding.
fn can_change_legal_details(user: &User) -> bool {
    !user.is_onboarded || !is_broker(user)
}

async fn details(state: &AppState, user: User) -> ApiResult<UserResponse> {
    let mut names = state.db.legal_names(user.id).await?;
    names.reverse();
    let pending = state.db.pending_email_change(user.id, Utc::now()).await?;
    Ok(UserResponse {
        id: user.id.to_string(),
        date_of_birth_locked: lock::date_of_birth_locked(state, user.id).await?,
        can_change_legal_details: can_change_legal_details(&user),
        legal_names: names.into_iter().map(legal_name_view).collect(),
        pending_email_change: pending.map(|p| PendingEmailChangeView {
            email: p.new_email,
            requested_at: p.created_at,
            expires_at: p.expires_at,
        }),
        preferred_name: user.preferred_name,
        email: user.email,
        is_onboarded: user.is_onboarded,
        phone_number: user.phone_number,
        date_of_birth: user.date_of_birth,
    })
}

fn legal_name_view(n: LegalName) -> LegalNameView {
    LegalNameView {
        id: n.id,
        first_name: n.first_name,
        middle_names: n.middle_names,
        surname: n.surname,
        until: n.until,
    }
}

#[utoipa::path(get, path = "/users/{userId}", tag = "users",
    params(("userId" = String, Path, description = "Must be the signed-in user's own id")),
    responses(
        (status = 200, description = "The user's own details", body = UserResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another user's details, or a staff account", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn get_user(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(user_id): ApiPath<String>,
) -> ApiResult<Json<UserResponse>> {
    own(&session, &user_id)?;
    Ok(Json(details(&state, session.user).await?))
}

#[utoipa::path(post, path = "/users/{userId}", tag = "users", request_body = AboutYouRequest,
    params(("userId" = String, Path, description = "Must be the signed-in user's own id")),
    responses(
        (status = 200, description = "Saved (at onboarding the user is onboarded); the details as they are now", body = UserResponse),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Another user's details, a staff account, or a broker changing more than their name and phone number", body = ErrorBody),
        (status = 409, description = "`date_of_birth_locked`: an application is submitted, the date of birth can no longer change", body = ErrorBody),
        (status = 422, description = "Invalid details, by field", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn save_user(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(user_id): ApiPath<String>,
    ApiJson(body): ApiJson<AboutYouRequest>,
) -> ApiResult<Json<UserResponse>> {
    own(&session, &user_id)?;
    let user = session.user;
    let onboarding = !user.is_onboarded;
    if !can_change_legal_details(&user)
        && (body.first_name.is_some()
            || body.middle_names.is_some()
            || body.surname.is_some()
            || body.date_of_birth.is_some())
    {
        return Err(ApiError::forbidden(
            "Brokers can change only their preferred name and phone number.",
        ));
    }
    let now = Utc::now();
    let given =
        validate::validate(body, now.date_naive(), onboarding).map_err(ApiError::invalid_fields)?;
    // Only what differs from the stored details is written and audited.
    let current_name = state
        .db
        .legal_names(user.id)
        .await?
        .into_iter()
        .find(|n| n.until.is_none());
    let mut change = DetailsChange {
        onboard: onboarding,
        audit_action: if onboarding {
            "user.about_you_saved"
        } else {
            "user.details_changed"
        },
        ..DetailsChange::default()
    };
    if let Some(v) = given.preferred_name.filter(|v| *v != user.preferred_name) {
        change.preferred_name = Some(v);
        change.audit_fields.push("preferredName");
    }
    if let Some(n) = given.legal_name.filter(|n| {
        current_name.as_ref().is_none_or(|c| {
            (&c.first_name, &c.middle_names, &c.surname)
                != (&n.first_name, &n.middle_names, &n.surname)
        })
    }) {
        change.legal_name = Some(n);
        change.audit_fields.push("legalName");
    }
    if let Some(v) = given
        .phone_number
        .filter(|v| Some(v) != user.phone_number.as_ref())
    {
        change.phone_number = Some(v);
        change.audit_fields.push("phoneNumber");
    }
    if let Some(v) = given
        .date_of_birth
        .filter(|v| Some(*v) != user.date_of_birth)
    {
        // Giving it the first time is not a change; changing it once submitted is refused.
        if user.date_of_birth.is_some() && lock::date_of_birth_locked(&state, user.id).await? {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "date_of_birth_locked",
                "Your date of birth cannot be changed once an application is submitted. \
                 Please contact us if it is wrong.",
            ));
        }
        change.date_of_birth = Some(v);
        change.audit_fields.push("dateOfBirth");
    }
    let user = if onboarding || !change.audit_fields.is_empty() {
        state.db.save_details(user.id, &change, now).await?
    } else {
        user
    };
    Ok(Json(details(&state, user).await?))
}

#[utoipa::path(delete, path = "/user-legal-name/{legalNameId}", tag = "users",
    params(("legalNameId" = i64, Path, description = "One of the caller's previous legal names")),
    responses(
        (status = 204, description = "Deleted"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "A broker or staff account: legal names are not theirs to change", body = ErrorBody),
        (status = 404, description = "No such legal name of the caller", body = ErrorBody),
        (status = 409, description = "`current_legal_name`: the current name is replaced, never deleted", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn delete_legal_name(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(legal_name_id): ApiPath<i64>,
) -> ApiResult<StatusCode> {
    require_app_role(&session.user)?;
    if !can_change_legal_details(&session.user) {
        return Err(ApiError::forbidden(
            "Brokers can change only their preferred name and phone number.",
        ));
    }
    match state
        .db
        .delete_previous_legal_name(session.user.id, legal_name_id, Utc::now())
        .await
    {
        Ok(()) => Ok(StatusCode::NO_CONTENT),
        Err(DeleteLegalNameError::NotFound) => Err(ApiError::not_found()),
        Err(DeleteLegalNameError::Current) => Err(ApiError::new(
            StatusCode::CONFLICT,
            "current_legal_name",
            "Your current legal name cannot be deleted. Give your new name instead.",
        )),
        Err(DeleteLegalNameError::Store(e)) => Err(e.into()),
    }
}
