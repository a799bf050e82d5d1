//! Remortgaging: every section, tile, chip, message and transition rule of spec §4, named by
//! checklist id.

mod common;

use std::sync::LazyLock;

use common::*;
use threshold_engine::snapshot::doc_types as dt;
use threshold_engine::title_register::{NameExplanation, TitleRegisterName};
use threshold_engine::types::{PropertyUsage, RemortgagingReason};
use threshold_engine::{
    Actor, CaseView, ChipColour, Effect, RemortgagingSnapshot as Snap, RemortgagingStatus as S,
    SectionState::*, TransitionError, Workflow, WorkflowStatus,
};
use threshold_workflows::Workflows;

/// One change to a fixture.
type Edit = fn(&mut Snap);

static W: LazyLock<Workflows> = LazyLock::new(|| Workflows::load().unwrap());

fn wf() -> &'static Workflow<Snap> {
    &W.remortgaging
}
fn customer() -> Actor {
    Actor::customer(1)
}
fn view(s: &Snap) -> CaseView<S> {
    wf().evaluate(s, &customer())
}
fn sec(s: &Snap, key: &str) -> threshold_engine::SectionState {
    view(s).section(key).unwrap().state
}
fn tile(s: &Snap, key: &str) -> threshold_engine::SectionState {
    view(s).tile(key).unwrap().state
}

#[test]
fn rem_app_01_sections_in_spec_order_with_spec_labels() {
    let mut s = remortgage_ready();
    s.remortgaging_reason = Some(RemortgagingReason::RemortgageTransferOfEquity);
    let v = view(&s);
    let shown: Vec<_> = v
        .sections
        .iter()
        .filter(|x| x.is_shown())
        .map(|x| (x.key.as_str(), x.label.as_str()))
        .collect();
    assert_eq!(
        shown,
        vec![
            ("key-facts", "Key Facts"),
            ("quote", "Quote"),
            ("property-details", "Property Details"),
            ("owners", "Owners"),
            ("transfer-of-equity", "Transfer of Equity"),
            ("property-alterations", "Property Alterations"),
            ("financial-details", "Financial Details"),
            ("documents", "Documents"),
            ("review-and-submit", "Review & Submit"),
        ]
    );
    assert!(
        v.tiles.iter().all(|t| t.state == Hidden),
        "REM-POST-02: no tiles before submission"
    );
}

/// REM-APP-07: TITLE_DOCUMENT_RETRIEVAL (like INELIGIBLE) disables every shown section.
#[test]
fn rem_app_04_key_facts_complete_and_05_06_07_disabled_when_ineligible_or_retrieving_title() {
    assert_eq!(sec(&remortgage_ready(), "key-facts"), IsComplete);
    for status in [S::Ineligible, S::TitleDocumentRetrieval] {
        let mut s = remortgage_ready();
        s.status = status;
        let v = view(&s);
        for x in v.sections.iter().filter(|x| x.is_shown()) {
            assert_eq!(x.state, IsDisabled, "{status}: {}", x.key);
        }
        assert!(!v.ready_to_submit);
    }
}

#[test]
fn rem_app_09_quote_hidden_when_empty() {
    let mut s = remortgage_ready();
    s.quote = None;
    assert_eq!(sec(&s, "quote"), Hidden);
    let mut q = quote(false);
    q.cost_breakdown[0].costs.clear();
    q.total_amount = 0;
    s.quote = Some(q);
    assert_eq!(sec(&s, "quote"), Hidden);
}

/// REM-APP-10: in a broker status an unaccepted quote is complete.
#[test]
fn rem_app_10_11_quote_complete_in_broker_status_or_when_accepted() {
    let mut s = remortgage_ready();
    s.quote = Some(quote(false));
    assert_eq!(sec(&s, "quote"), NotStarted);
    s.status = S::BrokerApplication;
    assert_eq!(
        wf().evaluate(&s, &Actor::broker(9))
            .section("quote")
            .unwrap()
            .state,
        IsComplete
    );
    s.status = S::CustomerApplication;
    s.quote = Some(quote(true));
    assert_eq!(sec(&s, "quote"), IsComplete);
}

#[test]
fn rem_app_13_14_property_details_locked_until_quote_accepted_except_broker_statuses() {
    let mut s = remortgage_ready();
    s.quote = Some(quote(false));
    assert_eq!(sec(&s, "property-details"), Locked);
    s.status = S::BrokerApplication;
    assert_eq!(sec(&s, "property-details"), IsComplete);
    s.status = S::BrokerApplicationInvite;
    assert_eq!(sec(&s, "property-details"), IsComplete);
}

#[test]
fn rem_app_15_property_details_complete_needs_land_ownership_and_type() {
    let mut s = remortgage_ready();
    s.property.as_mut().unwrap().property_type = None;
    assert_eq!(sec(&s, "property-details"), NotStarted);
}

#[test]
fn rem_app_17_18_owners_locked_until_land_ownership_known_and_quote_accepted() {
    let mut s = remortgage_ready();
    s.property.as_mut().unwrap().land_ownership = None;
    assert_eq!(sec(&s, "owners"), Locked);
    let mut s = remortgage_ready();
    s.quote = Some(quote(false));
    assert_eq!(sec(&s, "owners"), Locked);
    s.status = S::BrokerApplication;
    assert_eq!(sec(&s, "owners"), IsComplete);
}

#[test]
fn rem_app_19_owners_complete_needs_valid_owners_and_occupants_answer() {
    let mut s = remortgage_ready();
    assert_eq!(sec(&s, "owners"), IsComplete);
    s.has_adult_occupants = None;
    assert_eq!(sec(&s, "owners"), NotStarted);
    let mut s = remortgage_ready();
    s.property_owners[1].user.phone_number = None;
    assert_eq!(sec(&s, "owners"), NotStarted);
    let mut s = remortgage_ready();
    s.property_owners.clear();
    assert_eq!(sec(&s, "owners"), NotStarted);
}

#[test]
fn val_11_redacted_co_owner_does_not_block_owners() {
    let mut s = remortgage_ready();
    s.property_owners[1] = threshold_engine::snapshot::Party {
        redacted: true,
        ..Default::default()
    };
    assert_eq!(sec(&s, "owners"), IsComplete);
}

#[test]
fn rem_app_20_21_22_transfer_of_equity_present_locked_and_complete() {
    let mut s = remortgage_ready();
    assert_eq!(sec(&s, "transfer-of-equity"), Hidden);
    s.remortgaging_reason = Some(RemortgagingReason::RemortgageTransferOfEquity);
    assert_eq!(sec(&s, "transfer-of-equity"), NotStarted);
    s.transfer_of_equity = Some(Default::default());
    assert_eq!(sec(&s, "transfer-of-equity"), IsComplete);
    s.property_owners[0].user.email = None;
    assert_eq!(sec(&s, "transfer-of-equity"), Locked);
}

#[test]
fn rem_app_23_24_property_alterations() {
    let mut s = remortgage_ready();
    assert_eq!(sec(&s, "property-alterations"), IsComplete);
    s.has_alterations = Some(true);
    assert_eq!(sec(&s, "property-alterations"), NotStarted);
    s.alterations.push(threshold_engine::snapshot::Alteration {
        id: 1,
        alteration_type: threshold_engine::types::AlterationType::Extension,
        completed_on: None,
        documents_held_by: None,
    });
    assert_eq!(sec(&s, "property-alterations"), IsComplete);
    s.has_adult_occupants = None;
    assert_eq!(sec(&s, "property-alterations"), Locked);
}

#[test]
fn rem_app_25_26_27_financial_details() {
    let mut s = remortgage_ready();
    assert_eq!(sec(&s, "financial-details"), IsComplete);
    s.has_loans = Some(true);
    assert_eq!(sec(&s, "financial-details"), NotStarted);
    s.loans.push(threshold_engine::snapshot::Loan {
        id: 1,
        charge_type: threshold_engine::types::ChargeType::Mortgage,
    });
    assert_eq!(sec(&s, "financial-details"), IsComplete);
    s.is_company_case = true;
    assert_eq!(sec(&s, "financial-details"), Hidden);
    let mut s = remortgage_ready();
    s.has_adult_occupants = None;
    assert_eq!(sec(&s, "financial-details"), Locked);
}

#[test]
fn rem_app_28_29_30_documents_ignore_bank_statements_but_need_alteration_and_btl_documents() {
    let mut s = remortgage_ready();
    s.required_documents
        .documents
        .push(doc(dt::BANK_STATEMENT, false));
    assert_eq!(sec(&s, "documents"), IsComplete, "REM-APP-30");
    s.required_documents.alteration_documents.push(
        threshold_engine::snapshot::AlterationDocuments {
            alteration_id: 1,
            required_documents: vec![doc("BUILDING_REGULATIONS_CERTIFICATE", false)],
        },
    );
    assert_eq!(sec(&s, "documents"), NotStarted);
    s.required_documents.alteration_documents[0].required_documents[0].document_id = Some(5);
    s.required_documents
        .buy_to_let_documents
        .push(doc("TENANCY_AGREEMENT", false));
    assert_eq!(sec(&s, "documents"), NotStarted);
    s.property_owners.clear();
    assert_eq!(sec(&s, "documents"), Locked);
}

#[test]
fn rem_app_31_32_review_and_submit_locked_until_conditions_and_btl_documents() {
    let mut s = remortgage_ready();
    assert_eq!(sec(&s, "review-and-submit"), NotStarted);
    s.property_usage = Some(PropertyUsage::BuyToLet);
    s.required_documents
        .buy_to_let_documents
        .push(doc("TENANCY_AGREEMENT", false));
    assert_eq!(sec(&s, "review-and-submit"), Locked);
    let mut s = remortgage_ready();
    s.has_adult_occupants = None;
    assert_eq!(sec(&s, "review-and-submit"), Locked);
}

#[test]
fn rem_app_33_34_35_ready_to_submit() {
    let s = remortgage_ready();
    assert!(view(&s).ready_to_submit);
    let breaks: Vec<(Edit, &str)> = vec![
        (
            |s| s.has_alterations = None,
            "Property Alterations is not complete.",
        ),
        (|s| s.has_loans = None, "Financial Details is not complete."),
        (
            |s| s.property.as_mut().unwrap().property_type = None,
            "Property Details is not complete.",
        ),
        (|s| s.has_adult_occupants = None, "Owners is not complete."),
        (
            |s| s.remortgaging_reason = Some(RemortgagingReason::RemortgageTransferOfEquity),
            "Transfer of Equity is not complete.",
        ),
        (
            |s| s.new_lender = no_lender(),
            "Choose the new lender before submitting.",
        ),
        (
            |s| {
                s.required_documents
                    .buy_to_let_documents
                    .push(doc("TENANCY_AGREEMENT", false))
            },
            "Upload every buy-to-let document before submitting.",
        ),
        (
            |s| s.title_register_names.push(registered(7, "Robert Client")),
            "A name on the title register is not one of the owners: tell us why in the Owners \
             section before submitting.",
        ),
    ];
    for (b, reason) in breaks {
        let mut s = remortgage_ready();
        b(&mut s);
        let v = view(&s);
        assert!(!v.ready_to_submit, "{reason}");
        let submit = v
            .transitions
            .iter()
            .find(|t| t.name == "submit_application")
            .unwrap();
        assert!(!submit.allowed);
        assert_eq!(submit.reason.as_deref(), Some(reason));
    }
    let mut s = remortgage_ready();
    s.is_company_case = true;
    s.has_loans = None;
    s.company = Some(company(true));
    assert!(
        view(&s).ready_to_submit,
        "REM-APP-33: company cases need no financial details"
    );
}

fn registered(id: i64, full_name: &str) -> TitleRegisterName {
    TitleRegisterName {
        id,
        full_name: full_name.into(),
        explanation: None,
        evidence_document_id: None,
        explained_at: None,
    }
}

/// Issue 33: every registered proprietor is an owner listed, or explained with its evidence,
/// before the application goes in.
#[test]
fn the_title_register_s_names_are_accounted_for_before_submitting() {
    let mut s = remortgage_ready();
    let owner = s.property_owners[0].user.legal_names[0].clone();
    let owner_name = format!("{} {}", owner.first_name.unwrap(), owner.surname.unwrap());
    s.title_register_names
        .push(registered(1, &owner_name.to_uppercase()));
    assert!(view(&s).ready_to_submit, "an owner's own name");
    s.title_register_names.push(registered(2, "Robert Client"));
    s.title_register_names.push(registered(3, "Ruth Client"));
    let reason = |s: &Snap| {
        view(s)
            .transitions
            .into_iter()
            .find(|t| t.name == "submit_application")
            .unwrap()
            .reason
    };
    assert_eq!(
        reason(&s).as_deref(),
        Some(
            "2 names on the title register are not owners: tell us why in the Owners section \
             before submitting."
        )
    );
    s.title_register_names[1].explanation = Some(NameExplanation::Deceased);
    s.title_register_names[1].evidence_document_id = Some(40);
    s.title_register_names[2].explanation = Some(NameExplanation::Marriage);
    assert!(
        !view(&s).ready_to_submit,
        "an explanation without its evidence"
    );
    s.title_register_names[2].evidence_document_id = Some(41);
    assert!(view(&s).ready_to_submit);
}

#[test]
fn rem_app_36_submitting_moves_to_identity_verification_with_audit_and_effects() {
    let s = remortgage_ready();
    let applied = wf()
        .apply(&s, &customer(), "submit_application", t0(), None)
        .unwrap();
    assert_eq!(
        (applied.from, applied.to),
        (S::CustomerApplication, S::IdentityVerification)
    );
    assert_eq!(applied.audit.at, t0());
    assert_eq!(applied.audit.actor.user_id, Some(1));
    assert!(applied.effects.iter().any(
        |e| matches!(e, Effect::SendEmail { template, .. } if template == "application_submitted")
    ));
    assert!(applied.effects.iter().any(|e| matches!(e, Effect::Reminder { due_at, .. } if *due_at == t0() + chrono::Duration::hours(48))));
    let mut not_ready = remortgage_ready();
    not_ready.has_loans = None;
    assert!(matches!(
        wf().apply(&not_ready, &customer(), "submit_application", t0(), None),
        Err(TransitionError::GuardFailed { .. })
    ));
    assert!(matches!(
        wf().apply(&s, &Actor::broker(9), "submit_application", t0(), None),
        Err(TransitionError::NotPermitted(_))
    ));
}

#[test]
fn rem_post_01_submitted_statuses_hide_sections_and_show_tiles() {
    for status in [
        S::IdentityVerification,
        S::AwaitingMortgageOffer,
        S::Completed,
        S::Cancelled,
    ] {
        let mut s = remortgage_ready();
        s.status = status;
        let v = view(&s);
        assert!(v.submitted, "{status}");
        assert!(v.sections.iter().all(|x| x.state == Hidden), "{status}");
        assert!(v.tiles.iter().all(|x| x.state != Hidden), "{status}");
    }
    for status in [
        S::Ineligible,
        S::TitleDocumentRetrieval,
        S::BrokerApplication,
        S::BrokerApplicationInvite,
        S::CustomerApplication,
    ] {
        let mut s = remortgage_ready();
        s.status = status;
        assert!(!view(&s).submitted, "REM-POST-02 {status}");
    }
}

#[test]
fn rem_post_01_a_cancelled_case_shows_its_tiles_none_open() {
    let mut s = remortgage_ready();
    s.status = S::Cancelled;
    let v = view(&s);
    assert!(!v.tiles.is_empty());
    assert!(
        v.tiles.iter().all(|t| t.state == IsDisabled),
        "nothing on a cancelled case invites a step: {:?}",
        v.tiles
    );
    // A completed case keeps its tiles' own states.
    s.status = S::Completed;
    assert_eq!(tile(&s, "application-review"), IsComplete);
    // An open status leaves the tiles' own rules alone.
    s.status = S::IdentityVerification;
    assert_eq!(tile(&s, "identification"), NotStarted);
    assert_eq!(tile(&s, "mortgage-report"), Locked);
}

#[test]
fn rem_post_03_04_05_tile_labels_and_application_review() {
    let mut s = remortgage_ready();
    s.status = S::IdentityVerification;
    let v = view(&s);
    let labels: Vec<_> = v.tiles.iter().map(|t| t.label.as_str()).collect();
    assert_eq!(
        labels,
        [
            "Application & Quote",
            "Verify Identity",
            "Upload Documents",
            "Mortgage Report",
            "Completion Statement"
        ]
    );
    assert_eq!(v.tile("application-review").unwrap().state, IsComplete);
    s.quote = None;
    assert_eq!(
        view(&s).tile("application-review").unwrap().label,
        "Application"
    );
}

#[test]
fn rem_post_06_07_documents_and_identification_tiles() {
    let mut s = remortgage_ready();
    s.status = S::IdentityVerification;
    assert_eq!(tile(&s, "documents"), IsComplete);
    assert_eq!(tile(&s, "identification"), NotStarted);
    // Issue 26: once an owner's identity is sent, the tile is in progress (the page says
    // 'Waiting for us to check'), until every owner is verified.
    s.property_owners[0].identity_submitted_at = Some(t0());
    assert_eq!(tile(&s, "identification"), InProgress);
    s.property_owners[0].identity_verified_at = Some(t0());
    assert_eq!(tile(&s, "identification"), InProgress);
    s.property_owners[1].identity_verified_at = Some(t0());
    assert_eq!(tile(&s, "identification"), IsComplete);
    s.required_documents.documents.push(doc("ID", false));
    assert_eq!(tile(&s, "documents"), NotStarted);
}

#[test]
fn a_remortgage_leaves_identity_verification_only_once_every_owner_accepts_the_client_care_letter()
{
    // Issue 29: engagement terms, costs and complaints in writing at the time of engagement
    // (SRA Code of Conduct for Solicitors 8.3, 8.6-8.7), before the firm's work starts.
    let mut s = remortgage_ready();
    s.status = S::IdentityVerification;
    for owner in &mut s.property_owners {
        owner.identity_submitted_at = Some(t0());
        owner.identity_verified_at = Some(t0());
    }
    s.tasks_done = tasks_open_now_done(wf(), &s);
    let refused = wf().apply(&s, &Actor::conveyancer(5), "identity_verified", t0(), None);
    assert!(
        matches!(refused, Err(TransitionError::GuardFailed { ref guard, .. }) if guard == "all_accepted_client_care_letter"),
        "{refused:?}"
    );
    // Every identity sent and no letter yet: the firm acts (it issues the letter).
    assert_eq!(
        view(&s).stage.waits_on,
        Some(threshold_engine::WaitsOn::Firm)
    );
    // Issuing it keeps the case where it is, and the owners are told.
    s.documents
        .generated_documents
        .push(generated(60, dt::CLIENT_CARE_LETTER, false));
    let issued = wf()
        .apply(
            &s,
            &Actor::conveyancer(5),
            "publish_client_care_letter",
            t0(),
            None,
        )
        .unwrap();
    assert_eq!(issued.to, S::IdentityVerification);
    assert!(issued.effects.iter().any(|e| matches!(e, Effect::SendEmail { template, .. } if template == "client_care_letter_ready")));
    // Issued and not yet accepted by everyone: it waits on the owners.
    accept(&mut s.property_owners[0], 60);
    assert_eq!(
        view(&s).stage.waits_on,
        Some(threshold_engine::WaitsOn::Customer)
    );
    assert_eq!(wf().next_automatic(&s), None);
    accept(&mut s.property_owners[1], 60);
    assert_eq!(
        view(&s).stage.waits_on,
        Some(threshold_engine::WaitsOn::Firm)
    );
    assert_eq!(wf().next_automatic(&s), Some("identity_verified"));
}

#[test]
fn rem_post_08_09_10_mortgage_report_tile() {
    let mut s = remortgage_ready();
    s.status = S::IdentityVerification;
    assert_eq!(tile(&s, "mortgage-report"), Locked, "REM-POST-10");
    s.status = S::MortgageReportAcceptance;
    s.documents
        .generated_documents
        .push(generated(40, dt::MORTGAGE_REPORT, false));
    assert_eq!(tile(&s, "mortgage-report"), NotStarted, "REM-POST-09");
    accept(&mut s.property_owners[0], 40);
    assert_eq!(tile(&s, "mortgage-report"), NotStarted);
    accept(&mut s.property_owners[1], 40);
    assert_eq!(tile(&s, "mortgage-report"), IsComplete, "REM-POST-08");
    s.status = S::PrepareCompletionStatement;
    assert_eq!(tile(&s, "mortgage-report"), IsComplete);
}

#[test]
fn rem_post_12_13_14_completion_statement_tile() {
    let mut s = remortgage_ready();
    s.status = S::PrepareCompletionStatement;
    s.documents
        .generated_documents
        .push(generated(50, dt::COMPLETION_STATEMENT, true));
    assert_eq!(
        tile(&s, "completion-statement"),
        Locked,
        "REM-POST-14: a draft only"
    );
    s.documents
        .generated_documents
        .push(generated(51, dt::COMPLETION_STATEMENT, false));
    assert_eq!(tile(&s, "completion-statement"), NotStarted, "REM-POST-13");
    for p in &mut s.property_owners {
        accept(p, 51);
    }
    assert_eq!(tile(&s, "completion-statement"), IsComplete, "REM-POST-12");
}

#[test]
fn status_02_to_08_chip_colour_label_and_warning_icon() {
    let mut s = remortgage_ready();
    s.status = S::Completed;
    s.completion_date = chrono::NaiveDate::from_ymd_opt(2026, 3, 15);
    let chip = wf().chip(&s);
    assert_eq!(
        (chip.colour, chip.label.as_str(), chip.show_warning_icon),
        (ChipColour::Green, "Completed 15/03/2026", false)
    );
    s.completion_date = None;
    assert_eq!(wf().chip(&s).label, "Completed");
    for (status, colour, icon) in [
        (S::Cancelled, ChipColour::Red, true),
        (S::Ineligible, ChipColour::Red, true),
        (S::BrokerApplication, ChipColour::Amber, true),
        (S::IdentityVerification, ChipColour::Amber, true),
        (S::PendingCompletion, ChipColour::Amber, false),
    ] {
        s.status = status;
        let c = wf().chip(&s);
        assert_eq!((c.colour, c.show_warning_icon), (colour, icon), "{status}");
    }
}

#[test]
fn status_09_to_16_messages_word_for_word() {
    let broker = Actor::broker(9);
    let msg = |status: S, actor: &Actor| {
        let mut s = remortgage_ready();
        s.status = status;
        s.completion_date = chrono::NaiveDate::from_ymd_opt(2026, 3, 5);
        wf().message(&s, actor).unwrap()
    };
    assert_eq!(
        msg(S::BrokerApplication, &broker),
        "This application is currently being prepared by the broker."
    );
    assert_eq!(
        msg(S::BrokerApplicationInvite, &broker),
        "We are waiting for the lead customer to accept the invite from the broker."
    );
    assert!(
        msg(S::CustomerApplication, &broker).contains("with the lead customer awaiting completion")
    );
    assert_eq!(
        msg(S::CustomerApplication, &customer()),
        "Please continue with the application and submit it for review."
    );
    assert_eq!(
        msg(S::PendingCompletion, &customer()),
        "There is nothing to do for now, we are awaiting the completion date."
    );
    assert_eq!(
        msg(S::Completed, &customer()),
        "This case was completed on 05/03/2026."
    );
    assert_eq!(
        msg(S::Cancelled, &customer()),
        "This case has been cancelled."
    );
    for status in S::ALL {
        assert!(
            !msg(*status, &customer()).is_empty(),
            "{status} has a message"
        );
    }
}

#[test]
fn status_13_help_to_buy_redemption_letter_message() {
    let mut s = remortgage_ready();
    s.status = S::PrepareCompletionStatement;
    s.is_repaying_help_to_buy = true;
    let m = wf().message(&s, &customer()).unwrap();
    assert!(
        m.contains("waiting for the Help To Buy Redemption letter from the housing association"),
        "{m}"
    );
    s.has_htb_redemption_letter = true;
    let m = wf().message(&s, &customer()).unwrap();
    assert!(!m.contains("Help To Buy"), "{m}");
}

#[test]
fn cancel_01_02_06_only_brokers_in_broker_statuses_may_cancel() {
    for status in S::ALL {
        let mut s = remortgage_ready();
        s.status = *status;
        let broker = wf().evaluate(&s, &Actor::broker(9)).can_cancel;
        assert_eq!(
            broker,
            matches!(status, S::BrokerApplication | S::BrokerApplicationInvite),
            "{status}"
        );
        assert!(
            !wf().evaluate(&s, &customer()).can_cancel,
            "CANCEL-02 {status}"
        );
    }
    let s = remortgage_ready();
    assert!(matches!(
        wf().apply(&s, &Actor::broker(9), "broker_cancel", t0(), None),
        Err(TransitionError::WrongStatus { .. })
    ));
    let mut stranger = Actor::broker(10);
    stranger.is_case_admin = false;
    let mut s = remortgage_ready();
    s.status = S::BrokerApplication;
    assert!(matches!(
        wf().apply(&s, &stranger, "broker_cancel", t0(), None),
        Err(TransitionError::NotPermitted(_))
    ));
}

#[test]
fn conveyancer_cancels_any_open_case_with_a_reason() {
    let mut s = remortgage_ready();
    s.status = S::AwaitingMortgageOffer;
    let c = Actor::conveyancer(3);
    assert_eq!(
        wf().apply(&s, &c, "cancel", t0(), Some("  ")),
        Err(TransitionError::ReasonRequired("cancel".into()))
    );
    let a = wf()
        .apply(&s, &c, "cancel", t0(), Some("Client withdrew"))
        .unwrap();
    assert_eq!(a.to, S::Cancelled);
    assert_eq!(a.audit.reason.as_deref(), Some("Client withdrew"));
    s.status = S::Completed;
    assert!(wf().apply(&s, &c, "cancel", t0(), Some("x")).is_err());
}

#[test]
fn broker_sends_application_then_customer_accepts_invite_and_quote() {
    let mut s = remortgage_ready();
    s.status = S::BrokerApplication;
    s.quote = Some(quote(false));
    let a = wf()
        .apply(&s, &Actor::broker(9), "send_to_customer", t0(), None)
        .unwrap();
    assert_eq!(a.to, S::BrokerApplicationInvite);
    assert!(a.effects.iter().any(|e| matches!(
        e,
        Effect::FeedNotification {
            kind: threshold_engine::types::FeedKind::CaseQuote,
            ..
        }
    )));
    s.status = S::BrokerApplicationInvite;
    assert_eq!(
        wf().apply(&s, &customer(), "accept_invitation", t0(), None)
            .unwrap_err(),
        TransitionError::GuardFailed {
            guard: "invitation_terms_accepted".into(),
            reason: "Accept the quote to continue.".into()
        }
    );
    s.quote = Some(quote(true));
    assert_eq!(
        wf().apply(&s, &customer(), "accept_invitation", t0(), None)
            .unwrap()
            .to,
        S::CustomerApplication
    );
    s.quote = None;
    s.invited_by_lender = true;
    assert!(
        wf().apply(&s, &customer(), "accept_invitation", t0(), None)
            .is_ok(),
        "a lender's invite has no quote"
    );
}

#[test]
fn system_moves_on_when_every_owner_has_accepted_the_mortgage_report() {
    let mut s = remortgage_ready();
    s.status = S::MortgageReportAcceptance;
    s.documents
        .generated_documents
        .push(generated(40, dt::MORTGAGE_REPORT, false));
    accept(&mut s.property_owners[0], 40);
    assert_eq!(wf().next_automatic(&s), None);
    accept(&mut s.property_owners[1], 40);
    assert_eq!(wf().next_automatic(&s), Some("mortgage_report_accepted"));
    let a = wf()
        .apply(&s, &Actor::system(), "mortgage_report_accepted", t0(), None)
        .unwrap();
    assert_eq!(a.to, S::PrepareCompletionStatement);
}

#[test]
fn conveyancer_publishes_the_report_only_when_a_final_one_exists() {
    let mut s = remortgage_ready();
    s.status = S::PrepareMortgageReport;
    let c = Actor::conveyancer(3);
    s.documents
        .generated_documents
        .push(generated(40, dt::MORTGAGE_REPORT, true));
    assert!(
        wf().apply(&s, &c, "publish_mortgage_report", t0(), None)
            .is_err()
    );
    s.documents.generated_documents[0].is_draft = false;
    assert_eq!(
        wf().apply(&s, &c, "publish_mortgage_report", t0(), None)
            .unwrap()
            .to,
        S::MortgageReportAcceptance
    );
}

#[test]
fn completion_records_the_completion_date() {
    let mut s = remortgage_ready();
    s.status = S::PendingCompletion;
    s.tasks_done = tasks_open_now_done(wf(), &s);
    let a = wf()
        .apply(&s, &Actor::conveyancer(3), "complete", t0(), None)
        .unwrap();
    assert_eq!(a.to, S::Completed);
    assert!(a.effects.contains(&Effect::RecordCompletionDate {
        date: t0().date_naive()
    }));
}

#[test]
fn completion_statement_waits_for_the_help_to_buy_redemption_letter() {
    let mut s = remortgage_ready();
    s.status = S::PrepareCompletionStatement;
    s.is_repaying_help_to_buy = true;
    s.documents
        .generated_documents
        .push(generated(51, dt::COMPLETION_STATEMENT, false));
    let v = wf().evaluate(&s, &Actor::conveyancer(3));
    let t = v
        .transitions
        .iter()
        .find(|t| t.name == "publish_completion_statement")
        .unwrap();
    assert!(!t.allowed);
    assert!(
        t.reason
            .as_deref()
            .unwrap()
            .contains("Help To Buy Redemption letter")
    );
}

#[test]
fn title_retrieval_routes_the_case_to_whoever_started_it() {
    let mut s = remortgage_ready();
    s.status = S::TitleDocumentRetrieval;
    assert_eq!(wf().next_automatic(&s), Some("title_retrieved_for_broker"));
    s.created_by_broker = false;
    assert_eq!(
        wf().next_automatic(&s),
        Some("title_retrieved_for_customer")
    );
    s.ineligibility_reason = Some(threshold_engine::types::IneligibilityReason::CompanyOwned);
    assert_eq!(wf().next_automatic(&s), Some("mark_ineligible"));
}

#[test]
fn definition_flags_match_the_spec_ranges() {
    let d = &wf().definition;
    for st in &d.statuses {
        assert_eq!(
            st.submitted,
            st.name >= S::IdentityVerification,
            "REM-POST-01 {}",
            st.name
        );
        assert_eq!(
            st.broker_stage,
            matches!(st.name, S::BrokerApplication | S::BrokerApplicationInvite)
        );
        // REM-APP-06/07; a cancelled case's tiles are all unavailable (REM-POST-01).
        assert_eq!(
            st.disables_sections,
            matches!(
                st.name,
                S::Ineligible | S::TitleDocumentRetrieval | S::Cancelled
            ),
            "{}",
            st.name
        );
    }
}

#[test]
fn case_view_serialises_in_camel_case_with_screaming_states() {
    let json = serde_json::to_value(view(&remortgage_ready())).unwrap();
    assert_eq!(json["caseType"], "REMORTGAGING");
    assert_eq!(json["status"], "CUSTOMER_APPLICATION");
    assert_eq!(json["readyToSubmit"], true);
    assert_eq!(json["chip"]["showWarningIcon"], true);
    assert_eq!(json["sections"][0]["state"], "IS_COMPLETE");
    assert!(json["canCancel"].is_boolean());
}
