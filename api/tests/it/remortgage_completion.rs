//! A submitted remortgage carried to completion (issue 14, FLOW-01 after submission,
//! REM-POST-07..16, DOCS-09/10): the owner's identity submitted and verified, the lender's
//! offer recorded, the mortgage report drafted (never shown to customers), issued and
//! accepted, the completion statement likewise, and the case completed. Each step through the
//! real calls; the case moves by the workflow, never by writing its status.

use crate::support;

use reqwest::header::HeaderMap;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};
use support::cases::set_case;
use support::remortgage::{
    CARA, DAN, customer_case, dan_joins, fill_in_and_submit, property_body, submitted_remortgage,
};
use support::staff::{CONNIE, code, enrolled_conveyancer};
use support::{Backend, Client, TestApp, pdf_text, pounds, tile};

on_both_databases!(
    rem_post_the_firm_and_the_owner_carry_a_remortgage_to_completion,
    rem_post_16_identity_needs_both_documents_and_a_rejection_says_why,
    identity_evidence_is_the_owners_and_the_firms_only,
    status_13_a_help_to_buy_redemption_waits_for_its_letter,
    the_owners_steps_are_refused_to_everyone_else,
    two_owners_each_verify_and_accept_before_the_case_moves,
    identity_evidence_is_deleted_only_by_whoever_may_read_it,
    the_mortgage_offer_is_recorded_with_its_document_and_figures,
);

async fn upload(client: &mut Client, id: i64, document_type: &str) -> Value {
    support::upload_pdf(client, "REMORTGAGING", id, document_type).await
}

/// The firm uploads the lender's offer and records it (as a person does in the back office).
async fn record_offer(connie: &mut Client, id: i64) -> Value {
    let document = upload(connie, id, "MORTGAGE_OFFER").await["documentId"]
        .as_i64()
        .unwrap();
    let res = connie
        .post(
            &format!("/api/staff/cases/remortgaging/{id}/mortgage-offer"),
            support::staff::offer(document),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body
}

async fn expanded(client: &mut Client, id: i64) -> Value {
    let res = client
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    res.body
}

/// The completion-overdue reminders still waiting, by when they are due.
async fn overdue_reminders(app: &TestApp, id: i64) -> Vec<String> {
    app.waiting_reminders(id, "completion_overdue")
        .await
        .into_iter()
        .map(|e| e["dueAt"].as_str().unwrap_or_default().to_owned())
        .collect()
}

/// In Pending Completion the firm agrees the date: it must be given and not past; the owners
/// are told; the firm is reminded the morning after it, and a new date replaces the reminder
/// (issue 14's completion reminder).
async fn agree_completion_date(app: &TestApp, connie: &mut Client, staff_case: &str, id: i64) {
    let path = format!("{staff_case}/transition");
    let res = connie.get(staff_case).await;
    let step = res.body["transitions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "agree_completion_date")
        .cloned()
        .unwrap();
    assert_eq!(step["asksFor"], "COMPLETION_DATE");
    assert_eq!(step["allowed"], true);
    let res = connie
        .post(&path, json!({ "transition": "agree_completion_date" }))
        .await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    assert!(
        res.field_error("completionDate").is_some(),
        "{:?}",
        res.body
    );
    let today = chrono::Utc::now().date_naive();
    let yesterday = today - chrono::Duration::days(1);
    let res = connie
        .post(
            &path,
            json!({ "transition": "agree_completion_date", "completionDate": yesterday }),
        )
        .await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    for days in [14, 21] {
        let date = today + chrono::Duration::days(days);
        let res = connie
            .post(
                &path,
                json!({ "transition": "agree_completion_date", "completionDate": date }),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        assert_eq!(res.body["status"], "PENDING_COMPLETION");
        // One reminder waits, for 09:00 UTC the day after the latest date.
        let due = date
            .succ_opt()
            .unwrap()
            .and_hms_opt(9, 0, 0)
            .unwrap()
            .and_utc();
        let waiting = overdue_reminders(app, id).await;
        assert_eq!(waiting.len(), 1, "{waiting:?}");
        let at = chrono::DateTime::parse_from_rfc3339(&waiting[0]).unwrap();
        assert_eq!(at, due);
    }
    let agreed = (today + chrono::Duration::days(21)).to_string();
    let case = connie.get(staff_case).await.body;
    assert_eq!(
        case["expanded"]["completionDate"],
        agreed.as_str(),
        "{case}"
    );
    app.mail_with_subject(CARA, "Completion date agreed").await;
    // The bare move, without its date, is refused by the case service itself.
    let connie_id = app.db.user_by_email(CONNIE).await.unwrap().unwrap().id;
    let res = app
        .cases
        .transition(
            &threshold_cases::Caller::User {
                id: connie_id,
                role: threshold_engine::Role::Conveyancer,
                is_lender: false,
                firm_id: None,
            },
            threshold_engine::CaseType::Remortgaging,
            id,
            "agree_completion_date",
            None,
        )
        .await;
    assert!(
        matches!(res, Err(threshold_cases::CaseError::NotPermitted(_))),
        "{res:?}"
    );
    // The day passes without completion: the firm is reminded.
    app.exec(
        "UPDATE case_effects SET due_at = created_at WHERE due_at IS NOT NULL AND done_at IS NULL",
    )
    .await;
    app.mail_with_subject(CONNIE, "Completion overdue").await;
}

/// The staff member drafts a document and issues it; returns its id.
async fn draft_and_issue(connie: &mut Client, cara: &mut Client, id: i64, kind: &str) -> i64 {
    let base = format!("/api/staff/cases/remortgaging/{id}");
    let res = connie
        .post(
            &format!("{base}/documents"),
            support::staff::draft_body(kind),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let doc = res.body["documentId"].as_i64().unwrap();
    // DOCS-09: customers never see a draft, listed or downloaded.
    let mine = expanded(cara, id).await;
    let listed = mine["documents"]["generatedDocuments"].as_array().unwrap();
    assert!(
        listed
            .iter()
            .all(|d| d["documentId"] != doc && d["isDraft"] == false)
    );
    assert_eq!(
        cara.get(&format!("/api/document/{doc}")).await.status,
        StatusCode::NOT_FOUND
    );
    // CALLS-13: nor is a draft theirs to accept.
    let res = cara
        .post(&format!("/api/document/{doc}/accept"), json!({}))
        .await;
    assert!(res.status.is_client_error(), "{:?}", res.body);
    let res = connie
        .post(&format!("{base}/documents/{doc}/issue"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    doc
}

/// CALLS-13: an owner accepts the issued mortgage report: it is in their `documentAcceptances`
/// (a draft cannot be accepted: see draft_and_issue).
async fn rem_post_the_firm_and_the_owner_carry_a_remortgage_to_completion(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = submitted_remortgage(&app).await;
    let (mut connie, secret, _) = enrolled_conveyancer(&app).await;
    let staff_case = format!("/api/staff/cases/remortgaging/{id}");
    let case = expanded(&mut cara, id).await;
    assert_eq!(tile(&case, "identification"), "NOT_STARTED");
    assert_eq!(tile(&case, "mortgage-report"), "LOCKED");

    // Identity: a photo ID and a selfie, then submitted. Until then the case waits on the
    // customer; once sent, only the firm can act (issue 26.13).
    let waits_on = |c: &Value| c["waitsOn"].clone();
    assert_eq!(waits_on(&connie.get(&staff_case).await.body), "customer");
    upload(&mut cara, id, "PHOTO_ID").await;
    upload(&mut cara, id, "SELFIE").await;
    let res = cara
        .post(
            "/api/identity",
            json!({ "caseId": id, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "IDENTITY_VERIFICATION");
    let case = expanded(&mut cara, id).await;
    let owner = &case["propertyOwners"][0];
    assert!(owner["identitySubmittedAt"].as_str().is_some());
    assert_eq!(owner["identityVerifiedAt"], Value::Null);
    // Issue 26: the tile agrees with its page ('Waiting for us to check'), for every reader.
    assert_eq!(tile(&case, "identification"), "IN_PROGRESS");
    let case = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await
        .body;
    assert_eq!(tile(&case, "identification"), "IN_PROGRESS");

    assert_eq!(waits_on(&connie.get(&staff_case).await.body), "firm");

    // The conveyancer verifies it, having ticked everything compared: the only owner, so the
    // case moves on by itself.
    let applicant = owner["id"].as_i64().unwrap();
    let decide = format!("{staff_case}/identity/{applicant}");
    let res = connie
        .post(&decide, json!({ "decision": "VERIFIED" }))
        .await;
    assert!(res.field_error("checks").is_some(), "{:?}", res.body);
    let mut unticked = support::staff::verified();
    unticked["checks"]["dateOfBirthMatches"] = json!(false);
    let res = connie.post(&decide, unticked).await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.field_error("checks.dateOfBirthMatches").is_some(),
        "{:?}",
        res.body
    );
    // Issue 29: the firm's AML checks first (MLR 2017), then the identity moves the case on.
    assert_eq!(
        crate::legal_file::record_open_tasks(&mut connie, "remortgaging", id).await,
        ["aml_risk_assessment", "sanctions_and_pep_screening"]
    );
    // Their evidence is the firm's own record (`firm_only`): never listed to the owner or the
    // broker, nor readable by them, nor offered in the message box outside the firm's notes.
    let uploads = connie.get(&staff_case).await.body["uploads"].clone();
    let records: Vec<i64> = uploads
        .as_array()
        .unwrap()
        .iter()
        .filter(|u| {
            ["AML_RISK_ASSESSMENT", "SCREENING_REPORT"]
                .contains(&u["documentType"].as_str().unwrap())
        })
        .map(|u| u["documentId"].as_i64().unwrap())
        .collect();
    assert_eq!(records.len(), 2, "{uploads}");
    for (who, client) in [("the owner", &mut cara), ("the broker", &mut broker)] {
        let listed = expanded(client, id).await["documents"]["documents"].clone();
        assert!(
            listed
                .as_array()
                .unwrap()
                .iter()
                .all(|d| !records.contains(&d["documentId"].as_i64().unwrap())),
            "{who}: {listed}"
        );
        for record in &records {
            let (status, ..) = client.get_bytes(&format!("/api/document/{record}")).await;
            assert_eq!(status, StatusCode::NOT_FOUND, "{who} reads {record}");
        }
        let talk = client
            .get(&format!("/api/conversations/remortgaging/{id}"))
            .await
            .body;
        let offered = talk["threads"][0]["attachable"].to_string();
        assert!(
            records
                .iter()
                .all(|r| !offered.contains(&format!("\"documentId\":{r}"))),
            "{who}: {offered}"
        );
    }
    let (status, ..) = connie
        .get_bytes(&format!("/api/document/{}", records[0]))
        .await;
    assert_eq!(status, StatusCode::OK);
    let notes = connie.get(&format!("{staff_case}/conversation")).await.body;
    let internal = notes["threads"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["channel"] == "FIRM_INTERNAL")
        .unwrap()["attachable"]
        .to_string();
    assert!(
        internal.contains(&format!("\"documentId\":{}", records[0])),
        "{internal}"
    );
    // Issue 29: the owner has accepted the firm's client care letter; the case then waits on
    // the firm alone.
    support::staff::client_care_letter_accepted(&mut connie, &mut [&mut cara], id).await;
    assert_eq!(waits_on(&connie.get(&staff_case).await.body), "firm");
    let res = connie
        .post(
            &format!("{staff_case}/identity/{applicant}"),
            support::staff::verified(),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "AWAITING_MORTGAGE_OFFER");
    let case = expanded(&mut cara, id).await;
    assert_eq!(tile(&case, "identification"), "IS_COMPLETE");
    // The audit trail keeps what was compared.
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let decided = audit
        .iter()
        .find(|e| e.action == "case.identity_decided")
        .expect("the decision is audited");
    assert_eq!(
        decided.detail["checked"],
        json!([
            "photoMatches",
            "nameMatches",
            "dateOfBirthMatches",
            "documentInDate",
            "addressMatches"
        ])
    );

    // The lender's offer arrives.
    let res = record_offer(&mut connie, id).await;
    assert_eq!(res["status"], "PREPARE_MORTGAGE_REPORT", "{res:?}");

    // Publishing without an issued report is refused with the engine's reason.
    let res = connie
        .post(
            &format!("{staff_case}/transition"),
            json!({ "transition": "publish_mortgage_report" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(
        res.body["error"]["message"],
        "Issue the mortgage report first: choose 'Issue to customers' on its draft."
    );
    let report = draft_and_issue(&mut connie, &mut cara, id, "MORTGAGE_REPORT").await;
    app.mail_with_subject(CARA, "mortgage report").await;
    let case = expanded(&mut cara, id).await;
    assert_eq!(case["status"], "MORTGAGE_REPORT_ACCEPTANCE");
    assert_eq!(tile(&case, "mortgage-report"), "NOT_STARTED");
    // The report reads the recorded offer (£185,000 of a £350,000 property, not the £200,000
    // applied for), its special conditions and the conveyancer's finding (issue 29), and
    // asserts no check the file does not record.
    let (status, _, bytes) = cara.get_bytes(&format!("/api/document/{report}")).await;
    assert_eq!(status, StatusCode::OK);
    let text = pdf_text(&bytes)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ");
    for expected in [
        "Mortgage Report",
        "£185,000.00",
        "£350,000.00",
        "52.9%",
        "Nationwide Building Society offered £185,000.00",
        "Its special conditions: The existing charge is repaid at completion.",
        "The offer names both owners and this property; its figures match.",
    ] {
        assert!(text.contains(expected), "{expected} not in {text}");
    }
    assert!(!text.contains("We have checked that"), "{text}");
    // The broker may read it, not accept it; nor issue it again.
    let res = broker
        .post(&format!("/api/document/{report}/accept"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    let res = connie
        .post(&format!("{staff_case}/documents/{report}/issue"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "not a draft any more");
    // Nor delete it, even with a fresh code: the owners have it.
    let res = connie
        .send(
            Method::DELETE,
            &format!("{staff_case}/documents/{report}"),
            Some(json!({ "reason": "Typo", "code": code(&secret, 0) })),
            HeaderMap::new(),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "document_kept");

    // Cara accepts: every owner has, so the case moves on.
    let res = cara
        .post(&format!("/api/document/{report}/accept"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "PREPARE_COMPLETION_STATEMENT");
    let case = expanded(&mut cara, id).await;
    assert_eq!(tile(&case, "mortgage-report"), "IS_COMPLETE");
    // Her acceptances: the client care letter's, then the report's.
    let accepted: Vec<i64> = case["propertyOwners"][0]["documentAcceptances"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["documentId"].as_i64().unwrap())
        .collect();
    assert_eq!(accepted.last(), Some(&report), "{accepted:?}");
    assert_eq!(accepted.len(), 2, "{accepted:?}");

    let statement = draft_and_issue(&mut connie, &mut cara, id, "COMPLETION_STATEMENT").await;
    let case = expanded(&mut cara, id).await;
    assert_eq!(case["status"], "COMPLETION_STATEMENT_ACCEPTANCE");
    assert_eq!(tile(&case, "completion-statement"), "NOT_STARTED");
    let (_, _, bytes) = cara.get_bytes(&format!("/api/document/{statement}")).await;
    let text = pdf_text(&bytes);
    assert!(text.contains("Completion Statement"), "{text}");
    assert!(
        text.contains("Threshold Conveyancing LLP"),
        "the firm: {text}"
    );
    // The case's figures: the advance of the recorded offer (support::staff::offer), our bill
    // from the quote, what is left.
    let fees = case["quote"]["totalAmount"].as_i64().unwrap();
    assert!(text.contains("Advance from"), "{text}");
    assert!(text.contains("£185,000.00"), "the advance: {text}");
    assert!(
        text.contains(&pounds(fees)),
        "our bill {}: {text}",
        pounds(fees)
    );
    let balance = pounds(18_500_000 - fees);
    assert!(text.contains(&balance), "the balance {balance}: {text}");
    let res = cara
        .post(&format!("/api/document/{statement}/accept"), json!({}))
        .await;
    assert_eq!(res.body["status"], "PENDING_COMPLETION", "{:?}", res.body);

    agree_completion_date(&app, &mut connie, &staff_case, id).await;

    // The conveyancer completes: today's date is the completion date. Before the agreed day
    // (three weeks ahead) that replaces it, so it must be confirmed (issue 26.13).
    let step = connie.get(&staff_case).await.body["transitions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["name"] == "complete")
        .cloned()
        .unwrap();
    assert_eq!(step["recordsCompletionDate"], true);
    let res = connie
        .post(
            &format!("{staff_case}/transition"),
            json!({ "transition": "complete" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        res.field_error("earlyCompletionConfirmed").is_some(),
        "{:?}",
        res.body
    );
    assert_eq!(
        expanded(&mut cara, id).await["status"],
        "PENDING_COMPLETION"
    );
    let complete = json!({ "transition": "complete", "earlyCompletionConfirmed": true });
    // Issue 29: not before the mortgage deed, the OS1 and K16 searches and the certificate of
    // title (the Lenders' Handbook's requirements).
    let res = connie
        .post(&format!("{staff_case}/transition"), complete.clone())
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert!(
        res.body
            .to_string()
            .contains("The legal file needs first: Mortgage deed signed and witnessed"),
        "{:?}",
        res.body
    );
    // The OS1's priority expiry is a date, today or later: it sets the AP1's deadline.
    let os1 = format!("{staff_case}/tasks/priority_search");
    for (given, problem) in [
        ("14/12/2026", "must be a date (YYYY-MM-DD)"),
        ("2020-01-01", "has passed: an expiry is today or later"),
    ] {
        let res = connie.post(&os1, json!({ "reference": given })).await;
        assert_eq!(
            res.field_error("reference"),
            Some(problem),
            "{:?}",
            res.body
        );
    }
    crate::legal_file::record_tasks(
        &mut connie,
        "remortgaging",
        id,
        &[
            "mortgage_deed_signed",
            "priority_search",
            "bankruptcy_search",
            "certificate_of_title",
        ],
    )
    .await;
    let res = connie
        .post(&format!("{staff_case}/transition"), complete)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "COMPLETED");
    // The completion date is recorded by the effect's worker.
    let today = chrono::Utc::now().date_naive().to_string();
    let mut completed = Value::Null;
    for _ in 0..100 {
        completed = expanded(&mut cara, id).await;
        if completed["completionDate"] == today.as_str() {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
    assert_eq!(completed["completionDate"], today.as_str());
    assert_eq!(completed["status"], "COMPLETED");
    // Every step is in the case's audit trail.
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    for action in [
        "case.identity_submitted",
        "case.identity_decided",
        "case.mortgage_offer_recorded",
        "document.generated",
        "document.issued",
        "document.accepted",
    ] {
        assert!(
            audit.iter().any(|e| e.action == action),
            "{action} in the audit trail"
        );
    }
    // Issue 29: after completion, the new charge registered and the file closed.
    crate::legal_file::work_the_file_after_completion(
        &app,
        &mut connie,
        &mut cara,
        "remortgaging",
        id,
        &[
            "old_charge_discharged",
            "registration_applied",
            "registration_completed",
            "file_closed",
        ],
    )
    .await;
}

async fn rem_post_16_identity_needs_both_documents_and_a_rejection_says_why(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = submitted_remortgage(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let submit = json!({ "caseId": id, "caseType": "REMORTGAGING" });
    upload(&mut cara, id, "PHOTO_ID").await;
    let res = cara.post("/api/identity", submit.clone()).await;
    assert_eq!(res.status, StatusCode::CONFLICT);
    assert_eq!(res.body["error"]["code"], "documents_missing");
    upload(&mut cara, id, "SELFIE").await;
    // Only the owner submits their own identity; only the firm decides.
    let res = broker.post("/api/identity", submit.clone()).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    let res = cara.post("/api/identity", submit.clone()).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let applicant = expanded(&mut cara, id).await["propertyOwners"][0]["id"]
        .as_i64()
        .unwrap();
    let decide = format!("/api/staff/cases/remortgaging/{id}/identity/{applicant}");
    let res = cara.post(&decide, support::staff::verified()).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    // A rejection needs a reason, which the owner reads; they submit again.
    let res = connie
        .post(&decide, json!({ "decision": "REJECTED" }))
        .await;
    assert!(res.field_error("reason").is_some(), "{:?}", res.body);
    let res = connie
        .post(
            &decide,
            json!({ "decision": "REJECTED", "reason": "The photo is blurred: take it again in daylight." }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "IDENTITY_VERIFICATION");
    let owner = &expanded(&mut cara, id).await["propertyOwners"][0];
    assert_eq!(owner["identitySubmittedAt"], Value::Null);
    assert_eq!(
        owner["identityRejectionReason"],
        "The photo is blurred: take it again in daylight."
    );
    // Deciding again on nothing submitted is a conflict; an unknown owner a 404.
    let res = connie.post(&decide, support::staff::verified()).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    let res = connie
        .post(
            &format!("/api/staff/cases/remortgaging/{id}/identity/999999"),
            support::staff::verified(),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    let res = cara.post("/api/identity", submit).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(
        expanded(&mut cara, id).await["propertyOwners"][0]["identityRejectionReason"],
        Value::Null
    );
}

async fn identity_evidence_is_the_owners_and_the_firms_only(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = submitted_remortgage(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let photo = upload(&mut cara, id, "PHOTO_ID").await["documentId"]
        .as_i64()
        .unwrap();
    let statement = upload(&mut cara, id, "BANK_STATEMENT").await["documentId"]
        .as_i64()
        .unwrap();
    // The broker sees the case's other documents, never the owner's identity evidence.
    let listed: Vec<i64> = expanded(&mut broker, id).await["documents"]["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["documentId"].as_i64().unwrap())
        .collect();
    assert!(listed.contains(&statement));
    assert!(!listed.contains(&photo));
    assert_eq!(
        broker.get(&format!("/api/document/{photo}")).await.status,
        StatusCode::NOT_FOUND
    );
    // The owner and the firm do.
    let (status, ..) = cara.get_bytes(&format!("/api/document/{photo}")).await;
    assert_eq!(status, StatusCode::OK);
    let (status, ..) = connie.get_bytes(&format!("/api/document/{photo}")).await;
    assert_eq!(status, StatusCode::OK);
    let staff_view = connie
        .get(&format!("/api/staff/cases/remortgaging/{id}"))
        .await;
    assert!(
        staff_view.body["expanded"]["documents"]["documents"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d["documentId"] == photo)
    );
}

/// Identity verified, offer recorded, mortgage report issued and accepted: the case waits for
/// the completion statement.
async fn to_prepare_completion_statement(cara: &mut Client, connie: &mut Client, id: i64) {
    upload(cara, id, "PHOTO_ID").await;
    upload(cara, id, "SELFIE").await;
    let submit = json!({ "caseId": id, "caseType": "REMORTGAGING" });
    assert_eq!(
        cara.post("/api/identity", submit).await.status,
        StatusCode::OK
    );
    let applicant = expanded(cara, id).await["propertyOwners"][0]["id"]
        .as_i64()
        .unwrap();
    let base = format!("/api/staff/cases/remortgaging/{id}");
    crate::legal_file::record_open_tasks(connie, "remortgaging", id).await;
    support::staff::client_care_letter_accepted(connie, &mut [&mut *cara], id).await;
    let verified = support::staff::verified();
    let res = connie
        .post(&format!("{base}/identity/{applicant}"), verified)
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    record_offer(connie, id).await;
    let report = draft_and_issue(connie, cara, id, "MORTGAGE_REPORT").await;
    let res = cara
        .post(&format!("/api/document/{report}/accept"), json!({}))
        .await;
    assert_eq!(
        res.body["status"], "PREPARE_COMPLETION_STATEMENT",
        "{:?}",
        res.body
    );
}

async fn status_13_a_help_to_buy_redemption_waits_for_its_letter(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = submitted_remortgage(&app).await;
    set_case(&app, id, "is_repaying_help_to_buy", true).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    to_prepare_completion_statement(&mut cara, &mut connie, id).await;
    let waiting =
        "We are waiting for the Help To Buy Redemption letter from the housing association.";
    assert_eq!(expanded(&mut cara, id).await["view"]["message"], waiting);
    // The statement cannot be published before the letter: the engine says why.
    let base = format!("/api/staff/cases/remortgaging/{id}");
    let res = connie
        .post(
            &format!("{base}/documents"),
            json!({ "documentType": "COMPLETION_STATEMENT" }),
        )
        .await;
    let draft = res.body["documentId"].as_i64().unwrap();
    let res = connie
        .post(&format!("{base}/documents/{draft}/issue"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["message"], waiting);
    // The letter arrives: the message goes and the statement is issued.
    let res = connie
        .post(&format!("{base}/htb-redemption-letter"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let case = expanded(&mut cara, id).await;
    assert_eq!(case["hasHTBRedemptionLetter"], true);
    assert_ne!(case["view"]["message"], waiting);
    let res = connie
        .post(&format!("{base}/documents/{draft}/issue"), json!({}))
        .await;
    assert_eq!(
        res.body["status"], "COMPLETION_STATEMENT_ACCEPTANCE",
        "{:?}",
        res.body
    );
    // A purchase has no such letter.
    let res = connie
        .post(
            &format!("/api/staff/cases/buying/{id}/htb-redemption-letter"),
            json!({}),
        )
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

async fn the_owners_steps_are_refused_to_everyone_else(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = submitted_remortgage(&app).await;
    let statement = upload(&mut cara, id, "BANK_STATEMENT").await["documentId"]
        .as_i64()
        .unwrap();
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    let mut stranger = app.sign_in("stranger@example.test").await;
    let mut rival = app.sign_in("rival@other.test").await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let mut anonymous = app.client();
    let identity = json!({ "caseId": id, "caseType": "REMORTGAGING" });
    let accept = format!("/api/document/{statement}/accept");
    for (who, client, expected) in [
        ("another customer", &mut stranger, StatusCode::NOT_FOUND),
        ("another firm's broker", &mut rival, StatusCode::NOT_FOUND),
        (
            "staff, in the customer app",
            &mut connie,
            StatusCode::FORBIDDEN,
        ),
        ("anonymous", &mut anonymous, StatusCode::UNAUTHORIZED),
    ] {
        let res = client.post("/api/identity", identity.clone()).await;
        assert_eq!(res.status, expected, "{who}: identity {:?}", res.body);
        let res = client.post(&accept, json!({})).await;
        assert_eq!(res.status, expected, "{who}: accept {:?}", res.body);
    }
    // Bad input names its field.
    let res = cara
        .post(
            "/api/identity",
            json!({ "caseId": id, "caseType": "LEASING" }),
        )
        .await;
    assert!(res.field_error("caseType").is_some(), "{:?}", res.body);
    let res = cara.post(&accept, json!({ "note": "yes" })).await;
    assert!(res.field_error("note").is_some(), "{:?}", res.body);
    // An owner may not accept what is not a document to accept.
    let res = cara.post(&accept, json!({})).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
}

fn owner(case: &Value, applicant: i64) -> &Value {
    case["propertyOwners"]
        .as_array()
        .unwrap()
        .iter()
        .find(|o| o["id"] == applicant)
        .expect("the owner")
}

/// REM-POST-07, -08, -12 and DOCS-10 with two owners: Cara and her co-owner Dan each prove their
/// identity and accept each document; the tile is complete, and the case moves on, only once
/// both have. An acceptance is recorded for the owner who gave it, not the other.
async fn two_owners_each_verify_and_accept_before_the_case_moves(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = customer_case(&app).await;
    // Joint owners (Property Details opens Owners); Dan joins the case and gives his
    // details; then Cara fills in the rest and submits.
    let res = cara
        .post("/api/property", property_body(id, "FREEHOLD"))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let (mut dan, dan_id) = dan_joins(&app, &mut cara, id).await;
    let dan_user = app.db.user_by_email(DAN).await.unwrap().unwrap();
    let res = dan
        .post(
            &format!("/api/users/{}", dan_user.id),
            json!({ "preferredName": "Dan", "firstName": "Dan", "surname": "Owner",
                    "phoneNumber": "07700 900456", "dateOfBirth": "1981-03-04" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    fill_in_and_submit(&app, &mut cara, id).await;
    let cara_id = expanded(&mut cara, id).await["propertyOwners"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["id"].as_i64().unwrap())
        .find(|o| *o != dan_id)
        .unwrap();

    // REM-POST-07: identity is complete only once both owners are verified.
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let staff_case = format!("/api/staff/cases/remortgaging/{id}");
    let mut uploaded = Vec::new();
    for (owner, owner_id) in [(&mut cara, cara_id), (&mut dan, dan_id)] {
        for kind in ["PHOTO_ID", "SELFIE"] {
            let document = upload(owner, id, kind).await["documentId"]
                .as_i64()
                .unwrap();
            uploaded.push(json!({ "applicantId": owner_id, "documentId": document,
                                  "documentType": kind }));
        }
        let res = owner
            .post(
                "/api/identity",
                json!({ "caseId": id, "caseType": "REMORTGAGING" }),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    }
    // The firm checks each owner against the documents that owner uploaded, not the case's.
    let evidence = connie.get(&staff_case).await.body["identityEvidence"].clone();
    assert_eq!(evidence, Value::Array(uploaded));
    let verify = async |connie: &mut Client, applicant: i64| {
        let res = connie
            .post(
                &format!("{staff_case}/identity/{applicant}"),
                support::staff::verified(),
            )
            .await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        res.body["status"].as_str().unwrap().to_owned()
    };
    crate::legal_file::record_open_tasks(&mut connie, "remortgaging", id).await;
    support::staff::client_care_letter_accepted(&mut connie, &mut [&mut cara, &mut dan], id).await;
    assert_eq!(verify(&mut connie, cara_id).await, "IDENTITY_VERIFICATION");
    assert_eq!(
        tile(&expanded(&mut dan, id).await, "identification"),
        "IN_PROGRESS"
    );
    assert_eq!(verify(&mut connie, dan_id).await, "AWAITING_MORTGAGE_OFFER");
    for owner in [&mut cara, &mut dan] {
        assert_eq!(
            tile(&expanded(owner, id).await, "identification"),
            "IS_COMPLETE"
        );
    }
    let res = record_offer(&mut connie, id).await;
    assert_eq!(res["status"], "PREPARE_MORTGAGE_REPORT", "{res:?}");

    // REM-POST-08, -12 and DOCS-10: each document waits for both acceptances.
    for (kind, tile_key, waiting, next) in [
        (
            "MORTGAGE_REPORT",
            "mortgage-report",
            "MORTGAGE_REPORT_ACCEPTANCE",
            "PREPARE_COMPLETION_STATEMENT",
        ),
        (
            "COMPLETION_STATEMENT",
            "completion-statement",
            "COMPLETION_STATEMENT_ACCEPTANCE",
            "PENDING_COMPLETION",
        ),
    ] {
        let doc = draft_and_issue(&mut connie, &mut cara, id, kind).await;
        let accept = format!("/api/document/{doc}/accept");
        let res = cara.post(&accept, json!({})).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        assert_eq!(
            res.body["status"], waiting,
            "{kind}: one owner is not enough"
        );
        let case = expanded(&mut dan, id).await;
        assert_eq!(tile(&case, tile_key), "NOT_STARTED", "{kind}");
        assert!(accepted(&case, cara_id, doc), "{kind}: Cara's acceptance");
        assert!(!accepted(&case, dan_id, doc), "{kind}: not Dan's");
        let res = dan.post(&accept, json!({})).await;
        assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
        assert_eq!(res.body["status"], next, "{kind}: both have accepted");
        let case = expanded(&mut cara, id).await;
        assert!(accepted(&case, dan_id, doc), "{kind}: Dan's acceptance");
        assert_eq!(tile(&case, tile_key), "IS_COMPLETE", "{kind}");
    }
}

/// Whether the owner's `documentAcceptances` hold `doc`, with the time it was accepted.
fn accepted(case: &Value, applicant: i64, doc: i64) -> bool {
    owner(case, applicant)["documentAcceptances"]
        .as_array()
        .unwrap()
        .iter()
        .any(|a| a["documentId"] == doc && a["acceptedAt"].as_str().is_some())
}

/// Issue 25 (1): deleting a document applies exactly the read rule. Dan, Cara's co-owner,
/// cannot read her photo ID, so he cannot delete it either (404, as for reading; it was a
/// 204); nor can the broker or another customer. Once Cara has sent her identity for
/// checking, she may replace her evidence with a new upload but not remove it.
async fn identity_evidence_is_deleted_only_by_whoever_may_read_it(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = customer_case(&app).await;
    let res = cara
        .post("/api/property", property_body(id, "FREEHOLD"))
        .await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    let (mut dan, _) = dan_joins(&app, &mut cara, id).await;
    let dan_user = app.db.user_by_email(DAN).await.unwrap().unwrap();
    let res = dan
        .post(
            &format!("/api/users/{}", dan_user.id),
            json!({ "preferredName": "Dan", "firstName": "Dan", "surname": "Owner",
                    "phoneNumber": "07700 900456", "dateOfBirth": "1981-03-04" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    fill_in_and_submit(&app, &mut cara, id).await;
    let id_of = |body: Value| body["documentId"].as_i64().unwrap();
    let photo = id_of(upload(&mut cara, id, "PHOTO_ID").await);
    let first_try = id_of(upload(&mut cara, id, "SELFIE").await);
    app.create_user("stranger@example.test", "ROLE_USER", true)
        .await;
    let mut stranger = app.sign_in("stranger@example.test").await;
    for (who, client) in [
        ("co-owner", &mut dan),
        ("broker", &mut broker),
        ("another customer", &mut stranger),
    ] {
        let res = client.delete(&format!("/api/document/{photo}")).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{who}: {:?}", res.body);
    }
    let res = app.client().delete(&format!("/api/document/{photo}")).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    // Before she sends it for checking, Cara removes her own as she likes.
    let res = cara.delete(&format!("/api/document/{first_try}")).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT, "{:?}", res.body);
    upload(&mut cara, id, "SELFIE").await;
    let res = cara
        .post(
            "/api/identity",
            json!({ "caseId": id, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let res = cara.delete(&format!("/api/document/{photo}")).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "identity_under_review");
    let res = dan.delete(&format!("/api/document/{photo}")).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND, "{:?}", res.body);
    // A replacement is welcome; the firm still has the first.
    upload(&mut cara, id, "PHOTO_ID").await;
    let (status, ..) = cara.get_bytes(&format!("/api/document/{photo}")).await;
    assert_eq!(status, StatusCode::OK);
}

/// Issue 26.13: the offer is recorded with its evidence — the uploaded document of this case,
/// the lender, the advance and the offer's dates — each missing or wrong field named; the back
/// office shows it, the audit trail says what was recorded, and its document is kept.
async fn the_mortgage_offer_is_recorded_with_its_document_and_figures(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut cara, id) = submitted_remortgage(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let base = format!("/api/staff/cases/remortgaging/{id}");
    let statement = upload(&mut cara, id, "BANK_STATEMENT").await["documentId"]
        .as_i64()
        .unwrap();
    let offer_doc = upload(&mut connie, id, "MORTGAGE_OFFER").await["documentId"]
        .as_i64()
        .unwrap();
    let today = chrono::Utc::now().date_naive();
    let day = |n: i64| (today + chrono::Duration::days(n)).to_string();
    let with = |changes: Value| {
        let mut body = support::staff::offer(offer_doc);
        for (k, v) in changes.as_object().unwrap() {
            body[k] = v.clone();
        }
        body
    };
    for (body, field) in [
        (json!({}), "documentId"),
        (with(json!({ "documentId": null })), "documentId"),
        (with(json!({ "documentId": statement })), "documentId"),
        (with(json!({ "documentId": 999_999 })), "documentId"),
        (with(json!({ "lender": "  " })), "lender"),
        (with(json!({ "amount": 0 })), "amount"),
        (with(json!({ "amount": -5 })), "amount"),
        (with(json!({ "offerDate": day(3) })), "offerDate"),
        (with(json!({ "expiresOn": day(-7) })), "expiresOn"),
        (
            with(json!({ "offerDate": day(-30), "expiresOn": day(-1) })),
            "expiresOn",
        ),
        (with(json!({ "expiresOn": null })), "expiresOn"),
    ] {
        let res = connie
            .post(&format!("{base}/mortgage-offer"), body.clone())
            .await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{body}: {:?}",
            res.body
        );
        assert!(
            res.body["error"]["fields"][field].is_string(),
            "{body}: {:?}",
            res.body
        );
    }
    // Nothing was recorded: the client's list still says pending.
    let list = cara.get("/api/remortgaging/cases").await;
    assert_eq!(
        list.body["cases"][0]["hasMortgageOffer"], false,
        "{:?}",
        list.body
    );
    let staff_view = connie.get(&base).await;
    assert_eq!(staff_view.body["mortgageOffer"], Value::Null);

    let res = connie
        .post(
            &format!("{base}/mortgage-offer"),
            support::staff::offer(offer_doc),
        )
        .await;
    // (The case still waits for identities; the main journey above sees it move on.)
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let recorded = connie.get(&base).await.body["mortgageOffer"].clone();
    assert_eq!(recorded["documentId"], offer_doc);
    assert_eq!(recorded["lender"], "Nationwide Building Society");
    assert_eq!(recorded["amount"], 18_500_000);
    assert_eq!(recorded["offerDate"], day(-7));
    assert_eq!(recorded["expiresOn"], day(180));
    assert_eq!(
        recorded["specialConditions"],
        "The existing charge is repaid at completion."
    );
    let list = cara.get("/api/remortgaging/cases").await;
    assert_eq!(list.body["cases"][0]["hasMortgageOffer"], true);
    // The audit trail says what was recorded, not the conditions' text.
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let line = audit
        .iter()
        .find(|e| e.action == "case.mortgage_offer_recorded")
        .expect("the offer is audited");
    assert_eq!(line.detail["documentId"], offer_doc);
    assert_eq!(line.detail["amount"], 18_500_000);
    assert_eq!(line.detail["expiresOn"], day(180));
    assert_eq!(line.detail["specialConditions"], true);
    // The recorded offer's document is kept.
    let res = connie
        .send(
            Method::DELETE,
            &format!("{base}/documents/{offer_doc}"),
            Some(json!({ "reason": "Wrong file", "code": "000000" })),
            HeaderMap::new(),
        )
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "document_kept");
}
