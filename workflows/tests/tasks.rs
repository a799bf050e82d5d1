//! Issue 29: the legal file's tasks as the workflow files declare them — which a case has,
//! when each is open and due, who may record it — and the loader's refusals.

use chrono::NaiveDate;
use threshold_engine::enquiries::{Enquiry, EnquiryOutcome};
use threshold_engine::snapshot::{Party, RemortgagingProperty, SourceOfFunds, UploadedDocument};
use threshold_engine::tasks::{ReferenceKind, TaskDone, TaskRefusal, TaskState, TaskView};
use threshold_engine::types::{Jurisdiction, RemortgagingReason, SourceOfFundsType, Tenure};
use threshold_engine::{
    Actor, BuyingSnapshot, BuyingStatus, LoadError, RemortgagingSnapshot, RemortgagingStatus,
    TransitionError,
};
use threshold_workflows::{BUYING_TOML, Workflows, load_buying};

fn day(d: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(2026, 12, d).unwrap()
}

/// A purchase completed on 1 December 2026, at `price` pounds, in `nation`.
fn completed_purchase(nation: Jurisdiction, price: i64) -> BuyingSnapshot {
    let mut s = BuyingSnapshot::new(1, BuyingStatus::Completed);
    s.completion_date = Some(day(1));
    s.property = Some(threshold_engine::snapshot::BuyingProperty {
        jurisdiction: Some(nation),
        price: Some(price * 100),
        ..Default::default()
    });
    s
}

fn done(task: &str) -> TaskDone {
    TaskDone {
        task: task.into(),
        reference: None,
        note: None,
        done_at: chrono::Utc::now(),
        done_by_name: Some("Connie".into()),
    }
}

fn names(views: &[TaskView]) -> Vec<&str> {
    views.iter().map(|v| v.name.as_str()).collect()
}

/// The names of the tasks done after completion.
fn after_completion(views: &[TaskView]) -> Vec<&str> {
    views
        .iter()
        .filter(|v| v.after_completion)
        .map(|v| v.name.as_str())
        .collect()
}

fn task<'a>(views: &'a [TaskView], name: &str) -> &'a TaskView {
    views.iter().find(|v| v.name == name).unwrap()
}

fn conveyancer() -> Actor {
    Actor::conveyancer(9)
}

#[test]
fn a_purchase_in_england_files_an_sdlt_return_within_14_days_of_completion() {
    // FA 2003 s.76(1); HMRC SDLTM50100: 14 days beginning with the day after completion.
    let w = Workflows::load().unwrap();
    let s = completed_purchase(Jurisdiction::England, 300_000);
    let views = w.buying.tasks(&s, &conveyancer(), day(10));
    assert_eq!(
        after_completion(&views),
        [
            "sdlt_return",
            "seller_charge_discharged",
            "registration_applied",
            "registration_completed",
            "file_closed"
        ]
    );
    let sdlt = task(&views, "sdlt_return");
    assert_eq!(sdlt.state, TaskState::Open);
    assert_eq!(sdlt.due_on, Some(day(15)));
    assert!(!sdlt.overdue);
    assert_eq!(sdlt.evidence.as_deref(), Some("SDLT5"));
    assert_eq!(sdlt.reference_label.as_deref(), Some("UTRN"));
    let ap1 = task(&views, "registration_applied");
    assert_eq!(ap1.state, TaskState::Waiting);
    assert_eq!(ap1.waiting_for, ["SDLT return filed with HMRC"]);
    assert_eq!(ap1.due_on, Some(day(22)));
    // The day after the last day, the return is overdue.
    let later = w.buying.tasks(&s, &conveyancer(), day(16));
    assert!(task(&later, "sdlt_return").overdue);
}

#[test]
fn a_purchase_in_wales_files_an_ltt_return_within_30_days() {
    // LTTA 2017 s.44: 30 days beginning with the day after the effective date.
    let w = Workflows::load().unwrap();
    let s = completed_purchase(Jurisdiction::Wales, 300_000);
    let views = w.buying.tasks(&s, &conveyancer(), day(10));
    assert!(!names(&views).contains(&"sdlt_return"));
    let ltt = task(&views, "ltt_return");
    assert_eq!(ltt.due_on, Some(day(31)));
    assert_eq!(ltt.evidence, None);
    assert_eq!(
        task(&views, "registration_applied").waiting_for,
        ["LTT return filed with the Welsh Revenue Authority"]
    );
}

#[test]
fn a_purchase_under_40000_pounds_files_no_land_tax_return() {
    // FA 2003 s.77A(1): not notifiable below £40,000.
    let w = Workflows::load().unwrap();
    let s = completed_purchase(Jurisdiction::England, 39_999);
    let views = w.buying.tasks(&s, &conveyancer(), day(10));
    assert!(!names(&views).contains(&"sdlt_return"));
    // With no return to wait for, the application to register is open at once.
    assert_eq!(task(&views, "registration_applied").state, TaskState::Open);
}

#[test]
fn before_completion_every_task_after_it_is_ahead_and_none_may_be_recorded() {
    let w = Workflows::load().unwrap();
    let mut s = completed_purchase(Jurisdiction::England, 300_000);
    s.status = BuyingStatus::PendingCompletion;
    let views = w.buying.tasks(&s, &conveyancer(), day(1));
    let after: Vec<&TaskView> = views
        .iter()
        .filter(|v| after_completion(&views).contains(&v.name.as_str()))
        .collect();
    assert_eq!(after.len(), 5);
    assert!(
        after.iter().all(|v| v.state == TaskState::Ahead),
        "{views:?}"
    );
    assert_eq!(
        w.buying
            .may_complete_task(&s, &conveyancer(), "seller_charge_discharged", day(1)),
        Err(TaskRefusal::Ahead)
    );
}

#[test]
fn a_task_is_recorded_by_the_firm_in_order_with_its_evidence() {
    let w = Workflows::load().unwrap();
    let mut s = completed_purchase(Jurisdiction::England, 300_000);
    let may = |s: &BuyingSnapshot, actor: &Actor, name: &str| {
        w.buying.may_complete_task(s, actor, name, day(2))
    };
    // Not the customer's, and not a name the file knows.
    assert!(matches!(
        may(&s, &Actor::customer(1), "sdlt_return"),
        Err(TaskRefusal::NotPermitted(_))
    ));
    assert_eq!(
        may(&s, &conveyancer(), "no_such_task"),
        Err(TaskRefusal::Unknown)
    );
    // The SDLT5 first, then the return; the registration waits for it.
    assert_eq!(
        may(&s, &conveyancer(), "sdlt_return"),
        Err(TaskRefusal::NoEvidence("SDLT5".into()))
    );
    assert!(matches!(
        may(&s, &conveyancer(), "registration_applied"),
        Err(TaskRefusal::Waiting(_))
    ));
    s.documents.documents.push(UploadedDocument {
        document_id: 5,
        document_type: "SDLT5".into(),
    });
    assert_eq!(may(&s, &conveyancer(), "sdlt_return"), Ok(()));
    s.tasks_done.push(done("sdlt_return"));
    assert_eq!(
        may(&s, &conveyancer(), "sdlt_return"),
        Err(TaskRefusal::Done)
    );
    assert_eq!(may(&s, &conveyancer(), "registration_applied"), Ok(()));
    let views = w.buying.tasks(&s, &conveyancer(), day(30));
    let sdlt = task(&views, "sdlt_return");
    assert_eq!(sdlt.state, TaskState::Done);
    assert!(!sdlt.overdue, "a task done is never overdue");
}

#[test]
fn a_purchase_completes_only_once_the_pre_completion_tasks_are_done() {
    // TA13 and the seller's undertaking (Law Society Conveyancing Protocol); OS1 and K16 before
    // completion, and the certificate of title where a lender advances (Lenders' Handbook
    // Part 1, 5.16 and 10).
    let w = Workflows::load().unwrap();
    let mut s = completed_purchase(Jurisdiction::England, 300_000);
    s.status = BuyingStatus::PendingCompletion;
    s.source_of_funds
        .push(SourceOfFunds::declared(1, SourceOfFundsType::Mortgage));
    let now = day(1).and_hms_opt(15, 0, 0).unwrap().and_utc();
    let refused =
        |s: &BuyingSnapshot| match w.buying.apply(s, &conveyancer(), "complete", now, None) {
            Err(TransitionError::GuardFailed { guard, reason }) => {
                assert_eq!(guard, "tasks_done");
                reason
            }
            other => panic!("{other:?}"),
        };
    assert_eq!(
        refused(&s),
        "The legal file needs first: Completion information and undertakings (TA13) received; \
         Priority search of the register (OS1); Bankruptcy search against every buyer (K16); \
         Certificate of title and request for the advance sent to the lender."
    );
    // The conveyancer's list of steps says the same.
    let step = w
        .buying
        .transitions_for(&s, &conveyancer())
        .into_iter()
        .find(|t| t.name == "complete")
        .unwrap();
    assert!(!step.allowed);
    for name in [
        "completion_information",
        "priority_search",
        "bankruptcy_search",
    ] {
        s.tasks_done.push(done(name));
    }
    assert!(
        refused(&s)
            .ends_with("Certificate of title and request for the advance sent to the lender.")
    );
    s.tasks_done.push(done("certificate_of_title"));
    assert!(
        w.buying
            .apply(&s, &conveyancer(), "complete", now, None)
            .is_ok()
    );
    // A cash purchase has no certificate of title to send.
    let mut cash = s.clone();
    cash.source_of_funds.clear();
    cash.tasks_done.retain(|d| d.task != "certificate_of_title");
    assert!(
        w.buying
            .apply(&cash, &conveyancer(), "complete", now, None)
            .is_ok()
    );
}

#[test]
fn contracts_are_exchanged_after_the_signatures_and_the_deposit() {
    let w = Workflows::load().unwrap();
    let mut s = completed_purchase(Jurisdiction::England, 300_000);
    s.status = BuyingStatus::CompletionStatementAcceptance;
    s.source_of_funds
        .push(SourceOfFunds::declared(1, SourceOfFundsType::Mortgage));
    let views = w.buying.tasks(&s, &conveyancer(), day(1));
    let exchange = task(&views, "contracts_exchanged");
    assert_eq!(exchange.state, TaskState::Waiting);
    assert_eq!(
        exchange.waiting_for,
        [
            "Contract signed by the buyers",
            "Transfer deed (TR1) signed by the buyers",
            "Mortgage deed signed and witnessed",
            "Exchange deposit held in the client account"
        ]
    );
    assert_eq!(exchange.before, ["Completion statement accepted"]);
    // Exchange fixes the completion date (Standard Conditions of Sale 6.1.1).
    assert_eq!(exchange.reference_is, ReferenceKind::CompletionDate);
    assert_eq!(
        exchange.reference_label.as_deref(),
        Some("Completion date fixed by the contract")
    );
    assert_eq!(
        task(&views, "contract_signed").evidence.as_deref(),
        Some("SIGNED_CONTRACT")
    );
    // Pre-completion tasks are ahead until contracts are exchanged.
    assert_eq!(task(&views, "priority_search").state, TaskState::Ahead);
    for name in [
        "contract_signed",
        "transfer_signed",
        "mortgage_deed_signed",
        "exchange_deposit_held",
    ] {
        s.tasks_done.push(done(name));
    }
    assert_eq!(
        w.buying
            .may_complete_task(&s, &conveyancer(), "contracts_exchanged", day(1)),
        Ok(())
    );
}

/// Standard Conditions of Sale (5th edition) 2.2.1: the buyer pays a deposit of 10 per cent of
/// the price on exchange; a buyer whose own deposit is less (a 95 % mortgage) pays that, by
/// special condition. The firm records the exchange deposit held only once the client ledger
/// holds it (issue 29).
#[test]
fn the_exchange_deposit_is_held_only_once_the_client_ledger_holds_it() {
    let w = Workflows::load().unwrap();
    let mut s = completed_purchase(Jurisdiction::England, 300_000);
    s.status = BuyingStatus::PrepareCompletionStatement;
    let record = |s: &BuyingSnapshot| {
        w.buying
            .may_complete_task(s, &conveyancer(), "exchange_deposit_held", day(1))
    };
    // 10 % of £300,000 while the buyers' own deposit is larger or not said.
    s.client_balance = 30_000;
    assert_eq!(
        record(&s),
        Err(TaskRefusal::Unmet(
            "The client ledger holds £300.00 for the buyers: record the exchange deposit of \
             £30,000.00 received first."
                .into()
        ))
    );
    // The back office reads the same reason on the task before anyone clicks.
    let unmet = |s: &BuyingSnapshot| {
        task(
            &w.buying.tasks(s, &conveyancer(), day(1)),
            "exchange_deposit_held",
        )
        .unmet
        .clone()
    };
    assert!(unmet(&s).is_some_and(|m| m.contains("£30,000.00")));
    s.deposit_amount = Some(6_000_000);
    assert!(matches!(record(&s), Err(TaskRefusal::Unmet(_))));
    s.client_balance = 3_000_000;
    assert_eq!(record(&s), Ok(()));
    assert_eq!(unmet(&s), None);
    // A 5 % deposit: £15,000 is the deposit on exchange.
    s.deposit_amount = Some(1_500_000);
    s.client_balance = 1_499_999;
    assert!(matches!(record(&s), Err(TaskRefusal::Unmet(m)) if m.contains("£15,000.00")));
    s.client_balance = 1_500_000;
    assert_eq!(record(&s), Ok(()));
    // Without a price there is nothing to measure against.
    s.property = None;
    assert_eq!(
        record(&s),
        Err(TaskRefusal::Unmet(
            "The purchase price is not recorded.".into()
        ))
    );
}

#[test]
fn the_next_task_due_is_the_earliest_open_one() {
    // The queue's deadline: the SDLT return (14 days: FA 2003 s.76(1)), then the application
    // to register (21 days), nothing once those are done; none before a completion date.
    let w = Workflows::load().unwrap();
    let mut s = completed_purchase(Jurisdiction::England, 300_000);
    let after = |days| day(1).checked_add_days(chrono::Days::new(days));
    assert_eq!(w.buying.next_task_due(&s), after(14));
    s.tasks_done.push(done("sdlt_return"));
    assert_eq!(w.buying.next_task_due(&s), after(21));
    s.tasks_done.push(done("registration_applied"));
    assert_eq!(w.buying.next_task_due(&s), None);
    // In Wales the LTT return's 30 days (LTTA 2017 s.44) come after the registration's 21.
    let wales = completed_purchase(Jurisdiction::Wales, 300_000);
    assert_eq!(w.buying.next_task_due(&wales), after(21));
    let mut undated = completed_purchase(Jurisdiction::England, 300_000);
    undated.completion_date = None;
    assert_eq!(w.buying.next_task_due(&undated), None);
}

#[test]
fn the_review_ends_only_with_every_enquiry_closed() {
    // Issue 29: the firm raises enquiries with the seller's solicitor (Law Society
    // Conveyancing Protocol, stage 2) and reports on title only once each is answered to its
    // satisfaction, followed up by another, or withdrawn.
    let w = Workflows::load().unwrap();
    let mut s = completed_purchase(Jurisdiction::England, 300_000);
    s.status = BuyingStatus::ContractPackReview;
    let now = day(1).and_hms_opt(12, 0, 0).unwrap().and_utc();
    let enquiry = |id, outcome| Enquiry {
        id,
        follow_up_of: None,
        question: "Is there a boundary dispute?".into(),
        raised_at: now,
        raised_by_name: None,
        answer: None,
        answered_at: None,
        answered_by_name: None,
        outcome,
        withdrawal_reason: None,
    };
    s.enquiries = vec![
        enquiry(1, Some(EnquiryOutcome::FollowedUp)),
        enquiry(2, None),
        enquiry(3, None),
    ];
    let refusal = |s: &BuyingSnapshot| match w.buying.apply(
        s,
        &conveyancer(),
        "enquiries_resolved",
        now,
        None,
    ) {
        Err(TransitionError::GuardFailed { guard, reason }) => {
            assert_eq!(guard, "enquiries_answered");
            Some(reason)
        }
        Ok(_) => None,
        other => panic!("{other:?}"),
    };
    assert_eq!(
        refusal(&s).as_deref(),
        Some("2 enquiries are still open: record the seller's solicitor's replies first.")
    );
    s.enquiries[1].outcome = Some(EnquiryOutcome::Satisfied);
    assert_eq!(
        refusal(&s).as_deref(),
        Some("One enquiry is still open: record the seller's solicitor's reply first.")
    );
    s.enquiries[2].outcome = Some(EnquiryOutcome::Withdrawn);
    assert_eq!(refusal(&s), None);
    // A purchase with no enquiries raised moves on (the pack may raise none).
    s.enquiries.clear();
    assert_eq!(refusal(&s), None);
}

#[test]
fn a_leasehold_purchase_reviews_the_landlords_pack_and_serves_its_notices() {
    // The TA7 and the landlord's pack before the enquiries are done (Law Society Conveyancing
    // Protocol); after completion the notices and the deed of covenant the lease requires.
    let w = Workflows::load().unwrap();
    let mut s = completed_purchase(Jurisdiction::England, 300_000);
    s.property.as_mut().unwrap().tenure = Some(Tenure::Leasehold);
    s.source_of_funds
        .push(SourceOfFunds::declared(1, SourceOfFundsType::Mortgage));
    s.status = BuyingStatus::ContractPackReview;
    let now = day(1).and_hms_opt(12, 0, 0).unwrap().and_utc();
    match w
        .buying
        .apply(&s, &conveyancer(), "enquiries_resolved", now, None)
    {
        Err(TransitionError::GuardFailed { reason, .. }) => assert_eq!(
            reason,
            "The legal file needs first: Leasehold pack and information form (TA7) reviewed."
        ),
        other => panic!("{other:?}"),
    }
    assert_eq!(
        w.buying
            .may_complete_task(&s, &conveyancer(), "leasehold_pack_reviewed", day(1)),
        Err(TaskRefusal::NoEvidence("TA7".into()))
    );
    s.tasks_done.push(done("leasehold_pack_reviewed"));
    assert!(
        w.buying
            .apply(&s, &conveyancer(), "enquiries_resolved", now, None)
            .is_ok()
    );
    s.status = BuyingStatus::Completed;
    let views = w.buying.tasks(&s, &conveyancer(), day(2));
    for name in [
        "notice_of_assignment",
        "notice_of_charge",
        "deed_of_covenant",
    ] {
        assert_eq!(task(&views, name).due_on, Some(day(29)), "{name}");
    }
    assert!(
        task(&views, "file_closed")
            .waiting_for
            .contains(&"Notice of assignment served on the landlord".to_owned())
    );
    // A freehold has none of them.
    s.property.as_mut().unwrap().tenure = Some(Tenure::Freehold);
    let views = w.buying.tasks(&s, &conveyancer(), day(2));
    assert!(!names(&views).contains(&"notice_of_assignment"));
    assert!(!names(&views).contains(&"leasehold_pack_reviewed"));
}

#[test]
fn a_report_on_title_is_issued_only_once_the_lenders_offer_is_checked() {
    // The report says the lender's conditions are met (Lenders' Handbook Part 1, 6.1).
    let w = Workflows::load().unwrap();
    let mut s = completed_purchase(Jurisdiction::England, 300_000);
    s.status = BuyingStatus::PrepareReportOnTitle;
    s.source_of_funds
        .push(SourceOfFunds::declared(1, SourceOfFundsType::Mortgage));
    let views = w.buying.tasks(&s, &conveyancer(), day(1));
    let offer = task(&views, "mortgage_offer_checked");
    assert_eq!(offer.before, ["Publish report on title"]);
    assert_eq!(
        w.buying
            .may_complete_task(&s, &conveyancer(), "mortgage_offer_checked", day(1)),
        Err(TaskRefusal::NoEvidence("MORTGAGE_OFFER".into()))
    );
    // A cash purchase has no offer to check.
    s.source_of_funds.clear();
    let views = w.buying.tasks(&s, &conveyancer(), day(1));
    assert!(!names(&views).contains(&"mortgage_offer_checked"));
}

#[test]
fn a_transfer_of_equity_completes_once_the_tr1_is_signed_and_advice_confirmed() {
    // The lender's requirement of independent advice (Lenders' Handbook Part 1, 8).
    let w = Workflows::load().unwrap();
    let mut s = RemortgagingSnapshot::new(1, RemortgagingStatus::PendingCompletion);
    s.remortgaging_reason = Some(RemortgagingReason::RemortgageTransferOfEquity);
    let now = day(1).and_hms_opt(12, 0, 0).unwrap().and_utc();
    for name in [
        "mortgage_deed_signed",
        "priority_search",
        "bankruptcy_search",
        "certificate_of_title",
    ] {
        s.tasks_done.push(done(name));
    }
    match w
        .remortgaging
        .apply(&s, &conveyancer(), "complete", now, None)
    {
        Err(TransitionError::GuardFailed { reason, .. }) => assert_eq!(
            reason,
            "The legal file needs first: Transfer deed (TR1) signed by every party; \
             Independent legal advice confirmed for anyone giving up a share."
        ),
        other => panic!("{other:?}"),
    }
    s.tasks_done.push(done("transfer_signed"));
    s.tasks_done.push(done("independent_advice_confirmed"));
    assert!(
        w.remortgaging
            .apply(&s, &conveyancer(), "complete", now, None)
            .is_ok()
    );
}

#[test]
fn the_case_leaves_identity_verification_only_after_the_aml_checks() {
    // MLR 2017 reg. 28 (due diligence, the matter's risk) and reg. 35 (PEPs); a gift's donor
    // signs a declaration (the Law Society's AML guidance).
    let w = Workflows::load().unwrap();
    let mut s = completed_purchase(Jurisdiction::England, 300_000);
    s.status = BuyingStatus::IdentityVerification;
    s.buyers.push(Party {
        identity_verified_at: Some(chrono::Utc::now()),
        ..Default::default()
    });
    s.source_of_funds
        .push(SourceOfFunds::declared(1, SourceOfFundsType::Gifts));
    assert_eq!(w.buying.next_automatic(&s), None);
    let views = w.buying.tasks(&s, &conveyancer(), day(1));
    let aml = [
        "aml_risk_assessment",
        "sanctions_and_pep_screening",
        "gift_declarations",
        "source_of_funds_reviewed",
    ];
    for name in aml {
        assert_eq!(task(&views, name).state, TaskState::Open, "{name}");
        assert_eq!(task(&views, name).before, ["Identities verified"]);
    }
    assert_eq!(
        task(&views, "gift_declarations").evidence.as_deref(),
        Some("GIFT_DECLARATION")
    );
    for name in aml {
        s.tasks_done.push(done(name));
    }
    assert_eq!(w.buying.next_automatic(&s), Some("identity_verified"));
    // A remortgage screens its owners the same way.
    let mut r = RemortgagingSnapshot::new(1, RemortgagingStatus::IdentityVerification);
    r.property_owners = s.buyers.clone();
    assert_eq!(w.remortgaging.next_automatic(&r), None);
    r.tasks_done.push(done("aml_risk_assessment"));
    r.tasks_done.push(done("sanctions_and_pep_screening"));
    // ... and its owners accept the client care letter (issue 29).
    assert_eq!(w.remortgaging.next_automatic(&r), None);
    r.documents
        .generated_documents
        .push(threshold_engine::snapshot::GeneratedDocument {
            document_id: 60,
            document_type: threshold_engine::snapshot::doc_types::CLIENT_CARE_LETTER.into(),
            is_draft: false,
        });
    for owner in &mut r.property_owners {
        owner
            .document_acceptances
            .push(threshold_engine::snapshot::DocumentAcceptance {
                document_id: 60,
                accepted_at: chrono::Utc::now(),
            });
    }
    assert_eq!(w.remortgaging.next_automatic(&r), Some("identity_verified"));
}

#[test]
fn the_source_of_funds_is_reviewed_only_once_every_source_is_accepted() {
    // MLR 2017 reg. 28(11): the firm scrutinises the source of the funds; the task `needs`
    // every source accepted in its review (issue 33).
    use threshold_engine::snapshot::RequiredDocument;
    use threshold_engine::source_of_funds::{ReviewOutcome, SourceOfFundsReview};
    let w = Workflows::load().unwrap();
    let mut s = completed_purchase(Jurisdiction::England, 300_000);
    s.status = BuyingStatus::IdentityVerification;
    s.source_of_funds
        .push(SourceOfFunds::declared(1, SourceOfFundsType::Mortgage));
    s.required_documents.documents.push(RequiredDocument {
        id: 1,
        document_type: "MORTGAGE_IN_PRINCIPLE".into(),
        document_id: Some(7),
    });
    let record = |s: &BuyingSnapshot| {
        w.buying
            .may_complete_task(s, &conveyancer(), "source_of_funds_reviewed", day(1))
    };
    assert_eq!(
        record(&s),
        Err(TaskRefusal::Unmet(
            "1 source(s) of funds not accepted yet in the review.".into()
        ))
    );
    s.source_of_funds[0].review = Some(SourceOfFundsReview {
        outcome: ReviewOutcome::Accepted,
        reason: None,
        evidence_document_id: Some(7),
        reviewed_at: chrono::Utc::now(),
    });
    assert_eq!(record(&s), Ok(()));
    // Another offer in its slot: the firm looks again.
    s.required_documents.documents[0].document_id = Some(8);
    assert!(matches!(record(&s), Err(TaskRefusal::Unmet(_))));
}

#[test]
fn a_remortgage_registers_the_new_charge_after_completion() {
    let w = Workflows::load().unwrap();
    let mut s = RemortgagingSnapshot::new(1, RemortgagingStatus::Completed);
    s.completion_date = Some(day(1));
    let views = w.remortgaging.tasks(&s, &conveyancer(), day(2));
    assert_eq!(
        names(&views),
        [
            "aml_risk_assessment",
            "sanctions_and_pep_screening",
            "mortgage_deed_signed",
            "priority_search",
            "bankruptcy_search",
            "certificate_of_title",
            "old_charge_discharged",
            "registration_applied",
            "registration_completed",
            "file_closed"
        ]
    );
    assert_eq!(task(&views, "registration_applied").due_on, Some(day(22)));
    assert_eq!(
        task(&views, "registration_completed").evidence.as_deref(),
        Some("TITLE_REGISTER")
    );
    // A leasehold's landlord is told of the new charge.
    s.property = Some(RemortgagingProperty {
        tenure: Some(Tenure::Leasehold),
        ..Default::default()
    });
    let views = w.remortgaging.tasks(&s, &conveyancer(), day(2));
    assert_eq!(task(&views, "notice_of_charge").due_on, Some(day(29)));
}

fn broken_task(from: &str, to: &str) -> String {
    assert!(
        BUYING_TOML.contains(from),
        "fixture text `{from}` not found"
    );
    match load_buying(&BUYING_TOML.replacen(from, to, 1)) {
        Err(LoadError::BadTask { problem, .. }) => problem,
        other => panic!("{other:?}"),
    }
}

#[test]
fn the_loader_refuses_a_task_naming_what_the_file_lacks() {
    assert!(
        broken_task("when = \"sdlt_return_due\"", "when = \"tax_due\"").contains("unknown guard")
    );
    assert!(
        broken_task(
            "after = [\"registration_applied\", \"seller_charge_discharged\"]",
            "after = [\"archive\"]"
        )
        .contains("not a task declared before it")
    );
    // Evidence is what the firm uploads: a buyer's bank statement never proves a task.
    assert!(
        broken_task("evidence = \"SDLT5\"", "evidence = \"BANK_STATEMENT\"")
            .contains("not a document type only the firm uploads")
    );
    assert!(
        broken_task(
            "due = { days = 14, after = \"completion\" }",
            "due = { days = 0, after = \"completion\" }"
        )
        .contains("due 0 days")
    );
    assert!(
        broken_task(
            "blocks = [\"completion_statement_accepted\"]",
            "blocks = [\"exchange\"]"
        )
        .contains("not a transition")
    );
    // A task blocking a step taken from where it is not open could never be done first.
    assert!(
        broken_task(
            "blocks = [\"completion_statement_accepted\"]",
            "blocks = [\"publish_report_on_title\"]"
        )
        .contains("taken from PREPARE_REPORT_ON_TITLE where the task is not open")
    );
    // A provider's report is kept as the task's evidence, and one task is the provider's.
    assert!(
        broken_task(
            "evidence = \"SCREENING_REPORT\"\nblocks = [\"identity_verified\"]\nprovider",
            "blocks = [\"identity_verified\"]\nprovider"
        )
        .contains("names a `provider` but no `evidence`")
    );
    assert!(
        broken_task(
            "evidence = \"AML_RISK_ASSESSMENT\"\nreference = \"Risk level\"\n",
            "evidence = \"AML_RISK_ASSESSMENT\"\nreference = \"Risk level\"\nprovider = \"SCREENING\"\n"
        )
        .contains("already names provider SCREENING")
    );
    let twice = BUYING_TOML.replacen("name = \"ltt_return\"", "name = \"sdlt_return\"", 1);
    assert!(matches!(
        load_buying(&twice),
        Err(LoadError::Duplicate { what: "task", .. })
    ));
    let unknown_status = BUYING_TOML.replacen(
        "name = \"file_closed\"\nlabel = \"File closed\"\nopen_in = [\"COMPLETED\"]",
        "name = \"file_closed\"\nlabel = \"File closed\"\nopen_in = [\"ARCHIVED\"]",
        1,
    );
    assert!(matches!(
        load_buying(&unknown_status),
        Err(LoadError::UnknownStatus { .. })
    ));
}

#[test]
fn completing_sets_a_reminder_for_each_task_on_its_due_day() {
    use threshold_engine::{Effect, Recipient};
    let w = Workflows::load().unwrap();
    let mut s = completed_purchase(Jurisdiction::England, 300_000);
    s.status = BuyingStatus::PendingCompletion;
    for name in [
        "completion_information",
        "priority_search",
        "bankruptcy_search",
    ] {
        s.tasks_done.push(done(name));
    }
    let now = day(1).and_hms_opt(15, 30, 0).unwrap().and_utc();
    let applied = w
        .buying
        .apply(&s, &conveyancer(), "complete", now, None)
        .unwrap();
    let reminders: Vec<(String, String)> = applied
        .effects
        .iter()
        .filter_map(|e| match e {
            Effect::Reminder {
                task: Some(task),
                to: Recipient::Conveyancer,
                due_at,
                ..
            } => Some((task.name.clone(), due_at.to_rfc3339())),
            _ => None,
        })
        .collect();
    assert_eq!(
        reminders,
        [
            (
                "sdlt_return".to_owned(),
                "2026-12-15T09:00:00+00:00".to_owned()
            ),
            (
                "registration_applied".to_owned(),
                "2026-12-22T09:00:00+00:00".to_owned()
            ),
        ]
    );
}

/// The OS1 recorded with its priority expiry, as the back office records it.
fn priority_search_expiring(on: NaiveDate) -> TaskDone {
    TaskDone {
        reference: Some(on.format("%Y-%m-%d").to_string()),
        ..done("priority_search")
    }
}

#[test]
fn the_os1_priority_expiry_brings_the_registration_deadline_forward() {
    // HMLR practice guide 12: the application to register must reach HM Land Registry within
    // the official search's priority period; the firm's margin is 3 days before it.
    let w = Workflows::load().unwrap();
    let mut s = completed_purchase(Jurisdiction::England, 300_000);
    let os1 = task(
        &w.buying.tasks(&s, &conveyancer(), day(2)),
        "priority_search",
    )
    .clone();
    assert_eq!(os1.reference_is, ReferenceKind::ExpiryDate);
    assert_eq!(os1.reference_label.as_deref(), Some("Priority expires on"));

    // Priority ending on 14 December: the AP1 is due on the 11th, before its 21-day limit
    // (the 22nd), and so is the case's next deadline in the queue (the SDLT return is the 15th).
    s.tasks_done.push(priority_search_expiring(day(14)));
    let views = w.buying.tasks(&s, &conveyancer(), day(2));
    assert_eq!(task(&views, "registration_applied").due_on, Some(day(11)));
    assert_eq!(w.buying.next_task_due(&s), Some(day(11)));
    assert!(
        task(
            &w.buying.tasks(&s, &conveyancer(), day(12)),
            "registration_applied"
        )
        .overdue
    );

    // A priority that outlasts the firm's own limit leaves that limit.
    s.tasks_done = vec![priority_search_expiring(day(31))];
    let views = w.buying.tasks(&s, &conveyancer(), day(2));
    assert_eq!(task(&views, "registration_applied").due_on, Some(day(22)));
}

#[test]
fn completing_reminds_the_firm_of_the_registration_before_the_priority_runs_out() {
    use threshold_engine::Effect;
    let w = Workflows::load().unwrap();
    let mut s = RemortgagingSnapshot::new(1, RemortgagingStatus::PendingCompletion);
    s.completion_date = Some(day(1));
    for name in [
        "mortgage_deed_signed",
        "bankruptcy_search",
        "certificate_of_title",
    ] {
        s.tasks_done.push(done(name));
    }
    s.tasks_done.push(priority_search_expiring(day(10)));
    let now = day(1).and_hms_opt(15, 30, 0).unwrap().and_utc();
    let applied = w
        .remortgaging
        .apply(&s, &conveyancer(), "complete", now, None)
        .unwrap();
    let ap1 = applied.effects.iter().find_map(|e| match e {
        Effect::Reminder {
            task: Some(task),
            due_at,
            ..
        } if task.name == "registration_applied" => Some(due_at.to_rfc3339()),
        _ => None,
    });
    assert_eq!(ap1.as_deref(), Some("2026-12-07T09:00:00+00:00"));
}

#[test]
fn an_expiry_is_a_date_today_or_later() {
    let today = day(2);
    assert_eq!(
        ReferenceKind::ExpiryDate.check(" 2026-12-14 ", today),
        Ok("2026-12-14".to_owned())
    );
    assert_eq!(
        ReferenceKind::ExpiryDate.check("2026-12-02", today),
        Ok("2026-12-02".to_owned())
    );
    assert!(
        ReferenceKind::ExpiryDate
            .check("2026-12-01", today)
            .unwrap_err()
            .contains("has passed")
    );
    for bad in ["14/12/2026", "2026-02-30", "soon"] {
        assert_eq!(
            ReferenceKind::ExpiryDate.check(bad, today),
            Err("must be a date (YYYY-MM-DD)".to_owned()),
            "{bad}"
        );
    }
    assert_eq!(
        ReferenceKind::CompletionDate.check("2026-12-01", today),
        Err("has passed: completion is today or later".to_owned())
    );
    assert_eq!(
        ReferenceKind::CompletionDate.completion_date("2026-12-23"),
        Some(day(23))
    );
    assert_eq!(
        ReferenceKind::ExpiryDate.completion_date("2026-12-23"),
        None
    );
    assert!(ReferenceKind::Text.check("2026-12-14", today).is_ok());
    assert!(ReferenceKind::Text.check("12<script>", today).is_err());
}

#[test]
fn the_loader_refuses_a_deadline_before_an_expiry_no_task_records() {
    assert!(
        broken_task(
            "due_before = { days = 3, expiry_of = \"priority_search\" }",
            "due_before = { days = 3, expiry_of = \"bankruptcy_search\" }"
        )
        .contains("records an EXPIRY_DATE")
    );
    assert!(
        broken_task(
            "reference = \"Priority expires on\"\nreference_is = \"EXPIRY_DATE\"",
            "reference_is = \"EXPIRY_DATE\""
        )
        .contains("without a `reference` label")
    );
}
