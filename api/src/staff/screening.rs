//! Sanctions and PEP screening from the back office (issue 29; MLR 2017 regs. 28 and 35): where
//! a provider is configured (`crate::screening`), one step screens every client of the case —
//! the owners or buyers and a purchase's gift donors — keeps the provider's answer as the
//! task's evidence (the workflow file's task with `provider = "SCREENING"`; its evidence is a
//! SCREENING_REPORT, the firm's only), and records the task done when nobody may be a listed
//! person. A possible match
//! leaves the task open: the conveyancer rules each candidate out, or escalates, and records it
//! by hand with the report already on the file. Without a provider the firm screens by its own
//! means and uploads its report to the task.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::Utc;
use serde::{Deserialize, Serialize};
use serde_json::{Value, json};
use threshold_engine::tasks::{TaskProvider, TaskState, TaskView};
use threshold_store::audit::AuditEvent;
use threshold_store::cases::{LoadedCase, NewTaskDone};
use utoipa::ToSchema;

use super::Staff;
use crate::app::AppState;
use crate::documents::generated::{Generated, KeptAs, generate};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath};
use crate::screening::{Candidate, PROVIDER, Person};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StaffScreeningRequest {}

/// One client as screened.
#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ScreenedClient {
    /// The name screened: their current legal name (or preferred name, none given yet).
    pub name: String,
    /// Listed people who may be them, for the firm to rule out; empty: no match.
    pub matches: Vec<Candidate>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffScreening {
    /// OPENSANCTIONS.
    pub provider: &'static str,
    pub clients: Vec<ScreenedClient>,
    /// The SCREENING_REPORT kept on the case (the firm's only).
    pub document_id: i64,
    /// Nobody may be a listed person: the task is recorded done.
    pub task_done: bool,
    /// The case's tasks after the screening.
    pub tasks: Vec<TaskView>,
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/screening", tag = "staff",
    request_body = StaffScreeningRequest,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "Screened (and audited, without the names): the report kept, and the task done when nobody matched", body = StaffScreening),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
        (status = 409, description = "`no_screening_provider`: none is configured (upload your own report to the task); `conflict`: screened already; `not_ready`: the case has not reached the screening", body = ErrorBody),
        (status = 502, description = "`screening_unavailable`: the provider did not answer; nothing was kept", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn screen_clients(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
    ApiJson(_): ApiJson<StaffScreeningRequest>,
) -> ApiResult<Json<StaffScreening>> {
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let provider = state.screening.as_ref().ok_or_else(|| {
        ApiError::new(
            StatusCode::CONFLICT,
            "no_screening_provider",
            "No screening provider is configured: screen the clients yourself and upload your report to the task.",
        )
    })?;
    let task = state
        .cases
        .tasks(&case)
        .into_iter()
        .find(|t| t.provider == Some(TaskProvider::Screening));
    // The loader refuses a provider's task without evidence to keep the report as.
    let (task_name, report_type) = match task {
        Some(TaskView {
            state: TaskState::Open,
            name,
            evidence: Some(evidence),
            ..
        }) => (name, evidence),
        Some(TaskView {
            state: TaskState::Done,
            ..
        }) => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "conflict",
                "The clients are screened already.",
            ));
        }
        _ => {
            return Err(ApiError::new(
                StatusCode::CONFLICT,
                "not_ready",
                "The clients are screened once the case reaches identity verification.",
            ));
        }
    };
    let names = client_names(&case.loaded);
    let people: Vec<Person> = names
        .iter()
        .map(|(name, birth_date)| Person {
            name,
            birth_date: *birth_date,
        })
        .collect();
    let found = provider.screen(&people).await.map_err(|e| {
        tracing::warn!(error = %e, "the screening provider did not answer");
        ApiError::new(
            StatusCode::BAD_GATEWAY,
            "screening_unavailable",
            "The screening provider did not answer. Please try again in a few minutes.",
        )
    })?;
    let clients: Vec<ScreenedClient> = names
        .into_iter()
        .zip(found)
        .map(|((name, _), matches)| ScreenedClient { name, matches })
        .collect();
    let case_id = case.loaded.row.id;
    let report = generate(
        &state,
        Generated {
            template: "case_document",
            data: report_data(&state, &case.loaded, &clients),
            case_id,
            case_type: case.case_type,
            document_type: &report_type,
            file_name: &format!("screening-report-{case_id}.pdf"),
            kept_as: KeptAs::Evidence,
            by: staff.user().id,
        },
    )
    .await?;
    let matched = clients.iter().filter(|c| !c.matches.is_empty()).count();
    state
        .db
        .record_audit(
            &AuditEvent {
                actor: Some(staff.user().id),
                action: "case.clients_screened",
                subject_type: "case",
                subject_id: case_id.to_string(),
                detail: json!({ "provider": PROVIDER, "clients": clients.len(),
                                "possibleMatches": matched, "documentId": report.id }),
            },
            Utc::now(),
        )
        .await?;
    // The report is on the file now: the task reads the case as it is.
    let case = staff
        .open_case(&state, &case_type, &case_id.to_string())
        .await?;
    let task_done = matched == 0;
    let tasks = if task_done {
        let note = format!(
            "Screened with OpenSanctions: no match for any of the {} clients.",
            clients.len()
        );
        let done = NewTaskDone {
            task: &task_name,
            reference: None,
            note: Some(&note),
        };
        state
            .cases
            .complete_task(&staff.caller(), &case, &done)
            .await?
    } else {
        state.cases.tasks(&case)
    };
    Ok(Json(StaffScreening {
        provider: PROVIDER,
        clients,
        document_id: report.id,
        task_done,
        tasks,
    }))
}

/// Every client of the case, as screened: the owners or buyers, then any gift donors; each by
/// their current legal name (their preferred name until they give it), with their date of
/// birth when known.
fn client_names(loaded: &LoadedCase) -> Vec<(String, Option<chrono::NaiveDate>)> {
    loaded
        .parties
        .iter()
        .map(|p| {
            let legal = loaded
                .legal_names
                .get(&p.user_id)
                .and_then(|names| names.iter().find(|n| n.until.is_none()));
            let name = match legal {
                Some(n) => [
                    Some(n.first_name.as_str()),
                    n.middle_names.as_deref(),
                    Some(&n.surname),
                ]
                .into_iter()
                .flatten()
                .filter(|part| !part.trim().is_empty())
                .collect::<Vec<_>>()
                .join(" "),
                None => p.preferred_name.clone(),
            };
            (name, p.date_of_birth)
        })
        .collect()
}

/// The report as the PDF service draws it: each client, and each possible match with its
/// score and why the person is listed.
fn report_data(state: &AppState, loaded: &LoadedCase, clients: &[ScreenedClient]) -> Value {
    let sections: Vec<Value> = clients
        .iter()
        .map(|c| {
            let paragraphs: Vec<String> = if c.matches.is_empty() {
                vec!["No match.".into()]
            } else {
                c.matches
                    .iter()
                    .map(|m| {
                        format!(
                            "Possible match: {} (score {:.2}; listed for {}). Rule it out or escalate before acting.",
                            m.caption,
                            m.score,
                            if m.topics.is_empty() { "reasons not given".into() } else { m.topics.join(", ") }
                        )
                    })
                    .collect()
            };
            json!({ "title": c.name, "paragraphs": paragraphs, "lines": [] })
        })
        .collect();
    json!({
        "title": "Sanctions and PEP Screening",
        "firm": crate::documents::firm::letterhead(&state.config),
        "reference": format!("Case {}", loaded.row.id),
        "date": Utc::now().format("%-d %B %Y %H:%M UTC").to_string(),
        "addressee": "The firm's file",
        "property": super::queue::address(loaded).unwrap_or_else(|| "—".into()),
        "sections": sections,
        "closing": format!(
            "Screened with OpenSanctions ({}) against its sanctions, PEP and crime lists under the Money Laundering Regulations 2017, regulations 28 and 35.",
            state.config.opensanctions_dataset
        ),
    })
}
