//! Who is asking: the app roles only, their case scope, and the engine's `Actor` for a case.

use threshold_cases::Caller;
use threshold_engine::{Actor, CaseType};
use threshold_store::cases::{Relationship, Scope};
use threshold_store::users::User;

use crate::app::AppState;
use crate::error::{ApiError, ApiResult};
use crate::extract::CurrentSession;

/// Conveyancers and administrators use the back office, not these calls (403).
pub fn require_app_role(user: &User) -> ApiResult<()> {
    if !user.role.is_staff() {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "This part of Threshold is for customers and brokers.",
        ))
    }
}

pub fn is_broker(user: &User) -> bool {
    user.role.is_broker()
}

/// A case id from the path: anything but a positive number is an unknown case (GUARD-01).
pub fn parse_case_id(raw: &str) -> ApiResult<i64> {
    raw.parse::<i64>()
        .ok()
        .filter(|id| *id > 0)
        .ok_or_else(ApiError::not_found)
}

/// `remortgaging` or `buying`, as addresses write a case type; anything else is an unknown
/// case.
pub fn path_case_type(raw: &str) -> ApiResult<CaseType> {
    match raw {
        "remortgaging" => Ok(CaseType::Remortgaging),
        "buying" => Ok(CaseType::Buying),
        _ => Err(ApiError::not_found()),
    }
}

/// The cases the signed-in user may see.
pub async fn scope(state: &AppState, session: &CurrentSession) -> ApiResult<Scope> {
    let user = &session.user;
    require_app_role(user)?;
    Ok(state
        .db
        .case_scope(user.id, user.role, session.firm_id)
        .await?)
}

/// The case service's caller for a signed-in customer or broker (403 for other roles).
pub fn caller(session: &CurrentSession) -> ApiResult<Caller> {
    let user = &session.user;
    require_app_role(user)?;
    Ok(Caller::User {
        id: user.id,
        role: user.role,
        is_lender: user.is_lender,
        firm_id: session.firm_id,
    })
}

/// The engine's actor for this user on one case. The engine's numeric user id is only used in
/// its own audit record; ours (a UUID) goes in the audit trail, so it stays None here.
pub fn actor(user: &User, relationship: Relationship) -> Actor {
    Actor {
        user_id: None,
        role: Some(user.role),
        is_lender: user.is_lender,
        is_party: relationship.is_party,
        is_case_admin: relationship.is_case_admin,
        donor_id: None,
    }
}

/// A case type as sent in a body (`REMORTGAGING`, `BUYING`).
pub fn parse_case_type(field: &str, raw: &str) -> ApiResult<CaseType> {
    CaseType::parse(raw).ok_or_else(|| ApiError::bad_field(field, "must be REMORTGAGING or BUYING"))
}
