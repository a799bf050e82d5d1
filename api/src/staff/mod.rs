//! The back office under `/staff`: conveyancers and administrators, signed in by e-mail link
//! and a second factor (TOTP), work the firm's queue and move cases through their workflow.
//!
//! Two extractors guard it. [`StaffSignedIn`] is a staff account that may only set up or
//! prove its second factor; [`Staff`] has proven it on this session, and is the only way a
//! handler gets a back-office caller (whose case scope is every case). Customers and brokers
//! get 403, anonymous callers 401.

mod broker_firms;
mod case;
mod conversation;
mod documents;
mod enquiries;
mod factor;
mod ledger;
mod ledger_view;
pub(crate) mod own_draft;
mod progress;
mod queue;
mod removal;
mod screening;
mod sealed;
mod source_of_funds;
mod statement;
mod tasks;
mod title_register;
mod users;
mod work_start;

use axum::extract::FromRequestParts;
use axum::http::StatusCode;
use axum::http::request::Parts;
use threshold_cases::{Caller, OpenCase};
use threshold_store::users::User;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::app::AppState;
use crate::error::ApiError;
use crate::extract::CurrentSession;

pub use factor::current_code;
pub use queue::queue_query;
pub use sealed::{
    SecretBox, check_key, new_key_text, rotate_key, seal_stored_secrets, webhook_owner,
};

/// The longest reason the firm may give for a step, a deletion or a sent-back identity (it is
/// kept in the audit trail, and a sent-back identity's is shown to the customer).
const MAX_REASON_CHARS: usize = 2000;

/// A reason given with a staff action, trimmed; `None` when absent or blank. A 422 on `reason`
/// when it is too long.
fn reason_given(reason: Option<&str>) -> Result<Option<String>, ApiError> {
    let reason = reason.map(str::trim).filter(|r| !r.is_empty());
    if reason.is_some_and(|r| r.chars().count() > MAX_REASON_CHARS) {
        return Err(ApiError::bad_field(
            "reason",
            "must be at most 2000 characters",
        ));
    }
    Ok(reason.map(str::to_owned))
}

/// A reason the action cannot go without: `missing` is what the 422 on `reason` asks for.
fn reason_required(reason: Option<&str>, missing: &str) -> Result<String, ApiError> {
    reason_given(reason)?.ok_or_else(|| ApiError::bad_field("reason", missing))
}

pub fn router() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(factor::status))
        .routes(routes!(factor::begin_enrolment))
        .routes(routes!(factor::confirm_enrolment))
        .routes(routes!(factor::verify_second_factor))
        .routes(routes!(queue::cases))
        .routes(routes!(queue::members))
        .routes(routes!(queue::assign))
        .routes(routes!(case::view))
        .routes(routes!(case::transition))
        .routes(routes!(case::audit_csv))
        .routes(routes!(progress::decide_identity))
        .routes(routes!(progress::mortgage_offer))
        .routes(routes!(progress::htb_redemption_letter))
        .routes(routes!(progress::record_search))
        .routes(routes!(progress::draft))
        .routes(routes!(progress::issue))
        .routes(routes!(tasks::complete_task))
        .routes(routes!(screening::screen_clients))
        .routes(routes!(enquiries::raise))
        .routes(routes!(enquiries::answer))
        .routes(routes!(enquiries::withdraw))
        .routes(routes!(conversation::staff_conversation))
        .routes(routes!(conversation::staff_post_message))
        .routes(routes!(conversation::staff_mark_read))
        .routes(routes!(conversation::staff_conversation_events))
        .routes(routes!(title_register::record_title_register_name))
        .routes(routes!(title_register::remove_title_register_name))
        .routes(routes!(source_of_funds::review_source_of_funds))
        .routes(routes!(removal::remove_document))
        .routes(routes!(users::list))
        .routes(routes!(users::disable))
        .routes(routes!(users::enable))
        .routes(routes!(users::set_role))
        .routes(routes!(users::reset_factor))
        .routes(routes!(broker_firms::list_broker_firms))
        .routes(routes!(broker_firms::set_referral_fee))
        .routes(routes!(ledger::client_ledger, ledger::record_ledger_entry))
        .routes(routes!(ledger::record_redemption_statement))
        .routes(routes!(work_start::staff_work_start_requests))
}

/// A signed-in conveyancer or administrator, second factor or not.
pub struct StaffSignedIn(pub CurrentSession);

impl FromRequestParts<AppState> for StaffSignedIn {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let session = CurrentSession::from_request_parts(parts, state).await?;
        if !session.user.role.is_staff() {
            return Err(ApiError::forbidden(
                "This is the back office, for Threshold's conveyancing staff.",
            ));
        }
        Ok(StaffSignedIn(session))
    }
}

/// A staff member whose session has proven the second factor.
pub struct Staff {
    pub session: CurrentSession,
}

impl Staff {
    pub fn user(&self) -> &User {
        &self.session.user
    }

    /// A case named by the back office's path (`remortgaging`/`buying` and its id); any
    /// other type or id is a 404.
    pub async fn open_case(
        &self,
        state: &AppState,
        case_type: &str,
        case_id: &str,
    ) -> Result<OpenCase, ApiError> {
        let case_type = crate::cases::access::path_case_type(case_type)?;
        let case_id = crate::cases::access::parse_case_id(case_id)?;
        Ok(state.cases.open(&self.caller(), case_type, case_id).await?)
    }

    /// The case service's caller: the staff role sees every case.
    pub fn caller(&self) -> Caller {
        caller_for(&self.session.user)
    }
}

/// The case service's caller for a staff member (their role sees every case).
pub fn caller_for(user: &User) -> Caller {
    Caller::User {
        id: user.id,
        role: user.role,
        is_lender: false,
        firm_id: None,
    }
}

impl FromRequestParts<AppState> for Staff {
    type Rejection = ApiError;

    async fn from_request_parts(
        parts: &mut Parts,
        state: &AppState,
    ) -> Result<Self, Self::Rejection> {
        let StaffSignedIn(session) = StaffSignedIn::from_request_parts(parts, state).await?;
        if session.second_factor_at.is_none() {
            return Err(second_factor_required());
        }
        Ok(Staff { session })
    }
}

/// A step that destroys or closes something (cancelling a case, deleting a document) asks
/// for a fresh code from the authenticator app as well as the session's second factor.
pub fn step_up_required() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "step_up_required",
        "Enter a current code from your authenticator app to confirm this step.",
    )
}

/// A staff session that has not proven its second factor may do nothing else.
pub fn second_factor_required() -> ApiError {
    ApiError::new(
        StatusCode::FORBIDDEN,
        "second_factor_required",
        "Enter the code from your authenticator app to continue.",
    )
}
