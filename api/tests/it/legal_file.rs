//! Issue 29: the legal file's tasks after completion, worked through the back office's calls
//! on a completed purchase and a completed remortgage: each listed with its due date, refused
//! out of order, without its evidence or its reference, twice, or to the customer, and
//! recorded (and audited) by the conveyancer until the file is closed.

use crate::support;

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use support::cases::set_case;
use support::{Client, PDF, TestApp};
use threshold_api::mailbox::read_outbox;

async fn upload(
    client: &mut Client,
    case_type: &str,
    id: i64,
    document_type: &str,
) -> support::Res {
    let form = Form::new()
        .text("caseType", case_type.to_uppercase())
        .text("caseId", id.to_string())
        .text("documentType", document_type.to_owned())
        .part("file", Part::bytes(PDF.to_vec()).file_name("scan.pdf"));
    client.post_form("/api/document", form).await
}

/// The task of this name among a case's `tasks`.
pub(crate) fn task<'a>(tasks: &'a Value, name: &str) -> &'a Value {
    tasks
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == name)
        .unwrap_or_else(|| panic!("no task {name} in {tasks:?}"))
}

/// One task recorded, as the back office's button sends it; the answer, whatever it is.
async fn record(
    client: &mut Client,
    case_type: &str,
    id: i64,
    name: &str,
    body: Value,
) -> support::Res {
    client
        .post(
            &format!("/api/staff/cases/{case_type}/{id}/tasks/{name}"),
            body,
        )
        .await
}

/// Records the named tasks in order, as the back office does: each one's evidence uploaded
/// first where it has one, its reference where it records one. Answers the last answer's body.
pub(crate) async fn record_tasks(
    connie: &mut Client,
    case_type: &str,
    id: i64,
    names: &[&str],
) -> Value {
    let mut last = Value::Null;
    for name in names {
        let tasks = connie
            .get(&format!("/api/staff/cases/{case_type}/{id}"))
            .await
            .body["tasks"]
            .clone();
        let t = task(&tasks, name).clone();
        if *name == "source_of_funds_reviewed" {
            crate::source_of_funds::accept_every_source(connie, id).await;
        }
        if *name == "exchange_deposit_held" {
            receive_exchange_deposit(connie, id).await;
        }
        if let Some(evidence) = t["evidence"].as_str() {
            let res = upload(connie, case_type, id, evidence).await;
            assert_eq!(res.status, StatusCode::CREATED, "{name}: {:?}", res.body);
        }
        let res = record(connie, case_type, id, name, reference_for(&t)).await;
        assert_eq!(res.status, StatusCode::OK, "{name}: {:?}", res.body);
        last = res.body;
    }
    last
}

/// The cashier records the buyers' exchange deposit received, as much as the client ledger
/// lacks of it: 10 % of the price, or their own deposit where that is less (Standard Conditions
/// of Sale 2.2.1; workflows/tests/tasks.rs has the rule's cases).
pub(crate) async fn receive_exchange_deposit(connie: &mut Client, id: i64) {
    let base = format!("/api/staff/cases/buying/{id}");
    let case = connie.get(&base).await.body;
    let tenth = case["expanded"]["purchasePrice"].as_i64().unwrap() / 10;
    let deposit = case["expanded"]["depositAmount"]
        .as_i64()
        .map_or(tenth, |own| own.min(tenth));
    let held = connie.get(&format!("{base}/ledger")).await.body["clientBalancePence"]
        .as_i64()
        .unwrap();
    if held >= deposit {
        return;
    }
    let res = connie
        .post(
            &format!("{base}/ledger"),
            json!({ "direction": "RECEIVED", "kind": "CLIENT_FUNDS", "amountPence": deposit - held,
                    "counterparty": "The buyers", "reference": "Exchange deposit",
                    "entryDate": chrono::Utc::now().date_naive() }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
}

/// Records every task open or waiting now, in the file's order (the AML checks at identity
/// verification, the exchange, the pre-completion searches); answers their names.
pub(crate) async fn record_open_tasks(
    connie: &mut Client,
    case_type: &str,
    id: i64,
) -> Vec<String> {
    let open = open_tasks(connie, case_type, id).await;
    let names: Vec<&str> = open.iter().map(String::as_str).collect();
    record_tasks(connie, case_type, id, &names).await;
    open
}

/// The names of the case's tasks `open` or waiting now, in the file's order.
pub(crate) async fn open_tasks(connie: &mut Client, case_type: &str, id: i64) -> Vec<String> {
    let case = connie
        .get(&format!("/api/staff/cases/{case_type}/{id}"))
        .await
        .body;
    case["tasks"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["state"] == "OPEN" || t["state"] == "WAITING")
        .map(|t| t["name"].as_str().unwrap().to_owned())
        .collect()
}

/// The case as the firm's queue lists it among the cases with a legal-file task `due` (or
/// `overdue`), soonest first; null when it is not listed.
async fn queue_item(connie: &mut Client, case_type: &str, id: i64, task_due: &str) -> Value {
    let kind = case_type.to_uppercase();
    let page = connie
        .get(&format!(
            "/api/staff/cases?caseType={kind}&taskDue={task_due}&sortBy=NEXT_TASK_DUE_ON&sortDirection=ASC"
        ))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{:?}", page.body);
    page.body["items"]
        .as_array()
        .unwrap()
        .iter()
        .find(|i| i["id"] == id)
        .cloned()
        .unwrap_or(Value::Null)
}

/// The queue's deadline is the case's first task due (kept by the write that completed it),
/// listed as due and not overdue; a day past it, overdue.
async fn queue_shows_the_next_task_due(
    app: &TestApp,
    connie: &mut Client,
    case_type: &str,
    id: i64,
    first_due: &str,
) {
    let item = queue_item(connie, case_type, id, "due").await;
    assert_eq!(item["nextTaskDueOn"], first_due, "{item:?}");
    assert_eq!(item["nextTaskOverdue"], false);
    assert_eq!(
        queue_item(connie, case_type, id, "overdue").await,
        Value::Null
    );
    let res = connie.get("/api/staff/cases?taskDue=soon").await;
    assert!(res.field_error("taskDue").is_some(), "{:?}", res.body);
    // A deadline passed (the date moved back as time would move on), then put back.
    let yesterday = chrono::Utc::now().date_naive() - chrono::Days::new(1);
    let first_due: chrono::NaiveDate = first_due.parse().unwrap();
    set_case(app, id, "next_task_due_on", yesterday).await;
    let item = queue_item(connie, case_type, id, "overdue").await;
    assert_eq!(item["nextTaskOverdue"], true, "{item:?}");
    set_case(app, id, "next_task_due_on", first_due).await;
}

/// Works every task of a completed case, from the case page's list (`expected`, in order)
/// to the file closed; `customer` is one of the case's clients.
pub(crate) async fn work_the_file_after_completion(
    app: &TestApp,
    connie: &mut Client,
    customer: &mut Client,
    case_type: &str,
    id: i64,
    expected: &[&str],
) {
    // Completing records today as the completion date (by the effect's worker).
    let today = chrono::Utc::now().date_naive();
    let mut case = Value::Null;
    for _ in 0..100 {
        case = connie
            .get(&format!("/api/staff/cases/{case_type}/{id}"))
            .await
            .body;
        if case["expanded"]["completionDate"] == json!(today) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    let tasks = &case["tasks"];
    let names: Vec<&str> = tasks
        .as_array()
        .unwrap()
        .iter()
        .filter(|t| t["afterCompletion"] == true)
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, expected);
    let ap1 = task(tasks, "registration_applied");
    // The firm's own limit for the AP1, inside the official search's priority (HMLR PG12).
    assert_eq!(
        ap1["dueOn"],
        json!(today + chrono::Days::new(21)),
        "{ap1:?}"
    );
    assert_eq!(task(tasks, "file_closed")["state"], "WAITING");
    // The clients read it too, as what happens next: nothing done yet.
    let steps = customer.get(&expanded(case_type, id)).await.body["afterCompletion"].clone();
    assert_eq!(steps[0]["done"], false, "{steps:?}");

    // Not the customer's to record; not a task of this case.
    let res = record(customer, case_type, id, "file_closed", json!({})).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    let res = record(connie, case_type, id, "archive", json!({})).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    // Out of order: the file closes last.
    let res = record(connie, case_type, id, "file_closed", json!({})).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert!(
        res.body.to_string().contains("This task waits for"),
        "{:?}",
        res.body
    );
    // The reference is required where the task records one, and well formed.
    let first_reference = names
        .iter()
        .copied()
        .find(|n| !task(tasks, n)["referenceLabel"].is_null())
        .unwrap();
    let res = record(connie, case_type, id, first_reference, json!({})).await;
    assert!(
        res.field_error("reference")
            .is_some_and(|e| e.starts_with("is required")),
        "{:?}",
        res.body
    );
    let res = record(
        connie,
        case_type,
        id,
        first_reference,
        json!({ "reference": "12<script>" }),
    )
    .await;
    assert!(res.field_error("reference").is_some(), "{:?}", res.body);
    let res = record(
        connie,
        case_type,
        id,
        "file_closed",
        json!({ "note": "x".repeat(2001) }),
    )
    .await;
    assert!(res.field_error("note").is_some(), "{:?}", res.body);

    // The case is closed: the firm adds the evidence of an open task, and nothing else.
    let res = upload(connie, case_type, id, "OTHER").await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "case_closed");

    // Completing set a reminder to the firm for each task with a due date, on its day at 09:00.
    let due: Vec<(String, String)> = tasks
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|t| {
            let day = t["dueOn"].as_str()?;
            Some((t["name"].as_str()?.to_owned(), format!("{day}T09:00:00Z")))
        })
        .collect();
    assert!(!due.is_empty());
    assert_eq!(task_reminders(app, id).await, due);
    let first_due = due.iter().map(|(_, at)| &at[..10]).min().unwrap();
    queue_shows_the_next_task_due(app, connie, case_type, id, first_due).await;

    // Every task in order, each with its evidence uploaded first where it has one.
    for name in expected {
        let t = task(
            &connie
                .get(&format!("/api/staff/cases/{case_type}/{id}"))
                .await
                .body["tasks"],
            name,
        )
        .clone();
        assert_eq!(t["state"], "OPEN", "{t:?}");
        if let Some(evidence) = t["evidence"].as_str() {
            let res = record(connie, case_type, id, name, reference_for(&t)).await;
            assert_eq!(res.status, StatusCode::CONFLICT, "{name}: {:?}", res.body);
            assert!(res.body.to_string().contains(evidence), "{:?}", res.body);
            let res = upload(connie, case_type, id, evidence).await;
            assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
        }
        let mut body = reference_for(&t);
        body["note"] = json!(format!("{name} checked"));
        let res = record(connie, case_type, id, name, body).await;
        assert_eq!(res.status, StatusCode::OK, "{name}: {:?}", res.body);
        let now = task(&res.body["tasks"], name);
        assert_eq!(now["state"], "DONE", "{now:?}");
        assert_eq!(now["done"]["reference"], reference_for(&t)["reference"]);
        assert_eq!(now["done"]["note"], format!("{name} checked"));
        assert!(now["done"]["doneByName"].is_string(), "{now:?}");
        assert_eq!(now["overdue"], false);
        if due.len() > 1 && *name == due[0].0 {
            reminders_skip_what_is_done(app, id, tasks, &due).await;
        }
    }
    // Done once.
    let res = record(connie, case_type, id, "file_closed", json!({})).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let audited: Vec<String> = app
        .db
        .audit_for("case", &id.to_string())
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.action == "case.task_done")
        .map(|e| e.detail.0["task"].as_str().unwrap_or_default().to_owned())
        .filter(|t| expected.contains(&t.as_str()))
        .collect();
    assert_eq!(audited, expected);
    // Every task done: the queue has no deadline for it.
    assert_eq!(queue_item(connie, case_type, id, "due").await, Value::Null);
    // The clients read what happens after completion, every step now done, nothing more.
    let steps = customer.get(&expanded(case_type, id)).await.body["afterCompletion"].clone();
    assert_eq!(
        steps.as_array().map(Vec::len),
        Some(expected.len()),
        "{steps:?}"
    );
    assert!(
        steps
            .as_array()
            .unwrap()
            .iter()
            .all(|s| s["done"] == true && s.as_object().unwrap().len() == 2),
        "{steps:?}"
    );
}

/// The first task with a due date is done, the second not: their day come, the second is
/// reminded to the firm (linking to the case in the back office), the first not.
async fn reminders_skip_what_is_done(
    app: &TestApp,
    id: i64,
    tasks: &Value,
    due: &[(String, String)],
) {
    let label = |name: &str| task(tasks, name)["label"].as_str().unwrap().to_owned();
    let (done, open) = (label(&due[0].0), label(&due[1].0));
    // Their day has come.
    app.reminders_fall_due(id).await;
    let mail = app
        .mail_with_subject(support::staff::CONNIE, &format!("Due today: {open},"))
        .await;
    assert!(
        mail.links.iter().any(|l| l.contains("/staff/cases/")),
        "{mail:?}"
    );
    let reminded_of_done = read_outbox(&app.outbox)
        .unwrap_or_default()
        .into_iter()
        .any(|m| m.subject.starts_with(&format!("Due today: {done},")));
    assert!(!reminded_of_done);
}

/// The task reminders waiting for the case: (task, when due).
async fn task_reminders(app: &TestApp, id: i64) -> Vec<(String, String)> {
    app.waiting_reminders(id, "task_due")
        .await
        .into_iter()
        .map(|e| {
            let at: chrono::DateTime<chrono::Utc> =
                serde_json::from_value(e["dueAt"].clone()).unwrap();
            (
                e["task"]["name"].as_str().unwrap().to_owned(),
                at.format("%Y-%m-%dT%H:%M:%SZ").to_string(),
            )
        })
        .collect()
}

/// The customer's expanded case.
fn expanded(case_type: &str, id: i64) -> String {
    match case_type {
        "buying" => support::purchase::expanded(id),
        _ => format!("/api/remortgaging/cases/{id}/expanded"),
    }
}

/// A well-formed reference where the task records one (a UTRN, HMLR's reference, a title
/// number); an expiry (the OS1's priority) 30 days ahead, after the AP1's own limit; the
/// completion date fixed on exchange today (so completing today is not early).
fn reference_for(task: &Value) -> Value {
    let today = chrono::Utc::now().date_naive();
    match task["referenceIs"].as_str() {
        Some("EXPIRY_DATE") => return json!({ "reference": today + chrono::Days::new(30) }),
        Some("COMPLETION_DATE") => return json!({ "reference": today }),
        _ => {}
    }
    match task["referenceLabel"].as_str() {
        Some("UTRN") => json!({ "reference": "123456789MC" }),
        Some("Title number") => json!({ "reference": "AB123456" }),
        Some(_) => json!({ "reference": "PR-1234/567" }),
        None => json!({}),
    }
}
