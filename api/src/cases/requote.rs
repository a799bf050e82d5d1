//! Re-quoting (issue 28.2): an answer given after the quote that changes the price makes a new
//! quote, which the customer accepts again (the sections after the quote wait for it), and the
//! broker is told.

use threshold_cases::{Caller, OpenCase};
use threshold_engine::equity_tax::EquityTransfer;
use threshold_engine::types::TransferReason;
use threshold_store::cases::{Introduction, KeyFacts, NewQuote, QuoteRow};

use super::facts::{self, QuoteFor};
use crate::app::AppState;
use crate::error::ApiResult;

/// An answer being saved, which the case as loaded does not hold yet.
#[derive(Clone, Copy)]
enum Answer {
    /// Nothing new: the case as stored.
    AsStored,
    /// A buyer's UK residence in Buyer Details.
    Residence {
        applicant_id: i64,
        is_uk_resident: Option<bool>,
    },
    /// Why a remortgage transfers equity.
    TransferReason(TransferReason),
}

/// Prices one case as it is now: what a quote needs besides the key facts, loaded once per
/// request however many prices the request compares.
struct Pricer<'a> {
    state: &'a AppState,
    case: &'a OpenCase,
    introducer: Option<Introduction>,
    today: chrono::NaiveDate,
    /// Priced as a case a conveyancer has taken on (see `Workflows::ineligibility`).
    taken_on: bool,
}

impl<'a> Pricer<'a> {
    async fn load(state: &'a AppState, case: &'a OpenCase) -> ApiResult<Self> {
        let introducer = state.db.introduction_of_case(case.loaded.row.id).await?;
        let today = chrono::Utc::now().date_naive();
        Ok(Self {
            state,
            case,
            introducer,
            today,
            taken_on: case.loaded.row.taken_on_at.is_some(),
        })
    }

    /// The quote for these facts and the case's applicants, with the answer being saved.
    fn quote(&self, facts: &KeyFacts, answer: Answer) -> ApiResult<Option<NewQuote>> {
        let applicants = || self.case.loaded.applicants();
        facts::quote(
            &self.state.workflows,
            self.case.case_type,
            facts,
            &QuoteFor {
                people: applicants().count() as u32,
                buyer_not_uk_resident: applicants().any(|p| {
                    let resident = match answer {
                        Answer::Residence {
                            applicant_id,
                            is_uk_resident,
                        } if applicant_id == p.id => is_uk_resident,
                        _ => p.is_uk_resident,
                    };
                    resident == Some(false)
                }),
                today: self.today,
                introducer: self.introducer.as_ref(),
                equity_transfer: self.equity_transfer(facts, answer),
                taken_on: self.taken_on,
            },
        )
    }

    /// A transfer of equity's facts as the application has them. Its reason (the spec's
    /// separation reasons) makes it a transfer on divorce, dissolution or separation, which the
    /// engine prices as exempt from land tax; before the reason, none (the quote says what its
    /// land tax needs).
    fn equity_transfer(&self, facts: &KeyFacts, answer: Answer) -> Option<EquityTransfer> {
        let reason = match answer {
            Answer::TransferReason(reason) => Some(reason),
            _ => self.case.loaded.transfer_of_equity.flatten(),
        }?;
        let loans = &self.case.loaded.loans;
        // The debt secured on the home before the transfer, when every charge's balance is given.
        let mortgage_debt = loans.iter().map(|l| l.amount).sum::<Option<i64>>();
        Some(EquityTransfer {
            mortgage_debt: mortgage_debt.filter(|_| !loans.is_empty()),
            reason: Some(reason),
            ..EquityTransfer::whole_equity(
                facts.property_value.unwrap_or_default(),
                facts.loan_amount,
            )
        })
    }
}

/// The quote the case's facts now call for, priced for its applicants as they are (their own
/// answers included).
pub async fn quote_now(
    state: &AppState,
    case: &OpenCase,
    facts: &KeyFacts,
) -> ApiResult<Option<NewQuote>> {
    Pricer::load(state, case)
        .await?
        .quote(facts, Answer::AsStored)
}

/// The quote of a case a conveyancer is taking on: refused, it had none.
pub async fn quote_when_taken_on(state: &AppState, case: &OpenCase) -> ApiResult<Option<NewQuote>> {
    let mut pricer = Pricer::load(state, case).await?;
    pricer.taken_on = true;
    pricer.quote(&case.loaded.row.key_facts(), Answer::AsStored)
}

/// What a client pays: the firm's total, the up-front payment and the land tax.
type Price<'a> = (i64, i64, Option<&'a str>, Option<i64>);

fn price_of_row(q: &QuoteRow) -> Price<'_> {
    (
        q.total_amount,
        q.deposit,
        q.land_tax_type.as_deref(),
        q.land_tax_amount,
    )
}

fn price_of(q: &NewQuote) -> Price<'_> {
    (
        q.total_amount,
        q.deposit,
        q.land_tax_type.as_deref(),
        q.land_tax_amount,
    )
}

/// Whether `new` prices the case differently from `latest`.
pub fn changes_price(latest: Option<&QuoteRow>, new: &NewQuote) -> bool {
    latest.is_none_or(|q| price_of_row(q) != price_of(new))
}

/// The quote for a quoted case after an answer, when the answer itself changes the price: the
/// quote with it (and `facts`, the key facts as they will be) against the quote of the case as
/// stored, both for the case's applicants as they are now. So a change the answer did not make
/// (a co-buyer's own identity-check fee, say) never asks the client to accept again on an
/// unrelated answer. None for a case with no quote yet: its first quote is made as ever.
async fn requote(
    state: &AppState,
    case: &OpenCase,
    facts: &KeyFacts,
    answer: Answer,
) -> ApiResult<Option<NewQuote>> {
    if case.loaded.quote.is_none() {
        return Ok(None);
    }
    let pricer = Pricer::load(state, case).await?;
    let before = pricer.quote(&case.loaded.row.key_facts(), Answer::AsStored)?;
    let after = pricer.quote(facts, answer)?;
    Ok(match (before, after) {
        (Some(b), Some(a)) if price_of(&b) == price_of(&a) => None,
        (_, after) => after,
    })
}

/// The new quote a key fact answered in the application (the Stamp Duty Land Tax answers)
/// leads to, when it changes the price of a quoted case.
pub async fn requote_for_answers(
    state: &AppState,
    case: &OpenCase,
    facts: &KeyFacts,
) -> ApiResult<Option<NewQuote>> {
    requote(state, case, facts, Answer::AsStored).await
}

/// The new quote a buyer's residence answer leads to, when it changes the price of a quoted
/// purchase (the non-resident surcharge).
pub async fn requote_for_residence(
    state: &AppState,
    case: &OpenCase,
    applicant_id: i64,
    is_uk_resident: Option<bool>,
) -> ApiResult<Option<NewQuote>> {
    if case.case_type != threshold_engine::CaseType::Buying {
        return Ok(None);
    }
    let answer = Answer::Residence {
        applicant_id,
        is_uk_resident,
    };
    requote(state, case, &case.loaded.row.key_facts(), answer).await
}

/// The new quote a transfer of equity's reason leads to, when it changes the price of a quoted
/// remortgage (a transfer on separation: no land tax, and no return to file).
pub async fn requote_for_transfer_reason(
    state: &AppState,
    case: &OpenCase,
    reason: TransferReason,
) -> ApiResult<Option<NewQuote>> {
    let facts = case.loaded.row.key_facts();
    requote(state, case, &facts, Answer::TransferReason(reason)).await
}

/// Whether the case's latest quote has been accepted.
pub fn quote_accepted(case: &OpenCase) -> bool {
    case.loaded
        .quote
        .as_ref()
        .is_some_and(|q| q.accepted_at.is_some())
}

/// Tells the case's broker that the quote their client accepted was replaced by one that
/// prices the case differently (`was_accepted`: the replaced quote had been accepted).
pub async fn tell_broker(
    state: &AppState,
    caller: &Caller,
    case: &OpenCase,
    was_accepted: bool,
) -> ApiResult<()> {
    if was_accepted && case.loaded.relationship.is_party {
        state
            .cases
            .announce(caller, case, "quote_changed", None)
            .await?;
    }
    Ok(())
}
