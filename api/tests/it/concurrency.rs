//! Concurrent case writes on PostgreSQL (issue 10, item 3): writers creating, editing and
//! cancelling cases of one firm never deadlock into a 500, each write transaction moves the
//! list generation once, and the firm's stored counts stay exact.

use crate::support;

use std::collections::{BTreeMap, VecDeque};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::cases::{create_remortgaging, firm, remortgaging_body};
use support::{Backend, Client, TestApp};
use threshold_store::Db;

const WRITERS: usize = 8;
const RUN: Duration = Duration::from_secs(10);

#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Op {
    Create,
    Edit,
    Cancel,
}

/// The key facts of a remortgaging case without the client (an edit); every fourth edit moves
/// the property to Scotland, which makes the case ineligible (a status change in the edit's
/// transaction).
fn edit_body(n: usize) -> Value {
    let mut body = remortgaging_body("x@example.com", "x");
    body.as_object_mut().unwrap().remove("client");
    body["loanAmount"] = json!(20_000_000 + (n as i64 % 50) * 10_000);
    if n % 4 == 3 {
        body["jurisdiction"] = json!("SCOTLAND");
    }
    body
}

/// One writer: create, edit and cancel in turn (starting at a different step from its
/// neighbours), editing the newest case anyone made and cancelling the oldest, until the
/// deadline. Returns every (operation, status code) it saw, and the bodies of any 5xx.
async fn writer(
    w: usize,
    mut client: Client,
    cases: Arc<Mutex<VecDeque<i64>>>,
    until: Instant,
) -> (Vec<(Op, u16)>, Vec<String>) {
    let mut seen = Vec::new();
    let mut errors = Vec::new();
    let mut step = w;
    while Instant::now() < until {
        let op = match step % 3 {
            0 => Op::Create,
            1 => Op::Edit,
            _ => Op::Cancel,
        };
        let target = {
            let mut cases = cases.lock().unwrap();
            match op {
                Op::Create => None,
                Op::Edit => cases.back().copied(),
                Op::Cancel => cases.pop_front(),
            }
        };
        let (op, res) = match (op, target) {
            (Op::Edit, Some(id)) => (
                op,
                client
                    .post(&format!("/api/remortgaging/case/{id}"), edit_body(step))
                    .await,
            ),
            (Op::Cancel, Some(id)) => (
                op,
                client
                    .post(
                        "/api/broker-cancel-case",
                        json!({ "caseId": id, "caseType": "REMORTGAGING" }),
                    )
                    .await,
            ),
            _ => {
                let email = format!("client-{w}-{step}@example.com");
                let res = client
                    .post(
                        "/api/remortgaging/case",
                        remortgaging_body(&email, "Pat Client"),
                    )
                    .await;
                if let Some(id) = res.body["caseId"].as_i64() {
                    cases.lock().unwrap().push_back(id);
                }
                (Op::Create, res)
            }
        };
        let code = res.status.as_u16();
        if code >= 500 {
            errors.push(format!("{op:?} {code}: {}", res.body));
        }
        seen.push((op, code));
        step += 1;
    }
    (seen, errors)
}

/// Runs one statement returning one BIGINT on the app's PostgreSQL database.
async fn scalar(app: &TestApp, sql: &'static str) -> i64 {
    let Db::Postgres(pool) = &app.db else {
        panic!("PostgreSQL only")
    };
    sqlx::query_scalar(sql).fetch_one(pool).await.unwrap()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn eight_writers_of_one_firm_for_ten_seconds_get_no_server_error() {
    let app = TestApp::spawn(Backend::Postgres).await;
    firm(&app).await;
    // Four sessions of the firm's broker, two writers on each (sign-ins are rate-limited).
    let mut sessions = Vec::new();
    for _ in 0..WRITERS / 2 {
        sessions.push(app.sign_in("broker@firm.test").await);
    }
    let mut admin = app.sign_in("admin@firm.test").await;
    let cases = Arc::new(Mutex::new(VecDeque::new()));
    let started = Instant::now();
    let until = started + RUN;
    let writers: Vec<_> = (0..WRITERS)
        .map(|w| tokio::spawn(writer(w, sessions[w / 2].clone(), cases.clone(), until)))
        .collect();
    let mut seen = Vec::new();
    let mut errors = Vec::new();
    for handle in writers {
        let (s, e) = handle.await.unwrap();
        seen.extend(s);
        errors.extend(e);
    }
    let elapsed = started.elapsed().as_secs_f64();

    let mut by_op: BTreeMap<(Op, u16), usize> = BTreeMap::new();
    for (op, code) in &seen {
        *by_op.entry((*op, *code)).or_default() += 1;
    }
    let ok = seen.iter().filter(|(_, c)| *c < 300).count();
    println!(
        "{WRITERS} writers, {elapsed:.1} s: {} requests ({:.1}/s), {ok} succeeded ({:.1}/s), \
         {} answered 5xx; by operation and status: {by_op:?}",
        seen.len(),
        seen.len() as f64 / elapsed,
        ok as f64 / elapsed,
        errors.len(),
    );
    assert!(
        errors.is_empty(),
        "{} server errors, e.g. {:?}",
        errors.len(),
        &errors[..errors.len().min(3)]
    );
    for op in [Op::Create, Op::Edit, Op::Cancel] {
        assert!(
            seen.iter().any(|(o, c)| *o == op && *c < 300),
            "no {op:?} succeeded: {by_op:?}"
        );
    }

    // The stored firm counts are exact after all of that...
    let off = scalar(
        &app,
        "SELECT COUNT(*) FROM (\
           SELECT firm_id, case_type, status, \
                  CASE WHEN case_type = 'BUYING' THEN has_paid_deposit ELSE has_mortgage_offer END AS flag, \
                  COUNT(*) AS n FROM cases WHERE firm_id IS NOT NULL GROUP BY 1, 2, 3, 4) c \
         FULL JOIN (SELECT * FROM firm_case_counts WHERE n <> 0) f \
           USING (firm_id, case_type, status, flag) \
         WHERE c.n IS DISTINCT FROM f.n",
    )
    .await;
    assert_eq!(off, 0, "firm_case_counts rows differ from the cases");
    // ...and the admin's list total (a sum of them) is every case the firm has.
    let cases_now = scalar(
        &app,
        "SELECT COUNT(*) FROM cases WHERE firm_id IS NOT NULL AND case_type = 'REMORTGAGING'",
    )
    .await;
    let list = admin.get("/api/remortgaging/cases?pageSize=10").await;
    assert_eq!(list.status, 200, "{:?}", list.body);
    assert_eq!(list.body["totalCount"], json!(cases_now));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn each_write_moves_the_list_generation_once() {
    let app = TestApp::spawn(Backend::Postgres).await;
    firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let generation = || scalar(&app, "SELECT generation FROM case_list_generation");

    // A create writes the case, its property, party, name-search rows, broker, quote and
    // automatic transition in one transaction.
    let before = generation().await;
    let id = create_remortgaging(&mut broker, "sam@example.com", "Sam Smith").await;
    assert_eq!(generation().await, before + 1, "create");

    let before = generation().await;
    let res = broker
        .post(&format!("/api/remortgaging/case/{id}"), edit_body(0))
        .await;
    assert_eq!(res.status, 200, "{:?}", res.body);
    assert_eq!(generation().await, before + 1, "edit");

    let before = generation().await;
    let res = broker
        .post(
            "/api/broker-cancel-case",
            json!({ "caseId": id, "caseType": "REMORTGAGING" }),
        )
        .await;
    assert_eq!(res.status, 200, "{:?}", res.body);
    assert_eq!(generation().await, before + 1, "cancel");
}
