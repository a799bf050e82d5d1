//! The completion statement's figures (issue 28, item 1), computed from what the firm recorded
//! and nothing else: the price, the advance of the recorded mortgage offer, the confirmed
//! gifts, the land tax and the bill of the accepted quote, each existing charge's redemption
//! statement, and the client ledger. Every line is signed pence: `+` money for the client
//! (the advance, a gift, what they sent), `-` money paid out for them. The lines' sum is the
//! balance: below 0 the client owes it, above 0 it is theirs. Pure: no database, no HTTP.

use std::collections::BTreeMap;

use chrono::{Datelike, Duration, NaiveDate, Weekday};
use threshold_engine::ledger::LedgerKind;

use crate::documents::generated::pounds;

/// A mortgage advance, from the lender's recorded offer.
#[derive(Clone, Debug)]
pub struct Advance {
    pub lender: String,
    pub amount: i64,
}

/// An existing lender's redemption figure for one charge.
#[derive(Clone, Copy, Debug)]
pub struct Redemption {
    pub amount: i64,
    pub as_at: NaiveDate,
    pub daily_interest: i64,
    pub valid_until: NaiveDate,
}

/// An existing charge a remortgage pays off.
#[derive(Clone, Debug)]
pub struct Charge {
    pub loan_id: i64,
    pub lender: Option<String>,
    pub redemption: Option<Redemption>,
}

/// A ledger entry as the statement reads it.
#[derive(Clone, Debug)]
pub struct Entry {
    pub received: bool,
    pub kind: LedgerKind,
    pub amount: i64,
    pub counterparty: String,
    pub date: NaiveDate,
}

/// Which statement: a purchase's or a remortgage's, with the facts only it has.
#[derive(Clone, Debug)]
pub enum Deal {
    Purchase {
        price: Option<i64>,
        /// Each donor's confirmed gift: the donor's name and the amount.
        gifts: Vec<(String, i64)>,
    },
    Remortgage {
        charges: Vec<Charge>,
    },
}

/// What the statement is computed from.
#[derive(Clone, Debug)]
pub struct Facts {
    pub deal: Deal,
    pub advance: Option<Advance>,
    /// The accepted quote's land tax, with its line's label (the tax and whom it is paid to): a
    /// purchase's, or a remortgage's that changes who owns the home.
    pub land_tax: Option<(i64, String)>,
    /// The accepted quote's total: the firm's fees and the disbursements it pays on.
    pub firm_bill: Option<i64>,
    /// The up-front payment the provider took, with the day it was paid.
    pub up_front: Option<(i64, NaiveDate)>,
    pub entries: Vec<Entry>,
    /// The agreed completion date, once there is one.
    pub completion: Option<NaiveDate>,
    pub today: NaiveDate,
}

/// One line of the statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub label: String,
    pub amount: i64,
}

/// The statement: what is paid and received on completion, what the client has sent so far,
/// and the balance.
#[derive(Clone, Debug)]
pub struct Statement {
    pub lines: Vec<Line>,
    pub received: Vec<Line>,
    /// Below 0: due from the client; above 0: due to them.
    pub balance: i64,
    /// When the client's money must be with the firm: the working day before completion.
    pub due_by: Option<NaiveDate>,
}

/// What the statement needs and the firm has not recorded, by field (a 409 names them).
pub type Missing = BTreeMap<String, String>;

fn line(label: impl Into<String>, amount: i64) -> Line {
    Line {
        label: label.into(),
        amount,
    }
}

/// The working day (Monday to Friday) before `day`.
pub fn working_day_before(day: NaiveDate) -> NaiveDate {
    let mut d = day - Duration::days(1);
    while matches!(d.weekday(), Weekday::Sat | Weekday::Sun) {
        d -= Duration::days(1);
    }
    d
}

fn date(d: NaiveDate) -> String {
    d.format("%-d %B %Y").to_string()
}

/// The statement, or what is missing for it.
pub fn compute(f: &Facts) -> Result<Statement, Missing> {
    let mut missing = Missing::new();
    let mut lines = vec![];
    let advance = f.advance.as_ref().map(|a| (a.lender.clone(), a.amount));
    match &f.deal {
        Deal::Purchase { price, gifts } => {
            match price {
                Some(p) => lines.push(line("Purchase price, paid to the seller's solicitors", -p)),
                None => {
                    missing.insert("purchasePrice".into(), "The price is not recorded".into());
                }
            }
            // A cash purchase has no offer: no advance, unless the lender's money came anyway.
            let advance = advance.or_else(|| advance_received(&f.entries));
            if let Some((lender, amount)) = advance {
                lines.push(line(format!("Mortgage advance from {lender}"), amount));
            }
            gift_lines(gifts, &f.entries, &mut lines);
        }
        Deal::Remortgage { charges } => {
            match advance {
                Some((lender, amount)) => {
                    lines.push(line(format!("Advance from {lender}"), amount))
                }
                None => {
                    missing.insert(
                        "mortgageOffer".into(),
                        "Record the new lender's mortgage offer: its advance pays off the existing charges".into(),
                    );
                }
            }
            for c in charges {
                match redemption_line(c, f.completion, f.today) {
                    Ok(l) => lines.push(l),
                    Err(problem) => {
                        missing.insert(format!("redemptionStatements.{}", c.loan_id), problem);
                    }
                }
            }
        }
    }
    if let Some((tax, label)) = f.land_tax.as_ref().filter(|(t, _)| *t > 0) {
        lines.push(line(label.clone(), -tax));
    }
    match f.firm_bill {
        Some(bill) => lines.push(line(
            "Our fees and disbursements (HM Land Registry, searches), as quoted",
            -bill,
        )),
        None => {
            missing.insert("quote".into(), "The case has no accepted quote".into());
        }
    }
    for e in f
        .entries
        .iter()
        .filter(|e| !e.received && e.kind == LedgerKind::Other)
    {
        lines.push(line(format!("Paid to {}", e.counterparty), -e.amount));
    }
    if !missing.is_empty() {
        return Err(missing);
    }
    let received = received_lines(f);
    let balance = lines.iter().chain(&received).map(|l| l.amount).sum();
    Ok(Statement {
        lines,
        received,
        balance,
        due_by: f.completion.map(working_day_before),
    })
}

/// The lender's money already received, for a purchase without a recorded offer.
fn advance_received(entries: &[Entry]) -> Option<(String, i64)> {
    let advances: Vec<&Entry> = entries
        .iter()
        .filter(|e| e.received && e.kind == LedgerKind::MortgageAdvance)
        .collect();
    let first = advances.first()?;
    Some((
        first.counterparty.clone(),
        advances.iter().map(|e| e.amount).sum(),
    ))
}

/// Each donor's confirmed gift; gifts received beyond what donors confirmed count as well
/// (the money is in the client account), never twice.
fn gift_lines(gifts: &[(String, i64)], entries: &[Entry], lines: &mut Vec<Line>) {
    let confirmed: i64 = gifts.iter().map(|(_, a)| a).sum();
    for (donor, amount) in gifts {
        lines.push(line(format!("Gift from {donor}"), *amount));
    }
    let received: i64 = entries
        .iter()
        .filter(|e| e.received && e.kind == LedgerKind::Gift)
        .map(|e| e.amount)
        .sum();
    if received > confirmed {
        let label = if gifts.is_empty() {
            "Gifts received"
        } else {
            "Further gifts received"
        };
        lines.push(line(label, received - confirmed));
    }
}

/// A charge's redemption: the lender's figure and its daily interest up to completion (or,
/// with no date agreed yet, up to the last day the figure holds, the most it can be).
fn redemption_line(
    c: &Charge,
    completion: Option<NaiveDate>,
    today: NaiveDate,
) -> Result<Line, String> {
    let lender = c.lender.as_deref().unwrap_or("the existing lender");
    let Some(r) = c.redemption else {
        return Err(format!(
            "Record {lender}'s redemption statement for this charge"
        ));
    };
    let to = completion.unwrap_or(r.valid_until);
    if r.valid_until < to.max(today) {
        return Err(format!(
            "{lender}'s redemption figure held until {}: record a new statement",
            date(r.valid_until)
        ));
    }
    let days = (to - r.as_at).num_days().max(0);
    let amount = r.amount + r.daily_interest * days;
    Ok(line(
        format!(
            "Redemption of the loan from {lender}: {} on {} and {} a day to {}",
            pounds(r.amount),
            date(r.as_at),
            pounds(r.daily_interest),
            date(to)
        ),
        -amount,
    ))
}

/// What the client (and nobody else) has sent so far, less what was refunded.
fn received_lines(f: &Facts) -> Vec<Line> {
    let mut out = vec![];
    if let Some((amount, on)) = f.up_front {
        out.push(line(format!("Up-front payment, paid {}", date(on)), amount));
    }
    for e in &f.entries {
        let label = match (e.received, e.kind) {
            (true, LedgerKind::ClientFunds) => format!("Received from you, {}", date(e.date)),
            (true, LedgerKind::Other) => {
                format!("Received from {}, {}", e.counterparty, date(e.date))
            }
            (false, LedgerKind::RefundToClient) => format!("Refunded to you, {}", date(e.date)),
            _ => continue,
        };
        out.push(line(label, if e.received { e.amount } else { -e.amount }));
    }
    out
}

#[cfg(test)]
#[path = "statement_tests.rs"]
mod tests;
