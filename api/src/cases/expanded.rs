//! GET /remortgaging/cases/{caseId}/expanded and /buying/case/{caseId}/expanded: the spec's
//! expanded record plus `view`, the engine's answer for this user (sections, tiles, chip,
//! message, transitions), so the SPA never re-implements a rule.

use axum::Json;
use axum::extract::{Path, State};
use serde_json::{Value, json};
use threshold_store::UserId;
use threshold_store::cases::{LoadedCase, PartyRow};

use super::access::{self, BUYING, REMORTGAGING};
use super::list::{admins, legal_names};
use super::quote::quote_body;
use crate::app::AppState;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::CurrentSession;

#[utoipa::path(get, path = "/remortgaging/cases/{caseId}/expanded", tag = "cases",
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "The expanded remortgaging case with `view` (see docs/api/cases.md)", body = Object),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, non-numeric id, or not yours", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn remortgaging(
    State(state): State<AppState>,
    session: CurrentSession,
    Path(case_id): Path<String>,
) -> ApiResult<Json<Value>> {
    let loaded = load(&state, &session, &case_id, REMORTGAGING).await?;
    let snap = loaded
        .remortgaging_snapshot()
        .ok_or_else(|| ApiError::internal("unknown status"))?;
    let actor = access::actor(&session.user, loaded.relationship);
    let view = state.workflows.remortgaging.evaluate(&snap, &actor);
    let r = &loaded.row;
    let mut body = common(&loaded, &session.user.id, REMORTGAGING);
    let extra = json!({
        "hasAlterations": r.has_alterations,
        "hasAdultOccupants": r.has_adult_occupants,
        "isCompanyCase": r.is_company_case,
        "remortgagingReason": r.remortgaging_reason,
        "newLender": r.lender,
        "currentDealEndDate": r.current_deal_end_date,
        "propertyValue": r.property_value,
        "loanAmount": r.loan_amount,
        "isRepayingHelpToBuy": r.is_repaying_help_to_buy,
        "hasHTBRedemptionLetter": r.has_htb_redemption_letter,
        "hasMortgageOffer": r.has_mortgage_offer,
        "alterations": snap.alterations,
        "propertyOwners": parties(&loaded, &session.user.id, "APPLICANT"),
        "requiredDocuments": snap.required_documents,
        "transferOfEquity": snap.transfer_of_equity,
        "view": view,
    });
    merge(&mut body, extra);
    Ok(Json(body))
}

#[utoipa::path(get, path = "/buying/case/{caseId}/expanded", tag = "cases",
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 200, description = "The expanded buying case with `view` (see docs/api/cases.md)", body = Object),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, non-numeric id, or not yours", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn buying(
    State(state): State<AppState>,
    session: CurrentSession,
    Path(case_id): Path<String>,
) -> ApiResult<Json<Value>> {
    let loaded = load(&state, &session, &case_id, BUYING).await?;
    let snap = loaded
        .buying_snapshot()
        .ok_or_else(|| ApiError::internal("unknown status"))?;
    let actor = access::actor(&session.user, loaded.relationship);
    let view = state.workflows.buying.evaluate(&snap, &actor);
    let r = &loaded.row;
    let mut body = common(&loaded, &session.user.id, BUYING);
    let extra = json!({
        "lender": r.lender,
        "depositAmount": r.deposit_amount,
        "purchasePrice": r.purchase_price,
        "resultsInMultipleProperties": r.results_in_multiple_properties,
        "isReplacingMainResidence": r.is_replacing_main_residence,
        "isFirstTimeBuyer": r.is_first_time_buyer,
        "isNewBuild": r.is_new_build,
        "isSharedOwnership": r.is_shared_ownership,
        "targetMoveInDate": r.target_move_in_date,
        "hasPaidDeposit": r.has_paid_deposit,
        "buyers": parties(&loaded, &session.user.id, "APPLICANT"),
        "donors": parties(&loaded, &session.user.id, "DONOR"),
        "sourceOfFunds": snap.source_of_funds,
        "isas": snap.isas,
        "requiredDocuments": snap.required_documents,
        "deposit": snap.deposit,
        "searches": snap.searches,
        "view": view,
    });
    merge(&mut body, extra);
    Ok(Json(body))
}

async fn load(
    state: &AppState,
    session: &CurrentSession,
    raw_id: &str,
    case_type: &'static str,
) -> ApiResult<LoadedCase> {
    let case_id = access::parse_case_id(raw_id)?;
    let scope = access::scope(state, session).await?;
    state
        .db
        .load_case(case_id, case_type, &scope, session.user.id)
        .await?
        .ok_or_else(ApiError::not_found)
}

fn merge(body: &mut Value, extra: Value) {
    if let (Some(target), Value::Object(more)) = (body.as_object_mut(), extra) {
        target.extend(more);
    }
}

/// The fields both types share.
fn common(loaded: &LoadedCase, _viewer: &UserId, case_type: &str) -> Value {
    let r = &loaded.row;
    let p = &r.property;
    json!({
        "id": r.id,
        "caseType": case_type,
        "status": r.status,
        "createdAt": r.created_at,
        "updatedAt": r.updated_at,
        "propertyUsage": r.property_usage,
        "hasLoans": r.has_loans,
        "completionDate": r.completion_date,
        "ineligibilityReason": r.ineligibility_reason,
        "loans": loaded.loans.iter().map(|(id, t)| json!({ "id": id, "chargeType": t })).collect::<Vec<_>>(),
        "property": {
            "addressLine1": p.address_line1, "addressLine2": p.address_line2, "town": p.town,
            "county": p.county, "postcode": p.postcode, "formattedAddress": p.formatted_address,
            "jurisdiction": r.jurisdiction, "tenure": p.tenure, "type": p.property_type,
            "landOwnership": p.land_ownership,
        },
        "quote": loaded.quote.as_ref().map(|q| quote_body(q, case_type)),
        "documents": {
            "documents": loaded.documents.iter().map(|d| json!({
                "documentId": d.id, "documentType": d.document_type, "url": format!("/api/document/{}", d.id),
            })).collect::<Vec<_>>(),
            "generatedDocuments": loaded.generated_documents.iter().map(|d| json!({
                "documentId": d.id, "documentType": d.document_type, "isDraft": d.is_draft,
            })).collect::<Vec<_>>(),
        },
        "caseAdmins": admins(&loaded.admins),
        "brokerReference": if loaded.relationship.is_case_admin { r.broker_reference.clone() } else { None },
    })
}

/// Owners, buyers or donors. Another customer's personal details are withheld from a customer
/// (`redacted`, ENT-12); brokers of the case see everyone.
fn parties(loaded: &LoadedCase, viewer: &UserId, party_type: &str) -> Vec<Value> {
    loaded
        .parties
        .iter()
        .filter(|p| p.party_type == party_type)
        .map(|p| party(loaded, p, viewer))
        .collect()
}

fn party(loaded: &LoadedCase, p: &PartyRow, viewer: &UserId) -> Value {
    let redacted = p.redacted || (!loaded.relationship.is_case_admin && p.user_id != *viewer);
    let snap = loaded.party(p);
    if redacted {
        return json!({
            "id": p.id, "partyType": p.party_type, "isLead": p.is_lead, "redacted": true,
            "user": { "id": p.user_id.to_string(), "preferredName": p.preferred_name, "legalNames": [],
                      "email": null, "phoneNumber": null, "dateOfBirth": null, "address": { "line1": null },
                      "occupation": null, "nationalInsuranceNumber": null },
            "isUkResident": null, "identitySubmittedAt": p.identity_submitted_at,
            "identityVerifiedAt": p.identity_verified_at, "documentAcceptances": snap.document_acceptances,
        });
    }
    json!({
        "id": p.id, "partyType": p.party_type, "isLead": p.is_lead, "redacted": false,
        "user": {
            "id": p.user_id.to_string(), "preferredName": p.preferred_name,
            "legalNames": legal_names(loaded.legal_names.get(&p.user_id)),
            "email": p.email, "phoneNumber": p.phone_number, "dateOfBirth": p.date_of_birth,
            "address": { "line1": p.address_line1 }, "occupation": p.occupation,
            "nationalInsuranceNumber": p.national_insurance_number,
        },
        "isUkResident": p.is_uk_resident, "identitySubmittedAt": p.identity_submitted_at,
        "identityVerifiedAt": p.identity_verified_at, "documentAcceptances": snap.document_acceptances,
    })
}
