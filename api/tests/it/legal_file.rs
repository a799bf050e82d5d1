//! Issue 29: the legal file's tasks after completion, worked through the back office's calls
//! on a completed purchase and a completed remortgage: each listed with its due date, refused
//! out of order, without its evidence or its reference, twice, or to the customer, and
//! recorded (and audited) by the conveyancer until the file is closed.

use crate::support;

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use support::{Client, TestApp};

const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

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

fn task<'a>(tasks: &'a Value, name: &str) -> &'a Value {
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
        .collect();
    assert_eq!(audited, expected);
}

/// A well-formed reference where the task records one (a UTRN, HMLR's reference, a title
/// number).
fn reference_for(task: &Value) -> Value {
    match task["referenceLabel"].as_str() {
        Some("UTRN") => json!({ "reference": "123456789MC" }),
        Some("Title number") => json!({ "reference": "AB123456" }),
        Some(_) => json!({ "reference": "PR-1234/567" }),
        None => json!({}),
    }
}
