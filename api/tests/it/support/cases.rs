//! Helpers for the case tests: a broker firm with its hierarchy, and key-fact bodies.

use serde_json::{Value, json};
use threshold_store::users::User;

use super::{Client, Res, TestApp};

/// One firm (broker, manager managing broker, admin, a broker nobody manages) and a broker
/// of another firm.
pub struct Firm {
    pub broker: User,
    pub manager: User,
    pub admin: User,
    pub loner: User,
    pub rival: User,
}

pub async fn firm(app: &TestApp) -> Firm {
    let now = chrono::Utc::now();
    let broker = app
        .create_user("broker@firm.test", "ROLE_BROKER", true)
        .await;
    let manager = app
        .create_user("manager@firm.test", "ROLE_BROKER_MANAGER", true)
        .await;
    let admin = app
        .create_user("admin@firm.test", "ROLE_BROKER_ADMIN", true)
        .await;
    let loner = app
        .create_user("loner@firm.test", "ROLE_BROKER", true)
        .await;
    let rival = app
        .create_user("rival@other.test", "ROLE_BROKER_ADMIN", true)
        .await;
    let f = app.db.create_firm("Firm", now).await.unwrap();
    let other = app.db.create_firm("Other", now).await.unwrap();
    for u in [&broker, &manager, &admin, &loner] {
        app.db.add_firm_member(f, u.id, now).await.unwrap();
    }
    app.db.add_firm_member(other, rival.id, now).await.unwrap();
    app.db
        .add_managed_broker(manager.id, broker.id, now)
        .await
        .unwrap();
    Firm {
        broker,
        manager,
        admin,
        loner,
        rival,
    }
}

pub fn remortgaging_body(client_email: &str, client_name: &str) -> Value {
    json!({
        "client": { "preferredName": client_name, "email": client_email },
        "jurisdiction": "ENGLAND",
        "isDependentOnSale": false,
        "isCompanyOwned": false,
        "isResidential": true,
        "propertyUsage": "LIVE_IN",
        "property": { "addressLine1": "1 High Street", "town": "Canterbury", "county": "Kent",
                      "postcode": "ct1 1aa", "tenure": "FREEHOLD", "type": "TERRACED" },
        "propertyValue": 35_000_000,
        "loanAmount": 20_000_000,
        "remortgagingReason": "END_OF_CURRENT_DEAL",
        "newLender": "NATIONWIDE_BUILDING_SOCIETY",
        "currentDealEndDate": "2027-01-31",
        "brokerReference": "BR-1"
    })
}

pub fn buying_body(client_email: &str, client_name: &str) -> Value {
    json!({
        "client": { "preferredName": client_name, "email": client_email },
        "jurisdiction": "ENGLAND",
        "isDependentOnSale": false,
        "isCompanyOwned": false,
        "isResidential": true,
        "propertyUsage": "LIVE_IN",
        "property": { "addressLine1": "2 Castle Road", "town": "Leeds", "postcode": "LS1 1AA",
                      "tenure": "FREEHOLD", "type": "DETACHED_HOUSE" },
        "purchasePrice": 40_000_000,
        "depositAmount": 4_000_000,
        "lender": "HALIFAX",
        "isFirstTimeBuyer": false,
        "targetMoveInDate": "2027-03-01",
        "brokerReference": "BR-2"
    })
}

/// Creates a remortgaging case for a client; returns its id.
pub async fn create_remortgaging(client: &mut Client, email: &str, name: &str) -> i64 {
    let res = client
        .post("/api/remortgaging/case", remortgaging_body(email, name))
        .await;
    assert_eq!(res.status, 201, "{:?}", res.body);
    res.body["caseId"].as_i64().unwrap()
}

pub async fn create_buying(client: &mut Client, email: &str, name: &str) -> i64 {
    let res = client
        .post("/api/buying/case", buying_body(email, name))
        .await;
    assert_eq!(res.status, 201, "{:?}", res.body);
    res.body["caseId"].as_i64().unwrap()
}

/// The ids of a list response, in order.
pub fn ids(res: &Res) -> Vec<i64> {
    let cases = res.body["cases"].as_array().expect("cases");
    cases
        .iter()
        .map(|c| {
            c["id"]
                .as_i64()
                .or_else(|| c["case"]["id"].as_i64())
                .unwrap()
        })
        .collect()
}

/// Sets one column of a case directly (fixtures for statuses and dates the tests need).
pub async fn set_case<T>(app: &TestApp, id: i64, column: &str, value: T)
where
    T: for<'q> sqlx::Encode<'q, sqlx::Sqlite>
        + sqlx::Type<sqlx::Sqlite>
        + for<'q> sqlx::Encode<'q, sqlx::Postgres>
        + sqlx::Type<sqlx::Postgres>
        + Send
        + Clone
        + 'static,
{
    let sql = format!("UPDATE cases SET {column} = $1 WHERE id = $2");
    match &app.db {
        threshold_store::Db::Sqlite(pool) => {
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind(value)
                .bind(id)
                .execute(pool)
                .await
                .unwrap();
        }
        threshold_store::Db::Postgres(pool) => {
            sqlx::query(sqlx::AssertSqlSafe(sql))
                .bind(value)
                .bind(id)
                .execute(pool)
                .await
                .unwrap();
        }
    }
}

/// Whether one column of a case is set (a sort field the product writes, say).
pub async fn case_column_set(app: &TestApp, id: i64, column: &str) -> bool {
    let sql = format!("SELECT COUNT(*) FROM cases WHERE id = $1 AND {column} IS NOT NULL");
    let count: i64 = match &app.db {
        threshold_store::Db::Sqlite(pool) => sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .fetch_one(pool)
            .await
            .unwrap(),
        threshold_store::Db::Postgres(pool) => sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
            .bind(id)
            .fetch_one(pool)
            .await
            .unwrap(),
    };
    count == 1
}

/// The client accepts the case's latest quote (`case_type` BUYING or REMORTGAGING).
pub async fn accept_latest(client: &mut Client, case_type: &str, id: i64) {
    let kind = case_type.to_lowercase();
    let quote = client
        .get(&format!("/api/{kind}/{id}/quote/latest"))
        .await
        .body;
    let quote_id = quote["id"].as_i64().unwrap();
    let res = client
        .post(
            &format!("/api/quote/{quote_id}/accept"),
            json!({ "caseType": case_type, "caseId": id }),
        )
        .await;
    assert!(res.status.is_success(), "{:?}", res.body);
}
