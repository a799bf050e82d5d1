//! Land tax against published examples and band edges computed from the published tables.
//! Sources: GOV.UK "Stamp Duty Land Tax: residential property rates" (and its first-time buyer
//! and higher-rates pages) for England; Welsh Revenue Authority "Land Transaction Tax rates and
//! bands" for Wales. Checklist: QUOTE-10, ENUM-23, CONST-28.

use chrono::NaiveDate;
use threshold_engine::land_tax::{LandTaxError, LandTaxInput};
use threshold_engine::types::{Jurisdiction, LandTaxType};
use threshold_workflows::Workflows;

fn d(y: i32, m: u32, day: u32) -> NaiveDate {
    NaiveDate::from_ymd_opt(y, m, day).unwrap()
}

fn input(j: Jurisdiction, pounds: i64, date: NaiveDate) -> LandTaxInput {
    LandTaxInput {
        jurisdiction: j,
        price: pounds * 100,
        effective_date: date,
        first_time_buyer: false,
        additional_dwelling: false,
        non_uk_resident: false,
    }
}

/// Tax in whole pounds.
fn tax(i: LandTaxInput) -> i64 {
    let e = Workflows::load().unwrap().land_tax.estimate(&i).unwrap();
    assert_eq!(e.amount % 100, 0, "rounded down to the whole pound");
    e.amount / 100
}

const APR_2025: (i32, u32, u32) = (2025, 4, 1);
fn from_apr_2025() -> NaiveDate {
    d(APR_2025.0, APR_2025.1, APR_2025.2)
}

#[test]
fn gov_uk_example_295000_from_1_april_2025_is_4750() {
    // GOV.UK worked example: 0% on £125,000, 2% on £125,000 (£2,500), 5% on £45,000 (£2,250).
    assert_eq!(
        tax(input(Jurisdiction::England, 295_000, from_apr_2025())),
        4_750
    );
}

#[test]
fn gov_uk_example_295000_before_1_april_2025_is_2250() {
    // GOV.UK worked example for 23 Sep 2022 – 31 Mar 2025: 0% on £250,000, 5% on £45,000.
    assert_eq!(
        tax(input(Jurisdiction::England, 295_000, d(2025, 3, 31))),
        2_250
    );
}

#[test]
fn england_band_edges_from_1_april_2025() {
    // Computed from the GOV.UK table: 0% to £125k, 2% to £250k, 5% to £925k, 10% to £1.5m, 12%.
    let t = |p| tax(input(Jurisdiction::England, p, from_apr_2025()));
    assert_eq!(t(125_000), 0);
    assert_eq!(t(125_049), 0, "2% of £49 = £0.98, rounded down");
    assert_eq!(t(125_050), 1);
    assert_eq!(t(250_000), 2_500);
    assert_eq!(t(925_000), 36_250);
    assert_eq!(t(1_500_000), 93_750);
    assert_eq!(t(2_000_000), 153_750);
}

#[test]
fn gov_uk_first_time_buyer_example_500000_from_1_april_2025_is_10000() {
    // GOV.UK: first home for £500,000 — 0% on £300,000, 5% on £200,000 = £10,000.
    let mut i = input(Jurisdiction::England, 500_000, from_apr_2025());
    i.first_time_buyer = true;
    assert_eq!(tax(i.clone()), 10_000);
    // Above the £500,000 cap the standard rates apply to the whole price.
    i.price = 500_001 * 100;
    assert_eq!(tax(i.clone()), 15_000);
    i.price = 300_000 * 100;
    assert_eq!(tax(i), 0);
}

#[test]
fn first_time_buyer_relief_before_1_april_2025_has_the_625000_cap() {
    // GOV.UK (23 Sep 2022 – 31 Mar 2025): 0% to £425,000, 5% to £625,000.
    let mut i = input(Jurisdiction::England, 500_000, d(2024, 6, 1));
    i.first_time_buyer = true;
    assert_eq!(tax(i.clone()), 3_750);
    i.price = 625_000 * 100;
    assert_eq!(tax(i.clone()), 10_000);
    i.price = 625_001 * 100;
    assert_eq!(tax(i), 18_750, "standard rates: 5% of £375,001");
}

#[test]
fn additional_dwelling_surcharge_5_percent_from_31_october_2024_and_3_before() {
    // GOV.UK higher rates: +5 points from 31 Oct 2024 (+3 before) on every band.
    let mut i = input(Jurisdiction::England, 300_000, d(2024, 10, 31));
    i.additional_dwelling = true;
    assert_eq!(tax(i.clone()), 17_500, "5% × £250k + 10% × £50k");
    i.effective_date = d(2024, 10, 30);
    assert_eq!(tax(i.clone()), 11_500, "3% × £250k + 8% × £50k");
    i.effective_date = from_apr_2025();
    assert_eq!(tax(i), 20_000, "5% × £125k + 7% × £125k + 10% × £50k");
}

#[test]
fn additional_dwelling_surcharge_not_charged_under_40000() {
    let mut i = input(Jurisdiction::England, 39_999, from_apr_2025());
    i.additional_dwelling = true;
    assert_eq!(tax(i.clone()), 0);
    i.price = 40_000 * 100;
    assert_eq!(tax(i), 2_000);
}

#[test]
fn first_time_buyer_relief_does_not_apply_to_an_additional_dwelling() {
    let mut i = input(Jurisdiction::England, 300_000, from_apr_2025());
    i.first_time_buyer = true;
    i.additional_dwelling = true;
    assert_eq!(tax(i), 20_000);
}

#[test]
fn non_uk_resident_surcharge_adds_2_points() {
    // GOV.UK: non-resident buyers pay 2% more on every band (from 1 April 2021).
    let mut i = input(Jurisdiction::England, 295_000, from_apr_2025());
    i.non_uk_resident = true;
    assert_eq!(
        tax(i.clone()),
        10_650,
        "2% × £125k + 4% × £125k + 7% × £45k"
    );
    i.first_time_buyer = true;
    assert_eq!(tax(i), 5_900, "first-time buyer rates + 2%: 2% × £295k");
}

#[test]
fn wales_main_rates_band_edges() {
    // WRA main rates from 10 Oct 2022: 0% to £225k, 6% to £400k, 7.5% to £750k, 10% to £1.5m, 12%.
    let t = |p| tax(input(Jurisdiction::Wales, p, d(2025, 6, 1)));
    assert_eq!(t(225_000), 0);
    assert_eq!(t(250_000), 1_500);
    assert_eq!(t(275_000), 3_000);
    assert_eq!(t(400_000), 10_500);
    assert_eq!(t(750_000), 36_750);
    assert_eq!(t(1_500_000), 111_750);
}

#[test]
fn wales_higher_rates_before_and_from_11_december_2024() {
    // WRA higher rates: 4/7.5/9/11.5/14/16% to 10 Dec 2024, then 5/8.5/10/12.5/15/17%.
    let mut i = input(Jurisdiction::Wales, 300_000, d(2024, 12, 10));
    i.additional_dwelling = true;
    assert_eq!(tax(i.clone()), 16_950);
    i.effective_date = d(2024, 12, 11);
    assert_eq!(tax(i.clone()), 19_950);
    i.price = 39_999 * 100;
    assert_eq!(
        tax(i),
        0,
        "higher rates start at £40,000; main rates give nothing"
    );
}

#[test]
fn wales_ignores_first_time_buyer_and_residence_and_names_ltt() {
    let mut i = input(Jurisdiction::Wales, 250_000, d(2025, 6, 1));
    i.first_time_buyer = true;
    i.non_uk_resident = true;
    let e = Workflows::load().unwrap().land_tax.estimate(&i).unwrap();
    assert_eq!(e.land_tax_type, LandTaxType::LandTransactionTax);
    assert_eq!(e.amount, 150_000);
}

#[test]
fn scotland_and_northern_ireland_get_no_estimate() {
    let w = Workflows::load().unwrap();
    for j in [Jurisdiction::Scotland, Jurisdiction::NorthernIreland] {
        assert_eq!(
            w.land_tax.estimate(&input(j, 300_000, d(2025, 6, 1))),
            Err(LandTaxError::UnsupportedJurisdiction(j))
        );
    }
}

#[test]
fn estimate_serialises_as_the_spec_record() {
    let e = Workflows::load()
        .unwrap()
        .land_tax
        .estimate(&input(Jurisdiction::England, 100_000, from_apr_2025()))
        .unwrap();
    assert_eq!(
        serde_json::to_value(e).unwrap(),
        serde_json::json!({
            "landTaxType": "STAMP_DUTY_LAND_TAX",
            "amount": 0,
            "label": "Stamp Duty Land Tax (estimate), payable to HM Revenue & Customs within 14 days of completion",
            "payableTo": "HM Revenue & Customs",
            "dueDaysAfterCompletion": 14,
            "assumptions": "The estimate assumes England, UK-resident buyers and no multiple property ownership.",
        })
    );
}

#[test]
fn hmrc_non_resident_surcharge_not_charged_under_the_40000_floor() {
    // GOV.UK "Stamp Duty Land Tax: rates for non-UK residents": the 2% surcharge does not apply
    // to a purchase under £40,000, the same floor as the higher rates for additional dwellings.
    let mut i = input(Jurisdiction::England, 39_999, from_apr_2025());
    i.non_uk_resident = true;
    assert_eq!(tax(i.clone()), 0);
    i.price = 40_000 * 100;
    assert_eq!(tax(i.clone()), 800, "2% × £40,000");
    // Both surcharges together from the floor: 5% + 2% on every band.
    i.additional_dwelling = true;
    assert_eq!(tax(i.clone()), 2_800);
    i.price = 39_999 * 100;
    assert_eq!(tax(i), 0);
}

#[test]
fn residence_defaults_to_uk_resident_when_not_given() {
    // The land tax input takes whether any buyer is non-UK resident; unsaid means resident.
    let i: LandTaxInput = serde_json::from_value(serde_json::json!({
        "jurisdiction": "ENGLAND",
        "price": 29_500_000,
        "effectiveDate": "2025-04-01",
        "firstTimeBuyer": false,
        "additionalDwelling": false,
    }))
    .unwrap();
    assert!(!i.non_uk_resident);
    assert_eq!(tax(i), 4_750);
}

#[test]
fn hmrc_sdlt_is_payable_to_hmrc_within_14_days_of_completion() {
    // GOV.UK "Stamp Duty Land Tax": the return and the tax are due within 14 days of completion.
    let e = Workflows::load()
        .unwrap()
        .land_tax
        .estimate(&input(Jurisdiction::England, 295_000, from_apr_2025()))
        .unwrap();
    assert_eq!(e.land_tax_type, LandTaxType::StampDutyLandTax);
    assert_eq!(e.payable_to, "HM Revenue & Customs");
    assert_eq!(e.due_days_after_completion, 14);
    assert!(e.label.starts_with("Stamp Duty Land Tax"), "{}", e.label);
    assert!(
        e.label.contains("within 14 days of completion"),
        "{}",
        e.label
    );
}

#[test]
fn wra_ltt_is_payable_to_the_welsh_revenue_authority_within_30_days_of_completion() {
    // Welsh Revenue Authority "Land Transaction Tax": the return and the tax are due within 30
    // days of the effective date (completion), to the WRA, not HMRC.
    let e = Workflows::load()
        .unwrap()
        .land_tax
        .estimate(&input(Jurisdiction::Wales, 250_000, d(2025, 6, 1)))
        .unwrap();
    assert_eq!(e.land_tax_type, LandTaxType::LandTransactionTax);
    assert_eq!(e.payable_to, "the Welsh Revenue Authority");
    assert_eq!(e.due_days_after_completion, 30);
    assert_eq!(
        e.label,
        "Land Transaction Tax (estimate), payable to the Welsh Revenue Authority within 30 days of completion"
    );
    assert!(!e.label.contains("Stamp Duty"));
}
