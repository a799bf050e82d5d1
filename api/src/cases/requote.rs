//! Re-quoting (issue 28.2): an answer given after the quote that changes the price makes a new
//! quote, which the customer accepts again (the sections after the quote wait for it), and the
//! broker is told.

use threshold_cases::{Caller, OpenCase};
use threshold_store::cases::{KeyFacts, NewQuote, QuoteRow};

use super::facts::{self, QuoteFor};
use crate::app::AppState;
use crate::error::ApiResult;

/// The quote the case's facts now call for, priced for its applicants as they are (their own
/// residence answers included).
pub async fn quote_now(
    state: &AppState,
    case: &OpenCase,
    facts: &KeyFacts,
) -> ApiResult<Option<NewQuote>> {
    quote_with_residence(state, case, facts, None).await
}

/// [`quote_now`] with one buyer's residence answer as it is being saved: (applicant id, their
/// answer).
async fn quote_with_residence(
    state: &AppState,
    case: &OpenCase,
    facts: &KeyFacts,
    saving: Option<(i64, Option<bool>)>,
) -> ApiResult<Option<NewQuote>> {
    let case_id = case.loaded.row.id;
    let introducer = state.db.introduction_of_case(case_id).await?;
    let people = case.loaded.applicants().count() as u32;
    facts::quote(
        &state.workflows,
        case.case_type,
        facts,
        &QuoteFor {
            people,
            buyer_not_uk_resident: case.loaded.applicants().any(|p| {
                let resident = match saving {
                    Some((id, answer)) if id == p.id => answer,
                    _ => p.is_uk_resident,
                };
                resident == Some(false)
            }),
            today: chrono::Utc::now().date_naive(),
            introducer: introducer.as_ref(),
        },
    )
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

/// The quote for the case after an answer, when the answer itself changes the price: the quote
/// with it against the quote without it, both for the case as it is now. So a change the answer
/// did not make (a co-buyer's own identity-check fee, say) never asks the client to accept again
/// on an unrelated answer.
fn changed_by_answer(before: Option<NewQuote>, after: Option<NewQuote>) -> Option<NewQuote> {
    match (before, after) {
        (Some(b), Some(a)) if price_of(&b) == price_of(&a) => None,
        (_, after) => after,
    }
}

/// The new quote a key fact answered in the application (the Stamp Duty Land Tax answers)
/// leads to, when it changes the price of a quoted case.
pub async fn requote_for_answers(
    state: &AppState,
    case: &OpenCase,
    facts: &KeyFacts,
) -> ApiResult<Option<NewQuote>> {
    if case.loaded.quote.is_none() {
        return Ok(None);
    }
    let before = quote_now(state, case, &case.loaded.row.key_facts()).await?;
    let after = quote_now(state, case, facts).await?;
    Ok(changed_by_answer(before, after))
}

/// The new quote a buyer's residence answer leads to, when it changes the price of a quoted
/// purchase (the non-resident surcharge).
pub async fn requote_for_residence(
    state: &AppState,
    case: &OpenCase,
    applicant_id: i64,
    is_uk_resident: Option<bool>,
) -> ApiResult<Option<NewQuote>> {
    if case.case_type != threshold_engine::CaseType::Buying || case.loaded.quote.is_none() {
        return Ok(None);
    }
    let facts = case.loaded.row.key_facts();
    let before = quote_with_residence(state, case, &facts, None).await?;
    let saving = Some((applicant_id, is_uk_resident));
    let after = quote_with_residence(state, case, &facts, saving).await?;
    Ok(changed_by_answer(before, after))
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
