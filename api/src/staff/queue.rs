//! The work queue: every case of one type, on the same list machinery and indexes as the
//! customer and broker lists, with who it waits on and who at the firm has it.

use std::collections::HashMap;

use axum::Json;
use axum::extract::{RawQuery, State};
use axum::http::StatusCode;
use chrono::{DateTime, NaiveDate, Utc};
use serde::{Deserialize, Serialize};
use threshold_engine::{CaseStatus, CaseType, Chip, WaitsOn};
use threshold_store::UserId;
use threshold_store::cases::{
    AssigneeFilter, ListQuery, LoadedCase, ReplyFilter, Scope, SortBy, TaskDueFilter,
};
use threshold_store::staff::StaffMember;
use threshold_workflows::Workflows;
use utoipa::ToSchema;

use super::Staff;
use crate::app::AppState;
use crate::cases::access;
use crate::cases::list as case_list;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath};

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffMemberBody {
    pub id: String,
    pub name: String,
    pub role: threshold_engine::Role,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffQueueItem {
    pub id: i64,
    pub case_type: CaseType,
    pub status: CaseStatus,
    pub chip: Chip,
    /// Who must act next (None once closed).
    pub waits_on: Option<WaitsOn>,
    /// When the case last moved from one status to another.
    pub last_moved_at: DateTime<Utc>,
    pub created_at: DateTime<Utc>,
    pub updated_at: DateTime<Utc>,
    pub address: Option<String>,
    /// The owners' or buyers' names.
    pub names: Vec<String>,
    pub broker_reference: Option<String>,
    pub assignee: Option<StaffMemberBody>,
    /// The date the case is working towards, and what it is.
    pub due_date: Option<NaiveDate>,
    pub due_label: Option<String>,
    /// The earliest due date of its open legal-file tasks (the SDLT return, the application to
    /// register…), and whether that day has passed.
    pub next_task_due_on: Option<NaiveDate>,
    pub next_task_overdue: bool,
    /// The case has been in its stage longer than the workflow file's `typical_days` for it
    /// (issue 32): the customers' timeline says so too.
    pub stage_overdue: bool,
    /// When the firm's reply to the oldest customer's or broker's message waiting for one is
    /// due (issue 32), and whether that time has passed.
    pub reply_due_at: Option<DateTime<Utc>>,
    pub reply_overdue: bool,
}

#[derive(Debug, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StaffQueuePage {
    pub items: Vec<StaffQueueItem>,
    pub total_count: i64,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StaffAssignRequest {
    /// A conveyancer's or administrator's user id; null to unassign.
    pub user_id: Option<String>,
}

#[utoipa::path(get, path = "/staff/cases", tag = "staff",
    params(
        ("caseType" = Option<CaseType>, Query, description = "Default REMORTGAGING"),
        ("assignee" = Option<String>, Query, description = "`me`, `unassigned` or a staff member's id; absent = anyone"),
        ("waitsOn" = Option<WaitsOn>, Query, description = "Only cases waiting on them now (`firm`: the cases the firm must act on); absent = anyone"),
        ("pageSize" = Option<i64>, Query, minimum = 1, maximum = 100, description = "Default 10"),
        ("page" = Option<i64>, Query, minimum = 0, maximum = 10000000, description = "0-based, default 0"),
        ("status" = Option<Vec<CaseStatus>>, Query, description = "Statuses of the case type; repeat or comma-separate"),
        ("taskDue" = Option<String>, Query, description = "`due`: only cases with a legal-file task due; `overdue`: only those with one past its due date"),
        ("reply" = Option<String>, Query, description = "`waiting`: only cases with a customer's or broker's message waiting for the firm's reply; `overdue`: only those past the reply-time promise"),
        ("sortBy" = Option<String>, Query, description = "As the case lists: CREATED_AT (default), UPDATED_AT, …; NEXT_TASK_DUE_ON, the earliest due date of the case's open legal-file tasks; or REPLY_DUE_AT, when the firm's reply to a waiting message is due"),
        ("sortDirection" = Option<case_list::SortDirection>, Query, description = "Default DESC"),
        ("propertyOwnerName" = Option<String>, Query, description = "Remortgaging: prefix of an owner's name"),
        ("buyerName" = Option<String>, Query, description = "Buying: prefix of a buyer's name"),
    ),
    responses(
        (status = 200, description = "A page of the firm's cases", body = StaffQueuePage),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven (`second_factor_required`)", body = ErrorBody),
        (status = 422, description = "A parameter that is not one the list takes", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn cases(
    State(state): State<AppState>,
    staff: Staff,
    RawQuery(raw): RawQuery,
) -> ApiResult<Json<StaffQueuePage>> {
    crate::extract::check_query(raw.as_deref())?;
    let Some((case_type, query)) = queue_query(&state.workflows, raw.as_deref(), staff.user().id)?
    else {
        return Ok(Json(StaffQueuePage {
            items: vec![],
            total_count: 0,
        }));
    };
    let page = state
        .db
        .list_cases(&query, &Scope::Everything, &state.list_memo)
        .await?;
    let members = members_by_id(&state).await?;
    let user = staff.user();
    let now = Utc::now();
    let today = now.date_naive();
    let rel = case_list::relationship(&Scope::Everything);
    let items = page
        .items
        .iter()
        .map(|item| {
            let loaded = LoadedCase::from_list_item(item, &page.legal_names, rel);
            let view = case_list::view_of(&state, user, rel, &loaded, case_type)?;
            let r = &item.row;
            let due = due(&loaded);
            Ok(StaffQueueItem {
                id: r.id,
                case_type,
                status: view.status,
                chip: view.chip,
                waits_on: view.stage.waits_on,
                last_moved_at: r.status_changed_at.unwrap_or(r.created_at),
                created_at: r.created_at,
                updated_at: r.updated_at,
                address: address(&loaded),
                names: item
                    .parties
                    .iter()
                    .map(|p| p.preferred_name.clone())
                    .collect(),
                broker_reference: r.broker_reference.clone(),
                assignee: r.assignee_id.and_then(|id| members.get(&id)).map(body),
                due_date: due.map(|(date, _)| date),
                due_label: due.map(|(_, label)| label.to_owned()),
                next_task_due_on: r.next_task_due_on,
                next_task_overdue: r.next_task_due_on.is_some_and(|day| day < today),
                stage_overdue: state.workflows.stage_overdue(
                    view.status,
                    r.status_changed_at.unwrap_or(r.created_at),
                    r.completion_date,
                    today,
                ),
                reply_due_at: r.reply_due_at,
                reply_overdue: r.reply_due_at.is_some_and(|due| due < now),
            })
        })
        .collect::<ApiResult<Vec<_>>>()?;
    Ok(Json(StaffQueuePage {
        items,
        total_count: page.total_count,
    }))
}

/// The queue's own sorts, beyond the case lists': by the earliest due date of a case's open
/// legal-file tasks, and by when the firm's reply to a waiting message is due.
const QUEUE_SORTS: [(&str, SortBy); 2] = [
    ("NEXT_TASK_DUE_ON", SortBy::NextTaskDueOn),
    ("REPLY_DUE_AT", SortBy::ReplyDueAt),
];

/// The queue's list query from its parameters: the case lists' own (status, sort, name, page)
/// plus `caseType`, `assignee` (`me` is `me_id`), `taskDue`, `reply` (and their sorts) and
/// `waitsOn`, which becomes the statuses that wait on them, so it runs on the status index.
/// None when `waitsOn` leaves no status to show.
pub fn queue_query(
    workflows: &Workflows,
    raw: Option<&str>,
    me_id: UserId,
) -> ApiResult<Option<(CaseType, ListQuery)>> {
    let params: Vec<(String, String)> = url::form_urlencoded::parse(raw.unwrap_or("").as_bytes())
        .into_owned()
        .collect();
    let param = |name: &str| {
        params
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    };
    let case_type = match param("caseType") {
        None => CaseType::Remortgaging,
        Some(raw) => access::parse_case_type("caseType", raw)?,
    };
    // The queue's own sort fields are not the case lists' (whose parser refuses them).
    let own_sort = QUEUE_SORTS
        .iter()
        .find(|(name, _)| param("sortBy") == Some(*name))
        .map(|(_, sort)| *sort);
    let list_params = url::form_urlencoded::Serializer::new(String::new())
        .extend_pairs(
            params
                .iter()
                .filter(|(k, _)| !(own_sort.is_some() && k == "sortBy")),
        )
        .finish();
    let mut query = case_list::parse(Some(&list_params), case_type)?;
    if let Some(sort) = own_sort {
        query.sort_by = sort;
    }
    query.reply = match param("reply") {
        None | Some("") => None,
        Some("waiting") => Some(ReplyFilter::Waiting),
        Some("overdue") => Some(ReplyFilter::OverdueAt(Utc::now())),
        Some(_) => return Err(ApiError::bad_field("reply", "must be waiting or overdue")),
    };
    query.task_due = match param("taskDue") {
        None | Some("") => None,
        Some("due") => Some(TaskDueFilter::Due),
        Some("overdue") => Some(TaskDueFilter::OverdueOn(Utc::now().date_naive())),
        Some(_) => return Err(ApiError::bad_field("taskDue", "must be due or overdue")),
    };
    query.assignee = match param("assignee") {
        None | Some("") => None,
        Some("me") => Some(AssigneeFilter::To(me_id)),
        Some("unassigned") => Some(AssigneeFilter::Unassigned),
        Some(id) => Some(AssigneeFilter::To(id.parse().map_err(|_| {
            ApiError::bad_field("assignee", "must be me, unassigned or a staff member's id")
        })?)),
    };
    if let Some(raw) = param("waitsOn").filter(|v| !v.is_empty()) {
        let who: WaitsOn = raw.parse().map_err(|_| {
            ApiError::bad_field(
                "waitsOn",
                "must be customer, broker, firm, lender or seller",
            )
        })?;
        let waiting = workflows.statuses_waiting_on(case_type, who);
        // The statuses asked for that wait on them, through the status filter and its index.
        query.statuses = if query.statuses.is_empty() {
            let mut all: Vec<String> = waiting.iter().map(|s| (*s).to_owned()).collect();
            all.sort();
            all
        } else {
            query
                .statuses
                .into_iter()
                .filter(|s| waiting.contains(&s.as_str()))
                .collect()
        };
        if query.statuses.is_empty() {
            return Ok(None);
        }
    }
    Ok(Some((case_type, query)))
}

#[utoipa::path(get, path = "/staff/members", tag = "staff",
    responses(
        (status = 200, description = "Every conveyancer and administrator, by name", body = Vec<StaffMemberBody>),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
    ))]
pub async fn members(
    State(state): State<AppState>,
    _staff: Staff,
) -> ApiResult<Json<Vec<StaffMemberBody>>> {
    Ok(Json(
        state.db.staff_members().await?.iter().map(body).collect(),
    ))
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/assignee", tag = "staff",
    request_body = StaffAssignRequest,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 204, description = "Assigned (or unassigned), with an audit line"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
        (status = 422, description = "`userId` is not a conveyancer or administrator", body = ErrorBody),
    ))]
pub async fn assign(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
    ApiJson(body): ApiJson<StaffAssignRequest>,
) -> ApiResult<StatusCode> {
    let case_type = crate::cases::access::path_case_type(&case_type)?;
    let case_id = access::parse_case_id(&case_id)?;
    let assignee = match body.user_id {
        None => None,
        Some(raw) => {
            let not_staff =
                || ApiError::bad_field("userId", "must be a conveyancer or administrator");
            let id: UserId = raw.parse().map_err(|_| not_staff())?;
            if !members_by_id(&state).await?.contains_key(&id) {
                return Err(not_staff());
            }
            Some(id)
        }
    };
    if !state
        .db
        .assign_case(
            case_id,
            case_type.as_str(),
            assignee,
            staff.user().id,
            Utc::now(),
        )
        .await?
    {
        return Err(ApiError::not_found());
    }
    Ok(StatusCode::NO_CONTENT)
}

pub(super) async fn members_by_id(state: &AppState) -> ApiResult<HashMap<UserId, StaffMember>> {
    Ok(state
        .db
        .staff_members()
        .await?
        .into_iter()
        .map(|m| (m.id, m))
        .collect())
}

pub(super) fn body(m: &StaffMember) -> StaffMemberBody {
    StaffMemberBody {
        id: m.id.to_string(),
        name: m.preferred_name.clone(),
        role: m.role,
    }
}

/// The address on one line, as the firm files it.
pub(super) fn address(loaded: &LoadedCase) -> Option<String> {
    let p = &loaded.row.property;
    p.formatted_address.clone().or_else(|| {
        let parts: Vec<&str> = [&p.address_line1, &p.town, &p.postcode]
            .into_iter()
            .filter_map(|v| v.as_deref())
            .collect();
        (!parts.is_empty()).then(|| parts.join(", "))
    })
}

/// The date the case works towards: completion once agreed, otherwise the end of the current
/// deal (remortgaging) or the buyers' target move-in date (each case type records only its
/// own).
fn due(loaded: &LoadedCase) -> Option<(NaiveDate, &'static str)> {
    let r = &loaded.row;
    [
        (r.completion_date, "Completion"),
        (r.current_deal_end_date, "Current deal ends"),
        (r.target_move_in_date, "Target move-in"),
    ]
    .into_iter()
    .find_map(|(date, label)| date.map(|d| (d, label)))
}
