//! The workflow file is the rules: adding a transition is one TOML entry (the worked example of
//! docs/workflows/README.md), and a status flag changed in the file changes what the rules
//! decide, with no second copy in Rust. Run against fixture copies of the definition.

use chrono::Utc;
use threshold_engine::{
    Actor, Effect, RemortgagingSnapshot, RemortgagingStatus, Role, TransitionError,
};
use threshold_workflows::{REMORTGAGING_TOML, load_remortgaging};

/// The entry the README shows.
const NEW_TRANSITION: &str = r#"
[[transitions]]
name = "request_information"
label = "Ask the owners for more information"
from = ["AWAITING_MORTGAGE_OFFER"]
to = "CUSTOMER_APPLICATION"
by = ["conveyancer"]
effects = ["email_lead_customer_application_returned"]
requires_reason = true
"#;

fn conveyancer() -> Actor {
    Actor {
        role: Some(Role::Conveyancer),
        ..Actor::system()
    }
}

#[test]
fn a_new_toml_entry_is_a_working_transition() {
    // The transitions come before the effects in the file; appending the entry anywhere after
    // the statuses is enough, TOML arrays of tables collect wherever they are.
    let text = REMORTGAGING_TOML.replacen(
        "# -- Cancellation --",
        &format!("{NEW_TRANSITION}\n# -- Cancellation --"),
        1,
    );
    assert_ne!(text, REMORTGAGING_TOML, "the fixture found its anchor");
    let workflow = load_remortgaging(&text).unwrap();
    let snap = RemortgagingSnapshot::new(1, RemortgagingStatus::AwaitingMortgageOffer);

    // Offered to the conveyancer, with its reason requirement; not to an owner.
    let offered = workflow.transitions_for(&snap, &conveyancer());
    let ours = offered
        .iter()
        .find(|t| t.name == "request_information")
        .expect("offered to the conveyancer");
    assert!(ours.allowed && ours.requires_reason);
    let owner = Actor::customer(7);
    assert!(
        workflow
            .transitions_for(&snap, &owner)
            .iter()
            .all(|t| t.name != "request_information")
    );
    assert_eq!(
        workflow.apply(&snap, &owner, "request_information", Utc::now(), Some("x")),
        Err(TransitionError::NotPermitted("request_information".into()))
    );

    // The reason is required and kept; the e-mail the entry names is the effect.
    assert_eq!(
        workflow.apply(
            &snap,
            &conveyancer(),
            "request_information",
            Utc::now(),
            None
        ),
        Err(TransitionError::ReasonRequired(
            "request_information".into()
        ))
    );
    let applied = workflow
        .apply(
            &snap,
            &conveyancer(),
            "request_information",
            Utc::now(),
            Some("Please send the latest payslip."),
        )
        .unwrap();
    assert_eq!(applied.to, RemortgagingStatus::CustomerApplication);
    assert_eq!(
        applied.audit.reason.as_deref(),
        Some("Please send the latest payslip.")
    );
    assert!(matches!(
        applied.effects.as_slice(),
        [Effect::SendEmail { template, .. }] if template == "application_returned"
    ));
}

#[test]
fn an_entry_naming_an_unknown_effect_is_refused() {
    let text = REMORTGAGING_TOML.replacen(
        "# -- Cancellation --",
        &format!(
            "{}\n# -- Cancellation --",
            NEW_TRANSITION.replace("email_lead_customer_application_returned", "email_nobody")
        ),
        1,
    );
    assert!(load_remortgaging(&text).is_err());
}

/// `broker_stage` is read from the file: without it, a broker's draft needs an accepted quote
/// before Property Details opens, as any other status would.
#[test]
fn broker_stage_comes_from_the_file() {
    let broker = Actor {
        role: Some(Role::Broker),
        is_case_admin: true,
        ..Actor::system()
    };
    let snap = RemortgagingSnapshot::new(1, RemortgagingStatus::BrokerApplication);
    let shipped = load_remortgaging(REMORTGAGING_TOML).unwrap();
    let state = |w: &threshold_engine::Workflow<RemortgagingSnapshot>| {
        w.evaluate(&snap, &broker)
            .section("property-details")
            .unwrap()
            .state
    };
    assert_eq!(state(&shipped), threshold_engine::SectionState::NotStarted);
    let anchor = "name = \"BROKER_APPLICATION\"\nlabel = \"Broker Application\"\nchip = \"AMBER\"\nbroker_stage = true";
    assert!(REMORTGAGING_TOML.contains(anchor));
    let edited =
        REMORTGAGING_TOML.replacen(anchor, &anchor.replace("\nbroker_stage = true", ""), 1);
    let workflow = load_remortgaging(&edited).unwrap();
    assert_eq!(state(&workflow), threshold_engine::SectionState::Locked);
}

/// Announcements are the file's too: who may make one and who hears of it (QUOTE-05, a
/// customer reporting an issue with the quote tells the broker), never on a closed case.
#[test]
fn an_announcement_is_the_file_s_who_and_whom() {
    use threshold_engine::Recipient;
    let workflow = load_remortgaging(REMORTGAGING_TOML).unwrap();
    let open = RemortgagingSnapshot::new(1, RemortgagingStatus::BrokerApplicationInvite);
    let effects = workflow
        .announce(
            &open,
            &Actor::customer(7),
            "quote_issue_reported",
            Utc::now(),
        )
        .unwrap();
    assert!(effects.iter().any(|e| matches!(
        e,
        Effect::SendEmail { template, to: Recipient::Broker, .. } if template == "quote_issue_reported"
    )));
    assert!(effects.iter().any(|e| matches!(
        e,
        Effect::FeedNotification {
            to: Recipient::Broker,
            ..
        }
    )));
    let broker = Actor {
        role: Some(Role::Broker),
        ..Actor::system()
    };
    assert_eq!(
        workflow.announce(&open, &broker, "quote_issue_reported", Utc::now()),
        Err(TransitionError::NotPermitted("quote_issue_reported".into()))
    );
    let closed = RemortgagingSnapshot::new(1, RemortgagingStatus::Cancelled);
    assert!(matches!(
        workflow.announce(
            &closed,
            &Actor::customer(7),
            "quote_issue_reported",
            Utc::now()
        ),
        Err(TransitionError::WrongStatus { .. })
    ));
    assert_eq!(
        workflow.announce(&open, &Actor::customer(7), "no_such", Utc::now()),
        Err(TransitionError::Unknown("no_such".into()))
    );
    // An announcement naming an effect the file does not define does not load.
    let text = REMORTGAGING_TOML.replacen(
        r#"effects = ["email_broker_quote_issue", "feed_broker_update"]"#,
        r#"effects = ["email_broker_quote_issue", "tell_nobody"]"#,
        1,
    );
    assert_ne!(text, REMORTGAGING_TOML, "the fixture found its anchor");
    assert!(load_remortgaging(&text).is_err());
}

/// The named webhook events come from the file (issue 32): a transition that tells the clients
/// a completion date also tells the broker firm's webhooks, whether the firm agreed the date
/// (`agree_completion_date`) or exchange fixed it (a purchase's `completion_statement_accepted`,
/// Standard Conditions of Sale 6.1.1); and one that announces nothing of the kind raises none.
#[test]
fn every_transition_that_tells_a_completion_date_raises_its_webhook_event() {
    use threshold_engine::{Definition, EffectDef, WebhookEvent, WorkflowStatus};
    use threshold_workflows::{BUYING_TOML, load_buying};

    fn raising<St: WorkflowStatus>(def: &Definition<St>, event: WebhookEvent) -> Vec<String> {
        let tells_the_date = |t: &&threshold_engine::definition::TransitionDef<St>| {
            t.effects.iter().any(|e| {
                matches!(def.effects.get(e), Some(EffectDef::SendEmail { template, .. })
                    if template == "completion_date_agreed")
            })
        };
        let raises = |t: &&threshold_engine::definition::TransitionDef<St>| {
            t.effects
                .iter()
                .any(|e| def.effects.get(e) == Some(&EffectDef::Webhook { event }))
        };
        for t in def.transitions.iter().filter(tells_the_date) {
            assert!(
                raises(&t),
                "`{}` tells a date but raises no {event:?}",
                t.name
            );
        }
        def.transitions
            .iter()
            .filter(raises)
            .map(|t| t.name.clone())
            .collect()
    }
    let agreed = WebhookEvent::CompletionDateAgreed;
    let buying = load_buying(BUYING_TOML).unwrap();
    assert_eq!(
        raising(&buying.definition, agreed),
        ["completion_statement_accepted", "agree_completion_date"]
    );
    let remortgaging = load_remortgaging(REMORTGAGING_TOML).unwrap();
    assert_eq!(
        raising(&remortgaging.definition, agreed),
        ["agree_completion_date"]
    );
}
