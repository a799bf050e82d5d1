//! The statement Threshold makes of what the buyer's bank shared: every account they picked,
//! 12 months of settled transactions, one PDF in the source's evidence slot (as if uploaded by
//! the buyer, who consented), audited. Nothing else of the provider's answer is kept.

use chrono::{Months, Utc};
use serde_json::json;
use threshold_documents::DocumentStore;
use threshold_engine::money::pounds;
use threshold_engine::{AnySnapshot, CaseType, format_date};
use threshold_store::documents::{NewDocument, UPLOADED};
use threshold_store::open_banking::OpenBankingConsent;
use threshold_workflows::required_documents::evidence_slot;

use super::truelayer::{Account, Transaction, TrueLayerError};
use super::{SAVINGS_STATEMENT, STATEMENT_MONTHS, redirect_uri};
use crate::app::AppState;
use crate::cases::access;
use crate::error::ApiError;
use crate::extract::CurrentSession;

/// Why no statement was made (the buyer is told to upload instead; the log says which).
#[derive(Debug, thiserror::Error)]
pub enum Failed {
    #[error("the buyer or their bank declined")]
    Declined,
    #[error("no provider is configured")]
    Off,
    #[error("{0}")]
    Provider(#[from] TrueLayerError),
    #[error("the source asks for no savings statement now")]
    NoSlot,
    #[error("{0:?}")]
    Api(ApiError),
}

impl From<ApiError> for Failed {
    fn from(err: ApiError) -> Self {
        Self::Api(err)
    }
}

/// Exchanges the code, reads the accounts and their transactions, and files the statement.
pub(super) async fn collect(
    state: &AppState,
    session: &CurrentSession,
    consent: OpenBankingConsent,
    code: &str,
) -> Result<(), Failed> {
    let provider = state.open_banking.as_ref().ok_or(Failed::Off)?;
    // The case as the buyer may see it now (they may have lost access meanwhile).
    let caller = access::caller(session)?;
    let case = state
        .cases
        .open(&caller, CaseType::Buying, consent.case_id)
        .await
        .map_err(ApiError::from)?;
    state
        .cases
        .check_source_of_funds_evidence(&case, consent.source_id)
        .map_err(ApiError::from)?;
    let AnySnapshot::Buying(snap) = &case.snapshot else {
        return Err(Failed::NoSlot);
    };
    let slot = snap
        .source_of_funds
        .iter()
        .find(|f| f.id == consent.source_id)
        .and_then(|f| evidence_slot(snap, f.source_type))
        .filter(|slot| slot.document_type == SAVINGS_STATEMENT)
        .ok_or(Failed::NoSlot)?
        .id;

    let token = provider.exchange(code, &redirect_uri(state)).await?;
    let to = Utc::now();
    let from = to - Months::new(STATEMENT_MONTHS);
    let mut accounts = vec![];
    for account in provider.accounts(&token).await? {
        let transactions = provider
            .transactions(&token, &account.account_id, from, to)
            .await?;
        accounts.push(account_json(&account, &transactions, from, to));
    }
    let holder = session.user.preferred_name.clone();
    let data = json!({
        "title": "Bank statement",
        "reference": format!("Case {} · source of funds {}", consent.case_id, consent.source_id),
        "consent": format!(
            "Shared by {holder} from their bank through TrueLayer (open banking) on {}, with \
             their consent, for Threshold's source-of-funds review.",
            format_date(to.date_naive())
        ),
        "accounts": accounts,
    });
    let pdf = crate::documents::generated::render("bank_statement", data).await?;

    let key = DocumentStore::new_key();
    let size = pdf.len() as i64;
    state
        .documents
        .put(&key, pdf)
        .await
        .map_err(ApiError::internal)?;
    let rel = case.loaded.relationship;
    let new = NewDocument {
        case_id: consent.case_id,
        case_type: CaseType::Buying.as_str(),
        document_type: SAVINGS_STATEMENT,
        kind: UPLOADED,
        storage_key: &key,
        file_name: "bank-statement-open-banking.pdf",
        content_type: "application/pdf",
        size_bytes: size,
        is_draft: false,
        created_by: Some(session.user.id),
        uploaded_by_side: Some(if rel.is_party { "PARTY" } else { "BROKER" }),
    };
    let id = match state.db.insert_upload(&new, Some(slot), Utc::now()).await {
        Ok(id) => id,
        Err(err) => {
            if let Err(e) = state.documents.delete(&key).await {
                tracing::warn!(error = %e, "an unrecorded statement's object remains");
            }
            return Err(ApiError::from(err).into());
        }
    };
    crate::documents::audit(
        state,
        session.user.id,
        "document.collected_by_open_banking",
        consent.case_id,
        id,
    )
    .await?;
    Ok(())
}

/// One account as the template prints it: its number shortened to the last four digits.
fn account_json(
    account: &Account,
    transactions: &[Transaction],
    from: chrono::DateTime<Utc>,
    to: chrono::DateTime<Utc>,
) -> serde_json::Value {
    let number = account.account_number.as_ref();
    let last_four = number
        .and_then(|n| n.number.as_deref())
        .map(|n| {
            let digits: Vec<char> = n.chars().filter(char::is_ascii_digit).collect();
            let tail: String = digits[digits.len().saturating_sub(4)..].iter().collect();
            format!("ending {tail}")
        })
        .unwrap_or_else(|| "not given".into());
    json!({
        "name": account.display_name.clone().unwrap_or_else(|| "Account".into()),
        "bank": account
            .provider
            .as_ref()
            .and_then(|p| p.display_name.clone())
            .unwrap_or_else(|| "Bank".into()),
        "sortCode": number.and_then(|n| n.sort_code.clone()).unwrap_or_else(|| "not given".into()),
        "number": last_four,
        "currency": account.currency.clone().unwrap_or_else(|| "GBP".into()),
        "period": format!(
            "{} to {}",
            format_date(from.date_naive()),
            format_date(to.date_naive())
        ),
        "transactions": transactions.iter().map(transaction_json).collect::<Vec<_>>(),
    })
}

fn transaction_json(t: &Transaction) -> serde_json::Value {
    let pence = to_pence(t.amount);
    json!({
        "date": format_date(t.timestamp.date_naive()),
        "description": t.description,
        "moneyIn": if pence > 0 { pounds(pence) } else { String::new() },
        "moneyOut": if pence < 0 { pounds(-pence) } else { String::new() },
        "balance": t.running_balance.as_ref().map(|b| pounds(to_pence(b.amount))).unwrap_or_default(),
    })
}

/// The provider's pounds (a decimal with at most two places) as pence.
fn to_pence(pounds: f64) -> i64 {
    (pounds * 100.0).round() as i64
}

#[cfg(test)]
mod tests {
    use super::to_pence;

    #[test]
    fn the_provider_s_pounds_are_whole_pence() {
        assert_eq!(to_pence(-23.5), -2350);
        assert_eq!(to_pence(0.1 + 0.2), 30);
        assert_eq!(to_pence(1234.56), 123_456);
    }
}
