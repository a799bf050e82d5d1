//! The Owners and Transfer of Equity sections of a remortgaging application (issue 12, calls
//! 10–17), and a purchase's Buyer Details (issue 13): co-owners or co-buyers and their
//! invitation, each one's case details, adult occupants, the transfer's reason and removed
//! owners. The same handlers serve both case types where the sections agree, with the type
//! from the path. Every write goes through the case service, which checks the section's state
//! (and a broker's stage) first.

mod co_owners;
mod company;
mod details;
pub(crate) mod donors;
mod occupants;
mod tenancy;
pub(crate) mod title_register;
mod transfer;
pub mod types;

use axum::http::StatusCode;
use threshold_cases::{Caller, CaseError, OpenCase, OwnersWrite, SectionChange};
use threshold_engine::{CaseType, SectionState};
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::cases::access;
use crate::error::{ApiError, ApiResult};
use crate::extract::CurrentSession;

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(co_owners::add_co_owner))
        .routes(routes!(company::save_company))
        .routes(routes!(co_owners::add_co_buyer))
        .routes(routes!(co_owners::remove_owner))
        .routes(routes!(co_owners::remove_buyer))
        .routes(routes!(details::save_applicant_details))
        .routes(routes!(details::save_buyer_details))
        .routes(routes!(details::delete_owner_legal_name))
        .routes(routes!(details::delete_buyer_legal_name))
        .routes(routes!(donors::add_donor))
        .routes(routes!(donors::change_gift))
        .routes(routes!(donors::remove_donor))
        .routes(routes!(donors::respond_as_donor))
        .routes(routes!(donors::donor_evidence))
        .routes(routes!(occupants::save_occupants))
        .routes(routes!(occupants::delete_occupant))
        .routes(routes!(tenancy::save_tenancy_split))
        .routes(routes!(transfer::save_transfer_of_equity))
        .routes(routes!(transfer::add_removed_owner))
        .routes(routes!(transfer::delete_removed_owner))
        .routes(routes!(title_register::explain_title_register_name))
}

/// The signed-in customer or broker and the case of this type they may see (404 otherwise).
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

/// A case id from the path (anything but a positive number: 404).
fn case_id(raw: &str) -> ApiResult<i64> {
    access::parse_case_id(raw)
}

/// Writes the change through the case service; the id of the row it created, if any.
async fn write(
    state: &AppState,
    caller: &Caller,
    case: &OpenCase,
    change: OwnersWrite,
) -> ApiResult<Option<i64>> {
    state
        .cases
        .write_section_created(caller, case, SectionChange::Owners(change))
        .await
        .map(|w| w.created)
        .map_err(section_error)
}

/// Refuses a write the section's state (or a broker's stage) does not allow before anything
/// else is done (an account created for a co-owner, say).
fn section_open(
    state: &AppState,
    caller: &Caller,
    case: &OpenCase,
    section: &str,
) -> ApiResult<()> {
    state
        .cases
        .check_writable(caller, case, section)
        .map_err(section_error)
}

/// The case service's refusal, with the section's state in words.
fn section_error(err: CaseError) -> ApiError {
    match err {
        CaseError::SectionClosed { state, .. } => closed(state),
        other => other.into(),
    }
}

fn closed(state: SectionState) -> ApiError {
    let message = match state {
        SectionState::Hidden => "This section does not apply to this case.",
        SectionState::IsDisabled => {
            "The application cannot be changed while the case is in its current status."
        }
        _ => "This section is locked: it cannot be changed now.",
    };
    ApiError::new(StatusCode::CONFLICT, "section_closed", message)
}

/// A rule of the call refuses it (409 with its own code).
fn rule_conflict(code: &'static str, message: &str) -> ApiError {
    ApiError::new(StatusCode::CONFLICT, code, message)
}

/// What the expanded remortgaging case shows of these sections, and the caller's feedback.
pub(crate) struct ExpandedExtras {
    pub transfer_of_equity: Option<types::TransferOfEquityBody>,
    pub occupants: Vec<types::PersonBody>,
    pub feedback_given: Vec<crate::feedback::FeedbackPoint>,
}

pub(crate) async fn expanded_extras(
    state: &AppState,
    loaded: &threshold_store::cases::LoadedCase,
    viewer: threshold_store::UserId,
) -> ApiResult<ExpandedExtras> {
    let case_id = loaded.row.id;
    let extras = state.db.owners_extras(case_id).await?;
    let reason = loaded.transfer_of_equity;
    let transfer_of_equity = (reason.is_some() || !extras.removed_owners.is_empty()).then(|| {
        types::TransferOfEquityBody {
            reason: reason.flatten(),
            removed_owners: extras.removed_owners.into_iter().map(Into::into).collect(),
        }
    });
    let feedback_given = crate::feedback::given(state, case_id, viewer).await?;
    Ok(ExpandedExtras {
        transfer_of_equity,
        occupants: extras.occupants.into_iter().map(Into::into).collect(),
        feedback_given,
    })
}
