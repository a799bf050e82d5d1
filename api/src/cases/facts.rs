//! Key facts: validation (422 by field), eligibility (spec §5) and the engine's quote.

use std::collections::BTreeMap;

use threshold_engine::equity_tax::EquityTransfer;
use threshold_engine::quote::{Introducer, QuoteDetails, Staircasing as StaircasingDetails};
use threshold_engine::types::{IneligibilityReason, Jurisdiction, PropertyUsage};
use threshold_engine::{CaseType, CaseWords};
use threshold_store::cases::{Introduction, KeyFacts, NewQuote, StaircasingFacts};
use threshold_workflows::Workflows;

use super::lenders;
use super::types::{
    BuyingCaseRequest, ClientDetails, CostLineBody, PropertyInput, QuoteTerms,
    RemortgagingCaseRequest, Staircasing,
};
use crate::choice::Choice;
use crate::error::{ApiError, ApiResult};

/// Collects field problems so one 422 names them all.
#[derive(Default)]
pub struct Problems(BTreeMap<String, String>);

impl Problems {
    fn add(&mut self, field: &str, problem: &str) {
        self.0
            .entry(field.to_owned())
            .or_insert_with(|| problem.to_owned());
    }

    /// The stored name of the value chosen; none (and a problem of `field`) when the text is
    /// not one of the enum's values.
    fn choice<T: Copy + Into<&'static str>>(
        &mut self,
        field: &str,
        choice: &Choice<T>,
    ) -> Option<String> {
        let name = choice.value().map(|v| v.into().to_owned());
        if name.is_none() {
            self.add(field, "is not an accepted value");
        }
        name
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
    if let Some(t) = &p.tenure {
        facts.tenure = problems.choice("property.tenure", t);
    }
    if let Some(t) = &p.property_type {
        facts.property_type = problems.choice("property.type", t);
    }
}

/// No home we act on costs more: £1,000,000,000 in pence.
const MAX_PENCE: i64 = 100_000_000_000;

fn money(problems: &mut Problems, field: &str, value: Option<i64>, required: bool) {
    match value {
        Some(v) if v <= 0 => problems.add(field, "must be more than 0 (pence)"),
        Some(v) if v > MAX_PENCE => problems.add(field, "must be at most £1,000,000,000"),
        None if required => problems.add(field, "is required"),
        _ => {}
    }
}

/// A share in percent as basis points (50 → 5000): at most two decimals, 0 to 100.
fn basis_points(problems: &mut Problems, field: &str, percent: f64) -> Option<i32> {
    let points = (percent * 100.0).round();
    let exact = (percent * 100.0 - points).abs() < 1e-6;
    if !(0.0..=10_000.0).contains(&points) || !exact {
        problems.add(
            field,
            "must be a percentage from 0 to 100, with at most two decimals",
        );
        return None;
    }
    Some(points as i32)
}

/// A staircasing remortgage's facts, checked: the share grows, the price is money.
fn staircasing_facts(problems: &mut Problems, s: &Staircasing) -> Option<StaircasingFacts> {
    let before = basis_points(problems, "staircasing.shareBefore", s.share_before);
    let after = basis_points(problems, "staircasing.shareAfter", s.share_after);
    if let (Some(b), Some(a)) = (before, after)
        && a <= b
    {
        problems.add("staircasing.shareAfter", "must be more than shareBefore");
    }
    money(
        problems,
        "staircasing.sharePrice",
        Some(s.share_price),
        true,
    );
    Some(StaircasingFacts {
        share_before: before?,
        share_after: after?,
        price: s.share_price,
        market_value_election_made: s.market_value_election_made,
    })
}

/// A date within `years_back` years before and `years_ahead` years after today.
fn date_within(
    problems: &mut Problems,
    field: &str,
    value: Option<chrono::NaiveDate>,
    years_back: u32,
    years_ahead: u32,
) {
    let today = chrono::Utc::now().date_naive();
    let from = today - chrono::Months::new(12 * years_back);
    let to = today + chrono::Months::new(12 * years_ahead);
    if value.is_some_and(|d| d < from || d > to) {
        problems.add(
            field,
            &format!(
                "must be within {years_back} years before and {years_ahead} years after today"
            ),
        );
    }
}

fn lender(problems: &mut Problems, field: &str, value: &Option<String>) -> Option<String> {
    let code = trimmed(value)?;
    if !lenders::is_known(&code) {
        problems.add(field, "is not a lender from GET /lenders");
    }
    Some(code)
}

/// A key-facts request of either case type: what both share, and the type's own answers.
pub trait KeyFactsRequest {
    const CASE_TYPE: CaseType;
    fn shared(&self) -> Shared<'_>;
    /// Validates the type's own answers onto `facts`.
    fn own_facts(&self, problems: &mut Problems, facts: &mut KeyFacts);
    /// The client a broker names (create only).
    fn client(&self) -> Option<&ClientDetails>;
}

/// The answers every case starts with.
pub struct Shared<'a> {
    pub jurisdiction: &'a Choice<Jurisdiction>,
    pub property_usage: &'a Choice<PropertyUsage>,
    pub broker_reference: &'a Option<String>,
    pub is_dependent_on_sale: bool,
    pub is_company_owned: bool,
    pub is_residential: bool,
    pub property: &'a PropertyInput,
}

/// Validates a request into key facts; one 422 names every problem.
pub fn key_facts<R: KeyFactsRequest>(req: &R) -> ApiResult<KeyFacts> {
    let mut problems = Problems::default();
    let s = req.shared();
    let jurisdiction = problems.choice("jurisdiction", s.jurisdiction);
    let property_usage = problems.choice("propertyUsage", s.property_usage);
    let broker_reference = trimmed(s.broker_reference);
    if broker_reference
        .as_ref()
        .is_some_and(|r| r.chars().count() > 100)
    {
        problems.add("brokerReference", "must be at most 100 characters");
    }
    let mut f = KeyFacts {
        jurisdiction: jurisdiction.unwrap_or_default(),
        property_usage: property_usage.unwrap_or_default(),
        broker_reference,
        is_dependent_on_sale: s.is_dependent_on_sale,
        is_company_owned: s.is_company_owned,
        is_residential: s.is_residential,
        ..KeyFacts::default()
    };
    property_facts(s.property, &mut problems, &mut f);
    req.own_facts(&mut problems, &mut f);
    problems.done()?;
    Ok(f)
}

impl KeyFactsRequest for RemortgagingCaseRequest {
    const CASE_TYPE: CaseType = CaseType::Remortgaging;

    fn shared(&self) -> Shared<'_> {
        Shared {
            jurisdiction: &self.jurisdiction,
            property_usage: &self.property_usage,
            broker_reference: &self.broker_reference,
            is_dependent_on_sale: self.is_dependent_on_sale,
            is_company_owned: self.is_company_owned,
            is_residential: self.is_residential,
            property: &self.property,
        }
    }

    fn own_facts(&self, problems: &mut Problems, f: &mut KeyFacts) {
        money(problems, "propertyValue", Some(self.property_value), true);
        money(problems, "loanAmount", self.loan_amount, false);
        if self
            .loan_amount
            .is_some_and(|loan| loan > self.property_value)
        {
            problems.add("loanAmount", "must not be more than the property value");
        }
        date_within(
            problems,
            "currentDealEndDate",
            self.current_deal_end_date,
            5,
            10,
        );
        f.property_value = Some(self.property_value);
        f.loan_amount = self.loan_amount;
        if let Some(r) = &self.remortgaging_reason {
            f.remortgaging_reason = problems.choice("remortgagingReason", r);
        }
        f.lender = lender(problems, "newLender", &self.new_lender);
        f.current_deal_end_date = self.current_deal_end_date;
        f.is_repaying_help_to_buy = self.is_repaying_help_to_buy;
        if let Some(s) = &self.staircasing {
            let staircasing =
                f.remortgaging_reason.as_deref() == Some("SHARED_OWNERSHIP_STAIRCASING");
            if !staircasing {
                problems.add(
                    "staircasing",
                    "is only for a remortgage to buy a further share (SHARED_OWNERSHIP_STAIRCASING)",
                );
            }
            f.staircasing = staircasing_facts(problems, s);
        }
    }

    fn client(&self) -> Option<&ClientDetails> {
        self.client.as_ref()
    }
}

impl KeyFactsRequest for BuyingCaseRequest {
    const CASE_TYPE: CaseType = CaseType::Buying;

    fn shared(&self) -> Shared<'_> {
        Shared {
            jurisdiction: &self.jurisdiction,
            property_usage: &self.property_usage,
            broker_reference: &self.broker_reference,
            is_dependent_on_sale: self.is_dependent_on_sale,
            is_company_owned: self.is_company_owned,
            is_residential: self.is_residential,
            property: &self.property,
        }
    }

    fn own_facts(&self, problems: &mut Problems, f: &mut KeyFacts) {
        money(problems, "purchasePrice", Some(self.purchase_price), true);
        money(problems, "depositAmount", self.deposit_amount, false);
        if self.deposit_amount.is_some_and(|d| d > self.purchase_price) {
            problems.add("depositAmount", "must not be more than the purchase price");
        }
        date_within(problems, "targetMoveInDate", self.target_move_in_date, 1, 5);
        f.purchase_price = Some(self.purchase_price);
        f.deposit_amount = self.deposit_amount;
        f.lender = lender(problems, "lender", &self.lender);
        f.is_first_time_buyer = self.is_first_time_buyer;
        f.is_new_build = self.is_new_build;
        f.is_shared_ownership = self.is_shared_ownership;
        f.results_in_multiple_properties = self.results_in_multiple_properties;
        f.is_replacing_main_residence = self.is_replacing_main_residence;
        f.target_move_in_date = self.target_move_in_date;
        f.buyers_uk_resident = self.buyers_uk_resident;
        f.is_new_lease = self.is_new_lease;
    }

    fn client(&self) -> Option<&ClientDetails> {
        self.client.as_ref()
    }
}

/// The spec's ineligibility texts (ELIG-01..06): buying says "purchasing".
pub fn ineligibility_message(words: &CaseWords, reason: IneligibilityReason) -> String {
    let verb = &words.gerund;
    let capital = words.gerund_capitalised();
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

/// Whom and when a quote is made for, beyond the key facts.
pub struct QuoteFor<'a> {
    /// The applicants it is priced for (one at least).
    pub people: u32,
    /// A buyer said in Buyer Details that they are not UK resident; buyers who have not said
    /// are as the key facts' answer says.
    pub buyer_not_uk_resident: bool,
    pub today: chrono::NaiveDate,
    /// The broker firm that introduced the client, with the referral fee the firm records for
    /// it: the quote discloses it (SRA Code of Conduct for Solicitors, para 5.1).
    pub introducer: Option<&'a Introduction>,
    /// A transfer of equity's facts as the application has them so far (None: none yet, and
    /// the quote says what its land tax needs).
    pub equity_transfer: Option<EquityTransfer>,
    /// A conveyancer took the case on despite a more complex kind (see `Workflows::ineligibility`).
    pub taken_on: bool,
}

impl<'a> QuoteFor<'a> {
    /// A case being opened: its lead applicant only, nobody's Buyer Details yet.
    pub fn new_case(today: chrono::NaiveDate, introducer: Option<&'a Introduction>) -> Self {
        Self {
            people: 1,
            buyer_not_uk_resident: false,
            today,
            introducer,
            equity_transfer: None,
            taken_on: false,
        }
    }
}

/// The engine's quote for these facts; None for an ineligible case (nothing to quote for).
pub fn quote(
    workflows: &Workflows,
    case_type: CaseType,
    f: &KeyFacts,
    to: &QuoteFor<'_>,
) -> ApiResult<Option<NewQuote>> {
    if workflows
        .ineligibility(case_type, &f.eligibility(), to.taken_on)
        .is_some()
    {
        return Ok(None);
    }
    let mut facts = f.quote_facts();
    facts.non_uk_resident |= to.buyer_not_uk_resident;
    let request = workflows
        .fees
        .request(case_type, &facts, to.people, to.today);
    // Unasked, a new build is taken to be a new lease (the schedule's default).
    let details = QuoteDetails {
        transfer_of_part_or_new_lease: f.is_new_lease,
        equity_transfer: to.equity_transfer.clone(),
        staircasing: f.staircasing.map(|s| StaircasingDetails {
            share_before: s.share_before.unsigned_abs(),
            share_after: s.share_after.unsigned_abs(),
            price: s.price,
            market_value_election_made: s.market_value_election_made,
        }),
        introducer: to.introducer.map(|i| Introducer {
            name: i.firm_name.clone(),
            referral_fee: i.referral_fee,
        }),
        ..QuoteDetails::default()
    };
    let q = workflows
        .fees
        .quote_with(&request, &details, &workflows.land_tax)
        .map_err(ApiError::internal)?;
    let terms = QuoteTerms {
        deposit_terms: q.deposit_terms.clone(),
        referral_fee: CostLineBody {
            label: q.referral_fee.label.clone(),
            amount: q.referral_fee.amount,
        },
        notes: q.notes.clone(),
        land_tax_label: q.land_tax_estimate.as_ref().map(|e| e.label.clone()),
        land_tax_payable_to: q.land_tax_estimate.as_ref().map(|e| e.payable_to.clone()),
        land_tax_due_days_after_completion: q
            .land_tax_estimate
            .as_ref()
            .map(|e| e.due_days_after_completion),
        land_tax_assumptions: q
            .land_tax_estimate
            .as_ref()
            .map(|e| e.assumptions.clone())
            .filter(|a| !a.is_empty()),
    };
    Ok(Some(NewQuote {
        terms: serde_json::to_value(&terms).map_err(ApiError::internal)?,
        total_amount: q.total_amount,
        deposit: q.deposit,
        subtotal: q.subtotal,
        discount: q.discount,
        cost_breakdown: serde_json::to_value(&q.cost_breakdown).map_err(ApiError::internal)?,
        land_tax_type: q
            .land_tax_estimate
            .as_ref()
            .map(|e| <&str>::from(e.land_tax_type).to_owned()),
        land_tax_amount: q.land_tax_estimate.map(|e| e.amount),
    }))
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
            ineligibility_message(
                Workflows::load().unwrap().words(CaseType::Buying),
                IneligibilityReason::BuyToLet
            ),
            "Purchasing a buy-to-let property is a little more complex, and we're not quite ready for you just yet."
        );
    }
}
