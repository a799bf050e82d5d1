//! Key facts: validation (422 by field), eligibility (spec §5), the engine's quote, and the
//! automatic transitions the engine applies to a new or changed case.

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::de::DeserializeOwned;
use threshold_engine::land_tax::LandTaxInput;
use threshold_engine::types::{IneligibilityReason, Jurisdiction, PropertyUsage, Tenure};
use threshold_engine::{
    Actor, CaseSnapshot, CaseType, Effect, QuoteRequest, Supplement, Workflow, WorkflowStatus,
};
use threshold_store::cases::{EffectRecord, KeyFacts, NewQuote, TransitionRecord};
use threshold_workflows::Workflows;

use super::lenders;
use super::types::{BuyingCaseRequest, PropertyInput, RemortgagingCaseRequest};
use crate::error::{ApiError, ApiResult};

const PROPERTY_TYPES: &[&str] = &[
    "APARTMENT_FLAT",
    "CONVERTED",
    "COTTAGE",
    "DETACHED_HOUSE",
    "DETACHED_BUNGALOW",
    "LOFT",
    "MAISONETTE",
    "SEMI_DETACHED_HOUSE",
    "SEMI_DETACHED_BUNGALOW",
    "STATIC_CARAVAN",
    "STUDIO_APARTMENT",
    "TERRACED",
    "TOWNHOUSE",
    "VILLA",
];

/// Collects field problems so one 422 names them all.
#[derive(Default)]
struct Problems(BTreeMap<String, String>);

impl Problems {
    fn add(&mut self, field: &str, problem: &str) {
        self.0
            .entry(field.to_owned())
            .or_insert_with(|| problem.to_owned());
    }

    fn enum_value<T: DeserializeOwned>(&mut self, field: &str, value: &str) -> Option<T> {
        let parsed = serde_json::from_value(serde_json::Value::String(value.to_owned())).ok();
        if parsed.is_none() {
            self.add(field, "is not an accepted value");
        }
        parsed
    }

    fn done(self) -> ApiResult<()> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(ApiError::invalid_fields(self.0))
        }
    }
}

fn trimmed(v: &Option<String>) -> Option<String> {
    v.as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map(str::to_owned)
}

/// A UK postcode (outward 2–4 characters starting with a letter, inward digit + 2 letters),
/// returned upper-case with one space.
pub fn parse_postcode(raw: &str) -> Option<String> {
    let compact: String = raw
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_uppercase();
    let n = compact.len();
    if !(5..=7).contains(&n) || !compact.is_ascii() {
        return None;
    }
    let (outward, inward) = compact.split_at(n - 3);
    let b = inward.as_bytes();
    let ok_inward =
        b[0].is_ascii_digit() && b[1].is_ascii_alphabetic() && b[2].is_ascii_alphabetic();
    let ok_outward = outward.as_bytes()[0].is_ascii_alphabetic()
        && outward.bytes().all(|c| c.is_ascii_alphanumeric())
        && outward.bytes().any(|c| c.is_ascii_digit());
    (ok_inward && ok_outward).then(|| format!("{outward} {inward}"))
}

fn property_facts(p: &PropertyInput, problems: &mut Problems, facts: &mut KeyFacts) {
    if p.address_line1.trim().is_empty() {
        problems.add("property.addressLine1", "is required");
    }
    facts.address_line1 = p.address_line1.trim().to_owned();
    facts.address_line2 = trimmed(&p.address_line2);
    facts.town = trimmed(&p.town);
    facts.county = trimmed(&p.county);
    match parse_postcode(&p.postcode) {
        Some(pc) => facts.postcode = pc,
        None => problems.add("property.postcode", "Enter a valid UK postcode"),
    }
    if let Some(t) = trimmed(&p.tenure) {
        problems.enum_value::<Tenure>("property.tenure", &t);
        facts.tenure = Some(t);
    }
    if let Some(t) = trimmed(&p.property_type) {
        if !PROPERTY_TYPES.contains(&t.as_str()) {
            problems.add("property.type", "is not an accepted value");
        }
        facts.property_type = Some(t);
    }
}

fn money(problems: &mut Problems, field: &str, value: Option<i64>, required: bool) {
    match value {
        Some(v) if v <= 0 => problems.add(field, "must be more than 0 (pence)"),
        None if required => problems.add(field, "is required"),
        _ => {}
    }
}

fn lender(problems: &mut Problems, field: &str, value: &Option<String>) -> Option<String> {
    let code = trimmed(value)?;
    if !lenders::is_known(&code) {
        problems.add(field, "is not a lender from GET /lenders");
    }
    Some(code)
}

fn common(
    problems: &mut Problems,
    jurisdiction: &str,
    usage: &str,
    reference: &Option<String>,
) -> KeyFacts {
    problems.enum_value::<Jurisdiction>("jurisdiction", jurisdiction);
    problems.enum_value::<PropertyUsage>("propertyUsage", usage);
    let broker_reference = trimmed(reference);
    if broker_reference
        .as_ref()
        .is_some_and(|r| r.chars().count() > 100)
    {
        problems.add("brokerReference", "must be at most 100 characters");
    }
    KeyFacts {
        jurisdiction: jurisdiction.to_owned(),
        property_usage: usage.to_owned(),
        broker_reference,
        ..KeyFacts::default()
    }
}

pub fn remortgaging_facts(req: &RemortgagingCaseRequest) -> ApiResult<KeyFacts> {
    let mut problems = Problems::default();
    let mut f = common(
        &mut problems,
        &req.jurisdiction,
        &req.property_usage,
        &req.broker_reference,
    );
    f.is_dependent_on_sale = req.is_dependent_on_sale;
    f.is_company_owned = req.is_company_owned;
    f.is_residential = req.is_residential;
    property_facts(&req.property, &mut problems, &mut f);
    money(
        &mut problems,
        "propertyValue",
        Some(req.property_value),
        true,
    );
    money(&mut problems, "loanAmount", req.loan_amount, false);
    f.property_value = Some(req.property_value);
    f.loan_amount = req.loan_amount;
    if let Some(r) = trimmed(&req.remortgaging_reason) {
        problems
            .enum_value::<threshold_engine::types::RemortgagingReason>("remortgagingReason", &r);
        f.remortgaging_reason = Some(r);
    }
    f.lender = lender(&mut problems, "newLender", &req.new_lender);
    f.current_deal_end_date = req.current_deal_end_date;
    f.is_repaying_help_to_buy = req.is_repaying_help_to_buy;
    problems.done()?;
    Ok(f)
}

pub fn buying_facts(req: &BuyingCaseRequest) -> ApiResult<KeyFacts> {
    let mut problems = Problems::default();
    let mut f = common(
        &mut problems,
        &req.jurisdiction,
        &req.property_usage,
        &req.broker_reference,
    );
    f.is_dependent_on_sale = req.is_dependent_on_sale;
    f.is_company_owned = req.is_company_owned;
    f.is_residential = req.is_residential;
    property_facts(&req.property, &mut problems, &mut f);
    money(
        &mut problems,
        "purchasePrice",
        Some(req.purchase_price),
        true,
    );
    money(&mut problems, "depositAmount", req.deposit_amount, false);
    f.purchase_price = Some(req.purchase_price);
    f.deposit_amount = req.deposit_amount;
    f.lender = lender(&mut problems, "lender", &req.lender);
    f.is_first_time_buyer = req.is_first_time_buyer;
    f.is_new_build = req.is_new_build;
    f.is_shared_ownership = req.is_shared_ownership;
    f.results_in_multiple_properties = req.results_in_multiple_properties;
    f.is_replacing_main_residence = req.is_replacing_main_residence;
    f.target_move_in_date = req.target_move_in_date;
    problems.done()?;
    Ok(f)
}

/// The eligibility check of spec §5 (ELIG-01..05), first reason wins.
pub fn ineligibility(f: &KeyFacts) -> Option<IneligibilityReason> {
    if !matches!(f.jurisdiction.as_str(), "ENGLAND" | "WALES") {
        Some(IneligibilityReason::NotEnglandOrWales)
    } else if f.is_dependent_on_sale {
        Some(IneligibilityReason::DependentOnSale)
    } else if f.is_company_owned {
        Some(IneligibilityReason::CompanyOwned)
    } else if f.property_usage == "BUY_TO_LET" {
        Some(IneligibilityReason::BuyToLet)
    } else if !f.is_residential {
        Some(IneligibilityReason::NonResidential)
    } else {
        None
    }
}

pub fn reason_name(reason: IneligibilityReason) -> String {
    serde_json::to_value(reason)
        .ok()
        .and_then(|v| v.as_str().map(str::to_owned))
        .unwrap_or_default()
}

/// The spec's ineligibility texts (ELIG-01..06): buying says "purchasing".
pub fn ineligibility_message(case_type: CaseType, reason: IneligibilityReason) -> String {
    let verb = match case_type {
        CaseType::Remortgaging => "remortgaging",
        CaseType::Buying => "purchasing",
    };
    let mut capital = verb.to_owned();
    capital[..1].make_ascii_uppercase();
    let complex = "is a little more complex, and we're not quite ready for you just yet.";
    match reason {
        IneligibilityReason::NotEnglandOrWales => {
            format!("Unfortunately we only support {verb} properties in England or Wales.")
        }
        IneligibilityReason::DependentOnSale => {
            format!("{capital} a property dependent on a sale {complex}")
        }
        IneligibilityReason::CompanyOwned => {
            format!("{capital} a company-owned property {complex}")
        }
        IneligibilityReason::BuyToLet => format!("{capital} a buy-to-let property {complex}"),
        IneligibilityReason::NonResidential => {
            format!("{capital} a non-residential property {complex}")
        }
    }
}

/// The engine's quote for these facts; None for an ineligible case (nothing to quote for).
pub fn quote(
    workflows: &Workflows,
    case_type: CaseType,
    f: &KeyFacts,
    people: u32,
    today: chrono::NaiveDate,
) -> ApiResult<Option<NewQuote>> {
    if ineligibility(f).is_some() {
        return Ok(None);
    }
    let leasehold = f.tenure.as_deref() == Some("LEASEHOLD");
    let mut supplements = vec![];
    if leasehold {
        supplements.push(Supplement::Leasehold);
    }
    let request = match case_type {
        CaseType::Remortgaging => {
            match f.remortgaging_reason.as_deref() {
                Some("REMORTGAGE_TRANSFER_OF_EQUITY") => {
                    supplements.push(Supplement::TransferOfEquity)
                }
                Some("SHARED_OWNERSHIP_STAIRCASING") => {
                    supplements.push(Supplement::SharedOwnership)
                }
                _ => {}
            }
            if f.is_repaying_help_to_buy {
                supplements.push(Supplement::HelpToBuyRedemption);
            }
            QuoteRequest {
                case_type,
                price: f.property_value.unwrap_or_default(),
                loan: f.loan_amount,
                people: people.max(1),
                supplements,
                discount: 0,
                land_tax: None,
            }
        }
        CaseType::Buying => {
            if f.is_new_build {
                supplements.push(Supplement::NewBuild);
            }
            if f.is_shared_ownership {
                supplements.push(Supplement::SharedOwnership);
            }
            let jurisdiction = if f.jurisdiction == "WALES" {
                Jurisdiction::Wales
            } else {
                Jurisdiction::England
            };
            QuoteRequest {
                case_type,
                price: f.purchase_price.unwrap_or_default(),
                loan: None,
                people: people.max(1),
                supplements,
                discount: 0,
                land_tax: Some(LandTaxInput {
                    jurisdiction,
                    price: f.purchase_price.unwrap_or_default(),
                    effective_date: f.target_move_in_date.unwrap_or(today),
                    first_time_buyer: f.is_first_time_buyer,
                    additional_dwelling: f.results_in_multiple_properties == Some(true)
                        && f.is_replacing_main_residence != Some(true),
                    non_uk_resident: false,
                }),
            }
        }
    };
    let q = workflows.quote(&request).map_err(ApiError::internal)?;
    Ok(Some(NewQuote {
        total_amount: q.total_amount,
        deposit: q.deposit,
        subtotal: q.subtotal,
        discount: q.discount,
        cost_breakdown: serde_json::to_value(&q.cost_breakdown).map_err(ApiError::internal)?,
        land_tax_type: q.land_tax_estimate.as_ref().map(|e| {
            serde_json::to_value(e.land_tax_type)
                .ok()
                .and_then(|v| v.as_str().map(str::to_owned))
                .unwrap_or_default()
        }),
        land_tax_amount: q.land_tax_estimate.map(|e| e.amount),
    }))
}

/// Applies the system transitions the engine finds allowed now (e.g. title documents in →
/// BROKER_APPLICATION, or an ineligible case → INELIGIBLE), in order, to the snapshot.
pub fn automatic_transitions<S: CaseSnapshot>(
    workflow: &Workflow<S>,
    snap: &mut S,
    set_status: impl Fn(&mut S, S::Status),
    now: DateTime<Utc>,
) -> Vec<TransitionRecord> {
    let mut records = vec![];
    // A definition cannot loop forever (terminal statuses have no way out); the bound is a belt.
    for _ in 0..5 {
        let Some(name) = workflow.next_automatic(snap).map(str::to_owned) else {
            break;
        };
        let Ok(applied) = workflow.apply(snap, &Actor::system(), &name, now, None) else {
            break;
        };
        records.push(record(
            None,
            &name,
            &applied.from,
            &applied.to,
            &applied.effects,
        ));
        set_status(snap, applied.to);
    }
    records
}

/// A persisted form of an applied transition.
pub fn record<St: WorkflowStatus>(
    actor: Option<threshold_store::UserId>,
    name: &str,
    from: &St,
    to: &St,
    effects: &[Effect],
) -> TransitionRecord {
    let mut completion_date = None;
    let effects = effects
        .iter()
        .map(|e| {
            let due_at = match e {
                Effect::Reminder { due_at, .. } => Some(*due_at),
                Effect::RecordCompletionDate { date } => {
                    completion_date = Some(*date);
                    None
                }
                _ => None,
            };
            EffectRecord {
                effect: serde_json::to_value(e).unwrap_or_default(),
                due_at,
            }
        })
        .collect();
    TransitionRecord {
        actor,
        name: name.to_owned(),
        from: from.as_str().to_owned(),
        to: to.as_str().to_owned(),
        reason: None,
        effects,
        completion_date,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn postcodes_are_normalised_or_refused() {
        assert_eq!(parse_postcode("sw1a1aa").as_deref(), Some("SW1A 1AA"));
        assert_eq!(parse_postcode("CT1 1AA").as_deref(), Some("CT1 1AA"));
        assert_eq!(parse_postcode("nope"), None);
        assert_eq!(parse_postcode("12345"), None);
    }

    #[test]
    fn elig_06_buying_says_purchasing() {
        assert_eq!(
            ineligibility_message(CaseType::Buying, IneligibilityReason::BuyToLet),
            "Purchasing a buy-to-let property is a little more complex, and we're not quite ready for you just yet."
        );
    }
}
