//! What the firm's documents say, from the case as it is now: the mortgage report and the
//! completion statement (a remortgage's or a purchase's), money formatted as pounds, for the
//! `case_document` template. Whether one is a draft is its record's, not the PDF's: the file
//! the staff reviewed is the one issued.

use chrono::Utc;
use serde_json::{Value, json};
use threshold_cases::OpenCase;
use threshold_engine::CaseType;
use threshold_engine::snapshot::doc_types;
use threshold_store::cases::LoadedCase;

use crate::cases::lenders;
use crate::documents::generated::pounds;

/// The template's data for a document of this type (MORTGAGE_REPORT or COMPLETION_STATEMENT).
pub(super) fn data(firm: &str, case: &OpenCase, document_type: &str) -> Value {
    let loaded = &case.loaded;
    let r = &loaded.row;
    let owners: Vec<String> = loaded
        .applicants()
        .map(|p| p.preferred_name.clone())
        .collect();
    let lender = r
        .lender
        .as_deref()
        .map(lenders::name)
        .unwrap_or_else(|| "your new lender".into());
    let property = super::queue::address(loaded).unwrap_or_else(|| "—".into());
    let (title, sections, closing) = match (document_type, case.case_type) {
        (doc_types::MORTGAGE_REPORT, _) => (
            "Mortgage Report",
            mortgage_report(loaded, &lender, &property),
            "Please tell us at once if anything in this report is not as you expect.",
        ),
        (_, CaseType::Remortgaging) => (
            "Completion Statement",
            vec![remortgage_completion(loaded, &lender)],
            "The redemption figure is your current lender's; it changes daily until completion.",
        ),
        (_, CaseType::Buying) => (
            "Completion Statement",
            vec![purchase_completion(loaded, &lender)],
            "The figures assume completion on the agreed date; we confirm the final figure the day before.",
        ),
    };
    json!({
        "title": title,
        "firm": firm,
        "reference": format!("Case {}", r.id),
        "date": Utc::now().format("%-d %B %Y").to_string(),
        "addressee": owners.join(" and "),
        "property": property,
        "sections": sections,
        "closing": closing,
    })
}

fn line(label: &str, amount: i64, strong: bool) -> Value {
    json!({ "label": label, "amount": pounds(amount), "strong": strong })
}

fn section(title: &str, paragraphs: &[&str], lines: Vec<Value>) -> Value {
    json!({ "title": title, "paragraphs": paragraphs, "lines": lines })
}

fn mortgage_report(loaded: &LoadedCase, lender: &str, property: &str) -> Vec<Value> {
    let r = &loaded.row;
    let loan = r.loan_amount.unwrap_or(0);
    let value = r.property_value.or(r.purchase_price).unwrap_or(0);
    let ltv = if value > 0 {
        format!("{:.1}%", loan as f64 * 100.0 / value as f64)
    } else {
        "—".into()
    };
    let offer = format!(
        "{lender} has offered you a mortgage on {property}. These are the figures of the offer we have checked."
    );
    vec![
        section(
            "Your new mortgage",
            &[&offer],
            vec![
                line("Amount borrowed", loan, true),
                line("Value of the property", value, false),
                json!({ "label": "Loan to value", "amount": ltv, "strong": false }),
            ],
        ),
        section(
            "The conditions of the offer",
            &[
                "The offer is made on the lender's standard conditions and the mortgage conditions it names. We have checked that the property, its owners and the amount match the application.",
                "You must keep the property insured for at least its rebuilding cost, and tell the lender before letting it or making structural changes.",
                "If you repay the mortgage early during an initial rate period an early repayment charge may apply: your broker can tell you how much.",
            ],
            vec![],
        ),
        section(
            "What happens next",
            &[
                "Each owner reads this report and accepts it in Threshold. We then ask your current lender for the redemption figure and prepare the completion statement.",
            ],
            vec![],
        ),
    ]
}

/// The new loan pays off the existing charges and our bill; what is left is the owners'.
fn remortgage_completion(loaded: &LoadedCase, lender: &str) -> Value {
    let advance = loaded.row.loan_amount.unwrap_or(0);
    let mut lines = vec![line(&format!("Advance from {lender}"), advance, false)];
    let mut balance = advance;
    for l in &loaded.loans {
        let amount = l.amount.unwrap_or(0);
        balance -= amount;
        let from = l
            .lender_name
            .as_deref()
            .map(|n| format!(" from {n}"))
            .unwrap_or_default();
        lines.push(line(
            &format!("Redemption of the existing loan{from}"),
            -amount,
            false,
        ));
    }
    if let Some(q) = &loaded.quote {
        balance -= q.total_amount;
        lines.push(line("Our fees and disbursements", -q.total_amount, false));
    }
    lines.push(balance_line(balance));
    section(
        "Money on completion",
        &["What is paid to whom on the day your new mortgage completes."],
        lines,
    )
}

/// The seller is paid the price from the buyers' deposit and the mortgage; the land tax and
/// our bill are paid from what the buyers send us.
fn purchase_completion(loaded: &LoadedCase, lender: &str) -> Value {
    let r = &loaded.row;
    let price = r.purchase_price.unwrap_or(0);
    let deposit = r.deposit_amount.unwrap_or(0).min(price);
    let mut lines = vec![
        line("Purchase price, paid to the seller", -price, false),
        line("Your deposit and other funds", deposit, false),
        line(
            &format!("Mortgage advance from {lender}"),
            price - deposit,
            false,
        ),
    ];
    let mut balance = 0;
    if let Some(q) = &loaded.quote {
        if let Some(tax) = q.land_tax_amount.filter(|t| *t > 0) {
            balance -= tax;
            lines.push(line("Land tax, paid to the tax authority", -tax, false));
        }
        balance -= q.total_amount;
        lines.push(line("Our fees and disbursements", -q.total_amount, false));
    }
    lines.push(balance_line(balance));
    section(
        "Money on completion",
        &["What is paid to whom on the day you complete your purchase."],
        lines,
    )
}

fn balance_line(balance: i64) -> Value {
    let label = if balance >= 0 {
        "Balance due to you"
    } else {
        "Balance you need to pay us"
    };
    line(label, balance.abs(), true)
}
