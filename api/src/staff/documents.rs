//! What the firm's documents say, from the case as it is now: the mortgage report, a
//! purchase's client care letter and report on title, and the completion statement (a
//! remortgage's or a purchase's), money formatted as pounds, for the `case_document` template. Whether one is a draft is its record's, not the PDF's: the file
//! the staff reviewed is the one issued.

use chrono::Utc;
use serde_json::{Value, json};
use threshold_cases::OpenCase;
use threshold_engine::CaseType;
use threshold_engine::snapshot::doc_types;
use threshold_store::cases::LoadedCase;

use crate::cases::lenders;
use crate::config::Config;
use crate::documents::generated::pounds;

/// The documents the firm drafts for a case of this type.
pub(super) fn drafted(case_type: CaseType) -> &'static [&'static str] {
    match case_type {
        CaseType::Remortgaging => &[doc_types::MORTGAGE_REPORT, doc_types::COMPLETION_STATEMENT],
        CaseType::Buying => &[
            doc_types::CLIENT_CARE_LETTER,
            doc_types::REPORT_ON_TITLE,
            doc_types::COMPLETION_STATEMENT,
        ],
    }
}

/// The template's data for a document of this type (one of [`drafted`] for the case's type).
pub(super) fn data(config: &Config, case: &OpenCase, document_type: &str) -> Value {
    let firm = config.firm_name.as_str();
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
        (doc_types::CLIENT_CARE_LETTER, _) => (
            "Client Care Letter",
            client_care_letter(loaded, firm),
            "Please read this letter and accept it in Threshold: we start work once you have.",
        ),
        (doc_types::REPORT_ON_TITLE, _) => (
            "Report on Title",
            report_on_title(loaded, &lender, &property),
            "Please tell us at once if anything in this report is not as you expect, before you accept it.",
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
        "firm": crate::documents::firm::letterhead(config),
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

/// Who we act for, what we do, what it costs and how the money is paid (the Solicitors
/// Regulation Authority expects this in writing at the start of every matter).
fn client_care_letter(loaded: &LoadedCase, firm: &str) -> Vec<Value> {
    let acting = format!(
        "{firm} acts for you in buying the property and, where you have a mortgage, for your lender. We check the title, make the searches, raise enquiries with the seller's solicitors, report to you before you exchange contracts, and complete the purchase and its registration."
    );
    let mut fees = vec![];
    let mut payment = vec![];
    if let Some(q) = &loaded.quote {
        for s in q.cost_breakdown.iter() {
            for c in &s.costs {
                fees.push(line(&c.label, c.amount, false));
            }
        }
        fees.push(line("Total", q.total_amount, true));
        payment.push(line("Up-front payment, due now", q.deposit, true));
        payment.push(line(
            "The remainder, due just before completion",
            q.total_amount - q.deposit,
            false,
        ));
    }
    vec![
        section("What we will do", &[&acting], vec![]),
        section(
            "Our fees",
            &["These are the figures of the quote you accepted."],
            fees,
        ),
        section(
            "How you pay",
            &[
                "The up-front payment is not refundable: it covers the searches and the work we start at once. You pay it in Threshold once you have accepted this letter.",
            ],
            payment,
        ),
        section(
            "Your money and your information",
            &[
                "We hold money for you in a client account and pay it on only for the purchase. We will never e-mail you new bank details: call us on the number you know before sending money.",
                "If you are unhappy with our service, tell your conveyancer first. If we cannot put it right you may complain to the Legal Ombudsman within six months of our final response.",
            ],
            vec![],
        ),
    ]
}

/// What we found in the title, the searches and the seller's answers, before the buyers
/// commit to exchange.
fn report_on_title(loaded: &LoadedCase, lender: &str, property: &str) -> Vec<Value> {
    let r = &loaded.row;
    let tenure = match r.property.tenure.as_deref() {
        Some("LEASEHOLD") => {
            "leasehold: the lease, its length and its ground rent and service charge are set out in the contract pack we reviewed"
        }
        Some("FREEHOLD") => {
            "freehold: you will own the building and the land it stands on outright"
        }
        _ => "as shown in the title register",
    };
    let title = format!("{property} is {tenure}.");
    let mortgage = format!(
        "{lender}'s conditions are met by the title and the searches; we will report to the lender before completion."
    );
    vec![
        section(
            "The property and its title",
            &[
                &title,
                "The seller is the registered owner. The title register shows no rights of others that would stop you living in the property or selling it later.",
            ],
            vec![line("Price", r.purchase_price.unwrap_or(0), true)],
        ),
        section(
            "The searches and the seller's answers",
            &[
                "The local authority, drainage and water, and environmental searches found nothing that affects the value or your use of the property beyond what we tell you in this report.",
                "The seller's property information form (TA6) and their answers to our enquiries are in the contract pack: please read them and tell us if anything is not as you were told at the viewing.",
            ],
            vec![],
        ),
        section("Your mortgage", &[&mortgage], vec![]),
        section(
            "What happens next",
            &[
                "Each buyer reads this report and accepts it in Threshold. We then prepare the completion statement and agree a completion date with the seller.",
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
