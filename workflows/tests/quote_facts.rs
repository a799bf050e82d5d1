//! A quote's request read from a case's facts, whichever its type (issue 27: which supplements
//! apply and what carries land tax come from the engine and fees.toml, not the HTTP layer).

use chrono::NaiveDate;
use threshold_engine::Supplement;
use threshold_engine::quote::FeeSchedule;
use threshold_engine::quote_facts::QuoteFacts;
use threshold_engine::types::{CaseType, Jurisdiction, RemortgagingReason, Tenure};
use threshold_workflows::Workflows;

fn schedule() -> FeeSchedule {
    Workflows::load().unwrap().fees
}

fn day(s: &str) -> NaiveDate {
    s.parse().unwrap()
}

#[test]
fn a_purchase_is_priced_on_its_price_with_its_buyers_land_tax_facts() {
    let facts = QuoteFacts {
        jurisdiction: Some(Jurisdiction::Wales),
        tenure: Some(Tenure::Leasehold),
        purchase_price: Some(30_000_000),
        new_build: true,
        completion: Some(day("2026-01-10")),
        results_in_multiple_properties: Some(true),
        non_uk_resident: true,
        ..QuoteFacts::default()
    };
    let req = schedule().request(CaseType::Buying, &facts, 0, day("2026-03-01"));
    assert_eq!(
        (req.price, req.loan, req.people),
        (30_000_000, None, 1),
        "at least one person"
    );
    assert_eq!(
        req.supplements,
        vec![Supplement::Leasehold, Supplement::NewBuild]
    );
    let tax = req.land_tax.expect("a purchase carries land tax");
    assert_eq!(tax.jurisdiction, Jurisdiction::Wales);
    assert_eq!(tax.price, 30_000_000);
    // A purchase's expected completion stands even when it has passed.
    assert_eq!(tax.effective_date, day("2026-01-10"));
    assert!(tax.additional_dwelling && tax.non_uk_resident && !tax.first_time_buyer);
}

#[test]
fn a_remortgage_carries_land_tax_only_when_ownership_changes() {
    let plain = QuoteFacts {
        property_value: Some(40_000_000),
        loan: Some(20_000_000),
        remortgaging_reason: Some(RemortgagingReason::EndOfCurrentDeal),
        repaying_help_to_buy: true,
        ..QuoteFacts::default()
    };
    let today = day("2026-03-01");
    let req = schedule().request(CaseType::Remortgaging, &plain, 2, today);
    assert_eq!(
        (req.price, req.loan, req.people),
        (40_000_000, Some(20_000_000), 2)
    );
    assert_eq!(req.supplements, vec![Supplement::HelpToBuyRedemption]);
    assert_eq!(req.land_tax, None);

    let staircasing = QuoteFacts {
        remortgaging_reason: Some(RemortgagingReason::SharedOwnershipStaircasing),
        completion: Some(day("2026-02-01")),
        ..plain
    };
    let req = schedule().request(CaseType::Remortgaging, &staircasing, 2, today);
    assert!(req.supplements.contains(&Supplement::SharedOwnership));
    let tax = req.land_tax.expect("staircasing changes ownership");
    // A deal that ended already is no completion date: the return is worked out on today.
    assert_eq!((tax.price, tax.effective_date), (0, today));
}

#[test]
fn transfer_of_equity_is_its_own_supplement() {
    let facts = QuoteFacts {
        remortgaging_reason: Some(RemortgagingReason::RemortgageTransferOfEquity),
        ..QuoteFacts::default()
    };
    assert_eq!(facts.supplements(), vec![Supplement::TransferOfEquity]);
}
