//! Who sees which case: customers, brokers, managers, broker admins, other firms, other roles
//! (issue 4; checklist ROLES-12/13/14, LIST-19/20/49, ENT-05, CALLS-52, GUARD-02).

use crate::support;

use reqwest::StatusCode;
use support::cases::{create_buying, create_remortgaging, firm, ids};
use support::{Backend, TestApp};

on_both_databases!(
    roles_12_a_customer_sees_only_cases_they_are_a_party_to,
    roles_13_a_broker_sees_only_the_cases_they_administer,
    roles_13_a_manager_also_sees_the_brokers_they_manage,
    roles_13_a_broker_admin_sees_the_whole_firm_and_never_another,
    ent_05_list_19_20_managed_brokers_for_the_filter_menu,
    list_49_calls_52_case_overviews_count_what_the_user_can_see,
    lenders_are_data_with_no_lender_last,
);

async fn roles_12_a_customer_sees_only_cases_they_are_a_party_to(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mine = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let theirs = create_remortgaging(&mut broker, "b@example.com", "Bo B").await;
    let their_buy = create_buying(&mut broker, "b@example.com", "Bo B").await;
    let mut a = app.sign_in("a@example.com").await;
    assert_eq!(ids(&a.get("/api/remortgaging/cases").await), vec![mine]);
    assert_eq!(ids(&a.get("/api/buying/cases").await), Vec::<i64>::new());
    for path in [
        format!("/api/remortgaging/cases/{theirs}/expanded"),
        format!("/api/remortgaging/{theirs}/quote/latest"),
        format!("/api/buying/case/{their_buy}/expanded"),
        format!("/api/buying/{their_buy}/quote/latest"),
    ] {
        let res = a.get(&path).await;
        assert_eq!(res.status, StatusCode::NOT_FOUND, "{path}");
    }
    assert_eq!(
        a.get(&format!("/api/remortgaging/cases/{mine}/expanded"))
            .await
            .status,
        StatusCode::OK
    );
}

/// ROLES-13: another broker's case is 404 to a broker.
async fn roles_13_a_broker_sees_only_the_cases_they_administer(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut loner = app.sign_in("loner@firm.test").await;
    let brokers = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let loners = create_remortgaging(&mut loner, "b@example.com", "Bo B").await;
    assert_eq!(
        ids(&broker.get("/api/remortgaging/cases").await),
        vec![brokers]
    );
    assert_eq!(
        ids(&loner.get("/api/remortgaging/cases").await),
        vec![loners]
    );
    let res = loner
        .get(&format!("/api/remortgaging/cases/{brokers}/expanded"))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
}

/// ROLES-13: a manager sees (200) their managed broker's case, not an unmanaged one.
async fn roles_13_a_manager_also_sees_the_brokers_they_manage(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut loner = app.sign_in("loner@firm.test").await;
    let mut manager = app.sign_in("manager@firm.test").await;
    let managed = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let own = create_remortgaging(&mut manager, "c@example.com", "Cy C").await;
    let unmanaged = create_remortgaging(&mut loner, "b@example.com", "Bo B").await;
    assert_eq!(
        ids(&manager.get("/api/remortgaging/cases").await),
        vec![own, managed]
    );
    let res = manager
        .get(&format!("/api/remortgaging/cases/{managed}/expanded"))
        .await;
    assert_eq!(res.status, StatusCode::OK);
    // The manager administers it: the engine offers the cancel.
    assert_eq!(res.body["view"]["canCancel"], true);
    let res = manager
        .get(&format!("/api/remortgaging/cases/{unmanaged}/expanded"))
        .await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    // The broker does not see the manager's own case.
    assert_eq!(
        ids(&broker.get("/api/remortgaging/cases").await),
        vec![managed]
    );
}

/// ROLES-13: a broker admin sees the firm's cases and never another firm's.
async fn roles_13_a_broker_admin_sees_the_whole_firm_and_never_another(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut loner = app.sign_in("loner@firm.test").await;
    let mut admin = app.sign_in("admin@firm.test").await;
    let mut rival = app.sign_in("rival@other.test").await;
    let a = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let b = create_remortgaging(&mut loner, "b@example.com", "Bo B").await;
    let r = create_remortgaging(&mut rival, "r@example.com", "Ray R").await;
    let rb = create_buying(&mut rival, "r@example.com", "Ray R").await;
    assert_eq!(ids(&admin.get("/api/remortgaging/cases").await), vec![b, a]);
    assert_eq!(ids(&rival.get("/api/remortgaging/cases").await), vec![r]);
    for (client, id) in [(&mut admin, r), (&mut rival, a)] {
        let res = client
            .get(&format!("/api/remortgaging/cases/{id}/expanded"))
            .await;
        assert_eq!(res.status, StatusCode::NOT_FOUND);
    }
    let res = admin.get(&format!("/api/buying/case/{rb}/expanded")).await;
    assert_eq!(res.status, StatusCode::NOT_FOUND);
    // Even naming the other firm's broker in the filter shows nothing.
    let rival_user = app
        .db
        .user_by_email("rival@other.test")
        .await
        .unwrap()
        .unwrap();
    let res = admin
        .get(&format!(
            "/api/remortgaging/cases?brokerUserIds={}",
            rival_user.id
        ))
        .await;
    assert_eq!(res.body["totalCount"], 0);
}

async fn ent_05_list_19_20_managed_brokers_for_the_filter_menu(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let f = firm(&app).await;
    app.create_user("cust@example.com", "ROLE_USER", true).await;
    let names = |res: &support::Res| -> Vec<(String, String)> {
        res.body["managedBrokers"]
            .as_array()
            .unwrap()
            .iter()
            .map(|b| {
                (
                    b["userId"].as_str().unwrap().to_owned(),
                    b["role"].as_str().unwrap().to_owned(),
                )
            })
            .collect()
    };
    let mut broker = app.sign_in("broker@firm.test").await;
    assert!(names(&broker.get("/api/managed-brokers").await).is_empty());
    let mut manager = app.sign_in("manager@firm.test").await;
    assert_eq!(
        names(&manager.get("/api/managed-brokers").await),
        vec![(f.broker.id.to_string(), "ROLE_BROKER".to_owned())]
    );
    let mut admin = app.sign_in("admin@firm.test").await;
    let mut got: Vec<String> = names(&admin.get("/api/managed-brokers").await)
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    got.sort();
    let mut want = vec![
        f.broker.id.to_string(),
        f.manager.id.to_string(),
        f.loner.id.to_string(),
    ];
    want.sort();
    assert_eq!(got, want);
    let mut rival = app.sign_in("rival@other.test").await;
    assert!(names(&rival.get("/api/managed-brokers").await).is_empty());
    let mut customer = app.sign_in("cust@example.com").await;
    assert!(names(&customer.get("/api/managed-brokers").await).is_empty());
}

async fn list_49_calls_52_case_overviews_count_what_the_user_can_see(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    app.create_user("nobody@example.com", "ROLE_USER", true)
        .await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let first = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let latest = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    support::cases::set_case(&app, first, "status", "COMPLETED").await;
    let res = broker.get("/api/case-overviews").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["remortgaging"]["totalCount"], 2);
    assert_eq!(res.body["remortgaging"]["activeCount"], 1);
    assert_eq!(res.body["remortgaging"]["latestCaseId"], latest);
    assert_eq!(res.body["buying"]["totalCount"], 0);
    assert!(res.body["buying"]["latestCaseId"].is_null());
    // LIST-42's data: a customer with no case sees zero (the SPA sends them to start).
    let mut nobody = app.sign_in("nobody@example.com").await;
    let res = nobody.get("/api/case-overviews").await;
    assert_eq!(res.body["remortgaging"]["totalCount"], 0);
    let mut customer = app.sign_in("a@example.com").await;
    let res = customer.get("/api/case-overviews").await;
    assert_eq!(res.body["remortgaging"]["totalCount"], 2);
    // A broker admin's figures come from the firm's stored counts: the same answer.
    let mut admin = app.sign_in("admin@firm.test").await;
    let res = admin.get("/api/case-overviews").await;
    assert_eq!(res.body["remortgaging"]["totalCount"], 2);
    assert_eq!(res.body["remortgaging"]["activeCount"], 1);
    assert_eq!(res.body["remortgaging"]["latestCaseId"], latest);
    assert_eq!(res.body["buying"]["totalCount"], 0);
    assert!(res.body["buying"]["latestCaseId"].is_null());
}

async fn lenders_are_data_with_no_lender_last(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    app.create_user("cust@example.com", "ROLE_USER", true).await;
    let mut customer = app.sign_in("cust@example.com").await;
    let res = customer.get("/api/lenders").await;
    let lenders = res.body["lenders"].as_array().unwrap();
    assert!(
        (60..=66).contains(&(lenders.len() - 1)),
        "{}",
        lenders.len()
    );
    assert_eq!(lenders.last().unwrap()["code"], "NO_LENDER");
    assert!(
        lenders
            .iter()
            .any(|l| l["name"] == "Nationwide Building Society")
    );
}
