//! Buying: every section, tile, chip, message and transition rule of spec §4, named by
//! checklist id.

mod common;

use std::sync::LazyLock;

use common::*;
use threshold_engine::snapshot::{Donor, Isa, SourceOfFunds, UploadedDocument, doc_types as dt};
use threshold_engine::types::SourceOfFundsType as Src;
use threshold_engine::{
    Actor, BuyingSnapshot as Snap, BuyingStatus as S, CaseView, ChipColour, SectionState,
    SectionState::*, Workflow, WorkflowStatus,
};
use threshold_workflows::Workflows;

static W: LazyLock<Workflows> = LazyLock::new(|| Workflows::load().unwrap());

fn wf() -> &'static Workflow<Snap> {
    &W.buying
}
fn view(s: &Snap) -> CaseView<S> {
    wf().evaluate(s, &Actor::customer(1))
}
fn sec(s: &Snap, key: &str) -> SectionState {
    view(s).section(key).unwrap().state
}
fn tile(s: &Snap, key: &str) -> SectionState {
    view(s).tile(key).unwrap().state
}

#[test]
fn buy_app_01_sections_in_spec_order_with_spec_labels() {
    let v = view(&purchase_ready());
    let labels: Vec<_> = v
        .sections
        .iter()
        .map(|x| (x.key.as_str(), x.label.as_str()))
        .collect();
    assert_eq!(
        labels,
        vec![
            ("key-facts", "Key Facts"),
            ("quote", "Quote"),
            ("property", "Property"),
            ("buyer-details", "Buyer Details"),
            ("purchase-and-financing", "Purchase & Financing"),
            ("stamp-duty-land-tax", "Stamp Duty Land Tax"),
            ("loans", "Loans"),
            ("documents", "Documents"),
            ("review-and-submit", "Review & Submit"),
        ]
    );
    assert!(v.sections.iter().all(|x| x.is_shown()));
    assert!(v.ready_to_submit);
}

#[test]
fn buy_app_04_quote_complete_when_accepted() {
    let mut s = purchase_ready();
    assert_eq!(sec(&s, "quote"), IsComplete);
    s.quote = Some(quote(false));
    assert_eq!(sec(&s, "quote"), NotStarted);
}

#[test]
fn buy_app_05_06_22_property_locked_until_quote_accepted_except_broker_statuses() {
    let mut s = purchase_ready();
    s.quote = Some(quote(false));
    assert_eq!(sec(&s, "property"), Locked);
    s.status = S::BrokerApplication;
    assert_eq!(
        wf().evaluate(&s, &Actor::broker(9))
            .section("property")
            .unwrap()
            .state,
        IsComplete
    );
    s.property = None;
    assert_eq!(sec(&s, "property"), NotStarted);
}

#[test]
fn buy_app_07_08_buyer_details() {
    let mut s = purchase_ready();
    assert_eq!(sec(&s, "buyer-details"), IsComplete);
    s.buyers[1].user.national_insurance_number = None;
    assert_eq!(sec(&s, "buyer-details"), NotStarted, "VAL-12");
    s.property = None;
    assert_eq!(sec(&s, "buyer-details"), Locked);
}

#[test]
fn buy_app_09_to_12_purchase_and_financing() {
    let mut s = purchase_ready();
    assert_eq!(sec(&s, "purchase-and-financing"), IsComplete);
    s.deposit_amount = None;
    assert_eq!(sec(&s, "purchase-and-financing"), NotStarted, "BUY-APP-10");
    let mut s = purchase_ready();
    s.source_of_funds
        .push(SourceOfFunds::declared(2, Src::Gifts));
    assert_eq!(sec(&s, "purchase-and-financing"), NotStarted, "BUY-APP-11");
    s.donors.push(Donor { id: 1 });
    assert_eq!(sec(&s, "purchase-and-financing"), IsComplete);
    for isa in [Src::LifetimeIsa, Src::HelpToBuyIsa] {
        let mut s = purchase_ready();
        s.source_of_funds.push(SourceOfFunds::declared(2, isa));
        assert_eq!(sec(&s, "purchase-and-financing"), NotStarted, "BUY-APP-12");
        s.isas.push(Isa {
            id: 1,
            ..Default::default()
        });
        assert_eq!(sec(&s, "purchase-and-financing"), IsComplete);
    }
    let mut s = purchase_ready();
    s.buyers[0].is_uk_resident = None;
    assert_eq!(sec(&s, "purchase-and-financing"), Locked, "BUY-APP-09");
}

#[test]
fn buy_app_13_14_stamp_duty_land_tax() {
    let mut s = purchase_ready();
    assert_eq!(sec(&s, "stamp-duty-land-tax"), IsComplete);
    s.is_replacing_main_residence = None;
    assert_eq!(sec(&s, "stamp-duty-land-tax"), NotStarted);
    s.deposit_amount = None;
    assert_eq!(sec(&s, "stamp-duty-land-tax"), Locked);
}

#[test]
fn buy_app_15_16_loans_and_documents_need_the_loans_answer() {
    let mut s = purchase_ready();
    assert_eq!(sec(&s, "loans"), IsComplete);
    s.has_loans = Some(true);
    assert_eq!(sec(&s, "loans"), NotStarted);
    s.loans.push(threshold_engine::snapshot::Loan {
        id: 1,
        charge_type: threshold_engine::types::ChargeType::Mortgage,
    });
    assert_eq!(sec(&s, "loans"), IsComplete);
    s.has_loans = None;
    assert_eq!(sec(&s, "documents"), Locked, "BUY-APP-16");
}

#[test]
fn buy_app_17_documents_need_every_group_uploaded_and_at_least_one_group() {
    let mut s = purchase_ready();
    assert_eq!(sec(&s, "documents"), IsComplete);
    s.required_documents
        .statements
        .push(doc(dt::BANK_STATEMENT, false));
    assert_eq!(sec(&s, "documents"), NotStarted);
    let mut s = purchase_ready();
    s.required_documents = Default::default();
    assert_eq!(sec(&s, "documents"), NotStarted, "no groups → not complete");
}

#[test]
fn buy_app_18_review_locked_until_prior_sections_and_btl_documents() {
    let mut s = purchase_ready();
    assert_eq!(sec(&s, "review-and-submit"), NotStarted);
    s.property_usage = Some(threshold_engine::types::PropertyUsage::BuyToLet);
    s.required_documents
        .buy_to_let_documents
        .push(doc("TENANCY_AGREEMENT", false));
    assert_eq!(sec(&s, "review-and-submit"), Locked);
    let mut s = purchase_ready();
    s.has_loans = Some(true);
    assert_eq!(sec(&s, "review-and-submit"), Locked);
}

#[test]
fn buy_app_19_20_21_ready_to_submit() {
    let breaks: Vec<fn(&mut Snap)> = vec![
        |s| s.buyers[0].user.occupation = None,
        |s| s.deposit_amount = None,
        |s| s.results_in_multiple_properties = None,
        |s| s.has_loans = None,
        |s| s.lender = no_lender(),
        |s| {
            s.required_documents
                .buy_to_let_documents
                .push(doc("TENANCY_AGREEMENT", false))
        },
    ];
    for b in breaks {
        let mut s = purchase_ready();
        b(&mut s);
        assert!(!view(&s).ready_to_submit);
    }
}

#[test]
fn buy_app_23_submitting_moves_to_prepare_client_care_letter() {
    let a = wf()
        .apply(
            &purchase_ready(),
            &Actor::customer(1),
            "submit_application",
            t0(),
            None,
        )
        .unwrap();
    assert_eq!(a.to, S::PrepareClientCareLetter);
}

#[test]
fn buy_post_01_02_03_submitted_range_and_tile_labels() {
    for st in S::ALL {
        let mut s = purchase_ready();
        s.status = *st;
        let v = view(&s);
        assert_eq!(v.submitted, *st >= S::PrepareClientCareLetter, "{st}");
        assert_eq!(
            v.sections.iter().any(|x| x.is_shown()),
            !v.submitted,
            "{st}"
        );
    }
    let mut s = purchase_ready();
    s.status = S::AwaitingSearches;
    let labels: Vec<_> = view(&s).tiles.iter().map(|t| t.label.clone()).collect();
    assert_eq!(
        labels,
        [
            "Application & Quote",
            "Client Care Letter",
            "Upload Documents",
            "Deposit",
            "Verify Identity",
            "Searches",
            "Contract Pack",
            "Completion Statement"
        ]
    );
}

fn with_letter(status: S) -> Snap {
    let mut s = purchase_ready();
    s.status = status;
    s.documents
        .generated_documents
        .push(generated(60, dt::CLIENT_CARE_LETTER, false));
    s
}

#[test]
fn buy_post_05_to_08_client_care_letter_tile() {
    let s = with_letter(S::PrepareClientCareLetter);
    assert_eq!(tile(&s, "client-care-letter"), Locked, "BUY-POST-06");
    let mut s = purchase_ready();
    s.status = S::ClientCareLetterAcceptance;
    s.documents
        .generated_documents
        .push(generated(60, dt::CLIENT_CARE_LETTER, true));
    assert_eq!(
        tile(&s, "client-care-letter"),
        Locked,
        "BUY-POST-07: draft only"
    );
    let mut s = with_letter(S::ClientCareLetterAcceptance);
    assert_eq!(tile(&s, "client-care-letter"), NotStarted, "BUY-POST-08");
    accept(&mut s.buyers[0], 60);
    assert_eq!(tile(&s, "client-care-letter"), NotStarted);
    accept(&mut s.buyers[1], 60);
    assert_eq!(tile(&s, "client-care-letter"), IsComplete, "BUY-POST-05");
}

#[test]
fn buy_post_10_11_deposit_tile() {
    let mut s = with_letter(S::ClientCareLetterAcceptance);
    assert_eq!(tile(&s, "deposit"), Locked);
    accept(&mut s.buyers[0], 60);
    assert_eq!(tile(&s, "deposit"), NotStarted);
    s.deposit.paid_at = Some(t0());
    assert_eq!(tile(&s, "deposit"), IsComplete);
}

fn search(t: &str) -> UploadedDocument {
    UploadedDocument {
        document_id: 1,
        document_type: t.into(),
    }
}

#[test]
fn buy_post_13_to_16_identification_and_searches() {
    let mut s = with_letter(S::AwaitingDeposit);
    assert_eq!(tile(&s, "identification"), Locked);
    assert_eq!(tile(&s, "searches"), Locked);
    s.deposit.paid_at = Some(t0());
    assert_eq!(tile(&s, "identification"), NotStarted);
    assert_eq!(tile(&s, "searches"), NotStarted);
    // Issue 26: a buyer's identity sent for checking: in progress, not 'Not started'.
    s.buyers[0].identity_submitted_at = Some(t0());
    assert_eq!(tile(&s, "identification"), InProgress);
    for b in &mut s.buyers {
        b.identity_verified_at = Some(t0());
    }
    assert_eq!(tile(&s, "identification"), IsComplete);
    let three = [
        dt::LOCAL_AUTHORITY_SEARCH,
        dt::DRAINAGE_AND_WATER_SEARCH,
        dt::ENVIRONMENTAL_SEARCH,
    ];
    s.searches.documents = three.iter().map(|t| search(t)).collect();
    s.searches.summaries = three[..2].iter().map(|t| search(t)).collect();
    assert_eq!(tile(&s, "searches"), NotStarted, "one summary missing");
    s.searches.summaries.push(search(dt::ENVIRONMENTAL_SEARCH));
    assert_eq!(tile(&s, "searches"), IsComplete);
    s.searches.documents[2] = search("CHANCEL_SEARCH");
    assert_eq!(
        tile(&s, "searches"),
        NotStarted,
        "kinds must include all three"
    );
}

#[test]
fn buy_post_17_contract_pack_complete_from_report_on_title_onward() {
    for st in S::ALL.iter().filter(|s| **s >= S::PrepareClientCareLetter) {
        let mut s = purchase_ready();
        s.status = *st;
        let complete = tile(&s, "contract-pack") == IsComplete;
        let expected = *st > S::ContractPackReview && *st != S::Cancelled;
        assert_eq!(complete, expected, "{st}");
    }
}

#[test]
fn buy_post_18_19_20_completion_statement_tile() {
    let mut s = purchase_ready();
    s.status = S::PrepareCompletionStatement;
    assert_eq!(tile(&s, "completion-statement"), Locked);
    s.documents
        .generated_documents
        .push(generated(70, dt::COMPLETION_STATEMENT, false));
    assert_eq!(tile(&s, "completion-statement"), NotStarted);
    for b in &mut s.buyers {
        accept(b, 70);
    }
    assert_eq!(tile(&s, "completion-statement"), IsComplete);
}

#[test]
fn status_08_buying_keeps_the_warning_icon_until_completed() {
    let mut s = purchase_ready();
    s.status = S::PendingCompletion;
    assert!(wf().chip(&s).show_warning_icon);
    s.status = S::Completed;
    let c = wf().chip(&s);
    assert_eq!((c.colour, c.show_warning_icon), (ChipColour::Green, false));
}

#[test]
fn status_17_to_21_buying_messages() {
    let msg = |st: S| {
        let mut s = purchase_ready();
        s.status = st;
        wf().message(&s, &Actor::customer(1)).unwrap()
    };
    assert_eq!(
        msg(S::AwaitingDeposit),
        "We are waiting for an initial payment to be paid."
    );
    for st in [
        S::AwaitingMemorandumOfSale,
        S::AwaitingContractPack,
        S::AwaitingSearches,
        S::ContractPackReview,
    ] {
        assert!(msg(st).starts_with("We are "), "STATUS-18..21 {st}");
    }
    for st in S::ALL {
        assert!(!msg(*st).is_empty(), "{st}");
    }
}

#[test]
fn deposit_payment_and_acceptances_move_the_case_on_by_themselves() {
    let mut s = with_letter(S::ClientCareLetterAcceptance);
    for b in &mut s.buyers {
        accept(b, 60);
    }
    assert_eq!(wf().next_automatic(&s), Some("client_care_letter_accepted"));
    s.status = S::AwaitingDeposit;
    assert_eq!(wf().next_automatic(&s), None);
    s.deposit.paid_at = Some(t0());
    assert_eq!(wf().next_automatic(&s), Some("deposit_paid"));
}

#[test]
fn customers_see_only_their_own_transitions() {
    let mut s = purchase_ready();
    s.status = S::AwaitingSearches;
    assert!(
        wf().evaluate(&s, &Actor::customer(1))
            .transitions
            .is_empty()
    );
    let names: Vec<_> = wf()
        .evaluate(&s, &Actor::conveyancer(3))
        .transitions
        .into_iter()
        .map(|t| t.name)
        .collect();
    assert_eq!(names, ["searches_returned", "cancel"]);
}

#[test]
fn definition_flags_match_the_spec_ranges() {
    for st in &wf().definition.statuses {
        assert_eq!(
            st.submitted,
            st.name >= S::PrepareClientCareLetter,
            "BUY-POST-01 {}",
            st.name
        );
        assert_eq!(
            st.broker_stage,
            matches!(st.name, S::BrokerApplication | S::BrokerApplicationInvite)
        );
    }
}

/// Issue 26.13: once every buyer has sent their identity only the firm can act, so the case
/// waits on the firm (`waits_on_when`), and the step it waits for names buyers, not owners.
#[test]
fn identity_verification_waits_on_the_firm_once_every_buyer_has_sent_their_id() {
    use threshold_engine::WaitsOn;
    let mut s = purchase_ready(); // two buyers
    s.status = S::IdentityVerification;
    let waits = |s: &Snap| wf().evaluate(s, &Actor::conveyancer(3)).stage.waits_on;
    assert_eq!(waits(&s), Some(WaitsOn::Customer));
    s.buyers[0].identity_submitted_at = Some(t0());
    assert_eq!(
        waits(&s),
        Some(WaitsOn::Customer),
        "one buyer still to send"
    );
    s.buyers[1].identity_verified_at = Some(t0());
    assert_eq!(waits(&s), Some(WaitsOn::Firm));
    let step = wf()
        .evaluate(&s, &Actor::conveyancer(3))
        .transitions
        .into_iter()
        .find(|t| t.name == "identity_verified")
        .unwrap();
    assert_eq!(
        step.reason.as_deref(),
        Some("Every buyer's identity must be verified first.")
    );
    // The queue's 'Waiting on' filter lists the status under both.
    for who in [WaitsOn::Customer, WaitsOn::Firm] {
        assert!(
            W.statuses_waiting_on(threshold_engine::CaseType::Buying, who)
                .contains(&"IDENTITY_VERIFICATION"),
            "{who:?}"
        );
    }
}

/// Issue 26.13: 'Mark as completed' records today as the completion date, so the back office
/// asks before it replaces an agreed one; agreeing the date does not.
#[test]
fn completing_is_the_step_that_records_the_completion_date() {
    let mut s = purchase_ready();
    s.status = S::PendingCompletion;
    let records: Vec<_> = wf()
        .evaluate(&s, &Actor::conveyancer(3))
        .transitions
        .into_iter()
        .filter(|t| t.records_completion_date)
        .map(|t| t.name)
        .collect();
    assert_eq!(records, ["complete"]);
}

/// Issue 28.1: 'Mark as completed' waits for the client ledger to balance: nothing still held
/// for the buyers, nothing still owed by them (SRA Accounts Rules 2019, rule 2.5).
#[test]
fn completing_waits_for_the_client_ledger_to_balance() {
    let mut s = purchase_ready();
    s.status = S::PendingCompletion;
    let c = Actor::conveyancer(3);
    s.client_balance = 30_000;
    let held = wf().apply(&s, &c, "complete", t0(), None).unwrap_err();
    assert!(
        held.to_string()
            .contains("The client ledger holds £300.00 for the clients"),
        "{held}"
    );
    s.client_balance = -1_250;
    let short = wf().apply(&s, &c, "complete", t0(), None).unwrap_err();
    assert!(
        short
            .to_string()
            .contains("The client ledger is £12.50 short"),
        "{short}"
    );
    s.client_balance = 0;
    // …and for the legal file's tasks before completion (issue 29; tests/tasks.rs).
    s.tasks_done = tasks_open_now_done(wf(), &s);
    assert_eq!(
        wf().apply(&s, &c, "complete", t0(), None).unwrap().to,
        S::Completed
    );
}
