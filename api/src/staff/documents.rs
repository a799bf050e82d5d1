//! What the firm's documents say, from the case as it is now: the client care letter, the
//! mortgage report, a purchase's report on title, and the completion statement (a
//! remortgage's or a purchase's), money formatted as pounds, for the `case_document` template. Whether one is a draft is its record's, not the PDF's: the file
//! the staff reviewed is the one issued.

use std::collections::BTreeMap;

use chrono::Utc;
use serde_json::{Value, json};
use threshold_cases::OpenCase;
use threshold_engine::CaseType;
use threshold_engine::enquiries::{Enquiry, EnquiryOutcome};
use threshold_engine::snapshot::{UploadedDocument, doc_types};
use threshold_store::cases::{LoadedCase, MortgageOfferRecord};

use super::progress::StaffDraftRequest;
use super::statement::{self, Statement};
use crate::app::AppState;
use crate::config::Config;
use crate::documents::generated::pounds;
use crate::error::{ApiError, ApiResult};

/// The longest finding a conveyancer writes into a report.
const MAX_FINDING_CHARS: usize = 5000;

/// The conveyancer's own words in a report (issue 29): what the case's file cannot say for
/// them — what the title register and the searches show, what the lender's offer asks. A
/// report states the recorded facts (the tenure, the searches and enquiries on the file, the
/// offer's figures) and leaves every finding to these.
#[derive(Debug, Default)]
pub(super) struct Findings {
    title: Option<String>,
    searches: Option<String>,
    lender: Option<String>,
}

impl Findings {
    /// The findings the draft request gives for this document type: each it requires given
    /// (1–5000 characters), none it does not use.
    pub(super) fn of(document_type: &str, body: &StaffDraftRequest) -> Result<Self, ApiError> {
        let given = [
            ("titleFindings", &body.title_findings),
            ("searchFindings", &body.search_findings),
            ("lenderFindings", &body.lender_findings),
        ];
        // (field, required) for each the document has.
        let wanted: &[(&str, bool)] = match document_type {
            doc_types::REPORT_ON_TITLE => &[
                ("titleFindings", true),
                ("searchFindings", true),
                ("lenderFindings", false),
            ],
            doc_types::MORTGAGE_REPORT => &[("lenderFindings", true)],
            _ => &[],
        };
        let mut problems = BTreeMap::new();
        let mut text = |field: &str| -> Option<String> {
            let value = given
                .iter()
                .find(|(name, _)| *name == field)
                .and_then(|(_, v)| v.as_deref())
                .map(str::trim)
                .filter(|v| !v.is_empty());
            let required = wanted.iter().find(|(name, _)| *name == field).map(|w| w.1);
            match (value, required) {
                (Some(_), None) => {
                    problems.insert(field.to_owned(), "is not part of this document".to_owned());
                    None
                }
                (None, Some(true)) => {
                    problems.insert(
                        field.to_owned(),
                        "is required: the report states only your findings and the file's facts"
                            .to_owned(),
                    );
                    None
                }
                (Some(v), _) if v.chars().count() > MAX_FINDING_CHARS => {
                    problems.insert(
                        field.to_owned(),
                        format!("must be at most {MAX_FINDING_CHARS} characters"),
                    );
                    None
                }
                (v, _) => v.map(str::to_owned),
            }
        };
        let findings = Findings {
            title: text("titleFindings"),
            searches: text("searchFindings"),
            lender: text("lenderFindings"),
        };
        if problems.is_empty() {
            Ok(findings)
        } else {
            Err(ApiError::invalid_fields(problems))
        }
    }
}

/// The template's data for a document of this type (one the case's rule book issues).
/// A completion statement whose figures are not all recorded is refused (409, each named).
pub(super) async fn data(
    state: &AppState,
    case: &OpenCase,
    document_type: &str,
    findings: &Findings,
) -> ApiResult<Value> {
    let config = &state.config;
    let firm = config.firm_name.as_str();
    let loaded = &case.loaded;
    let r = &loaded.row;
    let owners: Vec<String> = loaded
        .applicants()
        .map(|p| p.preferred_name.clone())
        .collect();
    let property = super::queue::address(loaded).unwrap_or_else(|| "—".into());
    let offer = state.db.mortgage_offer(r.id).await?;
    let (title, sections, closing) = match (document_type, case.case_type) {
        (doc_types::MORTGAGE_REPORT, _) => (
            "Mortgage Report",
            mortgage_report(loaded, offer.as_ref(), findings),
            "Please tell us at once if anything in this report is not as you expect.",
        ),
        (doc_types::CLIENT_CARE_LETTER, _) => (
            "Client Care Letter",
            client_care_letter(
                loaded,
                state.workflows.scope_of_work(case.case_type, firm),
                &state.workflows.words(case.case_type).noun,
            ),
            "Please read this letter and accept it in Threshold: we start work once you have.",
        ),
        (doc_types::REPORT_ON_TITLE, _) => (
            "Report on Title",
            report_on_title(
                loaded,
                &property,
                case.snapshot.searches_recorded(false),
                case.snapshot.enquiries(),
                offer.as_ref(),
                findings,
            ),
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

fn mortgage_report(
    loaded: &LoadedCase,
    offer: Option<&MortgageOfferRecord>,
    findings: &Findings,
) -> Vec<Value> {
    let r = &loaded.row;
    let loan = offer.map_or(r.loan_amount.unwrap_or(0), |o| o.amount);
    let value = r.property_value.or(r.purchase_price).unwrap_or(0);
    let ltv = if value > 0 {
        format!("{:.1}%", loan as f64 * 100.0 / value as f64)
    } else {
        "—".into()
    };
    let mut conditions = vec![offer_facts(offer)];
    conditions.extend(findings.lender.clone());
    conditions.extend([
        "You must keep the property insured for at least its rebuilding cost, and tell the lender before letting it or making structural changes.".to_owned(),
        "If you repay the mortgage early during an initial rate period an early repayment charge may apply: your broker can tell you how much.".to_owned(),
    ]);
    vec![
        section(
            "Your new mortgage",
            &[
                "The figures of the lender's offer as we recorded it, and the value of the property you gave us.",
            ],
            vec![
                line("Amount borrowed", loan, true),
                line("Value of the property", value, false),
                json!({ "label": "Loan to value", "amount": ltv, "strong": false }),
            ],
        ),
        paragraphs_section("The offer and its conditions", conditions),
        section(
            "What happens next",
            &[
                "Each owner reads this report and accepts it in Threshold. We then ask your current lender for the redemption figure and prepare the completion statement.",
            ],
            vec![],
        ),
    ]
}

/// The lender's offer as the firm recorded it from the document: lender, amount, dates, and its
/// special conditions in the lender's words.
fn offer_facts(offer: Option<&MortgageOfferRecord>) -> String {
    let Some(o) = offer else {
        return "We have not recorded a mortgage offer on your case.".into();
    };
    let conditions = o.special_conditions.as_deref().map_or_else(
        || "It has no special conditions.".to_owned(),
        |c| format!("Its special conditions: {c}"),
    );
    format!(
        "{} offered {} on {}; the offer is valid until {}. {conditions}",
        o.lender,
        pounds(o.amount),
        o.offer_date.format("%-d %B %Y"),
        o.expires_on.format("%-d %B %Y"),
    )
}

fn paragraphs_section(title: &str, paragraphs: Vec<String>) -> Value {
    json!({ "title": title, "paragraphs": paragraphs, "lines": [] })
}

/// The client care letter: engagement terms, costs and complaints, given in writing at the
/// time of engagement (SRA Code of Conduct for Solicitors 8.3 on complaints, 8.6-8.7 on
/// pricing information), for a purchase before its up-front payment and for a remortgage
/// while identities are checked.
///
/// `acting` is what the firm does on this kind of case (the workflow file's `scope_of_work`).
fn client_care_letter(loaded: &LoadedCase, acting: String, noun: &str) -> Vec<Value> {
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
    let up_front = loaded.quote.as_ref().is_some_and(|q| q.deposit > 0);
    if let Some(q) = &loaded.quote {
        for s in q.cost_breakdown.iter() {
            for c in &s.costs {
                fees.push(line(&c.label, c.amount, false));
            }
        }
        fees.push(line("Total", q.total_amount, true));
        if up_front {
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
        } else {
            payment.push(line("Due at completion", q.total_amount, true));
        }
    }
    // Consumer Contracts Regulations 2013: 14 days to cancel (regs. 29-30); work started within
    // them only at the client's express request (reg. 36), paid for pro rata if they cancel.
    let cancelling = if up_front {
        "When you pay, you ask us to start work within the 14-day cancellation period (Consumer Contracts Regulations 2013, regulation 36); we record when you did. To cancel, tell us in writing, for example by e-mail; you may use the model cancellation form, which you find on the Deposit page in Threshold and at /legal/cancellation-form.html on our website."
    } else {
        // The terms above give the 14 days (from accepting the quote): said once, not again.
        "By accepting this letter you ask us to start work within the 14-day cancellation period (Consumer Contracts Regulations 2013, regulation 36): if you then cancel, you pay only for the work done until you told us. To cancel, tell us in writing, for example by e-mail; you may use the model cancellation form at /legal/cancellation-form.html on our website."
    };
    vec![
        section("What we will do", &[&acting], vec![]),
        section(
            "Our fees",
            &["These are the figures of the quote you accepted."],
            fees,
        ),
        section("How you pay", &[&terms, cancelling], payment),
        section(
            "Your money and your information",
            &[
                &format!(
                    "We hold money for you in a client account and pay it on only for the {noun}. We will never e-mail you new bank details: call us on the number you know before sending money."
                ),
                "If you are unhappy with our service, tell your conveyancer first. If we cannot put it right you may complain to the Legal Ombudsman within six months of our final response.",
            ],
            vec![],
        ),
    ]
}

/// What the file records and what the conveyancer found in the title, the searches, the
/// seller's answers and the enquiries, before the buyers commit to exchange. Every finding is
/// the conveyancer's (`findings`); the rest is what the case records.
fn report_on_title(
    loaded: &LoadedCase,
    property: &str,
    searches_recorded: &[UploadedDocument],
    enquiries: &[Enquiry],
    offer: Option<&MortgageOfferRecord>,
    findings: &Findings,
) -> Vec<Value> {
    let r = &loaded.row;
    let tenure = match r.property.tenure.as_deref() {
        Some("LEASEHOLD") => "leasehold",
        Some("FREEHOLD") => "freehold",
        _ => "of the tenure shown in the title register",
    };
    let mut title = vec![format!("{property} is {tenure}.")];
    title.extend(findings.title.clone());
    let mut searches = vec![searches_on_file(searches_recorded)];
    searches.extend(findings.searches.clone());
    let mut answers = vec![
        "The seller's property information form (TA6) is in the contract pack: please read it and tell us if anything is not as you were told at the viewing.".to_owned(),
    ];
    answers.extend(enquiry_lines(enquiries));
    let mut mortgage = vec![match offer {
        Some(_) => offer_facts(offer),
        None => "You are buying without a mortgage.".to_owned(),
    }];
    mortgage.extend(findings.lender.clone());
    vec![
        json!({
            "title": "The property and its title",
            "paragraphs": title,
            "lines": [line("Price", r.purchase_price.unwrap_or(0), true)],
        }),
        paragraphs_section("The searches", searches),
        paragraphs_section("The seller's answers and our enquiries", answers),
        paragraphs_section("Your mortgage", mortgage),
        section(
            "What happens next",
            &[
                "Each buyer reads this report and accepts it in Threshold. We then prepare the completion statement and agree a completion date with the seller.",
            ],
            vec![],
        ),
    ]
}

/// The searches whose results are recorded on the case, by name.
fn searches_on_file(recorded: &[UploadedDocument]) -> String {
    let mut names: Vec<&str> = recorded
        .iter()
        .map(|s| match s.document_type.as_str() {
            doc_types::LOCAL_AUTHORITY_SEARCH => "the local authority search",
            doc_types::DRAINAGE_AND_WATER_SEARCH => "the drainage and water search",
            doc_types::ENVIRONMENTAL_SEARCH => "the environmental search",
            _ => "another search",
        })
        .collect();
    names.dedup();
    if names.is_empty() {
        "No search result is recorded on your case.".into()
    } else {
        format!(
            "We have the results of these searches: {}.",
            names.join(", ")
        )
    }
}

/// Each enquiry raised with the seller's solicitor and its reply, as the file records them.
fn enquiry_lines(enquiries: &[Enquiry]) -> Vec<String> {
    if enquiries.is_empty() {
        return vec![
            "We raised no enquiries with the seller's solicitor beyond the contract pack.".into(),
        ];
    }
    enquiries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let reply = match (e.outcome, e.answer.as_deref()) {
                (Some(EnquiryOutcome::Withdrawn), _) => "Withdrawn.".to_owned(),
                (_, Some(answer)) => format!("Reply: {answer}"),
                (_, None) => "Not answered yet.".to_owned(),
            };
            format!("Enquiry {}: {} {reply}", i + 1, e.question)
        })
        .collect()
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
