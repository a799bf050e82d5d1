//! Property tests over generated cases, quotes and prices (ARCHITECTURE §7).

mod common;

use std::sync::LazyLock;

use chrono::NaiveDate;
use common::*;
use proptest::prelude::*;
use threshold_engine::land_tax::LandTaxInput;
use threshold_engine::snapshot::doc_types as dt;
use threshold_engine::types::{
    CaseType, Jurisdiction, PropertyUsage, RemortgagingReason, SourceOfFundsType,
};
use threshold_engine::{
    Actor, BuyingSnapshot, BuyingStatus, CaseView, QuoteRequest, RemortgagingSnapshot,
    RemortgagingStatus, SectionState, Supplement, WorkflowStatus,
};
use threshold_workflows::Workflows;

static W: LazyLock<Workflows> = LazyLock::new(|| Workflows::load().unwrap());

fn actor(n: u8) -> Actor {
    match n % 5 {
        0 => Actor::customer(1),
        1 => Actor::broker(9),
        2 => Actor::conveyancer(3),
        3 => Actor::admin(4),
        _ => Actor::system(),
    }
}

/// Sixteen independent switches that each break or change one thing the rules read.
fn remortgage(status: usize, f: [bool; 16]) -> RemortgagingSnapshot {
    let mut s = remortgage_ready();
    s.status = RemortgagingStatus::ALL[status % RemortgagingStatus::ALL.len()];
    if f[0] {
        s.quote = Some(quote(false));
    }
    if f[1] {
        s.quote = None;
    }
    if f[2] {
        s.property.as_mut().unwrap().land_ownership = None;
    }
    if f[3] {
        s.property.as_mut().unwrap().property_type = None;
    }
    if f[4] {
        s.has_adult_occupants = None;
    }
    if f[5] {
        s.property_owners[1].user.email = None;
    }
    if f[6] {
        s.remortgaging_reason = Some(RemortgagingReason::RemortgageTransferOfEquity);
    }
    if f[7] {
        s.has_alterations = Some(true);
    }
    if f[8] {
        s.is_company_case = true;
    }
    if f[9] {
        s.has_loans = None;
    }
    if f[10] {
        s.required_documents.documents.push(doc("ID", false));
    }
    if f[11] {
        s.property_usage = Some(PropertyUsage::BuyToLet);
        s.required_documents
            .buy_to_let_documents
            .push(doc("TENANCY_AGREEMENT", false));
    }
    if f[12] {
        s.new_lender = no_lender();
    }
    if f[13] {
        s.documents
            .generated_documents
            .push(generated(40, dt::MORTGAGE_REPORT, false));
        accept(&mut s.property_owners[0], 40);
    }
    if f[14] {
        s.documents
            .generated_documents
            .push(generated(50, dt::COMPLETION_STATEMENT, f[15]));
        for p in &mut s.property_owners {
            accept(p, 50);
        }
    }
    if f[15] {
        s.property_owners[0].identity_verified_at = Some(t0());
        s.completion_date = NaiveDate::from_ymd_opt(2026, 3, 5);
    }
    s
}

fn purchase(status: usize, f: [bool; 16]) -> BuyingSnapshot {
    let mut s = purchase_ready();
    s.status = BuyingStatus::ALL[status % BuyingStatus::ALL.len()];
    if f[0] {
        s.quote = Some(quote(false));
    }
    if f[1] {
        s.quote = None;
    }
    if f[2] {
        s.property = None;
    }
    if f[3] {
        s.buyers[0].user.occupation = None;
    }
    if f[4] {
        s.deposit_amount = None;
    }
    if f[5] {
        s.source_of_funds
            .push(threshold_engine::snapshot::SourceOfFunds::declared(
                2,
                SourceOfFundsType::Gifts,
            ));
    }
    if f[6] {
        s.is_replacing_main_residence = None;
    }
    if f[7] {
        s.has_loans = Some(true);
    }
    if f[8] {
        s.has_loans = None;
    }
    if f[9] {
        s.required_documents = Default::default();
    }
    if f[10] {
        s.property_usage = Some(PropertyUsage::BuyToLet);
        s.required_documents
            .buy_to_let_documents
            .push(doc("TENANCY_AGREEMENT", false));
    }
    if f[11] {
        s.lender = no_lender();
    }
    if f[12] {
        s.documents
            .generated_documents
            .push(generated(60, dt::CLIENT_CARE_LETTER, f[15]));
        accept(&mut s.buyers[0], 60);
    }
    if f[13] {
        s.deposit.paid_at = Some(t0());
    }
    if f[14] {
        for b in &mut s.buyers {
            b.identity_verified_at = Some(t0());
        }
    }
    if f[15] {
        s.completion_date = NaiveDate::from_ymd_opt(2026, 3, 5);
    }
    s
}

fn check_view<St: WorkflowStatus>(v: &CaseView<St>) -> Result<(), TestCaseError> {
    // A submitted application shows no application sections (REM-POST-01, BUY-POST-01)...
    if v.submitted {
        prop_assert!(v.sections.iter().all(|s| s.state == SectionState::Hidden));
        prop_assert!(!v.ready_to_submit);
    } else {
        // ...and before submission no tile shows: the shown sets never overlap.
        prop_assert!(v.tiles.iter().all(|s| s.state == SectionState::Hidden));
    }
    // Ready to submit means nothing before Review & Submit is still locked.
    if v.ready_to_submit {
        prop_assert!(
            v.sections
                .iter()
                .filter(|s| s.key != "review-and-submit")
                .all(|s| s.state != SectionState::Locked)
        );
    }
    // CANCEL-01: only brokers are offered Cancel.
    prop_assert!(
        !v.can_cancel
            || v.transitions
                .iter()
                .any(|t| t.name == "broker_cancel" && t.allowed)
    );
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig { cases: 300, ..ProptestConfig::default() })]

    #[test]
    fn remortgaging_views_are_consistent_and_allowed_transitions_apply(
        status in 0usize..14, f in any::<[bool; 16]>(), a in any::<u8>()
    ) {
        let s = remortgage(status, f);
        let actor = actor(a);
        let v = W.remortgaging.evaluate(&s, &actor);
        check_view(&v)?;
        for t in v.transitions.iter().filter(|t| t.allowed) {
            let applied = W.remortgaging.apply(&s, &actor, &t.name, t0(), Some("checked")).unwrap();
            prop_assert_eq!(applied.to, t.to);
        }
    }

    #[test]
    fn buying_views_are_consistent_and_allowed_transitions_apply(
        status in 0usize..19, f in any::<[bool; 16]>(), a in any::<u8>()
    ) {
        let s = purchase(status, f);
        let actor = actor(a);
        let v = W.buying.evaluate(&s, &actor);
        check_view(&v)?;
        for t in v.transitions.iter().filter(|t| t.allowed) {
            let applied = W.buying.apply(&s, &actor, &t.name, t0(), Some("checked")).unwrap();
            prop_assert_eq!(applied.to, t.to);
        }
    }

    #[test]
    fn quote_total_equals_its_parts(
        buying in any::<bool>(), price in 0i64..500_000_000, loan in 0i64..300_000_000,
        people in 1u32..5, discount in 0i64..200_000, sup in any::<[bool; 4]>()
    ) {
        let supplements: Vec<_> = [Supplement::Leasehold, Supplement::SharedOwnership, Supplement::BuyToLet, Supplement::HelpToBuyRedemption]
            .into_iter().zip(sup).filter(|(_, on)| *on).map(|(s, _)| s).collect();
        let q = W.quote(&QuoteRequest {
            case_type: if buying { CaseType::Buying } else { CaseType::Remortgaging },
            price, loan: (!buying).then_some(loan), people, supplements, discount, land_tax: None,
        }).unwrap();
        let lines: i64 = q.cost_breakdown.iter().flat_map(|s| &s.costs).map(|c| c.amount).sum();
        prop_assert_eq!(q.subtotal, lines);
        prop_assert_eq!(q.total_amount, q.subtotal - q.discount);
        prop_assert!(q.discount <= discount && q.discount >= 0);
        prop_assert!(q.deposit >= 0 && q.deposit <= q.total_amount);
    }

    #[test]
    fn tax_never_decreases_as_price_rises(
        a in 0i64..400_000_000, b in 0i64..400_000_000, wales in any::<bool>(),
        ftb in any::<bool>(), extra in any::<bool>(), nonres in any::<bool>(), day in 0i64..2_000
    ) {
        let date = NaiveDate::from_ymd_opt(2021, 10, 1).unwrap() + chrono::Duration::days(day);
        let tax = |price| W.land_tax.estimate(&LandTaxInput {
            jurisdiction: if wales { Jurisdiction::Wales } else { Jurisdiction::England },
            price, effective_date: date, first_time_buyer: ftb, additional_dwelling: extra, non_uk_resident: nonres,
        }).unwrap().amount;
        let (lo, hi) = (a.min(b), a.max(b));
        prop_assert!(tax(lo) <= tax(hi), "{lo} → {}, {hi} → {}", tax(lo), tax(hi));
    }
}
