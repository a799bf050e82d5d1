//! POST /{type}/case (create) and POST /{type}/case/{caseId} (update key facts).

use axum::Json;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use chrono::{DateTime, Utc};
use serde_json::json;
use threshold_engine::{BuyingStatus, CaseType, RemortgagingStatus, WorkflowStatus};
use threshold_store::audit::AuditEvent;
use threshold_store::cases::{KeyFacts, KeyFactsUpdate, NewCase, NewParty, TransitionRecord};
use threshold_store::users::{NewUser, User};

use super::access::{self, BUYING, REMORTGAGING};
use super::facts::{self, automatic_transitions, ineligibility, reason_name};
use super::quote::quote_body;
use super::types::{BuyingCaseRequest, CaseCreated, ClientDetails, RemortgagingCaseRequest};
use crate::app::AppState;
use crate::auth::email_address::EmailAddress;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, CurrentSession};

/// Statuses in which key facts may still change (before the application is submitted).
const EDITABLE: &[&str] = &[
    "BROKER_APPLICATION",
    "BROKER_APPLICATION_INVITE",
    "CUSTOMER_APPLICATION",
];

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
    access::require_app_role(&session.user)?;
    let facts = facts::remortgaging_facts(&body)?;
    create(
        &state,
        &session.user,
        CaseType::Remortgaging,
        body.client,
        facts,
    )
    .await
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
    access::require_app_role(&session.user)?;
    let facts = facts::buying_facts(&body)?;
    create(&state, &session.user, CaseType::Buying, body.client, facts).await
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
    Path(case_id): Path<String>,
    ApiJson(body): ApiJson<RemortgagingCaseRequest>,
) -> ApiResult<Json<CaseCreated>> {
    let case_id = access::parse_case_id(&case_id)?;
    access::require_app_role(&session.user)?;
    no_client(&body.client)?;
    let facts = facts::remortgaging_facts(&body)?;
    update(&state, &session, CaseType::Remortgaging, case_id, facts).await
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
    Path(case_id): Path<String>,
    ApiJson(body): ApiJson<BuyingCaseRequest>,
) -> ApiResult<Json<CaseCreated>> {
    let case_id = access::parse_case_id(&case_id)?;
    access::require_app_role(&session.user)?;
    no_client(&body.client)?;
    let facts = facts::buying_facts(&body)?;
    update(&state, &session, CaseType::Buying, case_id, facts).await
}

fn no_client(client: &Option<ClientDetails>) -> ApiResult<()> {
    match client {
        Some(_) => Err(ApiError::bad_field("client", "is not an accepted field")),
        None => Ok(()),
    }
}

pub fn type_name(case_type: CaseType) -> &'static str {
    match case_type {
        CaseType::Remortgaging => REMORTGAGING,
        CaseType::Buying => BUYING,
    }
}

async fn create(
    state: &AppState,
    user: &User,
    case_type: CaseType,
    client: Option<ClientDetails>,
    facts: KeyFacts,
) -> ApiResult<(StatusCode, Json<CaseCreated>)> {
    let now = Utc::now();
    let broker = access::is_broker(user);
    let (lead, firm_id, admins) = if broker {
        let client = client.ok_or_else(|| ApiError::bad_field("client", "is required"))?;
        let lead = find_or_create_client(state, user, &client, case_type, now).await?;
        (lead, state.db.firm_of(user.id).await?, vec![user.id])
    } else {
        no_client(&client)?;
        (user.clone(), None, vec![])
    };
    let reason = ineligibility(&facts);
    let quote = facts::quote(&state.workflows, case_type, &facts, 1, now.date_naive())?;
    let (status, transitions) = opening_transitions(state, case_type, broker, user, reason, now);
    let names = party_names(state, &lead).await?;
    let new = NewCase {
        case_type: type_name(case_type),
        status: status.clone(),
        firm_id,
        created_by: user.id,
        created_by_broker: broker,
        invited_by_lender: broker && user.is_lender,
        ineligibility_reason: reason.map(reason_name),
        title_documents_retrieved: case_type == CaseType::Remortgaging,
        facts,
        parties: vec![NewParty {
            user_id: lead.id,
            party_type: "APPLICANT",
            is_lead: true,
            names,
        }],
        admins,
        quote,
        transitions,
    };
    let case_id = state.db.create_case(&new, now).await?;
    let quote = state.db.latest_quote(case_id).await?;
    Ok((
        StatusCode::CREATED,
        Json(CaseCreated {
            case_id,
            case_type: new.case_type.to_owned(),
            status,
            ineligibility_reason: reason.map(reason_name),
            ineligibility_message: reason.map(|r| facts::ineligibility_message(case_type, r)),
            quote: quote.map(|q| quote_body(&q, new.case_type)),
        }),
    ))
}

/// Where a new case starts and the automatic moves the engine makes at once. Remortgaging
/// starts with the title documents; with no Land Registry integration configured they count
/// as retrieved straight away, so the engine moves the case to the broker or the customer,
/// or to INELIGIBLE.
fn opening_transitions(
    state: &AppState,
    case_type: CaseType,
    broker: bool,
    user: &User,
    reason: Option<threshold_engine::types::IneligibilityReason>,
    now: DateTime<Utc>,
) -> (String, Vec<TransitionRecord>) {
    match case_type {
        CaseType::Remortgaging => {
            let mut s = threshold_engine::RemortgagingSnapshot::new(
                0,
                RemortgagingStatus::TitleDocumentRetrieval,
            );
            s.created_by_broker = broker;
            s.invited_by_lender = broker && user.is_lender;
            s.title_documents_retrieved = true;
            s.ineligibility_reason = reason;
            let t = automatic_transitions(
                &state.workflows.remortgaging,
                &mut s,
                |s, st| s.status = st,
                now,
            );
            (s.status.as_str().to_owned(), t)
        }
        CaseType::Buying => {
            let initial = if broker {
                BuyingStatus::BrokerApplication
            } else {
                BuyingStatus::CustomerApplication
            };
            let mut s = threshold_engine::BuyingSnapshot::new(0, initial);
            s.created_by_broker = broker;
            s.invited_by_lender = broker && user.is_lender;
            s.ineligibility_reason = reason;
            let t =
                automatic_transitions(&state.workflows.buying, &mut s, |s, st| s.status = st, now);
            (s.status.as_str().to_owned(), t)
        }
    }
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
    if let Some(existing) = state.db.user_by_email(email.as_str()).await? {
        if existing.role != "ROLE_USER" {
            return Err(ApiError::bad_field(
                "client.email",
                "belongs to an account that is not a customer's",
            ));
        }
        return Ok(existing);
    }
    let features = match case_type {
        CaseType::Buying => vec!["BUYING".to_owned()],
        CaseType::Remortgaging => vec![],
    };
    let created = state
        .db
        .create_user(
            &NewUser {
                email: email.as_str().to_owned(),
                preferred_name: name.to_owned(),
                role: "ROLE_USER".into(),
                is_lender: false,
                enabled_features: features,
                privacy_version: None,
                terms_version: None,
                is_onboarded: false,
            },
            now,
        )
        .await?;
    state
        .db
        .record_audit(
            &AuditEvent {
                actor: Some(broker.id),
                action: "user.created_for_case",
                subject_type: "user",
                subject_id: created.id.to_string(),
                detail: json!({ "role": "ROLE_USER" }),
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

async fn update(
    state: &AppState,
    session: &CurrentSession,
    case_type: CaseType,
    case_id: i64,
    facts: KeyFacts,
) -> ApiResult<Json<CaseCreated>> {
    let name = type_name(case_type);
    let user = &session.user;
    let scope = access::scope(state, session).await?;
    let loaded = state
        .db
        .load_case(case_id, name, &scope, user.id)
        .await?
        .ok_or_else(ApiError::not_found)?;
    if !(loaded.relationship.is_party || loaded.relationship.is_case_admin) {
        return Err(ApiError::forbidden(
            "Only the case's parties and brokers may change it.",
        ));
    }
    if !EDITABLE.contains(&loaded.row.status.as_str()) {
        return Err(ApiError::new(
            StatusCode::CONFLICT,
            "case_locked",
            "The key facts of this case can no longer be changed.",
        ));
    }
    let now = Utc::now();
    let reason = ineligibility(&facts);
    let people = loaded.applicants().count() as u32;
    let quote = facts::quote(
        &state.workflows,
        case_type,
        &facts,
        people,
        now.date_naive(),
    )?;
    let (status, transitions) = match case_type {
        CaseType::Remortgaging => {
            let mut s = loaded.remortgaging_snapshot().ok_or_else(|| {
                ApiError::internal(format!("case {case_id} has an unknown status"))
            })?;
            s.ineligibility_reason = reason;
            let t = automatic_transitions(
                &state.workflows.remortgaging,
                &mut s,
                |s, st| s.status = st,
                now,
            );
            (s.status.as_str().to_owned(), t)
        }
        CaseType::Buying => {
            let mut s = loaded.buying_snapshot().ok_or_else(|| {
                ApiError::internal(format!("case {case_id} has an unknown status"))
            })?;
            s.ineligibility_reason = reason;
            let t =
                automatic_transitions(&state.workflows.buying, &mut s, |s, st| s.status = st, now);
            (s.status.as_str().to_owned(), t)
        }
    };
    let reason_text = reason.map(reason_name);
    state
        .db
        .update_key_facts(
            &KeyFactsUpdate {
                case_id,
                case_type: name,
                actor: user.id,
                facts: &facts,
                ineligibility_reason: reason_text.as_deref(),
                quote: quote.as_ref(),
                transitions: &transitions,
            },
            now,
        )
        .await?;
    let quote = state.db.latest_quote(case_id).await?;
    Ok(Json(CaseCreated {
        case_id,
        case_type: name.to_owned(),
        status,
        ineligibility_reason: reason_text,
        ineligibility_message: reason.map(|r| facts::ineligibility_message(case_type, r)),
        quote: quote.map(|q| quote_body(&q, name)),
    }))
}
