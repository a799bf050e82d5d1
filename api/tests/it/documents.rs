//! Documents (issue 11): upload, list, download and delete through the document store; the
//! 32 MiB limit; types from the bytes; who may do what; the quote PDF; the S3 path against a
//! real S3-compatible server (moto) the test starts itself.

use crate::support;

use std::path::Path;

use reqwest::StatusCode;
use reqwest::multipart::{Form, Part};
use serde_json::{Value, json};
use support::cases::{create_remortgaging, firm};
use support::staff::enrolled_conveyancer;
use support::{Backend, Client, TestApp, pdf_text, pounds};

on_both_databases!(
    docs_04_05_upload_list_download_delete,
    the_limit_is_32_mib_exactly,
    the_type_comes_from_the_bytes,
    who_may_upload_download_and_delete,
    the_quote_pdf_is_a_generated_document_customers_can_download,
    customers_and_brokers_cannot_pass_off_uploads_as_the_firms,
    uploads_have_a_rate_limit_and_a_case_a_storage_quota,
    a_body_declaring_more_than_the_limit_is_413,
    an_image_claiming_absurd_dimensions_is_refused,
);

const MIB: usize = 1024 * 1024;
pub(crate) const PDF: &[u8] = b"%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n";
const PNG: &[u8] = b"\x89PNG\r\n\x1a\n\0\0\0\rIHDR\0\0\0\x01\0\0\0\x01\x08\x02\0\0\0";

fn form(case_id: i64, document_type: &str, name: &str, bytes: Vec<u8>) -> Form {
    Form::new()
        .text("caseType", "REMORTGAGING")
        .text("caseId", case_id.to_string())
        .text("documentType", document_type.to_owned())
        .part("file", Part::bytes(bytes).file_name(name.to_owned()))
}

/// A broker's case for Cara; returns (broker, Cara, case id).
pub(crate) async fn case_with_customer(app: &TestApp) -> (Client, Client, i64) {
    firm(app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let id = create_remortgaging(&mut broker, "cara@example.test", "Cara Client").await;
    let cara = app.sign_in("cara@example.test").await;
    (broker, cara, id)
}

/// Every object in the local document store.
fn stored_files(app: &TestApp) -> Vec<String> {
    fn walk(dir: &Path, out: &mut Vec<String>) {
        for entry in std::fs::read_dir(dir).into_iter().flatten().flatten() {
            let path = entry.path();
            if path.is_dir() {
                walk(&path, out);
            } else {
                out.push(path.display().to_string());
            }
        }
    }
    let mut out = vec![];
    walk(&app.config.data_dir.join("files"), &mut out);
    out
}

pub(crate) async fn upload(
    client: &mut Client,
    id: i64,
    name: &str,
    bytes: Vec<u8>,
) -> support::Res {
    client
        .post_form("/api/document", form(id, "BANK_STATEMENT", name, bytes))
        .await
}

/// CALLS-66: a deleted document is gone from the case and its download.
async fn docs_04_05_upload_list_download_delete(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = case_with_customer(&app).await;
    let res = upload(&mut cara, id, "statement.pdf", PDF.to_vec()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let doc_id = res.body["documentId"].as_i64().unwrap();
    assert_eq!(res.body["contentType"], "application/pdf");
    assert_eq!(res.body["fileName"], "statement.pdf");
    assert_eq!(res.body["sizeBytes"], PDF.len());
    assert_eq!(res.body["kind"], "UPLOADED");
    assert_eq!(stored_files(&app).len(), 1);
    // The expanded case lists it with its download address.
    let case = cara
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(
        case.body["documents"]["documents"],
        json!([{ "documentId": doc_id, "documentType": "BANK_STATEMENT",
                 "url": format!("/api/document/{doc_id}") }])
    );
    // /documents: the customer's cases with their documents.
    let mine = cara.get("/api/documents").await;
    assert_eq!(mine.status, StatusCode::OK);
    assert_eq!(mine.body["cases"][0]["caseId"], id);
    assert_eq!(mine.body["cases"][0]["caseType"], "REMORTGAGING");
    assert_eq!(mine.body["cases"][0]["documents"][0]["documentId"], doc_id);
    // Both the customer and the case's broker download the same bytes, as an attachment.
    for client in [&mut cara, &mut broker] {
        let (status, headers, bytes) = client.get_bytes(&format!("/api/document/{doc_id}")).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(bytes, PDF);
        assert_eq!(headers["content-type"], "application/pdf");
        assert_eq!(headers["cache-control"], "private, no-store");
        assert!(
            headers["content-disposition"]
                .to_str()
                .unwrap()
                .starts_with("attachment; filename=\"statement.pdf\"")
        );
    }
    // The broker did not upload it: only the customers' side may delete it.
    let res = broker.delete(&format!("/api/document/{doc_id}")).await;
    assert_eq!(res.status, StatusCode::FORBIDDEN);
    let res = cara.delete(&format!("/api/document/{doc_id}")).await;
    assert_eq!(res.status, StatusCode::NO_CONTENT);
    assert_eq!(
        cara.delete(&format!("/api/document/{doc_id}")).await.status,
        StatusCode::NOT_FOUND
    );
    let (status, _, _) = cara.get_bytes(&format!("/api/document/{doc_id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(stored_files(&app).is_empty());
    let case = cara
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(case.body["documents"]["documents"], json!([]));
    // The audit trail names ids only: no file name, nothing from the file.
    let audit: Vec<_> = app
        .db
        .audit_for("case", &id.to_string())
        .await
        .unwrap()
        .into_iter()
        .filter(|e| e.detail.0["documentId"] == doc_id)
        .collect();
    let actions: Vec<&str> = audit.iter().map(|e| e.action.as_str()).collect();
    assert_eq!(
        actions,
        [
            "document.uploaded",
            "document.downloaded",
            "document.downloaded",
            "document.deleted"
        ]
    );
    for event in &audit {
        let detail = event.detail.0.as_object().unwrap();
        assert_eq!(detail["documentId"], doc_id);
        // A deletion also names the type of what is gone; never the file's name.
        assert!(
            detail.keys().all(|k| k == "documentId"
                || (k == "documentType" && event.action == "document.deleted")),
            "{detail:?}"
        );
    }
}

/// CONST-01, CALLS-12: exactly 32 MiB uploads (2xx); 32 MiB + 1 byte is 413.
async fn the_limit_is_32_mib_exactly(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_, mut cara, id) = case_with_customer(&app).await;
    let mut file = PNG.to_vec();
    file.resize(32 * MIB, 0xAB);
    let res = upload(&mut cara, id, "big.png", file.clone()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    assert_eq!(res.body["sizeBytes"], 32 * MIB);
    let doc_id = res.body["documentId"].as_i64().unwrap();
    let (status, _, bytes) = cara.get_bytes(&format!("/api/document/{doc_id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert!(bytes == file, "the download is the upload");
    let before = stored_files(&app);
    file.push(0xAB);
    let res = upload(&mut cara, id, "bigger.png", file).await;
    assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE, "{:?}", res.body);
    assert_eq!(res.field_error("file"), Some("must be at most 32 MiB"));
    assert_eq!(
        stored_files(&app),
        before,
        "no object left by the refused upload"
    );
    let mine = cara.get("/api/documents").await;
    assert_eq!(
        mine.body["cases"][0]["documents"].as_array().unwrap().len(),
        1,
        "no row for the refused upload"
    );
}

async fn the_type_comes_from_the_bytes(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_, mut cara, id) = case_with_customer(&app).await;
    // A PNG named .pdf is kept as the PNG it is.
    let res = upload(&mut cara, id, "passport.pdf", PNG.to_vec()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    assert_eq!(res.body["contentType"], "image/png");
    assert_eq!(res.body["fileName"], "passport.png");
    let doc_id = res.body["documentId"].as_i64().unwrap();
    let (_, headers, _) = cara.get_bytes(&format!("/api/document/{doc_id}")).await;
    assert_eq!(headers["content-type"], "image/png");
    // Text is refused whatever it is called, and nothing is kept.
    let before = stored_files(&app);
    let res = upload(
        &mut cara,
        id,
        "statement.pdf",
        b"just some text\n".repeat(100),
    )
    .await;
    assert_eq!(
        res.status,
        StatusCode::UNSUPPORTED_MEDIA_TYPE,
        "{:?}",
        res.body
    );
    assert!(res.field_error("file").is_some());
    let res = upload(&mut cara, id, "empty.pdf", vec![]).await;
    assert_eq!(res.status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert_eq!(stored_files(&app), before);
    // Bad fields are named.
    let res = cara
        .post_form(
            "/api/document",
            form(id, "bank statement", "a.pdf", PDF.to_vec()),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.field_error("documentType").is_some());
    let res = cara
        .post_form(
            "/api/document",
            Form::new()
                .text("caseType", "MORTGAGE")
                .text("caseId", id.to_string()),
        )
        .await;
    assert!(res.field_error("caseType").is_some(), "{:?}", res.body);
    let res = cara
        .post_form(
            "/api/document",
            Form::new()
                .text("caseType", "REMORTGAGING")
                .text("caseId", id.to_string())
                .text("documentType", "BANK_STATEMENT"),
        )
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(res.field_error("file"), Some("is required"));
}

/// A purchase's upload form for `document_type`.
fn purchase_form(case_id: i64, document_type: &str) -> Form {
    Form::new()
        .text("caseType", "BUYING")
        .text("caseId", case_id.to_string())
        .text("documentType", document_type.to_owned())
        .part(
            "file",
            Part::bytes(PDF.to_vec()).file_name(format!("{document_type}.pdf")),
        )
}

/// Issue 25, finding 7: `documentType` is no longer free text. The workflow file says who
/// uploads each type; the firm's own (the TA6 its contract-pack step reads, the searches, the
/// documents it issues) are refused to customers, brokers and donors with a 403 naming the
/// field, an undeclared type is a 422, and the back office shows who uploaded every file, as
/// whom, and when. Rows: customer, broker, donor and staff, each for a firm's type and a
/// customer's type.
async fn customers_and_brokers_cannot_pass_off_uploads_as_the_firms(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut bea, id) = support::purchase::with_buyer_details(&app).await;
    // Gina gives the buyers money, and confirms it.
    let res = bea
        .post(
            &format!("/api/buying/{id}/sources-of-funds"),
            json!({ "sourceType": "GIFTS", "amount": 2_000_000 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let res = bea
        .post(
            &format!("/api/buying/{id}/donor"),
            json!({ "preferredName": "Gina Giver", "email": "gina@example.test",
                    "giftAmount": 2_000_000 }),
        )
        .await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let mut gina = app.sign_in("gina@example.test").await;
    let res = gina
        .post(
            &format!("/api/buying/{id}/donor/invitation/respond"),
            json!({ "accepted": true }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let (mut connie, ..) = enrolled_conveyancer(&app).await;

    let forbidden = |res: &support::Res, who: &str, t: &str| {
        assert_eq!(
            res.status,
            StatusCode::FORBIDDEN,
            "{who} {t}: {:?}",
            res.body
        );
        assert!(
            res.field_error("documentType").is_some(),
            "{who} {t} names the field: {:?}",
            res.body
        );
    };
    // The firm's types: a buyer's "TA6" would have moved the contract-pack step, a broker's
    // search been recorded as the official one. Nobody uploads what the firm issues.
    let firms = [
        "TA6",
        "MORTGAGE_OFFER",
        "LOCAL_AUTHORITY_SEARCH",
        "DRAINAGE_AND_WATER_SEARCH",
        "ENVIRONMENTAL_SEARCH",
        "CLIENT_CARE_LETTER",
        "REPORT_ON_TITLE",
        "COMPLETION_STATEMENT",
    ];
    for (who, client) in [
        ("buyer", &mut bea),
        ("broker", &mut broker),
        ("donor", &mut gina),
    ] {
        for t in firms {
            let res = client
                .post_form("/api/document", purchase_form(id, t))
                .await;
            forbidden(&res, who, t);
        }
    }
    let res = bea
        .post_form("/api/document", purchase_form(id, "TA6"))
        .await;
    assert_eq!(
        res.field_error("documentType"),
        Some("is uploaded only by Threshold's conveyancers")
    );
    // A type the workflow does not declare is no type at all (a Help to Buy redemption letter
    // belongs to remortgages).
    for t in ["DRAINAGE_SEARCH", "HELP_TO_BUY_REDEMPTION_LETTER"] {
        let res = bea.post_form("/api/document", purchase_form(id, t)).await;
        assert_eq!(
            res.status,
            StatusCode::UNPROCESSABLE_ENTITY,
            "{t}: {:?}",
            res.body
        );
        assert!(res.field_error("documentType").is_some(), "{:?}", res.body);
    }
    // The customers' types: the buyer and the broker upload them, the donor only the evidence
    // of the gift, the staff no identity evidence.
    let mut uploaded = vec![];
    for (who, t) in [
        ("buyer", "BANK_STATEMENT"),
        ("broker", "BANK_STATEMENT"),
        ("donor", "GIFT_STATEMENT"),
        ("staff", "BANK_STATEMENT"),
        ("staff", "TA6"),
    ] {
        let client = match who {
            "buyer" => &mut bea,
            "broker" => &mut broker,
            "donor" => &mut gina,
            _ => &mut connie,
        };
        let res = client
            .post_form("/api/document", purchase_form(id, t))
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{who} {t}: {:?}", res.body);
        uploaded.push((res.body["documentId"].as_i64().unwrap(), t, who));
    }
    let res = gina
        .post_form("/api/document", purchase_form(id, "BANK_STATEMENT"))
        .await;
    forbidden(&res, "donor", "BANK_STATEMENT");
    let res = connie
        .post_form("/api/document", purchase_form(id, "PHOTO_ID"))
        .await;
    forbidden(&res, "staff", "PHOTO_ID");
    // What the firm issues, the firm may upload as its own draft, but only at the stage that
    // issues it (own_drafts.rs): not before the purchase is submitted.
    let res = connie
        .post_form("/api/document", purchase_form(id, "CLIENT_CARE_LETTER"))
        .await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "not_now");
    let res = broker
        .post_form("/api/document", purchase_form(id, "PHOTO_ID"))
        .await;
    forbidden(&res, "broker", "PHOTO_ID");

    // The case holds only what was allowed: one TA6, the firm's.
    let case = bea.get(&support::purchase::expanded(id)).await.body;
    let types: Vec<&str> = case["documents"]["documents"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["documentType"].as_str().unwrap())
        .collect();
    assert_eq!(
        types,
        [
            "BANK_STATEMENT",
            "BANK_STATEMENT",
            "GIFT_STATEMENT",
            "BANK_STATEMENT",
            "TA6"
        ]
    );

    // The back office shows who uploaded every file, as whom, and when.
    let res = connie.get(&format!("/api/staff/cases/buying/{id}")).await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let uploads = res.body["uploads"].as_array().unwrap();
    assert_eq!(uploads.len(), uploaded.len(), "{uploads:?}");
    let name_of = |email: &str| {
        let app = &app;
        let email = email.to_owned();
        async move {
            app.db
                .user_by_email(&email)
                .await
                .unwrap()
                .unwrap()
                .preferred_name
        }
    };
    let expected = [
        (
            name_of(support::purchase::BEA).await,
            "ROLE_USER",
            "customer",
        ),
        (name_of("broker@firm.test").await, "ROLE_BROKER", "broker"),
        (name_of("gina@example.test").await, "ROLE_USER", "donor"),
        (
            name_of(support::staff::CONNIE).await,
            "ROLE_CONVEYANCER",
            "firm",
        ),
        (
            name_of(support::staff::CONNIE).await,
            "ROLE_CONVEYANCER",
            "firm",
        ),
    ];
    for (((doc, t, who), line), (name, role, side)) in
        uploaded.iter().zip(uploads).zip(expected.iter())
    {
        assert_eq!(line["documentId"], *doc, "{who}: {line}");
        assert_eq!(line["documentType"], *t, "{who}: {line}");
        assert_eq!(line["uploadedByName"], name.as_str(), "{who}: {line}");
        assert_eq!(line["uploadedByRole"], *role, "{who}: {line}");
        assert_eq!(line["uploadedAs"], *side, "{who}: {line}");
        let at = line["uploadedAt"].as_str().unwrap();
        assert!(
            chrono::DateTime::parse_from_rfc3339(at).is_ok(),
            "{who}: {line}"
        );
    }
    // The audit trail names the gift's donor as the donor, not as a customer (issue 26.13).
    let gina = name_of("gina@example.test").await;
    let roles: Vec<&str> = res.body["audit"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|l| l["actorName"] == gina.as_str())
        .map(|l| l["actorRole"].as_str().unwrap_or_default())
        .collect();
    assert!(
        !roles.is_empty() && roles.iter().all(|r| *r == "DONOR"),
        "{roles:?}"
    );
}

/// The authorization rows for documents: other customers and other firms' brokers see
/// nothing (404), anonymous callers are asked to sign in (401), the staff may read.
/// ROLES-15: another customer cannot upload to or delete from the case (404).
async fn who_may_upload_download_and_delete(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (mut broker, mut cara, id) = case_with_customer(&app).await;
    app.create_user("other@example.test", "ROLE_USER", true)
        .await;
    app.create_user("staff@firm.test", "ROLE_CONVEYANCER", true)
        .await;
    let res = upload(&mut cara, id, "a.pdf", PDF.to_vec()).await;
    let cara_doc = res.body["documentId"].as_i64().unwrap();
    // The broker uploads too; the customer may not delete the broker's file.
    let res = upload(&mut broker, id, "b.pdf", PDF.to_vec()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let broker_doc = res.body["documentId"].as_i64().unwrap();
    assert_eq!(
        cara.delete(&format!("/api/document/{broker_doc}"))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let url = format!("/api/document/{cara_doc}");
    for email in ["other@example.test", "rival@other.test"] {
        let mut stranger = app.sign_in(email).await;
        let (status, _, _) = stranger.get_bytes(&url).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{email} downloads");
        assert_eq!(
            stranger.delete(&url).await.status,
            StatusCode::NOT_FOUND,
            "{email} deletes"
        );
        let res = upload(&mut stranger, id, "x.pdf", PDF.to_vec()).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{email} uploads");
    }
    let mut anonymous = app.client();
    let (status, _, _) = anonymous.get_bytes(&url).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(
        upload(&mut anonymous, id, "x.pdf", PDF.to_vec())
            .await
            .status,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        anonymous.delete(&url).await.status,
        StatusCode::UNAUTHORIZED
    );
    // The conveyancing staff read every case's documents once their session has proven the
    // second factor (the back office's rules), never before.
    let mut unverified = app.sign_in("staff@firm.test").await;
    let (status, _, _) = unverified.get_bytes(&url).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (mut staff, ..) = enrolled_conveyancer(&app).await;
    let (status, _, bytes) = staff.get_bytes(&url).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(bytes, PDF);
    // They add what comes from outside the case (a seller's contract pack, the searches) once
    // verified; the firm's upload is not the customers' to delete.
    assert_eq!(
        upload(&mut unverified, id, "x.pdf", PDF.to_vec())
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    let res = upload(&mut staff, id, "x.pdf", PDF.to_vec()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let firms = format!("/api/document/{}", res.body["documentId"]);
    assert_eq!(cara.delete(&firms).await.status, StatusCode::FORBIDDEN);
    // A closed case keeps its files as they are.
    let res = broker
        .post(
            "/api/broker-cancel-case",
            json!({ "caseId": id, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert!(res.status.is_success(), "{:?}", res.body);
    let res = upload(&mut cara, id, "late.pdf", PDF.to_vec()).await;
    assert_eq!(res.status, StatusCode::CONFLICT, "{:?}", res.body);
    assert_eq!(cara.delete(&url).await.status, StatusCode::CONFLICT);
    let (status, _, _) = cara.get_bytes(&url).await;
    assert_eq!(status, StatusCode::OK, "still readable");
}

/// CALLS-37: POST /quote/create-pdf makes the quote's PDF document. It is the law firm's
/// quote: its name, its SRA number (SRA Transparency Rules, rule 4) and the complaints route
/// to the Legal Ombudsman (SRA Code of Conduct for Solicitors, para 8.3), with the broker
/// named as the one who introduced the client (issue 28, item 5).
async fn the_quote_pdf_is_a_generated_document_customers_can_download(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| {
        c.firm_sra_number = Some("612345".into());
        c.firm_address = Some("1 High Street, Leeds LS1 1AA".into());
    })
    .await;
    let (mut broker, mut cara, id) = case_with_customer(&app).await;
    let body = json!({ "caseId": id, "caseType": "REMORTGAGING" });
    let res = broker.post("/api/quote/create-pdf", body.clone()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    assert_eq!(res.body["documentType"], "QUOTE");
    assert_eq!(res.body["kind"], "GENERATED");
    assert_eq!(res.body["isDraft"], false);
    let doc_id = res.body["documentId"].as_i64().unwrap();
    // The same quote: the same document.
    let again = broker.post("/api/quote/create-pdf", body.clone()).await;
    assert_eq!(again.status, StatusCode::OK);
    assert_eq!(again.body["documentId"], doc_id);
    let quote = broker
        .get(&format!("/api/remortgaging/{id}/quote/latest"))
        .await
        .body;
    let (status, headers, bytes) = cara.get_bytes(&format!("/api/document/{doc_id}")).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(headers["content-type"], "application/pdf");
    let text = pdf_text(&bytes);
    assert!(text.contains("Your Conveyancing Quote"), "{text}");
    let words = text.split_whitespace().collect::<Vec<_>>().join(" ");
    for said in [
        "Prepared by Threshold Conveyancing LLP",
        "Introduced by",
        "authorised and regulated by the Solicitors Regulation Authority (SRA number 612345)",
        "Registered office: 1 High Street, Leeds LS1 1AA.",
        "Legal Ombudsman, PO Box 6167, Slough SL1 0EH",
        "within six months of our final response",
    ] {
        assert!(words.contains(said), "{said}: {words}");
    }
    let total = pounds(quote["totalAmount"].as_i64().unwrap());
    assert!(text.contains(&total), "the total {total}: {text}");
    for section in quote["costBreakdown"].as_array().unwrap() {
        for line in section["costs"].as_array().unwrap() {
            let label = line["label"].as_str().unwrap();
            let first_word = label.split_whitespace().next().unwrap();
            assert!(text.contains(first_word), "line {label}: {text}");
        }
    }
    // Listed for the customer, on /documents and in the expanded case.
    let mine = cara.get("/api/documents").await;
    assert_eq!(
        mine.body["cases"][0]["generatedDocuments"][0]["documentId"],
        doc_id
    );
    let case = cara
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(
        case.body["documents"]["generatedDocuments"],
        json!([{ "documentId": doc_id, "documentType": "QUOTE", "isDraft": false }])
    );
    // Generated documents cannot be deleted.
    assert_eq!(
        broker
            .delete(&format!("/api/document/{doc_id}"))
            .await
            .status,
        StatusCode::FORBIDDEN
    );
    // A draft is the firm's until issued: neither customers nor brokers see it.
    app.exec("UPDATE documents SET is_draft = TRUE").await;
    let (status, _, _) = cara.get_bytes(&format!("/api/document/{doc_id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let mine = cara.get("/api/documents").await;
    assert_eq!(mine.body["cases"][0]["generatedDocuments"], json!([]));
    let case: Value = cara
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await
        .body;
    assert_eq!(case["documents"]["generatedDocuments"], json!([]));
    let case = broker
        .get(&format!("/api/remortgaging/cases/{id}/expanded"))
        .await;
    assert_eq!(case.body["documents"]["generatedDocuments"], json!([]));
    let (status, _, _) = broker.get_bytes(&format!("/api/document/{doc_id}")).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Strangers: none of their business.
    let mut rival = app.sign_in("rival@other.test").await;
    assert_eq!(
        rival.post("/api/quote/create-pdf", body).await.status,
        StatusCode::NOT_FOUND
    );
}

/// The S3 path against moto's S3 server, started here on a free loopback port.
mod s3 {
    use super::*;
    use crate::support::moto::Moto;
    use threshold_documents::{DocumentStore, S3Settings};

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn uploads_and_quote_pdfs_live_in_an_s3_bucket() {
        let Some(moto) = Moto::start().await else {
            return;
        };
        moto.create_bucket("threshold-docs").await;
        let settings = S3Settings {
            bucket: "threshold-docs".into(),
            endpoint: Some(moto.endpoint.clone()),
            region: "us-east-1".into(),
            access_key_id: Some("test".into()),
            secret_access_key: Some("test".into()),
        };
        let bucket = DocumentStore::s3(&settings).unwrap();
        let app =
            TestApp::spawn_with(Backend::Sqlite, |c| moto.configure(c, "threshold-docs")).await;
        let (mut broker, mut cara, id) = case_with_customer(&app).await;
        // Larger than one part (8 MiB): a real multipart upload.
        let mut file = PDF.to_vec();
        file.resize(9 * MIB + 7, b' ');
        let res = upload(&mut cara, id, "s.pdf", file.clone()).await;
        assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
        let doc_id = res.body["documentId"].as_i64().unwrap();
        assert_eq!(bucket.keys().await.unwrap().len(), 1);
        assert!(stored_files(&app).is_empty(), "nothing on the local disk");
        let (status, _, bytes) = cara.get_bytes(&format!("/api/document/{doc_id}")).await;
        assert_eq!(status, StatusCode::OK);
        assert!(bytes == file);
        // Over the limit after several parts went up: aborted, nothing left in the bucket.
        let mut big = PNG.to_vec();
        big.resize(32 * MIB + 1, 0);
        let res = upload(&mut cara, id, "big.png", big).await;
        assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE);
        assert_eq!(bucket.keys().await.unwrap().len(), 1);
        // The quote PDF goes to the bucket too.
        let res = broker
            .post(
                "/api/quote/create-pdf",
                json!({ "caseId": id, "caseType": "REMORTGAGING" }),
            )
            .await;
        assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
        let pdf_id = res.body["documentId"].as_i64().unwrap();
        let (_, _, pdf) = broker.get_bytes(&format!("/api/document/{pdf_id}")).await;
        assert!(pdf_text(&pdf).contains("Your Conveyancing Quote"));
        assert_eq!(bucket.keys().await.unwrap().len(), 2);
        assert_eq!(
            cara.delete(&format!("/api/document/{doc_id}")).await.status,
            StatusCode::NO_CONTENT
        );
        assert_eq!(bucket.keys().await.unwrap().len(), 1);
    }
}

/// Issue 25 (5): one person may upload `RATE_LIMIT_UPLOADS_PER_MINUTE` files a minute (429)
/// and a case may hold `CASE_STORAGE_QUOTA_MB` of uploads (413); each error names its limit,
/// and a refused upload leaves nothing behind.
async fn uploads_have_a_rate_limit_and_a_case_a_storage_quota(backend: Backend) {
    let app = TestApp::spawn_with(backend, |c| {
        c.rate_limit_uploads_per_minute = 3;
        c.case_storage_quota_mb = 1;
    })
    .await;
    let (mut broker, mut cara, id) = case_with_customer(&app).await;
    for n in 0..3 {
        let res = upload(&mut cara, id, &format!("s{n}.pdf"), PDF.to_vec()).await;
        assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    }
    let res = upload(&mut cara, id, "s3.pdf", PDF.to_vec()).await;
    assert_eq!(res.status, StatusCode::TOO_MANY_REQUESTS, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "upload_rate_limited");
    assert_eq!(res.field_error("file"), Some("at most 3 uploads a minute"));
    // The broker has uploads of their own left, but the case has 1 MiB in all.
    let mut big = PDF.to_vec();
    big.resize(700 * 1024, b' ');
    let res = upload(&mut broker, id, "a.pdf", big.clone()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    let before = stored_files(&app);
    let res = upload(&mut broker, id, "b.pdf", big).await;
    assert_eq!(res.status, StatusCode::PAYLOAD_TOO_LARGE, "{:?}", res.body);
    assert_eq!(res.body["error"]["code"], "case_storage_full");
    assert_eq!(
        res.field_error("file"),
        Some("the case's files may take at most 1 MiB")
    );
    assert_eq!(
        stored_files(&app),
        before,
        "nothing kept of the refused file"
    );
    // A small file still fits.
    let res = upload(&mut broker, id, "c.pdf", PDF.to_vec()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
}

/// Issue 25 (8): a body whose Content-Length is past the limit is refused as too large (413,
/// naming `file`) before a byte of it is read; it was a 400.
async fn a_body_declaring_more_than_the_limit_is_413(backend: Backend) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let app = TestApp::spawn(backend).await;
    let (_, cara, _) = case_with_customer(&app).await;
    let cookies = cara
        .cookies
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join("; ");
    let mut stream = tokio::net::TcpStream::connect(app.base.trim_start_matches("http://"))
        .await
        .unwrap();
    let head = format!(
        "POST /api/document HTTP/1.1\r\nHost: 127.0.0.1\r\nOrigin: {}\r\nCookie: {cookies}\r\n\
         Content-Type: multipart/form-data; boundary=X\r\nContent-Length: {}\r\n\r\n--X\r\n",
        app.base,
        40 * MIB
    );
    stream.write_all(head.as_bytes()).await.unwrap();
    let mut answer = vec![0u8; 4096];
    let n = tokio::time::timeout(std::time::Duration::from_secs(10), stream.read(&mut answer))
        .await
        .unwrap()
        .unwrap();
    let answer = String::from_utf8_lossy(&answer[..n]);
    assert!(answer.starts_with("HTTP/1.1 413"), "{answer}");
    assert!(answer.contains("must be at most 32 MiB"), "{answer}");
}

/// Issue 25 (8): a PNG whose header claims 100,000 × 100,000 pixels was kept as a photo ID.
async fn an_image_claiming_absurd_dimensions_is_refused(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let (_, mut cara, id) = case_with_customer(&app).await;
    let mut png = PNG[..16].to_vec();
    png.extend_from_slice(&100_000u32.to_be_bytes());
    png.extend_from_slice(&100_000u32.to_be_bytes());
    png.extend_from_slice(b"\x08\x02\0\0\0");
    let form = form(id, "PHOTO_ID", "passport.png", png);
    let res = cara.post_form("/api/document", form).await;
    assert_eq!(
        res.status,
        StatusCode::UNPROCESSABLE_ENTITY,
        "{:?}",
        res.body
    );
    assert!(res.field_error("file").unwrap().contains("25000 pixels"));
    assert!(stored_files(&app).is_empty());
    // A file name's bidirectional controls are dropped.
    let res = upload(&mut cara, id, "scan\u{202E}fdp.exe.pdf", PDF.to_vec()).await;
    assert_eq!(res.status, StatusCode::CREATED, "{:?}", res.body);
    assert_eq!(res.body["fileName"], "scanfdp.exe.pdf");
}
