//! The legal file's tasks in the back office (issue 29): the case page lists them (see
//! `case::view`), and a staff member records one done here, with what the task records (the
//! UTRN, HM Land Registry's reference) and a note. The workflow file says which tasks a case
//! has, who may record each and when; the case service asks it.

use axum::Json;
use axum::extract::State;
use chrono::Utc;
use serde::{Deserialize, Serialize};
use threshold_engine::tasks::{ReferenceKind, TaskView};
use threshold_store::cases::NewTaskDone;
use utoipa::ToSchema;

use super::Staff;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath};

/// The longest note, as for a reason given with a step.
const MAX_NOTE_CHARS: usize = super::MAX_REASON_CHARS;

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StaffTaskDoneRequest {
    /// What the task's `referenceLabel` names (its UTRN, HM Land Registry's application
    /// reference, the title number): required where it has one, refused where it has none.
    /// Letters, digits, spaces, `-` and `/`, at most 64 characters; where its `referenceIs` is
    /// `EXPIRY_DATE` (an OS1's priority) or `COMPLETION_DATE` (the one exchange fixes, which
    /// becomes the case's agreed completion date), a date `YYYY-MM-DD`, today or later.
    pub reference: Option<String>,
    /// The firm's note, at most 2000 characters.
    pub note: Option<String>,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffTasks {
    /// The case's tasks after the change, in the workflow file's order.
    pub tasks: Vec<TaskView>,
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/tasks/{task}", tag = "staff",
    request_body = StaffTaskDoneRequest,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("task" = String, Path, description = "A task's `name`, from the case's `tasks`"),
    ),
    responses(
        (status = 200, description = "Recorded (and audited): the case's tasks now", body = StaffTasks),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, the second factor is not proven, or the task is not this staff member's role's", body = ErrorBody),
        (status = 404, description = "No such case, or the case has no such task", body = ErrorBody),
        (status = 409, description = "Done already (`conflict`), or not yet: the case has not reached the task's stage, a task before it is not done, or its evidence is not uploaded (`not_ready`, with the reason)", body = ErrorBody),
        (status = 422, description = "`reference` missing, not wanted or not well formed; `note` too long", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn complete_task(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id, task)): ApiPath<(String, String, String)>,
    ApiJson(body): ApiJson<StaffTaskDoneRequest>,
) -> ApiResult<Json<StaffTasks>> {
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let view = state
        .cases
        .tasks(&case)
        .into_iter()
        .find(|t| t.name == task)
        .ok_or_else(ApiError::not_found)?;
    let reference = checked_reference(
        body.reference.as_deref(),
        view.reference_label.as_deref(),
        view.reference_is,
    )?;
    let note = checked_note(body.note.as_deref())?;
    let done = NewTaskDone {
        task: &task,
        reference: reference.as_deref(),
        note: note.as_deref(),
    };
    let tasks = state
        .cases
        .complete_task(&staff.caller(), &case, &done)
        .await?;
    Ok(Json(StaffTasks { tasks }))
}

/// The reference, trimmed: given exactly when the task asks for one (`label`), of its kind.
fn checked_reference(
    given: Option<&str>,
    label: Option<&str>,
    kind: ReferenceKind,
) -> Result<Option<String>, ApiError> {
    let given = given.map(str::trim).filter(|r| !r.is_empty());
    match (given, label) {
        (None, None) => Ok(None),
        (None, Some(label)) => Err(ApiError::bad_field(
            "reference",
            format!("is required: the {label}"),
        )),
        (Some(_), None) => Err(ApiError::bad_field(
            "reference",
            "is not recorded for this task",
        )),
        (Some(r), Some(_)) => kind
            .check(r, Utc::now().date_naive())
            .map(Some)
            .map_err(|problem| ApiError::bad_field("reference", problem)),
    }
}

/// The note, trimmed; `None` when blank.
fn checked_note(given: Option<&str>) -> Result<Option<String>, ApiError> {
    let note = given.map(str::trim).filter(|n| !n.is_empty());
    match note {
        Some(n) if n.chars().count() > MAX_NOTE_CHARS => Err(ApiError::bad_field(
            "note",
            "must be at most 2000 characters",
        )),
        Some(n)
            if n.chars()
                .any(|c| c.is_control() && !matches!(c, '\n' | '\t')) =>
        {
            Err(ApiError::bad_field(
                "note",
                "must not contain control characters",
            ))
        }
        _ => Ok(note.map(str::to_owned)),
    }
}
