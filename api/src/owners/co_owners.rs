//! Adding a co-owner or co-buyer (who is invited by e-mail and feed item, through the
//! workflow's `co_owner_added` announcement) and taking one off the case.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use serde_json::json;
use threshold_cases::OwnersWrite;
use threshold_engine::CaseType;
use threshold_store::UserId;
use threshold_store::audit::AuditEvent;
use threshold_store::users::{NewUser, User};

use super::types::{AddCoOwnerRequest, CreatedId, Problems};
use super::{case_id, open, rule_conflict, section_open, write};
use crate::app::AppState;
use crate::auth::email_address::EmailAddress;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

#[utoipa::path(post, path = "/remortgaging/applicant", tag = "owners", request_body = AddCoOwnerRequest,
    responses(
        (status = 201, description = "Added; they get an invitation e-mail and a `case-invitation` feed item, and answer with POST /remortgaging/{caseId}/invitation/respond", body = CreatedId),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "`section_closed`: the Owners section is locked, hidden or disabled, or a broker outside a broker stage; `already_on_case`: that e-mail is an owner already; `sole_owner`: Property Details says the property has one owner", body = ErrorBody),
        (status = 422, description = "`preferredName` or `email` not valid", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn add_co_owner(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<AddCoOwnerRequest>,
) -> ApiResult<(StatusCode, Json<CreatedId>)> {
    add_applicant(&state, &session, CaseType::Remortgaging, body).await
}

#[utoipa::path(post, path = "/buying/applicant", tag = "owners", request_body = AddCoOwnerRequest,
    responses(
        (status = 201, description = "Added; they get an invitation e-mail and a `case-invitation` feed item, and answer with POST /buying/{caseId}/invitation/respond", body = CreatedId),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "`section_closed`: Buyer Details is locked, hidden or disabled, or a broker outside a broker stage; `already_on_case`: that e-mail is a buyer already", body = ErrorBody),
        (status = 422, description = "`preferredName` or `email` not valid", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn add_co_buyer(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<AddCoOwnerRequest>,
) -> ApiResult<(StatusCode, Json<CreatedId>)> {
    add_applicant(&state, &session, CaseType::Buying, body).await
}

async fn add_applicant(
    state: &AppState,
    session: &CurrentSession,
    case_type: CaseType,
    body: AddCoOwnerRequest,
) -> ApiResult<(StatusCode, Json<CreatedId>)> {
    let mut problems = Problems::default();
    let name = problems.text("preferredName", &body.preferred_name, 2, 100);
    let email = match EmailAddress::parse(&body.email) {
        Ok(email) => Some(email),
        Err(problem) => {
            problems.add("email", problem);
            None
        }
    };
    problems.done()?;
    let email = email.ok_or_else(|| ApiError::bad_field("email", "is required"))?;
    let (caller, case) = open(state, session, case_type, body.case_id).await?;
    section_open(
        state,
        &caller,
        &case,
        state.workflows.parties_section(case_type),
    )?;
    // A sole owner has no co-owner to add (issue 26, item 7): the page offers none either.
    if case.loaded.row.property.land_ownership.as_deref() == Some("SOLE_OWNER") {
        return Err(rule_conflict(
            "sole_owner",
            "Property Details says the property has one owner: change that first to add another owner.",
        ));
    }
    if case
        .loaded
        .applicants()
        .any(|p| p.email.eq_ignore_ascii_case(email.as_str()))
    {
        return Err(already_on_case());
    }
    let user = find_or_create_user(state, &session.user, &email, &name).await?;
    let id = write(
        state,
        &caller,
        &case,
        OwnersWrite::AddCoOwner {
            user_id: user.id,
            invited_name: name,
        },
    )
    .await?
    .ok_or_else(|| ApiError::internal("no applicant id"))?;
    Ok((StatusCode::CREATED, Json(CreatedId { id })))
}

pub(super) fn already_on_case() -> ApiError {
    rule_conflict("already_on_case", "This person is already on the case.")
}

/// The co-owner's account, or a new one (not onboarded: they give their details when they
/// first sign in). Any existing account is used the same way, whatever it is, so the answer
/// never tells whether the address has an account.
pub(super) async fn find_or_create_user(
    state: &AppState,
    by: &User,
    email: &EmailAddress,
    name: &str,
) -> ApiResult<User> {
    if let Some(existing) = state.db.user_by_email(email.as_str()).await? {
        return Ok(existing);
    }
    let now = Utc::now();
    let created = state
        .db
        .create_user(&NewUser::invited(email.as_str(), name, vec![]), now)
        .await?;
    state
        .db
        .record_audit(
            &AuditEvent {
                actor: Some(by.id),
                action: "user.created_for_case",
                subject_type: "user",
                subject_id: created.id.to_string(),
                detail: json!({ "role": threshold_engine::Role::User }),
            },
            now,
        )
        .await?;
    Ok(created)
}

#[utoipa::path(delete, path = "/remortgaging/{caseId}/applicants/{userId}", tag = "owners",
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("userId" = String, Path, description = "The owner's user id"),
    ),
    responses(
        (status = 204, description = "Removed (with their invitation)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case or owner, or not yours", body = ErrorBody),
        (status = 409, description = "`lead_owner`: the lead owner stays; `section_closed`: the Owners section is locked, hidden or disabled, or a broker outside a broker stage", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn remove_owner(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((raw_case, raw_user)): ApiPath<(String, String)>,
) -> ApiResult<StatusCode> {
    remove_applicant(
        &state,
        &session,
        CaseType::Remortgaging,
        &raw_case,
        &raw_user,
    )
    .await
}

#[utoipa::path(delete, path = "/buying/{caseId}/applicants/{userId}", tag = "owners",
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("userId" = String, Path, description = "The buyer's user id"),
    ),
    responses(
        (status = 204, description = "Removed (with their invitation)"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case or buyer, or not yours", body = ErrorBody),
        (status = 409, description = "`lead_owner`: the lead buyer stays; `section_closed`: Buyer Details is locked, hidden or disabled, or a broker outside a broker stage", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn remove_buyer(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((raw_case, raw_user)): ApiPath<(String, String)>,
) -> ApiResult<StatusCode> {
    remove_applicant(&state, &session, CaseType::Buying, &raw_case, &raw_user).await
}

async fn remove_applicant(
    state: &AppState,
    session: &CurrentSession,
    case_type: CaseType,
    raw_case: &str,
    raw_user: &str,
) -> ApiResult<StatusCode> {
    let case_id = case_id(raw_case)?;
    let (caller, case) = open(state, session, case_type, case_id).await?;
    let user_id: UserId = raw_user.parse().map_err(|_| ApiError::not_found())?;
    let owner = case
        .loaded
        .applicants()
        .find(|p| p.user_id == user_id)
        .ok_or_else(ApiError::not_found)?;
    if owner.is_lead {
        return Err(rule_conflict(
            "lead_owner",
            "The lead customer cannot be removed from the case.",
        ));
    }
    write(state, &caller, &case, OwnersWrite::RemoveOwner { user_id }).await?;
    Ok(StatusCode::NO_CONTENT)
}
