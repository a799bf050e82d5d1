//! "A quote a UK conveyancer would sign" (issue 11): each test names the source it follows.
//! HM Land Registry fees: the Land Registration Fee Order 2021 (SI 2021/1226) and GOV.UK "HM
//! Land Registry: Registration Services fees". Land tax: GOV.UK (HMRC) "Stamp Duty Land Tax"
//! and the Welsh Revenue Authority's "Land Transaction Tax" pages. Referral fees: SRA Code of
//! Conduct for Solicitors, RELs and RFLs, para 5.1. The up-front payment: Consumer Contracts
//! (Information, Cancellation and Additional Charges) Regulations 2013.

use chrono::NaiveDate;
use threshold_engine::land_tax::LandTaxInput;
use threshold_engine::quote::{
    EquityTransfer, FeeSchedule, Introducer, QuoteDetails, QuoteError, SharedOwnershipLease,
    Staircasing,
};
use threshold_engine::snapshot::CostLine;
use threshold_engine::types::{CaseType, Jurisdiction, LandTaxType};
use threshold_engine::{Quote, QuoteRequest, Supplement};
use threshold_workflows::Workflows;

fn w() -> Workflows {
    Workflows::load().unwrap()
}

fn purchase_in(j: Jurisdiction, pounds: i64) -> QuoteRequest {
    QuoteRequest {
        case_type: CaseType::Buying,
        price: pounds * 100,
        loan: None,
        people: 1,
        supplements: vec![],
        discount: 0,
        land_tax: Some(LandTaxInput {
            jurisdiction: j,
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

fn quote(r: &QuoteRequest, d: &QuoteDetails) -> Quote {
    let w = w();
    w.fees.quote_with(r, d, &w.land_tax).unwrap()
}

fn lines(q: &Quote, section: &str) -> Vec<CostLine> {
    q.cost_breakdown
        .iter()
        .find(|s| s.section_title == section)
        .unwrap()
        .costs
        .clone()
}

/// The amount of the one line whose label contains `part`, in whole pounds.
fn pounds(q: &Quote, section: &str, part: &str) -> i64 {
    let found: Vec<_> = lines(q, section)
        .into_iter()
        .filter(|c| c.label.contains(part))
        .collect();
    assert_eq!(found.len(), 1, "one {part:?} line in {section}: {found:?}");
    assert_eq!(found[0].amount % 100, 0);
    found[0].amount / 100
}

fn all_labels(q: &Quote) -> Vec<String> {
    q.cost_breakdown
        .iter()
        .flat_map(|s| &s.costs)
        .map(|c| c.label.clone())
        .collect()
}

#[test]
fn fee_order_2021_scale_2_portal_fees_are_20_30_45_65_140() {
    // Land Registration Fee Order 2021, Schedule 2 (reduced fee for a charge of the whole of a
    // title lodged electronically, art. 5(8)): £20 to £100k, £30 to £200k, £45 to £500k, £65 to
    // £1m, £140 above; not the £40 / £60 / £125 of the 2013 Order.
    let fee = |loan| {
        pounds(
            &w().quote(&remortgage(2_000_000, loan)).unwrap(),
            "Disbursements",
            "Scale 2",
        )
    };
    let cases = [
        (100_000, 20),
        (100_001, 30),
        (200_000, 30),
        (200_001, 45),
        (500_000, 45),
        (500_001, 65),
        (1_000_000, 65),
        (1_000_001, 140),
    ];
    for (loan, expected) in cases {
        assert_eq!(fee(loan), expected, "loan £{loan}");
    }
}

#[test]
fn fee_order_2021_scale_1_both_columns_every_band() {
    // Land Registration Fee Order 2021, Schedule 1: column 4 (transfer of the whole of a title
    // on the portal, art. 3(3)) and column 2 (the full fee, for a transfer of part or a new
    // lease even on the portal, art. 2(2) and 3(1)).
    let bands = [
        (80_000, 20, 45),
        (80_001, 40, 95),
        (100_000, 40, 95),
        (100_001, 100, 230),
        (200_000, 100, 230),
        (200_001, 150, 330),
        (500_000, 150, 330),
        (500_001, 295, 655),
        (1_000_000, 295, 655),
        (1_000_001, 500, 1_105),
    ];
    for (price, whole, part) in bands {
        let r = purchase_in(Jurisdiction::England, price);
        let q = quote(&r, &QuoteDetails::default());
        assert_eq!(pounds(&q, "Disbursements", "Scale 1"), whole, "£{price}");
        let details = QuoteDetails {
            transfer_of_part_or_new_lease: Some(true),
            ..QuoteDetails::default()
        };
        let q = quote(&r, &details);
        assert_eq!(pounds(&q, "Disbursements", "Scale 1"), part, "£{price}");
    }
}

#[test]
fn fee_order_2021_no_portal_reduction_for_transfers_of_part_and_new_leases() {
    // Fee Order 2021 art. 3(3) reduces only a transfer of the whole of a registered title: a
    // new build (a plot taken out of the developer's title, or a new lease of a flat) and a new
    // shared-ownership lease pay the full Scale 1 fee.
    let mut r = purchase_in(Jurisdiction::England, 300_000);
    r.supplements = vec![Supplement::NewBuild];
    let q = quote(&r, &QuoteDetails::default());
    assert_eq!(
        pounds(&q, "Disbursements", "Scale 1"),
        330,
        "new build: part"
    );
    assert!(
        all_labels(&q)
            .iter()
            .any(|l| l.contains("transfer of part or new lease"))
    );
    // Told otherwise (a new build bought as a whole title), the portal fee applies.
    let whole = QuoteDetails {
        transfer_of_part_or_new_lease: Some(false),
        ..QuoteDetails::default()
    };
    assert_eq!(pounds(&quote(&r, &whole), "Disbursements", "Scale 1"), 150);
    // Shared ownership: a resale assigns the existing lease (whole title, portal fee) unless the
    // caller says it is a new lease.
    r.supplements = vec![Supplement::SharedOwnership];
    assert_eq!(
        pounds(
            &quote(&r, &QuoteDetails::default()),
            "Disbursements",
            "Scale 1"
        ),
        150
    );
    let new_lease = QuoteDetails {
        transfer_of_part_or_new_lease: Some(true),
        ..QuoteDetails::default()
    };
    assert_eq!(
        pounds(&quote(&r, &new_lease), "Disbursements", "Scale 1"),
        330
    );
}

#[test]
fn fee_order_2021_transfer_of_equity_has_its_own_fee() {
    // Fee Order 2021: a transfer of a share not for money pays Scale 2 on the share's value
    // (art. 4, portal reduction art. 4(3)); for money, Scale 1 on the money paid (art. 3(1)(b),
    // portal column art. 3(3)). The new mortgage lodged with it pays nothing (art. 5(2)).
    let mut r = remortgage(350_000, 200_000);
    let plain = w().quote(&r).unwrap();
    assert!(
        !all_labels(&plain)
            .iter()
            .any(|l| l.contains("transfer of equity"))
    );
    assert_eq!(pounds(&plain, "Disbursements", "Scale 2"), 30);

    r.supplements = vec![Supplement::TransferOfEquity];
    let gift = QuoteDetails {
        equity_transfer: Some(EquityTransfer {
            share_value: 75_000 * 100,
            consideration: 0,
            ..EquityTransfer::default()
        }),
        ..QuoteDetails::default()
    };
    let q = quote(&r, &gift);
    assert_eq!(pounds(&q, "Disbursements", "the value of the share"), 20);
    assert_eq!(pounds(&q, "Disbursements", "registering the mortgage"), 0);
    assert!(
        all_labels(&q)
            .iter()
            .any(|l| l.contains("none, as the mortgage is registered with the transfer of equity"))
    );

    let bought = QuoteDetails {
        equity_transfer: Some(EquityTransfer {
            share_value: 150_000 * 100,
            consideration: 150_000 * 100,
            ..EquityTransfer::default()
        }),
        ..QuoteDetails::default()
    };
    let q = quote(&r, &bought);
    assert_eq!(pounds(&q, "Disbursements", "price paid for the share"), 100);

    // Not told: no money, the whole equity (£350,000 − £200,000): Scale 2, £30.
    let q = w().quote(&r).unwrap();
    assert_eq!(pounds(&q, "Disbursements", "the value of the share"), 30);
}

#[test]
fn fee_order_2021_official_copies_and_os1_at_portal_fees() {
    // Fee Order 2021 Schedule 3: official copies of the register and title plan £3 each, and an
    // official search with priority (OS1) £3, on the portal (£7 each by post).
    let q = w().quote(&remortgage(350_000, 200_000)).unwrap();
    assert_eq!(pounds(&q, "Disbursements", "Official copies"), 6);
    assert_eq!(pounds(&q, "Disbursements", "(OS1)"), 3);
    let q = w()
        .quote(&purchase_in(Jurisdiction::England, 300_000))
        .unwrap();
    assert_eq!(pounds(&q, "Disbursements", "(OS1)"), 3);
}

#[test]
fn hmrc_vat_notice_700_firms_own_charges_are_fees_with_vat_not_disbursements() {
    // HMRC VAT Notice 700 s. 25: only payments made as the client's agent are disbursements;
    // the firm's own charges (land tax return, ID checks, bank transfer) are its fees and bear
    // VAT, so they sit in the legal fees section.
    let q = w()
        .quote(&purchase_in(Jurisdiction::England, 300_000))
        .unwrap();
    let legal: Vec<_> = lines(&q, "Legal fees")
        .into_iter()
        .map(|c| c.label)
        .collect();
    let disb: Vec<_> = lines(&q, "Disbursements")
        .into_iter()
        .map(|c| c.label)
        .collect();
    for own in ["Land Tax return", "Identity", "Bank transfer"] {
        assert!(legal.iter().any(|l| l.contains(own)), "{own} in {legal:?}");
        assert!(!disb.iter().any(|l| l.contains(own)), "{own} in {disb:?}");
    }
    // VAT: 20% of the legal fees (£950 + £75 + £15 + £35) and the search pack (£300).
    assert_eq!(lines(&q, "VAT")[0].amount, (1_075 + 300) * 20);
    let q = w().quote(&remortgage(350_000, 200_000)).unwrap();
    let disb: Vec<_> = lines(&q, "Disbursements")
        .into_iter()
        .map(|c| c.label)
        .collect();
    assert!(
        !disb
            .iter()
            .any(|l| l.contains("Identity") || l.contains("Bank transfer"))
    );
    assert_eq!(pounds(&q, "Legal fees", "Bank transfer"), 35);
}

#[test]
fn wra_a_welsh_purchase_names_the_land_transaction_tax_return() {
    // Welsh Revenue Authority: a purchase in Wales files a Land Transaction Tax return with the
    // WRA; Stamp Duty Land Tax and HMRC are for England.
    let q = w()
        .quote(&purchase_in(Jurisdiction::Wales, 300_000))
        .unwrap();
    assert_eq!(
        pounds(
            &q,
            "Legal fees",
            "Land Transaction Tax return to the Welsh Revenue Authority"
        ),
        75
    );
    assert!(!all_labels(&q).iter().any(|l| l.contains("Stamp Duty")));
    assert_eq!(
        q.land_tax_estimate.unwrap().land_tax_type,
        LandTaxType::LandTransactionTax
    );
    let q = w()
        .quote(&purchase_in(Jurisdiction::England, 300_000))
        .unwrap();
    assert_eq!(
        pounds(
            &q,
            "Legal fees",
            "Stamp Duty Land Tax return to HM Revenue & Customs"
        ),
        75
    );
    assert!(
        !all_labels(&q)
            .iter()
            .any(|l| l.contains("Land Transaction"))
    );
}

#[test]
fn sra_code_of_conduct_5_1_referral_fee_disclosed_including_none() {
    // SRA Code of Conduct for Solicitors, RELs and RFLs, para 5.1: the client is told of any
    // referral fee and of the introducer's interest; we say so even when there is none.
    let r = purchase_in(Jurisdiction::England, 300_000);
    let none = quote(&r, &QuoteDetails::default());
    assert_eq!(none.referral_fee.amount, 0);
    assert!(
        none.referral_fee.label.contains("none"),
        "{:?}",
        none.referral_fee
    );
    assert!(none.referral_fee.label.contains("We pay no one"));

    let unpaid = quote(
        &r,
        &QuoteDetails {
            introducer: Some(Introducer {
                name: "Acme Mortgages".into(),
                referral_fee: 0,
            }),
            ..QuoteDetails::default()
        },
    );
    assert_eq!(unpaid.referral_fee.amount, 0);
    assert!(unpaid.referral_fee.label.contains("Acme Mortgages"));
    assert!(unpaid.referral_fee.label.contains("none"));

    let paid = quote(
        &r,
        &QuoteDetails {
            introducer: Some(Introducer {
                name: "Acme Mortgages".into(),
                referral_fee: 15_000,
            }),
            ..QuoteDetails::default()
        },
    );
    assert_eq!(paid.referral_fee.amount, 15_000);
    assert!(paid.referral_fee.label.contains("Acme Mortgages"));
    assert!(
        paid.referral_fee
            .label
            .contains("does not add to what you pay")
    );
    // Paid by the firm out of its fees: the client's figures do not move.
    assert_eq!(
        (paid.subtotal, paid.total_amount),
        (none.subtotal, none.total_amount)
    );
    let json = serde_json::to_value(&paid).unwrap();
    assert_eq!(json["referralFee"]["amount"], 15_000);
    // Remortgages disclose too.
    let q = w().quote(&remortgage(350_000, 200_000)).unwrap();
    assert_eq!(q.referral_fee.amount, 0);
}

#[test]
fn consumer_contracts_regulations_2013_deposit_refundable_within_14_days() {
    // Consumer Contracts Regulations 2013 (regs. 29, 30, 34, 36): accepting online is a distance
    // contract the client may cancel within 14 days; a purchase's up-front payment comes back,
    // less a proportionate amount for work they expressly asked us to start. It is paid once the
    // client care letter is accepted (the Deposit tile opens then), not with the quote, and it
    // is never "non-refundable".
    let q = w()
        .quote(&purchase_in(Jurisdiction::England, 300_000))
        .unwrap();
    let t = q.deposit_terms.to_lowercase();
    assert_eq!(q.deposit, 30_000);
    for must in [
        "once you have accepted our client care letter",
        "taken off your final bill",
        "14 days",
        "refund this payment in full",
        "work you expressly asked us to start",
    ] {
        assert!(t.contains(must), "{must:?} in {t:?}");
    }
    assert!(!t.contains("when you accept this quote"));
    assert!(!t.contains("non-refundable") && !t.contains("not refundable"));
    assert!(
        serde_json::to_value(&q).unwrap()["depositTerms"].is_string(),
        "depositTerms in the record"
    );
    let request = w().fees.buying.express_request.clone().unwrap();
    assert!(
        request
            .text
            .contains("within the 14-day cancellation period")
    );
    assert!(request.text.contains("proportionate charge"));
}

#[test]
fn a_remortgage_promises_no_up_front_payment() {
    // Nothing in a remortgage ever asks for a payment before completion (no deposit tile, no
    // payment action), so its quote asks for none: it was £300 "paid when you accept" before.
    let q = w().quote(&remortgage(350_000, 200_000)).unwrap();
    assert_eq!(q.deposit, 0);
    let t = q.deposit_terms.to_lowercase();
    assert!(
        t.contains("no up-front payment") && t.contains("14 days"),
        "{t}"
    );
    assert!(!t.contains("paid when you accept"));
    assert!(w().fees.remortgaging.express_request.is_none());
}

#[test]
fn no_land_tax_estimate_says_why() {
    // Instead of silently leaving the estimate out, a purchase quote carries a note.
    let note = |r: &QuoteRequest| {
        let q = w().quote(r).unwrap();
        assert!(q.land_tax_estimate.is_none());
        assert_eq!(q.notes.len(), 1, "{:?}", q.notes);
        q.notes[0].clone()
    };
    let mut r = purchase_in(Jurisdiction::England, 300_000);
    r.land_tax = None;
    assert!(note(&r).contains("we need the country the property is in"));

    let r = purchase_in(Jurisdiction::Scotland, 300_000);
    let n = note(&r);
    assert!(n.contains("Scotland") && n.contains("Land and Buildings Transaction Tax"));
    assert!(
        note(&purchase_in(Jurisdiction::NorthernIreland, 300_000)).contains("Northern Ireland")
    );

    let mut r = purchase_in(Jurisdiction::England, 0);
    r.price = 0;
    assert!(note(&r).contains("purchase price is not known"));

    let mut r = purchase_in(Jurisdiction::England, 300_000);
    r.land_tax.as_mut().unwrap().effective_date = NaiveDate::from_ymd_opt(2019, 1, 1).unwrap();
    assert!(note(&r).contains("no rates for a completion on 01/01/2019"));

    // An estimate, or a remortgage (QUOTE-10: no land tax), carries no note.
    for r in [
        purchase_in(Jurisdiction::England, 300_000),
        remortgage(350_000, 200_000),
    ] {
        let q = w().quote(&r).unwrap();
        assert!(q.notes.is_empty(), "{:?}", q.notes);
        assert!(serde_json::to_value(&q).unwrap().get("notes").is_none());
    }
}

#[test]
fn hmrc_and_wra_the_quote_says_who_the_land_tax_is_paid_to_and_by_when() {
    // GOV.UK "Stamp Duty Land Tax": to HMRC within 14 days of completion. WRA "Land Transaction
    // Tax": to the WRA within 30 days.
    let e = w()
        .quote(&purchase_in(Jurisdiction::England, 300_000))
        .unwrap()
        .land_tax_estimate
        .unwrap();
    assert_eq!((e.amount, e.due_days_after_completion), (500_000, 14));
    assert_eq!(e.payable_to, "HM Revenue & Customs");
    let e = w()
        .quote(&purchase_in(Jurisdiction::Wales, 300_000))
        .unwrap()
        .land_tax_estimate
        .unwrap();
    assert_eq!((e.amount, e.due_days_after_completion), (450_000, 30));
    assert!(e.label.contains("Welsh Revenue Authority"));
}

#[test]
fn hmrc_non_resident_surcharge_reaches_the_quote_from_the_40000_floor() {
    // GOV.UK "Rates for non-UK residents": +2% on every band, not under £40,000.
    let mut r = purchase_in(Jurisdiction::England, 300_000);
    r.land_tax.as_mut().unwrap().non_uk_resident = true;
    let q = w().quote(&r).unwrap();
    // 2% × £125k + 4% × £125k + 7% × £50k.
    assert_eq!(q.land_tax_estimate.unwrap().amount, 1_100_000);
    let mut r = purchase_in(Jurisdiction::England, 39_000);
    r.land_tax.as_mut().unwrap().non_uk_resident = true;
    assert_eq!(w().quote(&r).unwrap().land_tax_estimate.unwrap().amount, 0);
}

#[test]
fn the_schedule_refuses_vat_on_land_registry_fees_and_a_firm_charge_from_a_scale() {
    let text = include_str!("../fees.toml");
    let vat = text.replacen(
        "basis = \"land_registry_scale_1\"\nvat = false",
        "basis = \"land_registry_scale_1\"\nvat = true",
        1,
    );
    assert_ne!(vat, text);
    assert!(FeeSchedule::from_toml(&vat).is_err());
    let charge = text.replacen(
        "amount = 35\n",
        "amount = 35\nbasis = \"land_registry_scale_2\"\n",
        1,
    );
    assert_ne!(charge, text);
    assert!(FeeSchedule::from_toml(&charge).is_err());
    assert!(FeeSchedule::from_toml(text).is_ok());
}

// Issue 28 item 3: land tax on a transfer of equity and on shared-ownership staircasing, the
// return charged only when a return is due, and a new shared-ownership lease's HMLR fee.

fn remortgage_in(j: Jurisdiction, supplement: Supplement) -> QuoteRequest {
    let mut r = remortgage(350_000, 200_000);
    r.supplements = vec![supplement];
    // Only the country, the date and the surcharges count: the consideration replaces the price.
    r.land_tax = Some(LandTaxInput {
        jurisdiction: j,
        price: 0,
        effective_date: NaiveDate::from_ymd_opt(2025, 6, 1).unwrap(),
        first_time_buyer: false,
        additional_dwelling: false,
        non_uk_resident: false,
    });
    r
}

fn equity(debt: i64, before: u32, after: u32, paid: i64) -> QuoteDetails {
    QuoteDetails {
        equity_transfer: Some(EquityTransfer {
            share_value: 75_000 * 100,
            consideration: paid * 100,
            mortgage_debt: Some(debt * 100),
            acquirer_share_before: before,
            acquirer_share_after: after,
            reason: None,
        }),
        ..QuoteDetails::default()
    }
}

fn staircase(before: u32, after: u32, price: i64, election: Option<bool>) -> QuoteDetails {
    QuoteDetails {
        staircasing: Some(Staircasing {
            share_before: before,
            share_after: after,
            price: price * 100,
            market_value_election_made: election,
        }),
        ..QuoteDetails::default()
    }
}

fn has_line(q: &Quote, part: &str) -> bool {
    all_labels(q).iter().any(|l| l.contains(part))
}

const SDLT_RETURN: &str = "Stamp Duty Land Tax return";
const LTT_RETURN: &str = "Land Transaction Tax return";

#[test]
fn transfer_of_equity_50_percent_of_200k_debt_is_100k_consideration_sdltm04040a() {
    // FA 2003 Sch 4 para 8 and HMRC SDLTM04040A: a new 50% owner who takes on half of a
    // £200,000 mortgage gives £100,000; at the 2025 rates that is under the £125,000 nil band.
    // It is notifiable (£40,000 or more, FA 2003 s.77A(1)), so the £75 return is charged.
    let r = remortgage_in(Jurisdiction::England, Supplement::TransferOfEquity);
    let q = quote(&r, &equity(200_000, 0, 5_000, 0));
    let e = q.land_tax_estimate.clone().unwrap();
    assert_eq!(
        (e.land_tax_type, e.amount),
        (LandTaxType::StampDutyLandTax, 0)
    );
    assert_eq!(pounds(&q, "Legal fees", SDLT_RETURN), 75);
    assert!(!has_line(&q, LTT_RETURN));
    assert_eq!(q.notes.len(), 1, "{:?}", q.notes);
    let n = &q.notes[0];
    assert!(n.contains("estimated on £100,000"), "{n}");
    assert!(n.contains("50% of the £200,000 mortgage"), "{n}");
    assert!(n.contains("return is due"), "{n}");
    let json = serde_json::to_value(&q).unwrap();
    assert_eq!(json["landTaxEstimate"]["amount"], 0);
}

#[test]
fn transfer_of_equity_30_to_100_percent_takes_on_70_percent_of_the_debt_sdltm04040a() {
    // SDLTM04040A: from 30% to 100% of the property is 70% of the debt: 70% of £300,000 plus
    // £10,000 paid = £220,000; SDLT from 1 April 2025: 2% of (£220,000 − £125,000) = £1,900.
    let r = remortgage_in(Jurisdiction::England, Supplement::TransferOfEquity);
    let q = quote(&r, &equity(300_000, 3_000, 10_000, 10_000));
    assert_eq!(q.land_tax_estimate.as_ref().unwrap().amount, 190_000);
    assert_eq!(pounds(&q, "Legal fees", SDLT_RETURN), 75);
    assert!(q.notes[0].contains("£220,000"), "{:?}", q.notes);
    // The higher rates follow the facts given: +5% on every band from 31 October 2024.
    let mut r = r;
    r.land_tax.as_mut().unwrap().additional_dwelling = true;
    let q = quote(&r, &equity(300_000, 3_000, 10_000, 10_000));
    // 5% × £125,000 + 7% × £95,000.
    assert_eq!(q.land_tax_estimate.as_ref().unwrap().amount, 1_290_000);
}

#[test]
fn transfer_of_equity_on_divorce_is_exempt_with_no_return_fa2003_sch3_paras_3_3a() {
    // FA 2003 Sch 3 paras 3 and 3A (HMRC SDLTM00550): a transfer between spouses or civil
    // partners under a court order or their agreement on divorce, dissolution or separation is
    // exempt; an exempt transaction is not notifiable (s.77A(1)). Every reason the app captures
    // is such a separation.
    use threshold_engine::types::TransferReason;
    for reason in [
        TransferReason::CourtOrder,
        TransferReason::ConsentOrder,
        TransferReason::PrivateAgreement,
    ] {
        for j in [Jurisdiction::England, Jurisdiction::Wales] {
            let mut d = equity(300_000, 5_000, 10_000, 50_000);
            d.equity_transfer.as_mut().unwrap().reason = Some(reason);
            let q = quote(&remortgage_in(j, Supplement::TransferOfEquity), &d);
            assert_eq!(
                q.land_tax_estimate.as_ref().unwrap().amount,
                0,
                "{reason:?} {j:?}"
            );
            assert!(!has_line(&q, SDLT_RETURN) && !has_line(&q, LTT_RETURN));
            assert!(q.notes[0].contains("exempt"), "{:?}", q.notes);
            assert!(q.notes[0].contains("no return"), "{:?}", q.notes);
        }
    }
}

#[test]
fn transfer_of_equity_under_40000_needs_no_return_fa2003_s77a() {
    // FA 2003 s.77A(1): a transfer for less than £40,000 is not notifiable. Half of a £60,000
    // mortgage is £30,000: no tax, no return, no £75 charge.
    let r = remortgage_in(Jurisdiction::England, Supplement::TransferOfEquity);
    let q = quote(&r, &equity(60_000, 0, 5_000, 0));
    assert_eq!(q.land_tax_estimate.as_ref().unwrap().amount, 0);
    assert!(!has_line(&q, SDLT_RETURN));
    assert!(
        q.notes[0].contains("under £40,000, no return"),
        "{:?}",
        q.notes
    );
    // Exactly £40,000 is notifiable.
    let q = quote(&r, &equity(80_000, 0, 5_000, 0));
    assert_eq!(pounds(&q, "Legal fees", SDLT_RETURN), 75);
}

#[test]
fn transfer_of_equity_in_wales_pays_ltt_on_the_same_consideration_ltta_2017() {
    // LTTA 2017: the same debt rule; LTT main rates from 10 October 2022: 6% of (£250,000 −
    // £225,000) = £1,500 on half of a £500,000 mortgage. The LTT return (s.45) replaces SDLT's.
    let r = remortgage_in(Jurisdiction::Wales, Supplement::TransferOfEquity);
    let q = quote(&r, &equity(500_000, 0, 5_000, 0));
    let e = q.land_tax_estimate.clone().unwrap();
    assert_eq!(
        (e.land_tax_type, e.amount),
        (LandTaxType::LandTransactionTax, 150_000)
    );
    assert_eq!(pounds(&q, "Legal fees", LTT_RETURN), 75);
    assert!(!has_line(&q, SDLT_RETURN));
}

#[test]
fn transfer_of_equity_without_the_facts_says_what_is_needed() {
    // No debt or no country: no estimate and no return charge, and a note says what we need.
    let r = remortgage_in(Jurisdiction::England, Supplement::TransferOfEquity);
    let q = w().quote(&r).unwrap();
    assert!(q.land_tax_estimate.is_none());
    assert!(q.notes[0].contains("mortgage balance"), "{:?}", q.notes);
    assert!(!has_line(&q, SDLT_RETURN));
    let mut r = r;
    r.land_tax = None;
    let q = quote(&r, &equity(200_000, 0, 5_000, 0));
    assert!(q.land_tax_estimate.is_none());
    assert!(q.notes[0].contains("country"), "{:?}", q.notes);
    // Shares that fall, or pass 100%, are refused, as is a debt below zero.
    let w = w();
    let refused = |d: &QuoteDetails| w.fees.quote_with(&r, d, &w.land_tax).unwrap_err();
    assert_eq!(
        refused(&equity(200_000, 6_000, 5_000, 0)),
        QuoteError::Shares
    );
    assert_eq!(refused(&equity(200_000, 0, 10_001, 0)), QuoteError::Shares);
    assert_eq!(
        refused(&staircase(8_000, 7_500, 1, None)),
        QuoteError::Shares
    );
    assert_eq!(refused(&equity(-1, 0, 5_000, 0)), QuoteError::Negative);
}

#[test]
fn staircasing_without_its_facts_says_what_is_needed_and_charges_no_return() {
    // A staircasing remortgage quoted before the shares and price are known shows no figure
    // and no return charge, and tells the client what the estimate needs.
    let r = remortgage_in(Jurisdiction::England, Supplement::SharedOwnership);
    let q = quote(&r, &QuoteDetails::default());
    assert!(q.land_tax_estimate.is_none());
    assert!(!has_line(&q, SDLT_RETURN));
    assert!(
        q.notes[0].contains("market value election"),
        "{:?}",
        q.notes
    );
}

#[test]
fn staircasing_to_75_percent_without_election_is_tax_free_fa2003_sch9_para4a() {
    // FA 2003 Sch 9 para 4A(2)(b), HMRC SDLTM27060: no tax while the total share stays at or
    // under 80%; not notifiable (SDLTM27080), so no return charge.
    let r = remortgage_in(Jurisdiction::England, Supplement::SharedOwnership);
    for (after, election) in [(7_500, Some(false)), (8_000, None)] {
        let q = quote(&r, &staircase(5_000, after, 200_000, election));
        assert_eq!(q.land_tax_estimate.as_ref().unwrap().amount, 0);
        assert!(!has_line(&q, SDLT_RETURN));
        assert!(
            q.notes[0].contains("until your share goes above 80%"),
            "{:?}",
            q.notes
        );
    }
}

#[test]
fn staircasing_to_100_percent_without_election_is_taxed_on_the_tranche_price() {
    // Sch 9 para 4A: above 80% with no market value election the purchase is chargeable on the
    // price paid for the share: £150,000 → 2% of £25,000 = £500 (2025 rates); tax is due, so it
    // is notifiable (SDLTM27080) and the return is charged.
    let r = remortgage_in(Jurisdiction::England, Supplement::SharedOwnership);
    let q = quote(&r, &staircase(7_500, 10_000, 150_000, Some(false)));
    assert_eq!(q.land_tax_estimate.as_ref().unwrap().amount, 50_000);
    assert_eq!(pounds(&q, "Legal fees", SDLT_RETURN), 75);
    assert!(!q.notes[0].contains("market value election"));
    // Not known whether an election was made: the chargeable figure, and the note says why.
    let q = quote(&r, &staircase(7_500, 10_000, 150_000, None));
    assert_eq!(q.land_tax_estimate.as_ref().unwrap().amount, 50_000);
    assert!(
        q.notes[0].contains("market value election"),
        "{:?}",
        q.notes
    );
    // Under the nil-rate band no tax is due, so no return (SDLTM27080).
    let q = quote(&r, &staircase(7_500, 10_000, 100_000, Some(false)));
    assert_eq!(q.land_tax_estimate.as_ref().unwrap().amount, 0);
    assert!(!has_line(&q, SDLT_RETURN));
}

#[test]
fn staircasing_after_a_market_value_election_pays_nothing_more_fa2003_sch9_para4a_2_a() {
    let r = remortgage_in(Jurisdiction::England, Supplement::SharedOwnership);
    let q = quote(&r, &staircase(7_500, 10_000, 150_000, Some(true)));
    assert_eq!(q.land_tax_estimate.as_ref().unwrap().amount, 0);
    assert!(!has_line(&q, SDLT_RETURN));
    assert!(
        q.notes[0].contains("market value election was made"),
        "{:?}",
        q.notes
    );
}

#[test]
fn staircasing_in_wales_claims_relief_in_a_return_ltta_2017_sch15_para6() {
    // LTTA 2017 Sch 15 para 6: relieved (not exempt) up to 80%, so the relief is claimed in a
    // return (s.17(b)), due unless the price is under £40,000 (s.46(3)).
    let r = remortgage_in(Jurisdiction::Wales, Supplement::SharedOwnership);
    let q = quote(&r, &staircase(5_000, 7_500, 60_000, Some(false)));
    assert_eq!(q.land_tax_estimate.as_ref().unwrap().amount, 0);
    assert_eq!(pounds(&q, "Legal fees", LTT_RETURN), 75);
    assert!(q.notes[0].contains("claiming the relief"), "{:?}", q.notes);
    let q = quote(&r, &staircase(5_000, 6_000, 30_000, Some(false)));
    assert!(!has_line(&q, LTT_RETURN));
    // Above 80%: LTT on the price, £250,000 → 6% of £25,000 = £1,500.
    let q = quote(&r, &staircase(7_500, 10_000, 250_000, Some(false)));
    assert_eq!(q.land_tax_estimate.as_ref().unwrap().amount, 150_000);
    assert_eq!(pounds(&q, "Legal fees", LTT_RETURN), 75);
}

#[test]
fn a_purchase_under_40000_needs_no_land_tax_return_fa2003_s77a() {
    // FA 2003 s.77A(1) and LTTA 2017 s.46(3): a transfer (not a lease) for less than £40,000 is
    // not notifiable; a new lease is still taken to need one (its rent is not known here).
    for (j, line) in [
        (Jurisdiction::England, SDLT_RETURN),
        (Jurisdiction::Wales, LTT_RETURN),
    ] {
        let q = w().quote(&purchase_in(j, 39_999)).unwrap();
        assert!(!has_line(&q, line), "{j:?}");
        let q = w().quote(&purchase_in(j, 40_000)).unwrap();
        assert_eq!(pounds(&q, "Legal fees", line), 75, "{j:?}");
        let mut r = purchase_in(j, 39_999);
        r.supplements = vec![Supplement::NewBuild];
        assert_eq!(pounds(&w().quote(&r).unwrap(), "Legal fees", line), 75);
    }
}

#[test]
fn fee_order_2021_new_shared_ownership_lease_pays_scale_1_on_premium_and_rent() {
    // Land Registration Fee Order 2021 art. 2(2)(c): the grant of a lease with a rent pays the
    // full Scale 1 fee (column 2) on the premium plus the rent. A 25% share of a £300,000 home
    // for £75,000 at £5,000 a year: £80,000 → £45; £76,000 + £5,000 = £81,000 → £95.
    let mut r = purchase_in(Jurisdiction::England, 300_000);
    r.supplements = vec![Supplement::SharedOwnership];
    let lease = |premium: i64, rent: i64| QuoteDetails {
        shared_ownership_lease: Some(SharedOwnershipLease {
            premium: premium * 100,
            annual_rent: rent * 100,
        }),
        ..QuoteDetails::default()
    };
    let q = quote(&r, &lease(75_000, 5_000));
    assert_eq!(pounds(&q, "Disbursements", "Scale 1"), 45);
    assert!(has_line(&q, "(new shared ownership lease)"));
    assert!(q.notes.is_empty(), "{:?}", q.notes);
    assert_eq!(
        pounds(
            &quote(&r, &lease(76_000, 5_000)),
            "Disbursements",
            "Scale 1"
        ),
        95
    );
    // A new lease whose premium and rent are not known: the whole price, and a note.
    let unknown = QuoteDetails {
        transfer_of_part_or_new_lease: Some(true),
        ..QuoteDetails::default()
    };
    let q = quote(&r, &unknown);
    assert_eq!(pounds(&q, "Disbursements", "Scale 1"), 330);
    assert!(
        q.notes
            .iter()
            .any(|n| n.contains("price of your share plus the yearly rent")),
        "{:?}",
        q.notes
    );
}
