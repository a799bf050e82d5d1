//! The case lists: every parameter, default, fallback and the pagination math (issue 4;
//! checklist LIST-03..13, LIST-40/41, ENT-06/07/08, CALLS-46/49, STATUS-09/16).

use crate::support;

use chrono::NaiveDate;
use reqwest::StatusCode;
use support::cases::{create_buying, create_remortgaging, firm, ids, set_case};
use support::{Backend, TestApp};

on_both_databases!(
    list_03_ent_06_defaults_and_pagination_math,
    list_13_invalid_parameters_are_named,
    list_04_08_25_sort_fields_and_directions,
    list_05_21_status_filter_repeated_or_comma_separated,
    list_06_22_has_mortgage_offer_filter,
    list_11_23_has_paid_deposit_filter,
    list_09_12_17_name_search_is_a_case_insensitive_word_prefix,
    list_07_20_broker_filter,
    ent_07_08_list_items_have_the_spec_shape_and_the_engine_fields,
    list_10_buying_sort_fields,
    list_remembered_counts_and_name_matches_follow_every_write,
    list_a_broker_admins_totals_follow_every_write_to_the_firms_cases,
);

async fn list_03_ent_06_defaults_and_pagination_math(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut created = vec![];
    for i in 0..11 {
        created.push(
            create_remortgaging(&mut broker, &format!("c{i}@example.com"), "Pat Client").await,
        );
    }
    let res = broker.get("/api/remortgaging/cases").await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(res.body["totalCount"], 11);
    assert_eq!(res.body["totalPages"], 2);
    assert_eq!(res.body["currentPage"], 0);
    // LIST-04: newest first by default.
    let mut newest_first = created.clone();
    newest_first.reverse();
    assert_eq!(ids(&res), newest_first[..10].to_vec());
    let res = broker.get("/api/remortgaging/cases?page=1").await;
    assert_eq!(res.body["currentPage"], 1);
    assert_eq!(ids(&res), vec![created[0]]);
    let res = broker
        .get("/api/remortgaging/cases?pageSize=5&page=2")
        .await;
    assert_eq!(
        (res.body["totalPages"].as_i64(), ids(&res).len()),
        (Some(3), 1)
    );
    let res = broker.get("/api/remortgaging/cases?pageSize=11").await;
    assert_eq!(
        (res.body["totalPages"].as_i64(), ids(&res).len()),
        (Some(1), 11)
    );
    // Past the end: no cases, the true total.
    let res = broker.get("/api/remortgaging/cases?page=7").await;
    assert_eq!(ids(&res).len(), 0);
    assert_eq!(res.body["totalCount"], 11);
    assert_eq!(res.body["currentPage"], 7);
    // An empty list: zero pages.
    let res = broker.get("/api/buying/cases").await;
    assert_eq!(res.body["totalCount"], 0);
    assert_eq!(res.body["totalPages"], 0);
}

/// LIST-13's fallback to defaults is the browser's (it sends only valid values); the API
/// names each invalid value instead of guessing, and an empty name search is no search.
async fn list_13_invalid_parameters_are_named(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    for i in 0..3 {
        create_remortgaging(&mut broker, &format!("c{i}@example.com"), "Pat Client").await;
        create_buying(&mut broker, &format!("b{i}@example.com"), "Bo Buyer").await;
    }
    for (query, field) in [
        ("pageSize=abc&page=-3", "pageSize"),
        ("pageSize=0", "pageSize"),
        ("pageSize=101", "pageSize"),
        ("page=1.5", "page"),
        ("page=-3", "page"),
        ("sortDirection=UP", "sortDirection"),
        ("sortBy=NOPE", "sortBy"),
        ("hasMortgageOffer=maybe", "hasMortgageOffer"),
        ("status=NOT_A_STATUS", "status"),
        ("status=AWAITING_DEPOSIT", "status"),
        ("sortBy=TARGET_MOVE_IN_DATE", "sortBy"),
        ("brokerUserIds=not-a-uuid", "brokerUserIds"),
    ] {
        let res = broker
            .get(&format!("/api/remortgaging/cases?{query}"))
            .await;
        assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY, "{query}");
        assert!(
            res.body["error"]["fields"][field].is_string(),
            "{query}: {:?}",
            res.body
        );
    }
    let defaults = broker.get("/api/remortgaging/cases").await;
    let res = broker
        .get("/api/remortgaging/cases?propertyOwnerName=")
        .await;
    assert_eq!(res.status, StatusCode::OK);
    assert_eq!(ids(&res), ids(&defaults));
    let res = broker.get("/api/buying/cases?sortBy=COMPLETION_DATE").await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(res.body["error"]["fields"]["sortBy"].is_string());
}

/// ENUM-06: sortDirection takes ASC and DESC, and they reverse the order.
async fn list_04_08_25_sort_fields_and_directions(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let a = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let b = create_remortgaging(&mut broker, "b@example.com", "Bo B").await;
    let c = create_remortgaging(&mut broker, "c@example.com", "Cy C").await;
    let res = broker
        .get("/api/remortgaging/cases?sortDirection=ASC")
        .await;
    assert_eq!(ids(&res), vec![a, b, c]);
    let res = broker
        .get("/api/remortgaging/cases?sortDirection=DESC")
        .await;
    assert_eq!(ids(&res), vec![c, b, a]);
    // The spec's names exactly, as the document declares them.
    let res = broker
        .get("/api/remortgaging/cases?sortDirection=asc")
        .await;
    assert_eq!(res.status, StatusCode::UNPROCESSABLE_ENTITY);
    let d = |y, m, day| NaiveDate::from_ymd_opt(y, m, day).unwrap();
    set_case(&app, a, "completion_date", d(2027, 5, 1)).await;
    set_case(&app, c, "completion_date", d(2027, 1, 1)).await;
    set_case(&app, b, "completion_date", None::<NaiveDate>).await;
    // Empty dates sort last in both directions.
    let res = broker
        .get("/api/remortgaging/cases?sortBy=COMPLETION_DATE&sortDirection=ASC")
        .await;
    assert_eq!(ids(&res), vec![c, a, b]);
    let res = broker
        .get("/api/remortgaging/cases?sortBy=COMPLETION_DATE")
        .await;
    assert_eq!(ids(&res), vec![a, c, b]);
    set_case(&app, a, "current_deal_end_date", d(2026, 12, 31)).await;
    set_case(&app, b, "current_deal_end_date", d(2028, 1, 1)).await;
    set_case(&app, c, "current_deal_end_date", d(2027, 6, 1)).await;
    let res = broker
        .get("/api/remortgaging/cases?sortBy=CURRENT_DEAL_END_DATE&sortDirection=ASC")
        .await;
    assert_eq!(ids(&res), vec![a, c, b]);
    let t = |day| {
        chrono::DateTime::parse_from_rfc3339(&format!("2027-01-{day:02}T10:00:00Z"))
            .unwrap()
            .to_utc()
    };
    set_case(&app, a, "updated_at", t(3)).await;
    set_case(&app, b, "updated_at", t(1)).await;
    set_case(&app, c, "updated_at", t(2)).await;
    let res = broker
        .get("/api/remortgaging/cases?sortBy=UPDATED_AT")
        .await;
    assert_eq!(ids(&res), vec![a, c, b]);
    set_case(&app, b, "mortgage_offer_uploaded_at", t(5)).await;
    let res = broker
        .get("/api/remortgaging/cases?sortBy=MORTGAGE_OFFER_UPLOADED_AT")
        .await;
    assert_eq!(ids(&res)[0], b);
}

/// CALLS-49: GET /buying/cases sorts by each buying sortBy field (sortDirection ASC).
async fn list_10_buying_sort_fields(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let a = create_buying(&mut broker, "a@example.com", "Al A").await;
    let b = create_buying(&mut broker, "b@example.com", "Bo B").await;
    let t = |day| {
        chrono::DateTime::parse_from_rfc3339(&format!("2027-01-{day:02}T10:00:00Z"))
            .unwrap()
            .to_utc()
    };
    for (column, sort) in [
        ("terms_accepted_at", "TERMS_ACCEPTED_AT"),
        ("deposit_paid_at", "DEPOSIT_PAID_AT"),
        ("ta6_uploaded_at", "TA6_UPLOADED_AT"),
        ("enquires_raised_at", "ENQUIRES_RAISED_AT"),
        ("enquires_responded_at", "ENQUIRES_RESPONDED_AT"),
    ] {
        set_case(&app, a, column, t(2)).await;
        set_case(&app, b, column, t(1)).await;
        let res = broker
            .get(&format!(
                "/api/buying/cases?sortBy={sort}&sortDirection=ASC"
            ))
            .await;
        assert_eq!(ids(&res), vec![b, a], "{sort}");
    }
    set_case(
        &app,
        a,
        "target_move_in_date",
        NaiveDate::from_ymd_opt(2027, 9, 1).unwrap(),
    )
    .await;
    let res = broker
        .get("/api/buying/cases?sortBy=TARGET_MOVE_IN_DATE")
        .await;
    assert_eq!(ids(&res), vec![a, b]);
}

async fn list_05_21_status_filter_repeated_or_comma_separated(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let a = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let b = create_remortgaging(&mut broker, "b@example.com", "Bo B").await;
    let c = create_remortgaging(&mut broker, "c@example.com", "Cy C").await;
    set_case(&app, a, "status", "COMPLETED").await;
    set_case(&app, b, "status", "CANCELLED").await;
    let res = broker
        .get("/api/remortgaging/cases?status=COMPLETED&status=CANCELLED")
        .await;
    assert_eq!(ids(&res), vec![b, a]);
    let res = broker
        .get("/api/remortgaging/cases?status=COMPLETED,CANCELLED")
        .await;
    assert_eq!(ids(&res), vec![b, a]);
    let res = broker
        .get("/api/remortgaging/cases?status=BROKER_APPLICATION")
        .await;
    assert_eq!(ids(&res), vec![c]);
    // STATUS-16: the cancelled case's message and red chip.
    let res = broker.get("/api/remortgaging/cases?status=CANCELLED").await;
    assert_eq!(
        res.body["cases"][0]["statusMessage"],
        "This case has been cancelled."
    );
    assert_eq!(res.body["cases"][0]["statusChip"]["colour"], "RED");
    // Filtered empty.
    let res = broker
        .get("/api/remortgaging/cases?status=INELIGIBLE")
        .await;
    assert_eq!(res.body["totalCount"], 0);
}

async fn list_06_22_has_mortgage_offer_filter(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let a = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let b = create_remortgaging(&mut broker, "b@example.com", "Bo B").await;
    set_case(&app, a, "has_mortgage_offer", true).await;
    let res = broker
        .get("/api/remortgaging/cases?hasMortgageOffer=true")
        .await;
    assert_eq!(ids(&res), vec![a]);
    assert_eq!(res.body["cases"][0]["hasMortgageOffer"], true);
    let res = broker
        .get("/api/remortgaging/cases?hasMortgageOffer=false")
        .await;
    assert_eq!(ids(&res), vec![b]);
    let res = broker.get("/api/remortgaging/cases").await;
    assert_eq!(ids(&res), vec![b, a]);
}

/// CALLS-49: GET /buying/cases filters by hasPaidDeposit.
async fn list_11_23_has_paid_deposit_filter(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let a = create_buying(&mut broker, "a@example.com", "Al A").await;
    let b = create_buying(&mut broker, "b@example.com", "Bo B").await;
    set_case(&app, b, "has_paid_deposit", true).await;
    let res = broker.get("/api/buying/cases?hasPaidDeposit=false").await;
    assert_eq!(ids(&res), vec![a]);
    assert_eq!(res.body["cases"][0]["hasPaidDeposit"], false);
    let res = broker.get("/api/buying/cases?hasPaidDeposit=true").await;
    assert_eq!(ids(&res), vec![b]);
}

/// CALLS-49: GET /buying/cases filters by buyerName.
async fn list_09_12_17_name_search_is_a_case_insensitive_word_prefix(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let smith = create_remortgaging(&mut broker, "sam@example.com", "Sam Smith").await;
    let jones = create_remortgaging(&mut broker, "jo@example.com", "Jo Jones").await;
    let smythe = create_remortgaging(&mut broker, "ann@example.com", "Ann Smythe").await;
    for (query, expected) in [
        ("Smith", vec![smith]),
        ("smi", vec![smith]),
        ("SM", vec![smythe, smith]),
        ("sam s", vec![smith]),
        ("  jo  ", vec![jones]),
        ("mith", vec![]),
        ("Zed", vec![]),
    ] {
        let res = broker
            .get(&format!(
                "/api/remortgaging/cases?propertyOwnerName={}",
                urlencode(query)
            ))
            .await;
        assert_eq!(ids(&res), expected, "{query:?}");
        assert_eq!(res.body["totalCount"].as_u64(), Some(expected.len() as u64));
    }
    let b = create_buying(&mut broker, "bb@example.com", "Bea Buyer").await;
    let res = broker.get("/api/buying/cases?buyerName=buy").await;
    assert_eq!(ids(&res), vec![b]);
    // Names only match within the type.
    let res = broker.get("/api/buying/cases?buyerName=smith").await;
    assert_eq!(ids(&res), Vec::<i64>::new());
}

fn urlencode(s: &str) -> String {
    url_escape(s)
}

fn url_escape(s: &str) -> String {
    s.bytes()
        .map(|b| match b {
            b'A'..=b'Z' | b'a'..=b'z' | b'0'..=b'9' => (b as char).to_string(),
            _ => format!("%{b:02X}"),
        })
        .collect()
}

async fn list_07_20_broker_filter(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let f = firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut manager = app.sign_in("manager@firm.test").await;
    let mut admin = app.sign_in("admin@firm.test").await;
    let mut loner = app.sign_in("loner@firm.test").await;
    let by_broker = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let by_manager = create_remortgaging(&mut manager, "b@example.com", "Bo B").await;
    let by_loner = create_remortgaging(&mut loner, "c@example.com", "Cy C").await;
    let res = manager
        .get(&format!(
            "/api/remortgaging/cases?brokerUserIds={}",
            f.broker.id
        ))
        .await;
    assert_eq!(ids(&res), vec![by_broker]);
    let res = admin
        .get(&format!(
            "/api/remortgaging/cases?brokerUserIds={},{}",
            f.loner.id, f.manager.id
        ))
        .await;
    assert_eq!(ids(&res), vec![by_loner, by_manager]);
    let res = admin
        .get(&format!(
            "/api/remortgaging/cases?brokerUserIds={}&brokerUserIds={}",
            f.loner.id, f.broker.id
        ))
        .await;
    assert_eq!(ids(&res), vec![by_loner, by_broker]);
    // A filter cannot widen the scope: the manager does not manage the loner.
    let res = manager
        .get(&format!(
            "/api/remortgaging/cases?brokerUserIds={}",
            f.loner.id
        ))
        .await;
    assert_eq!(ids(&res), Vec::<i64>::new());
}

async fn ent_07_08_list_items_have_the_spec_shape_and_the_engine_fields(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    create_remortgaging(&mut broker, "sam@example.com", "Sam Smith").await;
    create_buying(&mut broker, "sam@example.com", "Sam Smith").await;
    let res = broker.get("/api/remortgaging/cases").await;
    let item = &res.body["cases"][0];
    for key in [
        "id",
        "createdAt",
        "updatedAt",
        "status",
        "propertyOwners",
        "property",
        "hasMortgageOffer",
        "caseAdmins",
        "brokerReference",
        "currentDealEndDate",
        "completionDate",
        "newLender",
        "isRepayingHelpToBuy",
        "hasHTBRedemptionLetter",
        "statusChip",
        "statusMessage",
        "canCancel",
    ] {
        assert!(item.get(key).is_some(), "{key} missing");
    }
    assert_eq!(
        item["propertyOwners"][0]["user"]["preferredName"],
        "Sam Smith"
    );
    assert_eq!(
        item["propertyOwners"][0]["user"]["email"],
        "sam@example.com"
    );
    assert!(item["propertyOwners"][0]["user"]["legalNames"].is_array());
    for key in ["addressLine1", "county", "postcode", "formattedAddress"] {
        assert!(item["property"].get(key).is_some(), "{key} missing");
    }
    assert_eq!(
        item["property"]["formattedAddress"],
        "1 High Street, Canterbury, Kent, CT1 1AA"
    );
    assert_eq!(item["caseAdmins"][0]["role"], "ROLE_BROKER");
    assert_eq!(item["brokerReference"], "BR-1");
    assert_eq!(item["currentDealEndDate"], "2027-01-31");
    assert_eq!(
        item["statusMessage"],
        "This application is currently being prepared by the broker."
    );
    assert_eq!(item["canCancel"], true);
    let res = broker.get("/api/buying/cases").await;
    let item = &res.body["cases"][0];
    for key in [
        "id",
        "createdAt",
        "status",
        "completionDate",
        "targetMoveInDate",
        "lender",
    ] {
        assert!(item["case"].get(key).is_some(), "case.{key} missing");
    }
    for key in [
        "buyers",
        "property",
        "hasPaidDeposit",
        "caseAdmins",
        "statusChip",
        "canCancel",
    ] {
        assert!(item.get(key).is_some(), "{key} missing");
    }
    // Customers do not get the broker reference (ROLES-11) nor a cancel (CANCEL-02).
    let mut customer = app.sign_in("sam@example.com").await;
    let res = customer.get("/api/remortgaging/cases").await;
    assert_eq!(res.body["totalCount"], 1);
    let item = &res.body["cases"][0];
    assert!(item["brokerReference"].is_null());
    assert_eq!(item["canCancel"], false);
    assert_eq!(item["caseAdmins"][0]["preferredName"], "Test Person");
}

/// The list remembers counts and name-search matches per data generation (engine/store
/// `ListMemo`): every write that can change a list must show in the very next call.
async fn list_remembered_counts_and_name_matches_follow_every_write(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let first = create_remortgaging(&mut broker, "s1@example.com", "Sam Smith").await;
    create_remortgaging(&mut broker, "s2@example.com", "Sue Smith").await;
    create_remortgaging(&mut broker, "j1@example.com", "Jo Jones").await;
    // Page 1 needs the count; the name search remembers its matches.
    let counted = "/api/remortgaging/cases?pageSize=1&page=1";
    let named = "/api/remortgaging/cases?pageSize=1&page=1&propertyOwnerName=smi";
    let total = |res: &support::Res| res.body["totalCount"].as_i64();
    assert_eq!(total(&broker.get(counted).await), Some(3));
    assert_eq!(total(&broker.get(named).await), Some(2));
    // Asked again, the same figures (now remembered).
    assert_eq!(total(&broker.get(counted).await), Some(3));
    assert_eq!(total(&broker.get(named).await), Some(2));

    // A new case through the API.
    let newest = create_remortgaging(&mut broker, "s3@example.com", "Sid Smith").await;
    assert_eq!(total(&broker.get(counted).await), Some(4));
    let res = broker.get(named).await;
    assert_eq!(total(&res), Some(3));
    // Newest first: page 1 of one-case pages is the second newest Smith.
    assert_ne!(ids(&res), vec![newest]);

    // A status change straight in the database (no API involved) moves the generation too.
    let cancelled = "/api/remortgaging/cases?status=CANCELLED&pageSize=1&page=1";
    assert_eq!(total(&broker.get(cancelled).await), Some(0));
    set_case(&app, first, "status", "CANCELLED".to_owned()).await;
    let res = broker.get("/api/remortgaging/cases?status=CANCELLED").await;
    assert_eq!(ids(&res), vec![first]);
    let res = broker
        .get("/api/remortgaging/cases?status=CANCELLED&propertyOwnerName=smi")
        .await;
    assert_eq!((ids(&res), total(&res)), (vec![first], Some(1)));
}

/// A broker admin's totals come from `firm_case_counts`, kept by triggers: after creates,
/// status and flag changes (through the API and straight in the database) every filter's
/// `totalCount` (asked with one-case pages, so it is counted) equals the cases listed.
async fn list_a_broker_admins_totals_follow_every_write_to_the_firms_cases(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let mut rival = app.sign_in("rival@other.test").await;
    let mut admin = app.sign_in("admin@firm.test").await;
    let a = create_remortgaging(&mut broker, "a@example.com", "Al A").await;
    let b = create_remortgaging(&mut broker, "b@example.com", "Bo B").await;
    create_remortgaging(&mut broker, "c@example.com", "Cy C").await;
    create_remortgaging(&mut rival, "d@example.com", "Di D").await;
    let d = create_buying(&mut broker, "e@example.com", "Ed E").await;
    set_case(&app, a, "status", "COMPLETED".to_owned()).await;
    set_case(&app, b, "has_mortgage_offer", true).await;
    set_case(&app, d, "has_paid_deposit", true).await;
    let res = broker
        .post(
            "/api/broker-cancel-case",
            serde_json::json!({ "caseId": b, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert_eq!(res.status, StatusCode::OK, "{:?}", res.body);
    for (list, filter, expected) in [
        ("remortgaging", "", 3),
        ("remortgaging", "&status=COMPLETED", 1),
        ("remortgaging", "&status=CANCELLED,COMPLETED", 2),
        ("remortgaging", "&hasMortgageOffer=true", 1),
        ("remortgaging", "&hasMortgageOffer=false", 2),
        ("remortgaging", "&status=CANCELLED&hasMortgageOffer=true", 1),
        ("buying", "", 1),
        ("buying", "&hasPaidDeposit=true", 1),
        ("buying", "&hasPaidDeposit=false", 0),
    ] {
        let all = admin
            .get(&format!("/api/{list}/cases?pageSize=100{filter}"))
            .await;
        assert_eq!(ids(&all).len(), expected, "{list} {filter}");
        let counted = admin
            .get(&format!("/api/{list}/cases?pageSize=1&page=1{filter}"))
            .await;
        assert_eq!(
            counted.body["totalCount"].as_i64(),
            Some(expected as i64),
            "{list} {filter}"
        );
    }
}
