//! POST /quote/create-pdf: the case's latest quote as a PDF, kept as a generated QUOTE
//! document. The same quote makes one PDF: asking again returns it (200); a newer quote makes
//! a new one (201), and the older PDFs stay listed as the record of what was quoted.

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use serde_json::json;

use super::body::DocumentBody;
use super::generated::{Generated, KeptAs, generate, pounds};
use crate::app::AppState;
use crate::cases::access;
use crate::cases::quote::quote_body;
use crate::cases::types::{CaseRef, QuoteBody};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, CurrentSession};

const QUOTE: &str = "QUOTE";

#[utoipa::path(post, path = "/quote/create-pdf", tag = "documents", request_body = CaseRef,
    responses(
        (status = 201, description = "Made and stored as a generated QUOTE document", body = DocumentBody),
        (status = 200, description = "This quote's PDF exists already: that document", body = DocumentBody),
        (status = 403, description = "Not a party or broker of the case", body = ErrorBody),
        (status = 404, description = "Unknown case, no quote, or not yours", body = ErrorBody),
        (status = 422, description = "Unknown caseType", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn create_quote_pdf(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiJson(body): ApiJson<CaseRef>,
) -> ApiResult<(StatusCode, Json<DocumentBody>)> {
    let caller = access::caller(&session)?;
    let case_type = body.case_type;
    let case = state.cases.open(&caller, case_type, body.case_id).await?;
    let rel = case.loaded.relationship;
    if !rel.is_party && !rel.is_case_admin {
        return Err(ApiError::forbidden(
            "Only the case's customers and brokers may make its quote PDF.",
        ));
    }
    let quote = case.loaded.quote.as_ref().ok_or_else(ApiError::not_found)?;
    let file_name = format!("quote-{}-{}.pdf", body.case_id, quote.id);
    if let Some(doc) = state.db.latest_generated(body.case_id, QUOTE).await?
        && doc.file_name.as_deref() == Some(file_name.as_str())
    {
        return Ok((StatusCode::OK, Json(DocumentBody::from_record(&doc))));
    }
    let context = state.db.feed_context(body.case_id).await?;
    let quote = quote_body(quote, case_type);
    // The quote is the law firm's; the broker who introduced the client is named as such.
    let introducer = context
        .as_ref()
        .and_then(|c| match (&c.broker_name, &c.broker_firm) {
            (Some(name), Some(firm)) => Some(format!("{name}, {firm}")),
            (Some(name), None) => Some(name.clone()),
            (None, _) => None,
        });
    let data = pdf_data(
        &quote,
        super::firm::letterhead(&state.config),
        introducer.as_deref(),
        context
            .as_ref()
            .and_then(|c| c.brief.address_line1.as_deref()),
    );
    let doc = generate(
        &state,
        Generated {
            template: "quote",
            data,
            case_id: body.case_id,
            case_type,
            document_type: QUOTE,
            file_name: &file_name,
            kept_as: KeptAs::Issued { is_draft: false },
            by: session.user.id,
        },
    )
    .await?;
    Ok((StatusCode::CREATED, Json(DocumentBody::from_record(&doc))))
}

/// The quote template's data, every amount formatted as pounds.
fn pdf_data(
    q: &QuoteBody,
    firm: serde_json::Value,
    introducer: Option<&str>,
    address: Option<&str>,
) -> serde_json::Value {
    let line = |label: &str, amount: i64| json!({ "label": label, "amount": pounds(amount) });
    let vat: i64 = q
        .cost_breakdown
        .iter()
        .flat_map(|s| &s.costs)
        .filter(|c| c.label.to_ascii_uppercase().contains("VAT"))
        .map(|c| c.amount)
        .sum();
    json!({
        "title": "Your Conveyancing Quote",
        "reference": format!("Case {} · quote {}", q.case_id, q.id),
        "date": q.created_at.format("%-d %B %Y").to_string(),
        "firm": firm,
        "introducer": introducer,
        "property": address.unwrap_or("—"),
        "sections": q.cost_breakdown.iter().map(|s| json!({
            "title": s.section_title,
            "lines": s.costs.iter().map(|c| line(&c.label, c.amount)).collect::<Vec<_>>(),
        })).collect::<Vec<_>>(),
        "subtotal": pounds(q.subtotal),
        "discount": pounds(q.discount),
        "vat": pounds(vat),
        "total": pounds(q.total_amount),
        "deposit": pounds(q.deposit),
        "depositTerms": q.deposit_terms,
        "landTax": q.land_tax_estimate.as_ref().map(|t| json!({
            "label": t.label.clone().unwrap_or_else(|| <&str>::from(t.land_tax_type).to_owned()),
            "amount": pounds(t.amount),
            "note": match (&t.payable_to, t.due_days_after_completion) {
                (Some(to), Some(days)) => Some(format!("Payable to {to} within {days} days of completion.")),
                (Some(to), None) => Some(format!("Payable to {to}.")),
                _ => None,
            },
            // The facts the figure was worked out on, as the screen states them.
            "assumptions": t.assumptions,
        })),
        "referralFee": q.referral_fee.as_ref().map(|r| line(&r.label, r.amount)),
        "notes": q.notes,
    })
}

#[cfg(test)]
mod tests {
    use super::pounds;

    #[test]
    fn pence_print_as_pounds() {
        assert_eq!(pounds(0), "£0.00");
        assert_eq!(pounds(12_345_678), "£123,456.78");
        assert_eq!(pounds(-5), "-£0.05");
        assert_eq!(pounds(100_000), "£1,000.00");
    }
}
