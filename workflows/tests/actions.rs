//! The rule book's steps besides transitions (`[actions.*]`): who may take each on each kind
//! of case, and the loader refusing a table that names nothing real. The expected tables are
//! written out here so that a change of permission is a deliberate edit in two places.

use threshold_engine::{Action, Actor, ActorKind, CaseType, LoadError};
use threshold_workflows::{BUYING_TOML, REMORTGAGING_TOML, Workflows, load_remortgaging};

const FIRM: &[ActorKind] = &[ActorKind::Conveyancer, ActorKind::Admin];
const CUSTOMER: &[ActorKind] = &[ActorKind::Customer];

/// One actor of each kind, acting on the case (a party, its broker, the firm, the system, a
/// purchase's gift donor).
fn acting_as(kind: ActorKind) -> Actor {
    match kind {
        ActorKind::Customer => Actor::customer(1),
        ActorKind::Broker => Actor::broker(2),
        ActorKind::Conveyancer => Actor::conveyancer(3),
        ActorKind::Admin => Actor::admin(4),
        ActorKind::System => Actor::system(),
        ActorKind::Donor => Actor::donor(5),
    }
}

const EVERYONE: [ActorKind; 6] = [
    ActorKind::Customer,
    ActorKind::Broker,
    ActorKind::Conveyancer,
    ActorKind::Admin,
    ActorKind::System,
    ActorKind::Donor,
];

fn expect(case_type: CaseType, table: &[(Action, &[ActorKind])]) {
    let w = Workflows::load().unwrap();
    let rules = w.rule_book(case_type);
    let declared: Vec<Action> = rules.actions.keys().copied().collect();
    let mut listed: Vec<Action> = table.iter().map(|(a, _)| *a).collect();
    listed.sort();
    assert_eq!(declared, listed, "{case_type:?} declares other actions");
    for (action, who) in table {
        for kind in EVERYONE {
            let allowed = rules.may(&acting_as(kind), *action).is_ok();
            assert_eq!(
                allowed,
                who.contains(&kind),
                "{case_type:?}: may {kind:?} take {action:?}?"
            );
        }
    }
}

#[test]
fn who_may_take_each_step_of_a_remortgage() {
    expect(
        CaseType::Remortgaging,
        &[
            (Action::SubmitIdentity, CUSTOMER),
            (Action::DecideIdentity, FIRM),
            (Action::ReportIdentityCheck, &[ActorKind::System]),
            (Action::RecordMortgageOffer, FIRM),
            (Action::RecordHtbRedemptionLetter, FIRM),
            (Action::RecordTitleRegisterName, FIRM),
            (Action::IssueDocument, FIRM),
            (Action::AcceptDocument, CUSTOMER),
            (Action::AgreeCompletionDate, FIRM),
            (Action::AcceptQuote, CUSTOMER),
            (Action::AnswerInvitation, CUSTOMER),
            (Action::GiveFeedback, CUSTOMER),
        ],
    );
}

#[test]
fn who_may_take_each_step_of_a_purchase() {
    expect(
        CaseType::Buying,
        &[
            (Action::SubmitIdentity, CUSTOMER),
            (Action::DecideIdentity, FIRM),
            (Action::ReportIdentityCheck, &[ActorKind::System]),
            (Action::RecordMortgageOffer, FIRM),
            (Action::RecordSearch, FIRM),
            (Action::RaiseEnquiry, FIRM),
            (Action::AnswerEnquiry, FIRM),
            (
                Action::ConfirmDeposit,
                &[ActorKind::Customer, ActorKind::System],
            ),
            (Action::PayDeposit, CUSTOMER),
            (Action::IssueDocument, FIRM),
            (Action::AcceptDocument, CUSTOMER),
            (Action::AgreeCompletionDate, FIRM),
            (Action::AcceptQuote, CUSTOMER),
            (Action::AnswerInvitation, CUSTOMER),
            (Action::GiveFeedback, CUSTOMER),
            (
                Action::DescribeSourceOfFunds,
                &[ActorKind::Customer, ActorKind::Broker],
            ),
            (Action::ReviewSourceOfFunds, FIRM),
        ],
    );
}

#[test]
fn the_firm_s_drafts_are_issued_by_a_real_step_into_a_real_tile() {
    let w = Workflows::load().unwrap();
    let issued = |case_type, t: &str| {
        w.rule_book(case_type)
            .issued(t)
            .map(|i| (i.issued_by.to_owned(), i.tile.to_owned()))
    };
    assert_eq!(
        issued(CaseType::Remortgaging, "MORTGAGE_REPORT"),
        Some(("publish_mortgage_report".into(), "mortgage-report".into()))
    );
    assert_eq!(
        issued(CaseType::Buying, "REPORT_ON_TITLE"),
        Some(("publish_report_on_title".into(), "contract-pack".into()))
    );
    // Uploaded documents and the quote are not issued.
    assert_eq!(issued(CaseType::Buying, "TA6"), None);
    assert_eq!(issued(CaseType::Remortgaging, "QUOTE"), None);
    assert!(BUYING_TOML.contains("[actions.record_search]"));
}

#[test]
fn a_table_naming_an_unknown_step_tile_or_issuing_step_is_refused() {
    let with = |extra: &str| load_remortgaging(&format!("{REMORTGAGING_TOML}\n{extra}"));
    assert!(matches!(
        with("[actions.sign_contracts]\nlabel = \"x\"\nby = [\"customer\"]\n").unwrap_err(),
        LoadError::Parse(_)
    ));
    let swap = |old: &str, new: &str| {
        let text = REMORTGAGING_TOML.replacen(old, new, 1);
        assert_ne!(text, REMORTGAGING_TOML, "{old} is not in the file");
        load_remortgaging(&text).unwrap_err()
    };
    assert_eq!(
        swap(
            "[actions.decide_identity]\nlabel = \"Verify or refuse a person's identity\"\nby = [\"conveyancer\", \"admin\"]",
            "[actions.decide_identity]\nlabel = \"Verify or refuse a person's identity\"\nby = []",
        ),
        LoadError::ActionWithoutActor("decide_identity")
    );
    assert!(matches!(
        swap("tile = \"identification\"", "tile = \"passport\""),
        LoadError::UnknownTile { name, .. } if name == "passport"
    ));
    assert!(matches!(
        swap(
            "issued_by = \"publish_mortgage_report\"",
            "issued_by = \"publish_report\""
        ),
        LoadError::UnknownTransition { name, .. } if name == "publish_report"
    ));
    assert_eq!(
        swap(
            "issued_by = \"publish_mortgage_report\"\ntile = \"mortgage-report\"\n",
            "issued_by = \"publish_mortgage_report\"\n",
        ),
        LoadError::IssuedWithoutTile("MORTGAGE_REPORT".into())
    );
}
