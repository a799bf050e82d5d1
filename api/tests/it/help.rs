//! GET /help/stages: the help page's "how your case proceeds", read from the workflow files
//! (issue 15, point 9).

use crate::support;

use reqwest::StatusCode;
use support::{Backend, TestApp};

on_both_databases!(the_stages_of_each_case_type_in_order_and_only_for_the_signed_in,);

async fn the_stages_of_each_case_type_in_order_and_only_for_the_signed_in(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let res = app.client().get("/api/help/stages").await;
    assert_eq!(res.status, StatusCode::UNAUTHORIZED);
    app.create_user("cara@example.test", "ROLE_USER", true)
        .await;
    let mut cara = app.sign_in("cara@example.test").await;
    let res = cara.get("/api/help/stages").await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    let statuses = |t: &str| -> Vec<String> {
        res.body[t]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["status"].as_str().unwrap().to_owned())
            .collect()
    };
    let remortgaging = statuses("remortgaging");
    let buying = statuses("buying");
    // The main path in the spec's order (§3), without the ways off it.
    assert_eq!(remortgaging.first().unwrap(), "TITLE_DOCUMENT_RETRIEVAL");
    assert_eq!(remortgaging.last().unwrap(), "COMPLETED");
    assert_eq!(remortgaging.len(), 12);
    assert_eq!(buying.first().unwrap(), "BROKER_APPLICATION");
    assert_eq!(buying.last().unwrap(), "COMPLETED");
    assert_eq!(buying.len(), 17);
    for off_path in ["INELIGIBLE", "CANCELLED"] {
        assert!(!remortgaging.iter().any(|s| s == off_path));
        assert!(!buying.iter().any(|s| s == off_path));
    }
    let completed = res.body["buying"].as_array().unwrap().last().unwrap();
    assert_eq!(completed["label"], "Completed", "no placeholder in a guide");
    for stage in res.body["remortgaging"]
        .as_array()
        .unwrap()
        .iter()
        .chain(res.body["buying"].as_array().unwrap())
    {
        assert!(stage["guide"].as_str().unwrap().len() > 20, "{stage}");
    }
}
