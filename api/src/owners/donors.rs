//! A purchase's gift donors (issue 13, INVITE-03/06/12): the buyers add, change and remove a
//! donor for a GIFTS source of funds in Purchase & Financing; the donor is invited by e-mail
//! and a `case-donor-invitation` feed item, confirms or declines the gift, and sees only their
//! own gift (GET /donor-evidence), never the buyers' case, and uploads the statements that
//! evidence it (POST /document, GIFT_STATEMENT only). A remortgage has no donors.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use threshold_cases::{Caller, OpenCase, OwnersWrite};
use threshold_engine::CaseType;
use threshold_engine::types::FeedKind;
use threshold_store::UserId;
use threshold_store::cases::DonorGiftRow;
use threshold_store::documents::DocumentRecord;

use super::co_owners::{already_on_case, find_or_create_user};
use super::types::{
    AddDonorRequest, CreatedId, DonorEvidence, DonorGiftBody, GiftAnswered, GiftRequest,
    GiftStatus, Problems,
};
use super::{case_id, open, rule_conflict, section_open, write};
use crate::app::AppState;
use crate::auth::email_address::EmailAddress;
use crate::cases::access;
use crate::cases::types::InvitationAnswer;
use crate::documents::DocumentBody;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

const SECTION: &str = "purchase-and-financing";

/// The one kind of document a donor uploads: statements showing the gift's funds. It fills
/// the buyers' own GIFT_STATEMENT slot.
pub(crate) const DONOR_EVIDENCE: &str = "GIFT_STATEMENT";

/// A purchase opened for one of its gift donors, with their gift. The case is opened for the
/// system: a donor is no party to it and the handlers show them their own gift only.
pub(crate) struct DonorOf {
    pub case: OpenCase,
    pub gift: DonorGiftRow,
}

/// The purchase `case_id` if this user is a gift donor of it (never for a remortgage).
pub(crate) async fn donor_of(
    state: &AppState,
    user_id: UserId,
    case_type: CaseType,
    case_id: i64,
) -> ApiResult<Option<DonorOf>> {
    if case_type != CaseType::Buying {
        return Ok(None);
    }
    let Some(gift) = state
        .db
        .gifts_of_user(user_id)
        .await?
        .into_iter()
        .find(|g| g.case_id == case_id)
    else {
        return Ok(None);
    };
    let case = state
        .cases
        .open(&Caller::System, CaseType::Buying, case_id)
        .await?;
    Ok(Some(DonorOf { case, gift }))
}

#[utoipa::path(post, path = "/buying/{caseId}/donor", tag = "owners", request_body = AddDonorRequest,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 201, description = "Added (the donor id); the donor gets an e-mail and a `case-donor-invitation` feed item and answers with POST /buying/{caseId}/donor/invitation/respond", body = CreatedId),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "`no_gift_source`: no GIFTS source of funds; `already_on_case`: that person is a buyer or donor already; `section_closed`", body = ErrorBody),
        (status = 422, description = "`preferredName`, `email` or `giftAmount` not valid", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn add_donor(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(raw_case): ApiPath<String>,
    ApiJson(body): ApiJson<AddDonorRequest>,
) -> ApiResult<(StatusCode, Json<CreatedId>)> {
    let case_id = case_id(&raw_case)?;
    let mut problems = Problems::default();
    let name = problems.text("preferredName", &body.preferred_name, 2, 100);
    let email = match EmailAddress::parse(&body.email) {
        Ok(email) => Some(email),
        Err(problem) => {
            problems.add("email", problem);
            None
        }
    };
    gift_amount(&mut problems, body.gift_amount);
    problems.done()?;
    let email = email.ok_or_else(|| ApiError::bad_field("email", "is required"))?;
    let (caller, case) = open(&state, &session, CaseType::Buying, case_id).await?;
    section_open(&state, &caller, &case, SECTION)?;
    if !case.loaded.has_source_of_funds("GIFTS") {
        return Err(rule_conflict(
            "no_gift_source",
            "Add a gift as a source of funds first.",
        ));
    }
    if case
        .loaded
        .parties
        .iter()
        .any(|p| p.email.eq_ignore_ascii_case(email.as_str()))
    {
        return Err(already_on_case());
    }
    let user = find_or_create_user(&state, &session.user, &email, &name).await?;
    let change = OwnersWrite::AddDonor {
        user_id: user.id,
        invited_name: name,
        gift_amount: body.gift_amount,
    };
    let id = write(&state, &caller, &case, change)
        .await?
        .ok_or_else(|| ApiError::internal("no donor id"))?;
    Ok((StatusCode::CREATED, Json(CreatedId { id })))
}

#[utoipa::path(post, path = "/buying/{caseId}/donor/{donorId}", tag = "owners", request_body = GiftRequest,
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("donorId" = i64, Path, description = "A donor of the case"),
    ),
    responses(
        (status = 204, description = "Changed; a donor who had answered is asked again"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case or donor, or not yours", body = ErrorBody),
        (status = 409, description = "`section_closed`", body = ErrorBody),
        (status = 422, description = "`giftAmount` not valid", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn change_gift(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((raw_case, donor_id)): ApiPath<(String, i64)>,
    ApiJson(body): ApiJson<GiftRequest>,
) -> ApiResult<StatusCode> {
    let case_id = case_id(&raw_case)?;
    let mut problems = Problems::default();
    gift_amount(&mut problems, body.gift_amount);
    problems.done()?;
    let (caller, case) = open(&state, &session, CaseType::Buying, case_id).await?;
    let change = OwnersWrite::ChangeGift {
        donor_id,
        gift_amount: body.gift_amount,
    };
    write(&state, &caller, &case, change).await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(delete, path = "/buying/{caseId}/donor/{donorId}", tag = "owners",
    params(
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("donorId" = i64, Path, description = "A donor of the case"),
    ),
    responses(
        (status = 204, description = "Removed, with their gift and invitation"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case or donor, or not yours", body = ErrorBody),
        (status = 409, description = "`section_closed`", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn remove_donor(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((raw_case, donor_id)): ApiPath<(String, i64)>,
) -> ApiResult<StatusCode> {
    let case_id = case_id(&raw_case)?;
    let (caller, case) = open(&state, &session, CaseType::Buying, case_id).await?;
    write(
        &state,
        &caller,
        &case,
        OwnersWrite::RemoveDonor { donor_id },
    )
    .await?;
    Ok(StatusCode::NO_CONTENT)
}

#[utoipa::path(post, path = "/buying/{caseId}/donor/invitation/respond", tag = "owners",
    request_body = InvitationAnswer,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "Recorded (again: the latest answer counts); the buyers and their broker are told", body = GiftAnswered),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case, or you are not its donor", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn respond_as_donor(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(raw_case): ApiPath<String>,
    ApiJson(body): ApiJson<InvitationAnswer>,
) -> ApiResult<Json<GiftAnswered>> {
    let case_id = case_id(&raw_case)?;
    access::caller(&session)?;
    let now = Utc::now();
    let donor_id = state
        .db
        .record_donor_answer(case_id, session.user.id, body.accepted, now)
        .await?
        .ok_or_else(ApiError::not_found)?;
    // A donor is not a party to the case: the system tells the buyers on their behalf.
    let case = state
        .cases
        .open(&Caller::System, CaseType::Buying, case_id)
        .await?;
    let name = if body.accepted {
        "gift_accepted"
    } else {
        "gift_declined"
    };
    state
        .cases
        .announce(&Caller::System, &case, name, None)
        .await?;
    state
        .db
        .archive_case_feed_items(
            session.user.id,
            case_id,
            &[FeedKind::CaseDonorInvitation.as_str()],
            now,
        )
        .await?;
    Ok(Json(GiftAnswered {
        donor_id,
        status: if body.accepted {
            GiftStatus::Accepted
        } else {
            GiftStatus::Declined
        },
    }))
}

#[utoipa::path(get, path = "/donor-evidence/{caseType}/{caseId}", tag = "owners",
    params(
        ("caseType" = String, Path, description = "buying (a remortgage has no donors)"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "A donor's own gift, or every gift of the case for its buyers and broker", body = DonorEvidence),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Staff roles", body = ErrorBody),
        (status = 404, description = "Unknown case, a remortgage, or not yours", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn donor_evidence(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath((raw_type, raw_case)): ApiPath<(String, String)>,
) -> ApiResult<Json<DonorEvidence>> {
    let caller = access::caller(&session)?;
    // INVITE-12: the remortgaging donor path does not exist.
    if !raw_type.eq_ignore_ascii_case("buying") {
        return Err(ApiError::not_found());
    }
    let case_id = case_id(&raw_case)?;
    // The buyers and their broker see every gift; a donor only their own.
    let gifts = match state.cases.open(&caller, CaseType::Buying, case_id).await {
        Ok(case) => gifts(&state, &case).await?,
        Err(threshold_cases::CaseError::NotFound) => {
            let DonorOf { case, gift } =
                donor_of(&state, session.user.id, CaseType::Buying, case_id)
                    .await?
                    .ok_or_else(ApiError::not_found)?;
            let evidence = state.db.documents_of_cases(&[case_id]).await?;
            vec![gift_body(&case, gift, &evidence)]
        }
        Err(other) => return Err(other.into()),
    };
    Ok(Json(DonorEvidence { gifts }))
}

/// Every gift of the case (for its buyers and broker, e.g. the expanded case). The expanded
/// case calls it on every read: a case without donors costs no query, and the case's document
/// records are read only when a gift statement is among its uploads.
pub(crate) async fn gifts(state: &AppState, case: &OpenCase) -> ApiResult<Vec<DonorGiftBody>> {
    let loaded = &case.loaded;
    if loaded.donors.is_empty() {
        return Ok(vec![]);
    }
    let case_id = loaded.row.id;
    let has_evidence = loaded
        .documents
        .iter()
        .any(|d| d.document_type == DONOR_EVIDENCE);
    let evidence = if has_evidence {
        state.db.documents_of_cases(&[case_id]).await?
    } else {
        vec![]
    };
    Ok(state
        .db
        .donor_gifts(case_id)
        .await?
        .into_iter()
        .map(|g| gift_body(case, g, &evidence))
        .collect())
}

/// A gift as its donor and the buyers see it: `documents` (the case's) narrowed to the
/// evidence this donor uploaded.
fn gift_body(case: &OpenCase, g: DonorGiftRow, documents: &[DocumentRecord]) -> DonorGiftBody {
    let lead = case.loaded.applicants().find(|p| p.is_lead);
    DonorGiftBody {
        status: GiftStatus::of(&g),
        documents: documents
            .iter()
            .filter(|d| {
                d.uploaded_by_user_id == Some(g.user_id) && d.document_type == DONOR_EVIDENCE
            })
            .map(DocumentBody::from_record)
            .collect(),
        donor_id: g.id,
        donor_name: g.invited_name,
        donor_email: g.email,
        gift_amount: g.gift_amount,
        invited_at: g.invited_at,
        answered_at: g.responded_at,
        buyer_name: lead.map(|p| p.preferred_name.clone()).unwrap_or_default(),
        property_address_line1: case.loaded.row.property.address_line1.clone(),
    }
}

/// A gift is more than nothing.
fn gift_amount(problems: &mut Problems, pence: i64) {
    if pence <= 0 {
        problems.add("giftAmount", "Enter the amount of the gift");
    }
}
