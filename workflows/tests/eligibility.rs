//! Issue 33, part 2: which more complex cases the firm takes (`[eligibility]`), a conveyancer
//! taking on one it refused (ELIG-03/04), and a company case's company before submitting
//! (CALLS-26).

mod common;

use common::*;
use threshold_engine::eligibility::EligibilityFacts;
use threshold_engine::types::IneligibilityReason::{self, *};
use threshold_engine::{
    Actor, CaseType, Effect, LoadError, RemortgagingSnapshot as Snap, RemortgagingStatus as S,
    TransitionError,
};
use threshold_workflows::{REMORTGAGING_TOML, Workflows, load_remortgaging};

fn refused(reason: IneligibilityReason) -> Snap {
    let mut s = remortgage_ready();
    s.status = S::Ineligible;
    s.ineligibility_reason = Some(reason);
    s
}

#[test]
fn the_shipped_files_take_no_more_complex_kind_without_review_as_the_spec() {
    let w = Workflows::load().unwrap();
    let company = EligibilityFacts {
        england_or_wales: true,
        company_owned: true,
        residential: true,
        ..EligibilityFacts::default()
    };
    for case_type in [CaseType::Remortgaging, CaseType::Buying] {
        assert_eq!(
            w.ineligibility(case_type, &company, false),
            Some(CompanyOwned)
        );
        assert_eq!(w.ineligibility(case_type, &company, true), None);
    }
}

#[test]
fn a_firm_may_take_kinds_by_setting_but_never_a_property_outside_england_and_wales() {
    let with = |takes: &str| {
        let text = REMORTGAGING_TOML.replacen("takes = []", &format!("takes = [{takes}]"), 1);
        assert_ne!(text, REMORTGAGING_TOML);
        load_remortgaging(&text)
    };
    let w = with("\"COMPANY_OWNED\", \"BUY_TO_LET\"").unwrap();
    assert_eq!(w.definition.eligibility.takes, vec![CompanyOwned, BuyToLet]);
    assert_eq!(
        with("\"NOT_ENGLAND_OR_WALES\"").unwrap_err(),
        LoadError::TakesTheUntakeable(NotEnglandOrWales)
    );
    assert!(matches!(
        with("\"SOMETHING\"").unwrap_err(),
        LoadError::Parse(_)
    ));
}

#[test]
fn a_conveyancer_takes_on_a_more_complex_case_with_a_reason_to_whoever_started_it() {
    let w = Workflows::load().unwrap();
    let wf = &w.remortgaging;
    let connie = Actor::conveyancer(3);
    for reason in [CompanyOwned, BuyToLet, NonResidential, DependentOnSale] {
        let s = refused(reason);
        let applied = wf
            .apply(
                &s,
                &connie,
                "take_on_for_broker",
                t0(),
                Some("Reviewed: lender agrees"),
            )
            .unwrap();
        assert_eq!(applied.to, S::BrokerApplication, "{reason:?}");
        assert!(applied.effects.contains(&Effect::TakeOn));
        assert_eq!(
            applied.audit.reason.as_deref(),
            Some("Reviewed: lender agrees")
        );
        // A customer's own case goes back to the customer.
        let mut theirs = s.clone();
        theirs.created_by_broker = false;
        let applied = wf
            .apply(&theirs, &connie, "take_on_for_customer", t0(), Some("ok"))
            .unwrap();
        assert_eq!(applied.to, S::CustomerApplication);
    }
    let s = refused(CompanyOwned);
    assert!(matches!(
        wf.apply(&s, &connie, "take_on_for_broker", t0(), None),
        Err(TransitionError::ReasonRequired(_))
    ));
    for who in [Actor::broker(2), Actor::customer(1), Actor::system()] {
        assert!(
            matches!(
                wf.apply(&s, &who, "take_on_for_broker", t0(), Some("x")),
                Err(TransitionError::NotPermitted(_))
            ),
            "{who:?}"
        );
    }
    let scottish = refused(NotEnglandOrWales);
    let err = wf
        .apply(&scottish, &connie, "take_on_for_broker", t0(), Some("x"))
        .unwrap_err();
    assert_eq!(
        err.to_string(),
        "We cannot act on a property outside England and Wales."
    );
    let def = wf.definition.transition("take_on_for_broker").unwrap();
    assert!(def.requires_reason && def.step_up);
}

#[test]
fn calls_26_a_company_case_submits_once_its_company_and_a_director_are_recorded() {
    let w = Workflows::load().unwrap();
    let wf = &w.remortgaging;
    let customer = Actor::customer(1);
    let mut s = remortgage_ready();
    assert!(wf.evaluate(&s, &customer).ready_to_submit);
    s.is_company_case = true;
    let view = wf.evaluate(&s, &customer);
    assert!(!view.ready_to_submit);
    // REM-APP-25: its Financial Details are hidden.
    assert_eq!(
        view.section("financial-details").unwrap().state,
        threshold_engine::SectionState::Hidden
    );
    s.company = Some(company(false));
    assert!(!wf.evaluate(&s, &customer).ready_to_submit);
    s.company = Some(company(true));
    assert!(wf.evaluate(&s, &customer).ready_to_submit);
}
