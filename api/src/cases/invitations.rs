//! The broker's quote reaches the customer: send and resend the invitation, the invitee's
//! answer, and accepting the quote. Moves and announcements are the workflow's
//! (`send_to_customer`, `accept_invitation`, `decline_invitation` and their effects), made
//! through the case service; every call is safe to repeat.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use threshold_cases::{Caller, CaseError, CaseService, SectionChange};
use threshold_engine::types::FeedKind;
use threshold_engine::{Action, CaseStatus, CaseType};
use threshold_store::{Db, UserId};

use super::access;
use super::types::{CaseMoved, CaseRef, InvitationAnswer};
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

/// The workflow step that sends the quote and invitation to the lead customer (the bulk demo
/// records the invitation it would have sent).
pub(crate) const SEND: &str = "send_to_customer";
const ACCEPT: &str = "accept_invitation";
const DECLINE: &str = "decline_invitation";

#[utoipa::path(post, path = "/quote/send", tag = "cases", request_body = CaseRef,
    responses(
        (status = 200, description = "Sent: the case waits for the lead customer (BROKER_APPLICATION_INVITE)", body = CaseMoved),
        (status = 403, description = "Not a broker of the case", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "Not ready to send (the workflow's reason), or sent already", body = ErrorBody),
        (status = 422, description = "Unknown caseType", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn send_quote(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<CaseRef>,
) -> ApiResult<Json<CaseMoved>> {
    let caller = access::caller(&session)?;
    let case_type = body.case_type;
    let status = Invitations::of(&state)
        .send(&caller, case_type, body.case_id)
        .await?;
    Ok(Json(CaseMoved {
        case_id: body.case_id,
        case_type,
        status,
    }))
}

#[utoipa::path(post, path = "/quote/resend/{applicantId}", tag = "cases", request_body = CaseRef,
    params(("applicantId" = i64, Path, description = "An applicant of the case")),
    responses(
        (status = 204, description = "The invitation e-mail and feed item go to that applicant again"),
        (status = 403, description = "Not a broker of the case", body = ErrorBody),
        (status = 404, description = "Unknown case or applicant, or not yours", body = ErrorBody),
        (status = 409, description = "The case is not waiting for an answer", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn resend_quote(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(applicant_id): ApiPath<i64>,
    ApiJson(body): ApiJson<CaseRef>,
) -> ApiResult<StatusCode> {
    let caller = access::caller(&session)?;
    let case_type = body.case_type;
    state
        .cases
        .resend(&caller, case_type, body.case_id, SEND, applicant_id)
        .await?;
    state
        .db
        .record_invitation_sent(body.case_id, applicant_id, Utc::now())
        .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/remortgaging/{caseId}/invitation/respond", tag = "cases",
    request_body = InvitationAnswer,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "Answered (again: the same answer)", body = CaseMoved),
        (status = 403, description = "Not an invitee of the case", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "No invitation is waiting for an answer", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn respond_remortgaging(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
    ApiJson(body): ApiJson<InvitationAnswer>,
) -> ApiResult<Json<CaseMoved>> {
    respond(
        &state,
        &session,
        CaseType::Remortgaging,
        &case_id,
        body.accepted,
    )
    .await
}

#[utoipa::path(post, path = "/buying/{caseId}/invitation/respond", tag = "cases",
    request_body = InvitationAnswer,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "Answered (again: the same answer)", body = CaseMoved),
        (status = 403, description = "Not an invitee of the case", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "No invitation is waiting for an answer", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn respond_buying(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
    ApiJson(body): ApiJson<InvitationAnswer>,
) -> ApiResult<Json<CaseMoved>> {
    respond(&state, &session, CaseType::Buying, &case_id, body.accepted).await
}

/// Records the invitee's answer (see [`Invitations::answer`]).
async fn respond(
    state: &AppState,
    session: &CurrentSession,
    case_type: CaseType,
    raw_id: &str,
    accepted: bool,
) -> ApiResult<Json<CaseMoved>> {
    let case_id = access::parse_case_id(raw_id)?;
    let caller = access::caller(session)?;
    let status = Invitations::of(state)
        .answer(&caller, session.user.id, case_type, case_id, accepted)
        .await?;
    Ok(Json(CaseMoved {
        case_id,
        case_type,
        status,
    }))
}

#[utoipa::path(post, path = "/quote/{quoteId}/accept", tag = "cases", request_body = CaseRef,
    params(("quoteId" = i64, Path, description = "The case's latest quote")),
    responses(
        (status = 200, description = "Accepted (again: still accepted); an invitation waiting for it is accepted too", body = CaseMoved),
        (status = 403, description = "Not a customer of the case", body = ErrorBody),
        (status = 404, description = "Unknown case or quote, a superseded quote, or not yours", body = ErrorBody),
        (status = 409, description = "The quote cannot be accepted now", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn accept_quote(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(quote_id): ApiPath<i64>,
    ApiJson(body): ApiJson<CaseRef>,
) -> ApiResult<Json<CaseMoved>> {
    let caller = access::caller(&session)?;
    let case_type = body.case_type;
    let case_id = body.case_id;
    let status = Invitations::of(&state)
        .accept_quote(&caller, session.user.id, case_type, case_id, quote_id)
        .await?;
    Ok(Json(CaseMoved {
        case_id,
        case_type,
        status,
    }))
}

/// The invitation's steps, one piece of code for a person's click (the handlers above) and
/// for `make run`'s demo, so a demo case is always in a state a person can go on from.
pub(crate) struct Invitations<'a> {
    pub cases: &'a CaseService,
    pub db: &'a Db,
}

impl<'a> Invitations<'a> {
    pub fn of(state: &'a AppState) -> Self {
        Self {
            cases: &state.cases,
            db: &state.db,
        }
    }

    /// A broker's 'Send to customer': the workflow's step, and the lead customer's
    /// invitation that their answer is recorded against.
    pub async fn send(
        &self,
        caller: &Caller,
        case_type: CaseType,
        case_id: i64,
    ) -> ApiResult<CaseStatus> {
        let status = self
            .cases
            .transition(caller, case_type, case_id, SEND, None)
            .await?;
        let case = self.cases.open(caller, case_type, case_id).await?;
        if let Some(lead) = case.loaded.applicants().find(|p| p.is_lead) {
            self.db
                .record_invitation_sent(case_id, lead.id, Utc::now())
                .await?;
        }
        Ok(status)
    }

    /// Records the invitee's answer and takes the workflow's step for it. Accepting a quote
    /// (not a lender's invitation) moves the case only once the quote itself is accepted
    /// ([`Invitations::accept_quote`]), which the web app sends next.
    pub async fn answer(
        &self,
        caller: &Caller,
        user: UserId,
        case_type: CaseType,
        case_id: i64,
        accepted: bool,
    ) -> ApiResult<CaseStatus> {
        let case = self.cases.open(caller, case_type, case_id).await?;
        self.cases.authorise(&case, Action::AnswerInvitation)?;
        let now = Utc::now();
        if !self
            .db
            .record_invitation_response(case_id, user, accepted, now)
            .await?
        {
            return Err(no_invitation());
        }
        if accepted {
            self.db.record_consent(case_id, user, now).await?;
        }
        let step = if accepted { ACCEPT } else { DECLINE };
        let status = self.take(caller, case_type, case_id, step, None).await?;
        if !accepted {
            self.archive_answered(user, case_id).await?;
        }
        Ok(status)
    }

    /// Accepts the case's latest quote; an invitation waiting for it is accepted too.
    pub async fn accept_quote(
        &self,
        caller: &Caller,
        user: UserId,
        case_type: CaseType,
        case_id: i64,
        quote_id: i64,
    ) -> ApiResult<CaseStatus> {
        let case = self.cases.open(caller, case_type, case_id).await?;
        let status = self
            .cases
            .write_section(caller, &case, SectionChange::AcceptQuote { quote_id })
            .await?;
        // Accepting the quote answers the invitation that came with it.
        let now = Utc::now();
        self.db
            .record_invitation_response(case_id, user, true, now)
            .await?;
        self.db.record_consent(case_id, user, now).await?;
        let status = self
            .take(caller, case_type, case_id, ACCEPT, Some(status))
            .await?;
        self.archive_answered(user, case_id).await?;
        Ok(status)
    }

    /// Takes a workflow step if it applies now. Already taken, or (for accepting) still
    /// waiting for the quote, is not an error: the answer is recorded and the case stays
    /// where it is. `unmoved`: the status a quote acceptance left the case in, which need
    /// not be an invitation's at all (a customer's own case).
    async fn take(
        &self,
        caller: &Caller,
        case_type: CaseType,
        case_id: i64,
        step: &str,
        unmoved: Option<CaseStatus>,
    ) -> ApiResult<CaseStatus> {
        let target = self
            .cases
            .workflows()
            .transitions(case_type)
            .into_iter()
            .find(|t| t.name == step)
            .map(|t| t.to);
        match self
            .cases
            .transition(caller, case_type, case_id, step, None)
            .await
        {
            Ok(status) => Ok(status),
            Err(CaseError::GuardFailed { .. }) if step == ACCEPT => Ok(self
                .cases
                .open(caller, case_type, case_id)
                .await?
                .snapshot
                .status()),
            Err(CaseError::WrongStatus { .. }) | Err(CaseError::Conflict) => {
                let now = self.cases.open(caller, case_type, case_id).await?;
                let status = now.snapshot.status();
                // Answered before (a double click, a second tab): the same answer, the same
                // place.
                if Some(status.as_str()) == target || unmoved == Some(status) {
                    Ok(status)
                } else {
                    Err(no_invitation())
                }
            }
            Err(other) => Err(other.into()),
        }
    }

    async fn archive_answered(&self, user: UserId, case_id: i64) -> ApiResult<()> {
        let kinds = FeedKind::ANSWERED_BY_INVITATION.map(FeedKind::as_str);
        self.db
            .archive_case_feed_items(user, case_id, &kinds, Utc::now())
            .await?;
        Ok(())
    }
}

fn no_invitation() -> ApiError {
    ApiError::new(
        StatusCode::CONFLICT,
        "no_invitation",
        "There is no invitation waiting for your answer on this case.",
    )
}
