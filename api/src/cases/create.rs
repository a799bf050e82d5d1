//! POST /{type}/case (create) and POST /{type}/case/{caseId} (update key facts).

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde_json::json;
use threshold_cases::{CaseError, CaseStart, SectionChange};
use threshold_engine::types::IneligibilityReason;
use threshold_engine::{CaseStatus, CaseType, Role};
use threshold_store::audit::AuditEvent;
use threshold_store::users::{NewUser, User};

use super::access;
use super::facts::{self, KeyFactsRequest, QuoteFor};
use super::quote::quote_body;
use super::requote;
use super::types::{BuyingCaseRequest, CaseCreated, ClientDetails, RemortgagingCaseRequest};
use crate::app::AppState;
use crate::auth::email_address::EmailAddress;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

#[utoipa::path(post, path = "/remortgaging/case", tag = "cases", request_body = RemortgagingCaseRequest,
    responses(
        (status = 201, description = "Created (INELIGIBLE with the reason when the key facts rule it out)", body = CaseCreated),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 422, description = "Invalid key facts, by field", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn create_remortgaging(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<RemortgagingCaseRequest>,
) -> ApiResult<(StatusCode, Json<CaseCreated>)> {
    create(&state, &session, body).await
}

#[utoipa::path(post, path = "/buying/case", tag = "cases", request_body = BuyingCaseRequest,
    responses(
        (status = 201, description = "Created (INELIGIBLE with the reason when the key facts rule it out)", body = CaseCreated),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 422, description = "Invalid key facts, by field", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn create_buying(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<BuyingCaseRequest>,
) -> ApiResult<(StatusCode, Json<CaseCreated>)> {
    create(&state, &session, body).await
}

#[utoipa::path(post, path = "/remortgaging/case/{caseId}", tag = "cases", request_body = RemortgagingCaseRequest,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "Key facts replaced and re-quoted", body = CaseCreated),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "The application is past the point of changing key facts", body = ErrorBody),
        (status = 422, description = "Invalid key facts, by field", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn update_remortgaging(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
    ApiJson(body): ApiJson<RemortgagingCaseRequest>,
) -> ApiResult<Json<CaseCreated>> {
    update(&state, &session, &case_id, body).await
}

#[utoipa::path(post, path = "/buying/case/{caseId}", tag = "cases", request_body = BuyingCaseRequest,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "Key facts replaced and re-quoted", body = CaseCreated),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "The application is past the point of changing key facts", body = ErrorBody),
        (status = 422, description = "Invalid key facts, by field", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn update_buying(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(case_id): ApiPath<String>,
    ApiJson(body): ApiJson<BuyingCaseRequest>,
) -> ApiResult<Json<CaseCreated>> {
    update(&state, &session, &case_id, body).await
}

fn no_client(client: Option<&ClientDetails>) -> ApiResult<()> {
    match client {
        Some(_) => Err(ApiError::bad_field("client", "is not an accepted field")),
        None => Ok(()),
    }
}

async fn create<R: KeyFactsRequest>(
    state: &AppState,
    session: &CurrentSession,
    body: R,
) -> ApiResult<(StatusCode, Json<CaseCreated>)> {
    let caller = access::caller(session)?;
    let mut facts = facts::key_facts(&body)?;
    let case_type = R::CASE_TYPE;
    let user = &session.user;
    let now = Utc::now();
    if !access::is_broker(user) {
        // Buying is a feature customers have or do not (spec §6, FLAG-01): the workflow
        // file's `customer_feature`.
        if let Some(feature) = state.workflows.customer_feature(case_type)
            && !user.has_feature(feature)
        {
            return Err(ApiError::forbidden(format!(
                "{} is not enabled for your account.",
                state.workflows.words(case_type).gerund_capitalised()
            )));
        }
        // The broker reference is the broker's to set.
        facts.broker_reference = None;
    }
    // A broker's client is known to the broker only by what the broker typed, until they
    // accept the invitation: the name search finds them by that name alone.
    let (lead, lead_names, lead_invited_name) = if access::is_broker(user) {
        let client = body
            .client()
            .ok_or_else(|| ApiError::bad_field("client", "is required"))?;
        let lead = find_or_create_client(state, user, client, case_type, now).await?;
        let typed = client.preferred_name.trim().to_owned();
        (lead, vec![typed.clone()], Some(typed))
    } else {
        no_client(body.client())?;
        (user.clone(), party_names(state, user).await?, None)
    };
    let reason = state
        .workflows
        .ineligibility(case_type, &facts.eligibility(), false);
    // A broker's firm introduced the client; a customer came alone (no firm of theirs).
    let introducer = state.db.introduction_by(user.id).await?;
    let quote = facts::quote(
        &state.workflows,
        case_type,
        &facts,
        &QuoteFor::new_case(now.date_naive(), introducer.as_ref()),
    )?;
    let start = CaseStart {
        case_type,
        facts,
        ineligibility_reason: reason,
        quote,
        lead: lead.id,
        lead_names,
        lead_invited_name,
    };
    let (case_id, status) = state.cases.create(&caller, start).await?;
    Ok((
        StatusCode::CREATED,
        Json(created(state, case_type, case_id, status, reason).await?),
    ))
}

/// The answer to a create or key-facts update: the status the engine moved the case to, why
/// it is ineligible if it is, and the quote now in force.
async fn created(
    state: &AppState,
    case_type: CaseType,
    case_id: i64,
    status: CaseStatus,
    reason: Option<IneligibilityReason>,
) -> ApiResult<CaseCreated> {
    let quote = state.db.latest_quote(case_id).await?;
    Ok(CaseCreated {
        case_id,
        case_type,
        status,
        ineligibility_reason: reason,
        ineligibility_message: reason
            .map(|r| facts::ineligibility_message(state.workflows.words(case_type), r)),
        quote: quote.map(|q| quote_body(&q, case_type)),
    })
}

/// The lead customer a broker names: their account, or a new one (not onboarded: they give
/// their details when they first sign in).
async fn find_or_create_client(
    state: &AppState,
    broker: &User,
    client: &ClientDetails,
    case_type: CaseType,
    now: DateTime<Utc>,
) -> ApiResult<User> {
    let email = EmailAddress::parse(&client.email)
        .map_err(|problem| ApiError::bad_field("client.email", problem))?;
    let name = client.preferred_name.trim();
    if name.chars().count() < 2 {
        return Err(ApiError::bad_field(
            "client.preferredName",
            "must be at least 2 characters",
        ));
    }
    // An existing customer's account is named the same way as a new address, so the answer
    // never tells whether a customer has an account; what the broker may see of them waits
    // for consent. A client is a customer: a broker's or the firm's account never is (it
    // would see the case as a party).
    if let Some(existing) = state.db.user_by_email(email.as_str()).await? {
        if existing.role != Role::User {
            return Err(ApiError::bad_field(
                "client.email",
                "must be your client's own address: this one is a broker's or a conveyancer's",
            ));
        }
        return Ok(existing);
    }
    let features = state
        .workflows
        .customer_feature(case_type)
        .map(str::to_owned)
        .into_iter()
        .collect();
    let created = state
        .db
        .create_user(&NewUser::invited(email.as_str(), name, features), now)
        .await?;
    state
        .db
        .record_audit(
            &AuditEvent {
                actor: Some(broker.id),
                action: "user.created_for_case",
                subject_type: "user",
                subject_id: created.id.to_string(),
                detail: json!({ "role": Role::User }),
            },
            now,
        )
        .await?;
    Ok(created)
}

/// The names the list's name search should find a party by.
async fn party_names(state: &AppState, user: &User) -> ApiResult<Vec<String>> {
    let mut names = vec![user.preferred_name.clone()];
    for n in state.db.legal_names(user.id).await? {
        if n.until.is_none() {
            names.push(
                [Some(n.first_name), n.middle_names, Some(n.surname)]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>()
                    .join(" "),
            );
        }
    }
    Ok(names)
}

async fn update<R: KeyFactsRequest>(
    state: &AppState,
    session: &CurrentSession,
    raw_id: &str,
    body: R,
) -> ApiResult<Json<CaseCreated>> {
    let case_id = access::parse_case_id(raw_id)?;
    let caller = access::caller(session)?;
    no_client(body.client())?;
    let mut facts = facts::key_facts(&body)?;
    let case_type = R::CASE_TYPE;
    let case = state.cases.open(&caller, case_type, case_id).await?;
    // The broker reference is the broker's: anyone else's write keeps the stored one.
    if !case.loaded.relationship.is_case_admin {
        facts.broker_reference = case.loaded.row.broker_reference.clone();
    }
    // A case a conveyancer took on stays taken on whatever more complex kind its answers give.
    let taken_on = case.loaded.row.taken_on_at.is_some();
    let reason = state
        .workflows
        .ineligibility(case_type, &facts.eligibility(), taken_on);
    // The quote is priced for the case's applicants as they are now.
    let quote = requote::quote_now(state, &case, &facts).await?;
    let latest = state.db.latest_quote(case_id).await?;
    let supersedes_accepted = latest.as_ref().is_some_and(|q| q.accepted_at.is_some())
        && quote
            .as_ref()
            .is_some_and(|q| requote::changes_price(latest.as_ref(), q));
    let change = SectionChange::KeyFacts {
        facts: Box::new(facts),
        ineligibility_reason: reason,
        quote,
    };
    let status = state
        .cases
        .write_section(&caller, &case, change)
        .await
        .map_err(|err| match err {
            CaseError::SectionClosed { .. } => ApiError::new(
                StatusCode::CONFLICT,
                "case_locked",
                "The key facts of this case can no longer be changed.",
            ),
            other => other.into(),
        })?;
    requote::tell_broker(state, &caller, &case, supersedes_accepted).await?;
    Ok(Json(
        created(state, case_type, case_id, status, reason).await?,
    ))
}
