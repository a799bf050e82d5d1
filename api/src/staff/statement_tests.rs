use super::*;

fn day(s: &str) -> NaiveDate {
    s.parse().unwrap()
}

/// A purchase, with the land tax of its quote.
fn purchase(price: i64, tax: i64, gifts: Vec<(String, i64)>) -> (Deal, Option<(i64, String)>) {
    let deal = Deal::Purchase {
        price: Some(price),
        gifts,
    };
    (
        deal,
        Some((tax, "Stamp Duty Land Tax, paid to HMRC".into())),
    )
}

/// A remortgage paying off these charges, changing nobody's share (no land tax).
fn remortgage(charges: Vec<Charge>) -> (Deal, Option<(i64, String)>) {
    (Deal::Remortgage { charges }, None)
}

fn facts(
    (deal, land_tax): (Deal, Option<(i64, String)>),
    advance: Option<i64>,
    bill: i64,
    up_front: Option<i64>,
) -> Facts {
    Facts {
        deal,
        land_tax,
        advance: advance.map(|amount| Advance {
            lender: "Halifax".into(),
            amount,
        }),
        firm_bill: Some(bill),
        up_front: up_front.map(|a| (a, day("2026-10-01"))),
        entries: vec![],
        // A Monday: the money is due the Friday before.
        completion: Some(day("2026-12-14")),
        today: day("2026-11-29"),
    }
}

fn entry(received: bool, kind: LedgerKind, amount: i64) -> Entry {
    Entry {
        received,
        kind,
        amount,
        counterparty: "Someone".into(),
        date: day("2026-12-01"),
    }
}

fn amounts(s: &Statement) -> Vec<i64> {
    s.lines.iter().map(|l| l.amount).collect()
}

/// Issue 28's example: a £350,000 purchase by a first-time buyer (Stamp Duty Land Tax £2,500:
/// nothing to £300,000, 5% of the £50,000 above), a £315,000 advance from the recorded offer,
/// a quote of £1,805 (so tax and bill make the £4,305 the old statement asked for) and the
/// £300 up-front payment received. The buyer owes £39,005, not £4,305.
#[test]
fn the_issues_purchase_asks_the_buyer_for_39005() {
    let (price, advance, tax, bill, paid) = (35_000_000, 31_500_000, 250_000, 180_500, 30_000);
    let f = facts(
        purchase(price, tax, vec![]),
        Some(advance),
        bill,
        Some(paid),
    );
    let s = compute(&f).unwrap();
    assert_eq!(amounts(&s), [-price, advance, -tax, -bill]);
    assert_eq!(s.lines[1].label, "Mortgage advance from Halifax");
    assert_eq!(
        s.received,
        [line("Up-front payment, paid 1 October 2026", paid)]
    );
    assert_eq!(s.balance, -(price - advance + tax + bill - paid));
    assert_eq!(s.balance, -3_900_500);
    assert_eq!(s.due_by, Some(day("2026-12-11")));
}

#[test]
fn a_cash_purchase_has_no_advance_and_counts_what_the_buyer_sent() {
    let mut f = facts(
        purchase(25_000_000, 250_000, vec![]),
        None,
        150_000,
        Some(30_000),
    );
    f.entries = vec![
        entry(true, LedgerKind::ClientFunds, 20_000_000),
        // Paying the seller is a line of the statement already: not counted again.
        entry(false, LedgerKind::SellerSolicitor, 25_000_000),
    ];
    let s = compute(&f).unwrap();
    assert_eq!(amounts(&s), [-25_000_000, -250_000, -150_000]);
    assert!(s.lines.iter().all(|l| !l.label.contains("advance")));
    assert_eq!(
        s.received.iter().map(|l| l.amount).collect::<Vec<_>>(),
        [30_000, 20_000_000]
    );
    assert_eq!(s.received[1].label, "Received from you, 1 December 2026");
    assert_eq!(
        s.balance,
        -(25_000_000 + 250_000 + 150_000 - 30_000 - 20_000_000)
    );
}

#[test]
fn a_confirmed_gift_counts_once_whether_or_not_it_has_arrived() {
    let gifts = vec![("Dora".to_owned(), 2_000_000)];
    let mut f = facts(
        purchase(30_000_000, 0, gifts),
        Some(24_000_000),
        160_000,
        None,
    );
    let before = compute(&f).unwrap();
    assert_eq!(
        before.lines,
        [
            line(
                "Purchase price, paid to the seller's solicitors",
                -30_000_000
            ),
            line("Mortgage advance from Halifax", 24_000_000),
            line("Gift from Dora", 2_000_000),
            line(
                "Our fees and disbursements (HM Land Registry, searches), as quoted",
                -160_000
            ),
        ]
    );
    assert_eq!(
        before.balance,
        -(30_000_000 - 24_000_000 - 2_000_000 + 160_000)
    );
    // The gift arrives: the same balance; a larger sum than confirmed counts the rest.
    f.entries = vec![entry(true, LedgerKind::Gift, 2_000_000)];
    assert_eq!(compute(&f).unwrap().balance, before.balance);
    f.entries = vec![entry(true, LedgerKind::Gift, 2_500_000)];
    let more = compute(&f).unwrap();
    assert_eq!(more.lines[3], line("Further gifts received", 500_000));
    assert_eq!(more.balance, before.balance + 500_000);
}

fn charge(loan_id: i64, lender: &str, r: Option<Redemption>) -> Charge {
    Charge {
        loan_id,
        lender: Some(lender.into()),
        redemption: r,
    }
}

fn redemption(amount: i64, daily: i64) -> Redemption {
    Redemption {
        amount,
        as_at: day("2026-12-01"),
        daily_interest: daily,
        valid_until: day("2026-12-31"),
    }
}

#[test]
fn a_remortgage_redeems_each_charge_with_interest_to_completion() {
    let charges = vec![
        charge(1, "Nationwide", Some(redemption(15_000_000, 2_000))),
        charge(2, "Together", Some(redemption(3_000_000, 700))),
    ];
    let f = facts(remortgage(charges), Some(20_000_000), 120_000, None);
    let s = compute(&f).unwrap();
    // 1 to 14 December: 13 days of interest on each.
    let (first, second) = (15_000_000 + 13 * 2_000, 3_000_000 + 13 * 700);
    assert_eq!(amounts(&s), [20_000_000, -first, -second, -120_000]);
    assert_eq!(
        s.lines[1].label,
        "Redemption of the loan from Nationwide: £150,000.00 on 1 December 2026 and £20.00 a day to 14 December 2026"
    );
    assert_eq!(s.balance, 20_000_000 - first - second - 120_000);
    assert!(s.balance > 0, "the owners are paid what is left");
}

/// A transfer of equity that is not exempt pays its land tax from the advance, as quoted; one on
/// divorce (the quote's land tax £0) has no such line.
#[test]
fn a_remortgage_changing_ownership_pays_the_quoted_land_tax() {
    let charges = vec![charge(1, "Nationwide", Some(redemption(15_000_000, 0)))];
    let (deal, _) = remortgage(charges);
    let label = "Stamp Duty Land Tax on the transfer of equity, paid to HMRC";
    let mut f = facts(
        (deal, Some((250_000, label.into()))),
        Some(20_000_000),
        120_000,
        None,
    );
    let s = compute(&f).unwrap();
    assert_eq!(amounts(&s), [20_000_000, -15_000_000, -250_000, -120_000]);
    assert_eq!(s.lines[2].label, label);
    f.land_tax = Some((0, label.into()));
    let exempt = compute(&f).unwrap();
    assert_eq!(amounts(&exempt), [20_000_000, -15_000_000, -120_000]);
}

#[test]
fn a_charge_without_a_current_figure_stops_the_statement() {
    let expired = Redemption {
        valid_until: day("2026-12-10"),
        ..redemption(3_000_000, 700)
    };
    let charges = vec![
        charge(1, "Nationwide", None),
        charge(2, "Together", Some(expired)),
    ];
    let f = facts(remortgage(charges), None, 120_000, None);
    let missing = compute(&f).unwrap_err();
    assert_eq!(
        missing.keys().collect::<Vec<_>>(),
        [
            "mortgageOffer",
            "redemptionStatements.1",
            "redemptionStatements.2"
        ]
    );
    assert!(missing["redemptionStatements.1"].contains("Nationwide"));
    assert!(missing["redemptionStatements.2"].contains("10 December 2026"));
}

#[test]
fn without_a_completion_date_interest_runs_to_the_figures_last_day() {
    let charges = vec![charge(1, "Nationwide", Some(redemption(15_000_000, 2_000)))];
    let mut f = facts(remortgage(charges), Some(20_000_000), 0, None);
    f.completion = None;
    let s = compute(&f).unwrap();
    assert_eq!(s.lines[1].amount, -(15_000_000 + 30 * 2_000));
    assert_eq!(s.due_by, None);
}

#[test]
fn money_is_due_the_working_day_before() {
    assert_eq!(working_day_before(day("2026-12-14")), day("2026-12-11"));
    assert_eq!(working_day_before(day("2026-12-16")), day("2026-12-15"));
}
