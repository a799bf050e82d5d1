//! The application's property and purchase calls (issues 12 and 13): property details and
//! ground rent, alterations, loans, a purchase's financing and land tax answers, and
//! submitting the application. Every write goes through the case service, which checks the
//! section's state first and writes, audits and re-syncs the required-document slots in one
//! transaction.

mod alterations;
mod land_tax;
mod loans;
mod property;
mod purchase;
pub(crate) mod source_of_funds;
mod submit;
pub mod types;

use threshold_cases::{Caller, OpenCase, PropertyChange, PropertyWrite};
use threshold_engine::{CaseStatus, CaseType};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::cases::access;
use crate::error::{ApiError, ApiResult};
use crate::extract::CurrentSession;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(property::property_details))
        .routes(routes!(property::ground_rent))
        .routes(routes!(alterations::alterations))
        .routes(routes!(alterations::delete_alteration))
        .routes(routes!(loans::loans))
        .routes(routes!(loans::delete_loan))
        .routes(routes!(purchase::purchase_and_financing))
        .routes(routes!(purchase::add_source_of_funds))
        .routes(routes!(purchase::delete_source_of_funds))
        .routes(routes!(purchase::add_isa))
        .routes(routes!(purchase::delete_isa))
        .routes(routes!(source_of_funds::describe_source_of_funds))
        .routes(routes!(land_tax::stamp_duty_land_tax))
        .routes(routes!(submit::submit_remortgaging))
        .routes(routes!(submit::submit_buying))
}

/// The caller and the case they name (404 when it is not theirs, 403 for staff).
async fn open(
    state: &AppState,
    session: &CurrentSession,
    case_type: CaseType,
    case_id: i64,
) -> ApiResult<(Caller, OpenCase)> {
    let caller = access::caller(session)?;
    let case = state.cases.open(&caller, case_type, case_id).await?;
    Ok((caller, case))
}

/// Writes a property change through the case service; the id of the row it added.
async fn write(
    state: &AppState,
    caller: &Caller,
    case: &OpenCase,
    write: PropertyWrite,
) -> ApiResult<(CaseStatus, Option<i64>)> {
    let change = PropertyChange {
        case_type: case.case_type,
        write,
    };
    Ok(state.cases.write_property(caller, case, change).await?)
}

/// The stored name of an enum value (`JOINT_TENANCY`: strum's, the one serde sends).
fn name<T: Into<&'static str>>(value: T) -> String {
    value.into().to_owned()
}

/// A case type these calls take; `allowed` lists the ones they take now.
pub(crate) fn case_type(t: CaseType, allowed: &[CaseType]) -> ApiResult<CaseType> {
    if allowed.contains(&t) {
        Ok(t)
    } else {
        let names: Vec<&str> = allowed.iter().map(|t| t.as_str()).collect();
        Err(ApiError::bad_field(
            "caseType",
            format!("must be {} for this call", names.join(" or ")),
        ))
    }
}

/// A 409 naming the rule that refuses the change.
fn conflict(code: &'static str, message: &str) -> ApiError {
    ApiError::new(axum::http::StatusCode::CONFLICT, code, message)
}
