//! The quote calculator against hand-worked examples from `fees.toml` (QUOTE-03, QUOTE-10,
//! ENT-13, CONST-25).

use chrono::NaiveDate;
use threshold_engine::land_tax::LandTaxInput;
use threshold_engine::quote::QuoteError;
use threshold_engine::types::{CaseType, Jurisdiction, LandTaxType};
use threshold_engine::{QuoteRequest, Supplement};
use threshold_workflows::Workflows;

fn purchase(pounds: i64, people: u32) -> QuoteRequest {
    QuoteRequest {
        case_type: CaseType::Buying,
        price: pounds * 100,
        loan: None,
        people,
        supplements: vec![],
        discount: 0,
        land_tax: Some(LandTaxInput {
            jurisdiction: Jurisdiction::England,
            price: pounds * 100,
            effective_date: NaiveDate::from_ymd_opt(2025, 6, 1).unwrap(),
            first_time_buyer: false,
            additional_dwelling: false,
            non_uk_resident: false,
        }),
    }
}

fn remortgage(value: i64, loan: i64) -> QuoteRequest {
    QuoteRequest {
        case_type: CaseType::Remortgaging,
        price: value * 100,
        loan: Some(loan * 100),
        people: 1,
        supplements: vec![],
        discount: 0,
        land_tax: None,
    }
}

#[test]
fn purchase_of_300000_for_two_buyers() {
    let q = Workflows::load()
        .unwrap()
        .quote(&purchase(300_000, 2))
        .unwrap();
    // Legal fees £1,090: fee £950, SDLT return £75, ID 2 × £15, bank transfer £35 (the firm's
    // own charges). Disbursements £457: searches £300, Scale 1 £150, OS1 £3, bankruptcy 2 × £2.
    // VAT 20% of £1,090 + £300 = £278.
    let sum = |n: usize| {
        q.cost_breakdown[n]
            .costs
            .iter()
            .map(|c| c.amount)
            .sum::<i64>()
    };
    assert_eq!(q.cost_breakdown[0].costs[0].amount, 95_000);
    assert_eq!(sum(0), 109_000);
    assert_eq!(sum(1), 45_700);
    assert_eq!(q.cost_breakdown[2].costs[0].amount, 27_800);
    assert_eq!(
        (q.subtotal, q.discount, q.total_amount, q.deposit),
        (182_500, 0, 182_500, 30_000)
    );
    let tax = q.land_tax_estimate.unwrap();
    assert_eq!(
        (tax.land_tax_type, tax.amount),
        (LandTaxType::StampDutyLandTax, 500_000)
    );
}

#[test]
fn hm_land_registry_scale_1_follows_the_price() {
    let w = Workflows::load().unwrap();
    let fee = |p| {
        w.quote(&purchase(p, 1)).unwrap().cost_breakdown[1]
            .costs
            .iter()
            .find(|c| c.label.contains("Scale 1"))
            .unwrap()
            .amount
    };
    assert_eq!(fee(80_000), 2_000);
    assert_eq!(fee(80_001), 4_000);
    assert_eq!(fee(1_000_000), 29_500);
    assert_eq!(fee(1_000_001), 50_000);
}

#[test]
fn remortgage_of_200000_with_and_without_discount() {
    let w = Workflows::load().unwrap();
    let q = w.quote(&remortgage(350_000, 200_000)).unwrap();
    // Legal fees £445 (fee £395, ID £15, bank transfer £35) + VAT £89; disbursements £41
    // (Scale 2 on the £200,000 loan £30, official copies £6, OS1 £3, bankruptcy £2).
    assert_eq!((q.subtotal, q.total_amount), (57_500, 57_500));
    assert!(
        q.land_tax_estimate.is_none(),
        "QUOTE-10: remortgage quotes have no land tax"
    );
    let mut r = remortgage(350_000, 200_000);
    r.discount = 5_000;
    let q = w.quote(&r).unwrap();
    // The £50 discount comes off the legal fees before VAT: VAT 20% of £395 = £79.
    assert_eq!(q.cost_breakdown[2].costs[0].amount, 7_900);
    assert_eq!(
        (q.subtotal, q.discount, q.total_amount),
        (56_500, 5_000, 51_500)
    );
}

#[test]
fn supplements_add_vatable_fees_and_repeat_per_donor() {
    let w = Workflows::load().unwrap();
    let mut r = purchase(300_000, 1);
    r.supplements = vec![
        Supplement::Leasehold,
        Supplement::GiftedDeposit,
        Supplement::GiftedDeposit,
    ];
    let q = w.quote(&r).unwrap();
    let legal = &q.cost_breakdown[0].costs;
    // Fee, two supplements, then the firm's charges (SDLT return, ID check, bank transfer).
    assert_eq!(legal.len(), 6);
    assert_eq!(legal[2].label, "Gifted deposit (per donor) (x2)");
    assert_eq!(legal[2].amount, 20_000);
    let mut r = remortgage(300_000, 100_000);
    r.supplements = vec![Supplement::NewBuild];
    assert_eq!(
        w.quote(&r),
        Err(QuoteError::SupplementNotOffered(Supplement::NewBuild))
    );
}

#[test]
fn deposit_never_exceeds_the_total_and_discount_never_exceeds_fees() {
    let mut r = remortgage(100_000, 50_000);
    r.discount = 10_000_000;
    let q = Workflows::load().unwrap().quote(&r).unwrap();
    // Capped at the legal fees: £395 fee + £15 ID check + £35 bank transfer.
    assert_eq!(q.discount, 44_500);
    assert!(q.deposit <= q.total_amount);
}

#[test]
fn quote_serialises_as_the_spec_record() {
    let q = Workflows::load()
        .unwrap()
        .quote(&purchase(300_000, 1))
        .unwrap();
    let json = serde_json::to_value(&q).unwrap();
    for key in [
        "totalAmount",
        "deposit",
        "subtotal",
        "discount",
        "costBreakdown",
        "landTaxEstimate",
        "depositTerms",
        "referralFee",
    ] {
        assert!(json.get(key).is_some(), "{key}");
    }
    assert!(json["costBreakdown"][0]["sectionTitle"].is_string());
    assert!(json["costBreakdown"][0]["costs"][0]["label"].is_string());
    assert_eq!(
        json["landTaxEstimate"]["landTaxType"],
        "STAMP_DUTY_LAND_TAX"
    );
}
