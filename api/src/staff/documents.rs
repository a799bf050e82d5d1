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

use super::statement::{self, Statement};
use crate::app::AppState;
use crate::cases::lenders;
use crate::config::Config;
use crate::documents::generated::pounds;
use crate::error::ApiResult;

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
/// A completion statement whose figures are not all recorded is refused (409, each named).
pub(super) async fn data(
    state: &AppState,
    case: &OpenCase,
    document_type: &str,
) -> ApiResult<Value> {
    let config = &state.config;
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
            remortgage_completion(config, r.id, &completion(state, case).await?),
            "The redemption figures are your current lenders'; they change daily until completion.",
        ),
        (_, CaseType::Buying) => (
            "Completion Statement",
            purchase_completion(config, r.id, &completion(state, case).await?),
            "The figures assume completion on the agreed date; we confirm the final figure the day before.",
        ),
    };
    Ok(json!({
        "title": title,
        "firm": crate::documents::firm::letterhead(config),
        "reference": format!("Case {}", r.id),
        "date": Utc::now().format("%-d %B %Y").to_string(),
        "addressee": owners.join(" and "),
        "property": property,
        "sections": sections,
        "closing": closing,
    }))
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
    // The quote's terms as made from workflows/fees.toml: the same words as the quote, its
    // PDF and the payment page.
    let terms = loaded
        .quote
        .as_ref()
        .and_then(crate::cases::quote::terms_of)
        .map(|t| t.deposit_terms)
        .unwrap_or_default();
    if let Some(q) = &loaded.quote {
        for s in q.cost_breakdown.iter() {
            for c in &s.costs {
                fees.push(line(&c.label, c.amount, false));
            }
        }
        fees.push(line("Total", q.total_amount, true));
        payment.push(line(
            "Up-front payment, once you have accepted this letter",
            q.deposit,
            true,
        ));
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
                &terms,
                "When you pay, you ask us to start work within the 14-day cancellation period (Consumer Contracts Regulations 2013, regulation 36); we record when you did. To cancel, tell us in writing, for example by e-mail; you may use the model cancellation form, which you find on the Deposit page in Threshold and at /legal/cancellation-form.html on our website.",
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

/// The case's completion statement, or a 409 naming each figure it lacks.
async fn completion(state: &AppState, case: &OpenCase) -> ApiResult<Statement> {
    super::ledger_view::completion_statement(state, case)
        .await?
        .map_err(super::ledger_view::incomplete)
}

/// The new loan pays off each existing charge and our bill; what is left is the owners'.
fn remortgage_completion(config: &Config, case_id: i64, s: &Statement) -> Vec<Value> {
    completion_sections(
        config,
        case_id,
        s,
        "What is paid to whom on the day your new mortgage completes: each existing lender's redemption figure with its daily interest to completion.",
    )
}

/// The seller is paid the price from the advance of the recorded offer, the gifts and the
/// buyers' own money; the land tax and our bill are paid from what the buyers send us.
fn purchase_completion(config: &Config, case_id: i64, s: &Statement) -> Vec<Value> {
    completion_sections(
        config,
        case_id,
        s,
        "What is paid to whom on the day you complete your purchase, and where the money comes from.",
    )
}

/// Every line of the statement, what was received, the balance, by when and how to pay it.
fn completion_sections(config: &Config, case_id: i64, s: &Statement, intro: &str) -> Vec<Value> {
    let signed = |l: &statement::Line| line(&l.label, l.amount, false);
    let mut sections = vec![section(
        "Money on completion",
        &[intro],
        s.lines.iter().map(signed).collect(),
    )];
    if !s.received.is_empty() {
        sections.push(section(
            "What you have sent us so far",
            &[],
            s.received.iter().map(signed).collect(),
        ));
    }
    let by = s.due_by.map_or_else(
        || "one working day before the completion date we agree with you".to_owned(),
        |d| {
            format!(
                "by {}, the working day before completion",
                d.format("%-d %B %Y")
            )
        },
    );
    if s.balance < 0 {
        let pay = format!(
            "Please pay {} {by}, by bank transfer to our client account: {}, sort code {}, account number {}, quoting the reference Case {case_id}.",
            pounds(-s.balance),
            config.firm_client_account_name,
            config.firm_client_account_sort_code,
            config.firm_client_account_number,
        );
        let safe = format!(
            "We will never e-mail you new bank details: before you send money, call us on {} to confirm these.",
            config.firm_phone_number
        );
        sections.push(section(
            "How to pay",
            &[&pay, &safe],
            vec![balance_line(s.balance)],
        ));
    } else {
        sections.push(section(
            "The balance",
            &["We pay it to you on completion, to the account you tell us."],
            vec![balance_line(s.balance)],
        ));
    }
    sections
}

fn balance_line(balance: i64) -> Value {
    let label = if balance >= 0 {
        "Balance due to you"
    } else {
        "Balance you need to pay us"
    };
    line(label, balance.abs(), true)
}
