//! One case in the back office: everything on it, the steps the workflow allows the staff
//! member now, its audit trail (also as CSV) and its workflow as a picture. Every step goes
//! through the case service, as the customer's and broker's do.

use axum::Json;
use axum::extract::State;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use threshold_cases::Progress;
use threshold_engine::enquiries::Enquiry;
use threshold_engine::snapshot::doc_types;
use threshold_engine::tasks::TaskView;
use threshold_engine::{
    Action, CaseStatus, CaseType, Chip, TransitionInput, TransitionView, Uploader, WaitsOn,
    format_date,
};
use threshold_store::cases::LoadedCase;
use threshold_store::documents::UploadLine;
use threshold_store::staff::CaseAuditLine;
use utoipa::ToSchema;

use super::queue::{StaffMemberBody, body, members_by_id};
use super::{Staff, factor};
use crate::app::AppState;
use crate::cases::access;
use crate::cases::expanded::{Reader, ReaderKind, buying_body, remortgaging_body};
use crate::cases::expanded_body::{BuyingExpanded, RemortgagingExpanded};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath};

/// The expanded case as the customer app has it, never redacted, drafts included.
#[derive(Debug, Serialize, ToSchema)]
#[serde(untagged)]
pub enum StaffExpanded {
    Remortgaging(Box<RemortgagingExpanded>),
    Buying(Box<BuyingExpanded>),
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffAuditEntry {
    pub at: DateTime<Utc>,
    pub actor_name: Option<String>,
    /// The actor's role (ROLE_USER, ROLE_CONVEYANCER…), or DONOR for one of the case's gift
    /// donors: a donor signs in as a user but is not the firm's client.
    pub actor_role: Option<String>,
    /// `case.transition`, `case.assigned`, `document.downloaded`, …
    pub action: String,
    /// What the action recorded: for a move `transition`, `from`, `to` and `reason`.
    #[schema(value_type = Object)]
    pub detail: serde_json::Value,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffCase {
    pub id: i64,
    pub case_type: CaseType,
    pub status: CaseStatus,
    pub chip: Chip,
    pub waits_on: Option<WaitsOn>,
    pub assignee: Option<StaffMemberBody>,
    pub expanded: StaffExpanded,
    /// The steps the workflow offers this staff member from the current status; one that is
    /// not allowed now says why in `reason`.
    pub transitions: Vec<TransitionView<CaseStatus>>,
    /// The documents the firm may draft now (MORTGAGE_REPORT, COMPLETION_STATEMENT…): each at
    /// the stage whose step issues it.
    pub draftable: Vec<String>,
    /// Newest first.
    pub audit: Vec<StaffAuditEntry>,
    /// The workflow as a Mermaid state diagram, the current status highlighted.
    pub diagram: String,
    /// Each owner's latest check with the identity provider, where it checks identities: what
    /// the provider said, for the firm's decision on a check it did not approve.
    pub identity_checks: Vec<StaffIdentityCheck>,
    /// Each owner's identity evidence (photo IDs and selfies), attributed to the owner who
    /// uploaded it, so the firm checks each person against their own documents.
    pub identity_evidence: Vec<StaffIdentityEvidence>,
    /// Every file uploaded to the case, oldest first: what it is, who uploaded it, as whom,
    /// and when (a customer's file never passes for the firm's).
    pub uploads: Vec<StaffUpload>,
    /// Money the payment provider took for this case that it did not expect (a second
    /// checkout paid, or a payment after the case was paid), oldest first: the firm refunds
    /// each with the provider. Empty for a remortgage.
    pub unexpected_payments: Vec<StaffUnexpectedPayment>,
    /// The lender's mortgage offer as the firm recorded it; null until it is.
    pub mortgage_offer: Option<StaffMortgageOfferRecord>,
    /// The legal file's tasks (the workflow file's `tasks`) that are part of this case, in
    /// order: done, open, waiting for another, or ahead of the case's stage, each with its due
    /// date once known.
    pub tasks: Vec<TaskView>,
    /// The sanctions and PEP screening provider the firm uses (OPENSANCTIONS), when one is
    /// configured: the task whose `provider` is SCREENING is then one step
    /// (`POST …/screening`); null: the firm uploads its own report.
    pub screening_provider: Option<&'static str>,
    /// A purchase's enquiries with the seller's solicitor, oldest first (none on a remortgage).
    pub enquiries: Vec<Enquiry>,
    /// Whether this staff member may raise, answer and withdraw enquiries now (the workflow
    /// file's `raise_enquiry` and `answer_enquiry`: a purchase whose contract pack is awaited
    /// or in).
    pub may_work_enquiries: bool,
    /// A remortgage's names on the title register, each beside the owner it matches or the
    /// customers' explanation (issue 33); none on a purchase.
    pub title_register_names: Vec<super::title_register::StaffTitleRegisterName>,
    /// Whether this staff member may record names on the title register (the workflow file's
    /// `record_title_register_name`).
    pub may_record_title_register_names: bool,
    /// Whether this staff member may accept a source of funds or ask for more (a purchase's).
    pub may_review_sources_of_funds: bool,
}

/// A recorded mortgage offer: what the firm read from it, and its document.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffMortgageOfferRecord {
    /// The uploaded offer (GET /document/{id} downloads it).
    pub document_id: i64,
    pub lender: String,
    /// The advance, in pence.
    pub amount: i64,
    pub offer_date: NaiveDate,
    pub expires_on: NaiveDate,
    pub special_conditions: Option<String>,
    pub recorded_at: DateTime<Utc>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffUnexpectedPayment {
    /// STRIPE.
    pub provider: String,
    /// The provider's checkout session (a Stripe Checkout Session id).
    pub reference: String,
    /// In the currency's minor unit (pence), as the provider reported it.
    pub amount: Option<i64>,
    /// ISO 4217, as the provider writes it (`gbp`).
    pub currency: Option<String>,
    /// The provider's payment to refund (a Stripe PaymentIntent id).
    pub payment_id: Option<String>,
    /// When the provider says it was paid.
    pub paid_at: DateTime<Utc>,
    /// When Threshold recorded it.
    pub recorded_at: DateTime<Utc>,
}

/// One uploaded file and its uploader.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffUpload {
    pub document_id: i64,
    pub document_type: String,
    pub file_name: Option<String>,
    pub uploaded_at: DateTime<Utc>,
    /// The uploader's name; null once their account is gone.
    pub uploaded_by_name: Option<String>,
    /// The uploader's role (ROLE_USER, ROLE_BROKER, ROLE_CONVEYANCER…); null once their
    /// account is gone.
    pub uploaded_by_role: Option<String>,
    /// The side they uploaded it for: a customer of the case, its broker, a gift's donor, or
    /// the firm.
    pub uploaded_as: Uploader,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffIdentityEvidence {
    pub applicant_id: i64,
    pub document_id: i64,
    /// PHOTO_ID or SELFIE.
    pub document_type: String,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffIdentityCheck {
    pub applicant_id: i64,
    /// ONFIDO.
    pub provider: String,
    /// The provider's outcome (approved, declined, review, abandoned, error); null while the
    /// person has not finished.
    pub result: Option<String>,
    pub started_at: DateTime<Utc>,
    pub completed_at: Option<DateTime<Utc>>,
    /// The provider's own page for the check, where the firm reads why it was not approved.
    pub dashboard_url: Option<String>,
    /// The provider's reasons for an outcome other than approval, in its words (empty where
    /// it gave none).
    pub reasons: Vec<String>,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StaffTransitionRequest {
    /// The step's name, from `transitions`.
    pub transition: String,
    /// Required where the step's `requiresReason`; kept in the audit trail.
    #[schema(max_length = 2000)]
    pub reason: Option<String>,
    /// A fresh code from the authenticator app, where the step's `stepUp`.
    pub code: Option<String>,
    /// Where the step `asksFor` COMPLETION_DATE: the agreed date, today or later.
    pub completion_date: Option<NaiveDate>,
    /// Where the step `recordsCompletionDate` and the agreed completion date is still ahead:
    /// true, the staff member having been told that today replaces it.
    pub early_completion_confirmed: Option<bool>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffTransitionDone {
    pub status: CaseStatus,
}

#[utoipa::path(get, path = "/staff/cases/{caseType}/{caseId}", tag = "staff",
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "The case as the back office sees it", body = StaffCase),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn view(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
) -> ApiResult<Json<StaffCase>> {
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let (case_type, case_id) = (case.case_type, case.loaded.row.id);
    let view = state.cases.view(&case);
    let tasks = state.cases.tasks(&case);
    let enquiries = case.snapshot.enquiries().to_vec();
    let may_work_enquiries = [Action::RaiseEnquiry, Action::AnswerEnquiry]
        .into_iter()
        .all(|action| state.cases.authorise(&case, action).is_ok());
    let title_register_names = super::title_register::names(&case.snapshot);
    let may_record_title_register_names = state
        .cases
        .authorise(&case, Action::RecordTitleRegisterName)
        .is_ok();
    let may_review_sources_of_funds = state
        .cases
        .authorise(&case, Action::ReviewSourceOfFunds)
        .is_ok();
    let assignee = match case.loaded.row.assignee_id {
        Some(id) => members_by_id(&state).await?.get(&id).map(body),
        None => None,
    };
    let identity_evidence = identity_evidence(&case.loaded);
    let uploads = uploads(
        &case.loaded,
        state.db.case_uploads(case.loaded.row.id).await?,
    );
    let audit = state
        .db
        .case_audit_trail(case_id)
        .await?
        .into_iter()
        .map(|line| StaffAuditEntry {
            at: line.at,
            actor_role: actor_role(&case.loaded, &line),
            actor_name: line.actor_name,
            action: line.action,
            detail: line.detail.0,
        })
        .collect();
    let reader = Reader {
        id: staff.user().id,
        kind: ReaderKind::Staff,
    };
    let expanded = match case_type {
        CaseType::Remortgaging => {
            StaffExpanded::Remortgaging(Box::new(remortgaging_body(&state, case, reader).await?))
        }
        CaseType::Buying => {
            StaffExpanded::Buying(Box::new(buying_body(&state, case, reader).await?))
        }
    };
    let identity_checks = state
        .db
        .latest_identity_checks(case_id)
        .await?
        .into_iter()
        .map(|c| StaffIdentityCheck {
            applicant_id: c.applicant_id,
            provider: c.provider,
            result: c.result,
            started_at: c.started_at,
            completed_at: c.completed_at,
            dashboard_url: c.dashboard_url,
            reasons: c.reasons.map(|r| r.0).unwrap_or_default(),
        })
        .collect();
    let unexpected_payments = state
        .db
        .unexpected_payments(case_id)
        .await?
        .into_iter()
        .map(|p| StaffUnexpectedPayment {
            provider: p.provider,
            reference: p.provider_reference,
            amount: p.amount,
            currency: p.currency,
            payment_id: p.provider_payment_id,
            paid_at: p.paid_at,
            recorded_at: p.recorded_at,
        })
        .collect();
    let mortgage_offer =
        state
            .db
            .mortgage_offer(case_id)
            .await?
            .map(|o| StaffMortgageOfferRecord {
                document_id: o.document_id,
                lender: o.lender,
                amount: o.amount,
                offer_date: o.offer_date,
                expires_on: o.expires_on,
                special_conditions: o.special_conditions,
                recorded_at: o.recorded_at,
            });
    Ok(Json(StaffCase {
        id: case_id,
        case_type,
        status: view.status,
        chip: view.chip,
        waits_on: view.stage.waits_on,
        assignee,
        expanded,
        diagram: state.workflows.diagram(view.status),
        draftable: threshold_cases::draftable(
            state.workflows.rule_book(case_type),
            &view.transitions,
        )
        .into_iter()
        .map(String::from)
        .collect(),
        transitions: view.transitions,
        audit,
        identity_checks,
        identity_evidence,
        unexpected_payments,
        uploads,
        mortgage_offer,
        tasks,
        screening_provider: state.screening.as_ref().map(|_| crate::screening::PROVIDER),
        enquiries,
        may_work_enquiries,
        title_register_names,
        may_record_title_register_names,
        may_review_sources_of_funds,
    }))
}

/// The role an audit line names: a gift's donor as DONOR (their account is a customer's).
fn actor_role(loaded: &LoadedCase, line: &CaseAuditLine) -> Option<String> {
    let donor = loaded
        .parties
        .iter()
        .any(|p| p.party_type == "DONOR" && Some(p.user_id) == line.actor_user_id);
    if donor {
        Some("DONOR".into())
    } else {
        line.actor_role.clone()
    }
}

/// Who uploaded each file, as whom: the firm's uploads have no side, a donor's are on the
/// customers' side but made by one of the case's donors.
fn uploads(loaded: &LoadedCase, lines: Vec<UploadLine>) -> Vec<StaffUpload> {
    lines
        .into_iter()
        .map(|d| {
            let donor = loaded
                .parties
                .iter()
                .any(|p| p.party_type == "DONOR" && Some(p.user_id) == d.uploaded_by_user_id);
            let uploaded_as = match d.uploaded_by_side.as_deref() {
                Some("BROKER") => Uploader::Broker,
                Some(_) if donor => Uploader::Donor,
                Some(_) => Uploader::Customer,
                None => Uploader::Firm,
            };
            StaffUpload {
                document_id: d.id,
                document_type: d.document_type,
                file_name: d.file_name,
                uploaded_at: d.uploaded_at,
                uploaded_by_name: d.uploader_name,
                uploaded_by_role: d.uploader_role,
                uploaded_as,
            }
        })
        .collect()
}

/// The photo IDs and selfies each party uploaded themselves (in upload order).
fn identity_evidence(loaded: &LoadedCase) -> Vec<StaffIdentityEvidence> {
    loaded
        .parties
        .iter()
        .flat_map(|party| {
            loaded
                .documents
                .iter()
                .filter(move |d| {
                    d.uploaded_by == Some(party.user_id)
                        && doc_types::IDENTITY.contains(&d.document_type.as_str())
                })
                .map(move |d| StaffIdentityEvidence {
                    applicant_id: party.id,
                    document_id: d.id,
                    document_type: d.document_type.clone(),
                })
        })
        .collect()
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/transition", tag = "staff",
    request_body = StaffTransitionRequest,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "Moved; the case's new status", body = StaffTransitionDone),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, the second factor not proven, a step this role may not take, or `step_up_required` (the step needs a fresh code)", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
        (status = 409, description = "Not from this status (`wrong_status`), a guard of the workflow refused (`not_ready`, its reason as the message) or the case moved meanwhile (`conflict`)", body = ErrorBody),
        (status = 422, description = "Unknown `transition`, `reason` missing where required, `completionDate` missing or past where asked for, `earlyCompletionConfirmed` missing before the agreed completion date, or a wrong `code`", body = ErrorBody),
        (status = 429, description = "Too many wrong codes", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn transition(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
    ApiJson(body): ApiJson<StaffTransitionRequest>,
) -> ApiResult<Json<StaffTransitionDone>> {
    let case_type = crate::cases::access::path_case_type(&case_type)?;
    let case_id = access::parse_case_id(&case_id)?;
    let reason = super::reason_given(body.reason.as_deref())?;
    let definition = state
        .workflows
        .transitions(case_type)
        .into_iter()
        .find(|t| t.name == body.transition);
    // Opened first: a stranger's case id is a 404 before any code is spent on it.
    let case = state
        .cases
        .open(&staff.caller(), case_type, case_id)
        .await?;
    if let Some(TransitionInput::CompletionDate) = definition.as_ref().and_then(|t| t.asks_for) {
        let date = agreed_date(body.completion_date, Utc::now().date_naive())?;
        let status = state
            .cases
            .progress(
                &staff.caller(),
                &case,
                Progress::AgreeCompletionDate { date },
            )
            .await?;
        return Ok(Json(StaffTransitionDone { status }));
    }
    if definition
        .as_ref()
        .is_some_and(|t| t.records_completion_date)
        && body.early_completion_confirmed != Some(true)
    {
        early_completion(case.loaded.row.completion_date, Utc::now().date_naive())?;
    }
    // A step that needs a reason refuses its absence before a code is spent on it.
    if definition.as_ref().is_some_and(|t| t.requires_reason) && reason.is_none() {
        return Err(ApiError::bad_field("reason", "is required for this step"));
    }
    if definition.as_ref().is_some_and(|t| t.step_up) {
        let Some(code) = body.code.as_deref() else {
            return Err(super::step_up_required());
        };
        factor::check_code(&state, staff.user(), code, false, Utc::now()).await?;
    }
    // A case taken on had no quote while refused: it is priced as it is taken on.
    let quote = match definition {
        Some(t) if t.takes_on => crate::cases::requote::quote_when_taken_on(&state, &case).await?,
        _ => None,
    };
    let status = state
        .cases
        .transition_quoted(
            &staff.caller(),
            &case,
            &body.transition,
            reason.as_deref(),
            quote.as_ref(),
        )
        .await?;
    Ok(Json(StaffTransitionDone { status }))
}

/// Completing before the agreed day replaces that date with today: refused unless confirmed.
fn early_completion(agreed: Option<NaiveDate>, today: NaiveDate) -> ApiResult<()> {
    match agreed {
        Some(agreed) if agreed > today => Err(ApiError::bad_field(
            "earlyCompletionConfirmed",
            format!(
                "The agreed completion date is {}: confirm that the case completed early",
                format_date(agreed)
            ),
        )),
        _ => Ok(()),
    }
}

/// The completion date a step asks for: given, and not in the past.
fn agreed_date(given: Option<NaiveDate>, today: NaiveDate) -> ApiResult<NaiveDate> {
    match given {
        None => Err(ApiError::bad_field(
            "completionDate",
            "Enter the agreed completion date",
        )),
        Some(date) if date < today => Err(ApiError::bad_field(
            "completionDate",
            "must be today or later",
        )),
        Some(date) => Ok(date),
    }
}

#[utoipa::path(get, path = "/staff/cases/{caseType}/{caseId}/audit.csv", tag = "staff",
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "The case's audit trail, oldest first, as CSV; a message's line carries its thread and words", content_type = "text/csv"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn audit_csv(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
) -> ApiResult<Response> {
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let case_id = case.loaded.row.id;
    let mut out = csv::Writer::from_writer(Vec::new());
    let header = [
        "at",
        "actor",
        "role",
        "action",
        "transition",
        "from",
        "to",
        "reason",
        "detail",
        "message",
    ];
    out.write_record(header).map_err(ApiError::internal)?;
    let messages = state.db.case_message_texts(case_id).await?;
    for line in state.db.case_audit_trail(case_id).await?.into_iter().rev() {
        let field = |name: &str| {
            line.detail
                .get(name)
                .and_then(|v| v.as_str())
                .map(neutralise)
                .unwrap_or_default()
        };
        out.write_record([
            line.at.to_rfc3339(),
            neutralise(line.actor_name.as_deref().unwrap_or("system")),
            actor_role(&case.loaded, &line).unwrap_or_default(),
            line.action.clone(),
            field("transition"),
            field("from"),
            field("to"),
            field("reason"),
            other_detail(&line.detail),
            line.detail
                .get("messageId")
                .and_then(serde_json::Value::as_i64)
                .and_then(|id| messages.get(&id))
                .map(|(topic, body)| neutralise(&format!("{topic}: {body}")))
                .unwrap_or_default(),
        ])
        .map_err(ApiError::internal)?;
    }
    let bytes = out.into_inner().map_err(ApiError::internal)?;
    let name = format!("attachment; filename=\"case-{case_id}-audit.csv\"");
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/csv; charset=utf-8"),
            ),
            (
                header::CONTENT_DISPOSITION,
                HeaderValue::from_str(&name).map_err(ApiError::internal)?,
            ),
        ],
        bytes,
    )
        .into_response())
}

/// What a line recorded beyond its move and reason (a document's id and type, an owner's id
/// and the identity decision…), as compact JSON; empty when there is nothing more.
fn other_detail(detail: &serde_json::Value) -> String {
    let Some(all) = detail.as_object() else {
        return String::new();
    };
    let rest: serde_json::Map<String, serde_json::Value> = all
        .iter()
        .filter(|(k, _)| !matches!(k.as_str(), "transition" | "from" | "to" | "reason"))
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect();
    if rest.is_empty() {
        String::new()
    } else {
        neutralise(&serde_json::Value::Object(rest).to_string())
    }
}

/// A spreadsheet runs a cell that starts with `=`, `+`, `-` or `@` as a formula: a reason a
/// customer's words reached must not (OWASP "CSV injection").
fn neutralise(text: &str) -> String {
    if text.starts_with(['=', '+', '-', '@', '\t', '\r']) {
        format!("'{text}")
    } else {
        text.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn formulas_are_neutralised() {
        assert_eq!(neutralise("=HYPERLINK(\"x\")"), "'=HYPERLINK(\"x\")");
        assert_eq!(neutralise("Moved abroad"), "Moved abroad");
    }

    #[test]
    fn completing_before_the_agreed_day_must_be_confirmed() {
        let day = |d| NaiveDate::from_ymd_opt(2026, 12, d).unwrap();
        let refused = early_completion(Some(day(12)), day(1)).unwrap_err();
        assert_eq!(refused.status, axum::http::StatusCode::UNPROCESSABLE_ENTITY);
        assert!(refused.fields["earlyCompletionConfirmed"].contains("12/12/2026"));
        assert!(
            early_completion(Some(day(12)), day(12)).is_ok(),
            "on the day"
        );
        assert!(early_completion(Some(day(1)), day(12)).is_ok(), "late");
        assert!(early_completion(None, day(12)).is_ok(), "none agreed");
    }
}
