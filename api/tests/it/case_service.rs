//! The case service on both databases: every transition of both workflows against its
//! definition (who may, guards with their reasons, reasons kept), conflicts between
//! concurrent changes, and effects delivered once.

use crate::support;

use std::time::Duration;

use support::cases::{create_buying, create_remortgaging, firm, set_case};
use support::{Backend, TestApp};
use threshold_cases::{Caller, CaseError};
use threshold_engine::{ActorKind, CaseType};
use threshold_store::users::User;
use threshold_workflows::Workflows;

fn caller(user: &User) -> Caller {
    Caller::User {
        id: user.id,
        role: user.role,
        is_lender: user.is_lender,
        firm_id: None,
    }
}

/// STATUS-01..22 as the workflow files define them: for every transition of both types, every
/// kind of actor it does not name is refused, a missing required reason is refused, and the
/// actor it names gets exactly what the engine decides for that case: the move (audited with
/// its reason) or the guard's own words.
async fn every_transition_follows_its_definition(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let f = firm(&app).await;
    let conveyancer = app
        .create_user("conveyancer@threshold.test", "ROLE_CONVEYANCER", true)
        .await;
    let staff_admin = app
        .create_user("staff@threshold.test", "ROLE_ADMIN", true)
        .await;
    let workflows = Workflows::load().unwrap();
    let mut broker = app.sign_in("broker@firm.test").await;
    let (mut moved, mut guarded) = (0, 0);
    for case_type in [CaseType::Remortgaging, CaseType::Buying] {
        for (i, t) in workflows.transitions(case_type).into_iter().enumerate() {
            let email = format!("c{i}-{}@example.test", case_type.slug());
            let case_id = match case_type {
                CaseType::Remortgaging => {
                    create_remortgaging(&mut broker, &email, "Cara Client").await
                }
                CaseType::Buying => create_buying(&mut broker, &email, "Cara Client").await,
            };
            let customer = app.db.user_by_email(&email).await.unwrap().unwrap();
            set_case(&app, case_id, "status", t.from[0].to_owned()).await;
            let as_kind = |kind: ActorKind| match kind {
                ActorKind::Customer => caller(&customer),
                ActorKind::Broker => caller(&f.broker),
                ActorKind::Conveyancer => caller(&conveyancer),
                ActorKind::Admin => caller(&staff_admin),
                ActorKind::System => Caller::System,
                ActorKind::Donor => panic!("{}: no transition is a gift donor's", t.name),
            };
            for kind in [
                ActorKind::Customer,
                ActorKind::Broker,
                ActorKind::Conveyancer,
                ActorKind::Admin,
                ActorKind::System,
            ] {
                if t.by.contains(&kind) {
                    continue;
                }
                let refused = app
                    .cases
                    .transition(&as_kind(kind), case_type, case_id, &t.name, Some("why"))
                    .await;
                assert!(
                    matches!(refused, Err(CaseError::NotPermitted(_))),
                    "{} by {kind:?}: {refused:?}",
                    t.name
                );
            }
            let who = as_kind(t.by[0]);
            if t.asks_for.is_some() {
                // Taken with what it asks for, through the service's own step (tested with
                // the completion date in remortgage_completion.rs), never as a bare move.
                let refused = app
                    .cases
                    .transition(&who, case_type, case_id, &t.name, None)
                    .await;
                assert!(
                    matches!(refused, Err(CaseError::NotPermitted(_))),
                    "{}: {refused:?}",
                    t.name
                );
                continue;
            }
            if t.requires_reason {
                let refused = app
                    .cases
                    .transition(&who, case_type, case_id, &t.name, Some("  "))
                    .await;
                assert!(
                    matches!(refused, Err(CaseError::ReasonRequired(_))),
                    "{}: {refused:?}",
                    t.name
                );
            }
            let case = app.cases.open(&who, case_type, case_id).await.unwrap();
            let expected = workflows.apply(
                &case.snapshot,
                &case.actor,
                &t.name,
                chrono::Utc::now(),
                Some("checked by the test"),
            );
            let outcome = app
                .cases
                .transition(
                    &who,
                    case_type,
                    case_id,
                    &t.name,
                    Some("checked by the test"),
                )
                .await;
            match (expected, outcome) {
                (Ok(applied), Ok(_)) => {
                    moved += 1;
                    // The named move is in the trail with its reason (automatic moves may
                    // follow it, so look for the latest by that name).
                    let events = app
                        .db
                        .audit_for("case", &case_id.to_string())
                        .await
                        .unwrap();
                    let ours = events
                        .iter()
                        .rev()
                        .map(|e| &e.detail.0)
                        .find(|d| d["transition"] == t.name.as_str())
                        .expect("the move in the audit trail");
                    assert_eq!(ours["to"], applied.to.as_str(), "{}", t.name);
                    assert_eq!(ours["reason"], "checked by the test", "{}", t.name);
                }
                (Err(threshold_engine::TransitionError::GuardFailed { reason, .. }), Err(err)) => {
                    guarded += 1;
                    match err {
                        CaseError::GuardFailed { reason: got, .. } => {
                            assert_eq!(got, reason, "{}", t.name)
                        }
                        other => panic!("{}: expected the guard's reason, got {other:?}", t.name),
                    }
                }
                (expected, outcome) => {
                    panic!("{}: engine said {expected:?}, service {outcome:?}", t.name)
                }
            }
        }
    }
    assert!(moved > 5 && guarded > 5, "moved {moved}, guarded {guarded}");
}

/// Two changes racing for one case: one wins, the other is told the case changed.
async fn concurrent_transitions_one_wins(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let f = firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let who = caller(&f.broker);
    for round in 0..5 {
        let email = format!("race{round}@example.test");
        let case_id = create_remortgaging(&mut broker, &email, "Rae Client").await;
        // The same move twice: `send_to_customer` leaves the only status it starts from, so
        // whichever order the two land in, the second cannot also be allowed. (Two different
        // moves could both be right one after the other: send, then cancel from the invite.)
        let send = || {
            app.cases.transition(
                &who,
                CaseType::Remortgaging,
                case_id,
                "send_to_customer",
                None,
            )
        };
        let (a, b) = tokio::join!(send(), send());
        let wins = [a.is_ok(), b.is_ok()].iter().filter(|w| **w).count();
        assert_eq!(wins, 1, "{a:?} {b:?}");
        let loser = if a.is_ok() { b } else { a };
        assert!(
            matches!(
                loser,
                Err(CaseError::Conflict | CaseError::WrongStatus { .. })
            ),
            "{loser:?}"
        );
    }
    // A write decided on a status the case has left is a conflict, never a second move.
    let case_id = create_remortgaging(&mut broker, "late@example.test", "Lee Client").await;
    let stale = app
        .cases
        .open(&who, CaseType::Remortgaging, case_id)
        .await
        .unwrap();
    app.cases
        .transition(&who, CaseType::Remortgaging, case_id, "broker_cancel", None)
        .await
        .unwrap();
    let workflows = Workflows::load().unwrap();
    let applied = workflows
        .apply(
            &stale.snapshot,
            &stale.actor,
            "send_to_customer",
            chrono::Utc::now(),
            None,
        )
        .unwrap();
    let record =
        threshold_store::cases::TransitionRecord::from_applied(Some(f.broker.id), &applied);
    let err = app
        .db
        .apply_transitions(case_id, "REMORTGAGING", &[record], None, chrono::Utc::now())
        .await
        .unwrap_err();
    assert!(
        matches!(err, threshold_store::StoreError::Conflict(_)),
        "{err:?}"
    );
}

async fn feed_count(app: &TestApp, user: &User) -> usize {
    app.db.feed_items(user.id).await.unwrap().len()
}

/// A transition that names an e-mail and a feed item delivers one of each, also when the
/// relay runs its effects again (as after being killed between queueing and marking).
async fn effects_are_delivered_once(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let f = firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let case_id = create_remortgaging(&mut broker, "eve@example.test", "Eve Owner").await;
    let eve = app
        .db
        .user_by_email("eve@example.test")
        .await
        .unwrap()
        .unwrap();
    app.cases
        .transition(
            &caller(&f.broker),
            CaseType::Remortgaging,
            case_id,
            "send_to_customer",
            None,
        )
        .await
        .unwrap();
    let mails = app.mails_to("eve@example.test", 1).await;
    assert_eq!(mails[0].subject, "Your conveyancing quote from your broker");
    // The invitation's link signs Eve in, onto her case (issue 26).
    assert!(
        mails[0]
            .links
            .iter()
            .any(|l| l.contains("/login/auth?token=")
                && l.ends_with(&format!("redirectTo=%2Fremortgaging%2F{case_id}"))),
        "{:?}",
        mails[0].links
    );
    for _ in 0..200 {
        if feed_count(&app, &eve).await == 1 {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    let feed = app.db.feed_items(eve.id).await.unwrap();
    assert_eq!(feed.len(), 1);
    assert_eq!(feed[0].kind, "case-quote");
    assert_eq!(feed[0].data.0["caseId"], case_id);

    // The relay goes over the same rows again: the same keys, nothing new.
    app.exec("UPDATE case_effects SET done_at = NULL WHERE due_at IS NULL")
        .await;
    tokio::time::sleep(Duration::from_millis(1500)).await;
    assert_eq!(app.mails_to("eve@example.test", 1).await.len(), 1);
    assert_eq!(feed_count(&app, &eve).await, 1);

    // The 48-hour reminder, once due, goes out while the case still waits for Eve.
    app.exec("UPDATE case_effects SET due_at = created_at WHERE due_at IS NOT NULL")
        .await;
    let mails = app.mails_to("eve@example.test", 2).await;
    assert_eq!(
        mails[1].subject,
        "Reminder: your conveyancing quote is waiting"
    );
}

/// A reminder for a status the case has left is not sent.
async fn reminders_lapse_when_the_case_moves_on(backend: Backend) {
    let app = TestApp::spawn(backend).await;
    let f = firm(&app).await;
    let mut broker = app.sign_in("broker@firm.test").await;
    let case_id = create_remortgaging(&mut broker, "rob@example.test", "Rob Owner").await;
    let who = caller(&f.broker);
    app.cases
        .transition(
            &who,
            CaseType::Remortgaging,
            case_id,
            "send_to_customer",
            None,
        )
        .await
        .unwrap();
    app.mails_to("rob@example.test", 1).await;
    app.cases
        .transition(
            &who,
            CaseType::Remortgaging,
            case_id,
            "withdraw_invitation",
            None,
        )
        .await
        .unwrap();
    app.exec("UPDATE case_effects SET due_at = created_at WHERE due_at IS NOT NULL")
        .await;
    // Every effect handed on, and still only the invitation in Rob's inbox.
    for _ in 0..200 {
        if app
            .db
            .due_effects(chrono::Utc::now(), 10)
            .await
            .unwrap()
            .is_empty()
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
    tokio::time::sleep(Duration::from_millis(1000)).await;
    assert_eq!(app.mails_to("rob@example.test", 1).await.len(), 1);
}

on_both_databases!(
    every_transition_follows_its_definition,
    concurrent_transitions_one_wins,
    effects_are_delivered_once,
    reminders_lapse_when_the_case_moves_on,
);

/// Start-up refuses a workflow that names an e-mail template nobody wrote, and says which.
#[tokio::test]
async fn start_up_refuses_a_missing_email_template() {
    let workflows = Workflows::load().unwrap();
    let names: Vec<&str> = workflows.email_templates().into_iter().collect();
    let missing = names[0];
    let templates = threshold_workers::templates::Templates::with_case_templates(
        names[1..]
            .iter()
            .map(|n| (n.to_string(), "Subject\n\nBody".to_owned())),
    )
    .unwrap();
    let dir = tempfile::tempdir().unwrap();
    let config = threshold_api::Config {
        database_url: format!("sqlite://{}/t.db", dir.path().display()),
        data_dir: dir.path().to_owned(),
        ..threshold_api::Config::default()
    };
    let err = threshold_api::App::build_with(config, templates)
        .await
        .err()
        .expect("start-up refused");
    assert!(err.to_string().contains(&format!("`{missing}`")), "{err}");
}
