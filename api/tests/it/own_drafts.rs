//! The firm's own document in place of the drafted one (issue 29): a conveyancer uploads their
//! own PDF of a document the workflow issues (POST /document, the type the firm drafts); it is
//! a draft only staff see, issued by the same step as a drafted one. Who may, and who may not.

use crate::support;

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::json;
use support::purchase::{expanded, submitted_purchase};
use support::staff::enrolled_conveyancer;
use support::{Backend, Client, PDF, TestApp};

on_both_databases!(
    the_firm_issues_its_own_client_care_letter_in_place_of_the_drafted_one,
    only_the_firm_uploads_its_own_version_and_only_at_its_stage,
);

const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0";

/// The firm's own letter, a PDF with words of its own.
const OWN_LETTER: &[u8] =
    b"%PDF-1.4\n% Keys & Co engagement letter\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";

async fn upload(client: &mut Client, id: i64, document_type: &str, bytes: &[u8]) -> support::Res {
    let form = Form::new()
        .text("caseType", "BUYING")
        .text("caseId", id.to_string())
        .text("documentType", document_type.to_owned())
        .part(
            "file",
            Part::bytes(bytes.to_vec()).file_name("engagement letter.pdf"),
        );
    client.post_form("/api/document", form).await
}

async fn the_firm_issues_its_own_client_care_letter_in_place_of_the_drafted_one(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_broker, mut bea, id) = submitted_purchase(&app).await;
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    let res = upload(&mut connie, id, "CLIENT_CARE_LETTER", OWN_LETTER).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    assert_eq!(res.body["isDraft"], true);
    assert_eq!(res.body["documentType"], "CLIENT_CARE_LETTER");
    let doc = res.body["documentId"].as_i64().unwrap();
    // A draft: listed for the firm among the documents it issues, never for the buyer.
    let staff_case = connie
        .get(&format!("/api/staff/cases/buying/{id}"))
        .await
        .body;
    let drafts = staff_case["expanded"]["documents"]["generatedDocuments"]
        .as_array()
        .unwrap();
    assert!(
        drafts
            .iter()
            .any(|d| d["documentId"] == doc && d["isDraft"] == true),
        "{drafts:?}"
    );
    let url = format!("/api/document/{doc}");
    assert_eq!(bea.get_bytes(&url).await.0, StatusCode::NOT_FOUND);
    let mine = bea.get(&expanded(id)).await.body;
    assert!(
        mine["documents"]["generatedDocuments"]
            .as_array()
            .unwrap()
            .iter()
            .all(|d| d["documentId"] != doc)
    );
    // Issued by the same step as a drafted letter: the buyer is asked to accept it, and reads
    // the firm's own file, byte for byte.
    let res = connie
        .post(
            &format!("/api/staff/cases/buying/{id}/documents/{doc}/issue"),
            json!({}),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "CLIENT_CARE_LETTER_ACCEPTANCE");
    let (status, _, bytes) = bea.get_bytes(&url).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bytes, OWN_LETTER);
    let res = bea
        .post(&format!("/api/document/{doc}/accept"), json!({}))
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    assert_eq!(res.body["status"], "AWAITING_DEPOSIT");
    // The audit trail says it was the firm's own file, by whom.
    let audit = app.db.audit_for("case", &id.to_string()).await.unwrap();
    let own = audit
        .iter()
        .find(|e| e.action == "document.drafted_from_upload")
        .expect("the firm's own draft in the audit trail");
    assert_eq!(own.detail.0["documentId"], doc);
}

async fn only_the_firm_uploads_its_own_version_and_only_at_its_stage(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut bea, id) = submitted_purchase(&app).await;
    app.create_user("other@example.test", "ROLE_USER", true)
        .await;
    app.create_user("staff@firm.test", "ROLE_CONVEYANCER", true)
        .await;
    // The buyer and their broker never upload a document the firm issues (403, named).
    for (who, client) in [("buyer", &mut bea), ("broker", &mut broker)] {
        let res = upload(client, id, "CLIENT_CARE_LETTER", PDF).await;
        assert_eq!(res.status, StatusCode::FORBIDDEN, "{who}: {:?}", res.body);
        assert!(res.field_error("documentType").is_some(), "{who}");
    }
    // Another customer and another firm's broker find no case; anonymous callers sign in.
    for email in ["other@example.test", "rival@other.test"] {
        let mut stranger = app.sign_in(email).await;
        let res = upload(&mut stranger, id, "CLIENT_CARE_LETTER", PDF).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{email}: {:?}", res.body);
    }
    let res = upload(&mut app.client(), id, "CLIENT_CARE_LETTER", PDF).await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    // Staff whose session has not proven the second factor may not either.
    let mut unverified = app.sign_in("staff@firm.test").await;
    let res = upload(&mut unverified, id, "CLIENT_CARE_LETTER", PDF).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
    let (mut connie, ..) = enrolled_conveyancer(&app).await;
    // Not before the stage that issues it: the report on title comes after the searches.
    let res = upload(&mut connie, id, "REPORT_ON_TITLE", PDF).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "not_now");
    // A document the firm issues is a PDF: a photo is refused, and nothing is kept.
    let res = upload(&mut connie, id, "CLIENT_CARE_LETTER", PNG).await;
    assert_eq!(
        res.status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "{:?}",
        res.body
    );
    assert_eq!(res.field_error("file"), Some("must be a PDF file"));
    let staff_case = connie
        .get(&format!("/api/staff/cases/buying/{id}"))
        .await
        .body;
    assert_eq!(
        staff_case["expanded"]["documents"]["generatedDocuments"],
        json!([])
    );
    // The quote is Threshold's own record, never anybody's upload.
    let res = upload(&mut connie, id, "QUOTE", PDF).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN, "{:?}", res.body);
}
