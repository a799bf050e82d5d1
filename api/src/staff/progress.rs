//! The firm's steps on a submitted case: deciding on an owner's identity (the manual review
//! that is the default identity provider), recording the lender's offer and a purchase's
//! searches, drafting the
//! documents it issues (rendered from the case by the PDF service) and issuing them. Each goes
//! through the case service, which takes the workflow step the change allows.

use std::collections::BTreeMap;

use axum::Json;
use axum::extract::State;
use axum::http::StatusCode;
use chrono::{NaiveDate, Utc};
use serde::Deserialize;
use threshold_cases::Progress;
use threshold_engine::CaseType;
use threshold_engine::snapshot::doc_types;
use threshold_store::cases::{IdentityDecision, NewMortgageOffer};
use utoipa::ToSchema;

use super::Staff;
use super::case::StaffTransitionDone;
use crate::app::AppState;
use crate::auth::EmptyBody;
use crate::cases::access;
use crate::cases::access::path_case_type;
use crate::documents::DocumentBody;
use crate::documents::generated::{Generated, KeptAs, generate};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath};

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum IdentityVerdict {
    Verified,
    Rejected,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct StaffIdentityDecision {
    pub decision: IdentityVerdict,
    /// Required when REJECTED: what was wrong and what to do next (the customer reads it).
    #[schema(max_length = 2000)]
    pub reason: Option<String>,
    /// Required when VERIFIED, every item true: what the firm compared. Kept in the audit
    /// trail.
    pub checks: Option<IdentityChecklist>,
}

/// What the firm compares before it verifies a person's identity (the Money Laundering
/// Regulations' customer due diligence, done by eye on the photo ID and selfie).
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(default, deny_unknown_fields, rename_all = "camelCase")]
pub struct IdentityChecklist {
    /// The selfie is the person on the photo ID.
    pub photo_matches: bool,
    /// The name on the photo ID is the name in the application.
    pub name_matches: bool,
    /// The date of birth on the photo ID is the one in the application.
    pub date_of_birth_matches: bool,
    /// The photo ID has not expired.
    pub document_in_date: bool,
    /// The address on the ID or proof of address is the one in the application.
    pub address_matches: bool,
}

impl IdentityChecklist {
    /// Each item by its field name, with whether it was ticked.
    fn items(&self) -> [(&'static str, bool); 5] {
        [
            ("photoMatches", self.photo_matches),
            ("nameMatches", self.name_matches),
            ("dateOfBirthMatches", self.date_of_birth_matches),
            ("documentInDate", self.document_in_date),
            ("addressMatches", self.address_matches),
        ]
    }

    /// The items compared, for the audit trail; a 422 naming each one left unticked.
    fn all_ticked(checks: Option<&Self>) -> ApiResult<Vec<String>> {
        let Some(checks) = checks else {
            return Err(ApiError::bad_field(
                "checks",
                "Tick what you compared before verifying",
            ));
        };
        let missing: BTreeMap<String, String> = checks
            .items()
            .iter()
            .filter(|(_, ticked)| !ticked)
            .map(|(name, _)| {
                (
                    format!("checks.{name}"),
                    "must be ticked: compare it before verifying".to_owned(),
                )
            })
            .collect();
        if missing.is_empty() {
            Ok(checks
                .items()
                .iter()
                .map(|(n, _)| (*n).to_owned())
                .collect())
        } else {
            Err(ApiError::invalid_fields(missing))
        }
    }
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StaffDraftRequest {
    /// CLIENT_CARE_LETTER, MORTGAGE_REPORT or COMPLETION_STATEMENT (remortgaging);
    /// CLIENT_CARE_LETTER, REPORT_ON_TITLE or COMPLETION_STATEMENT (buying).
    pub document_type: String,
    /// REPORT_ON_TITLE, required: what the title register and the contract show (the owner,
    /// rights, restrictions, anything the buyers must know), in the conveyancer's words.
    /// 1–5000 characters.
    pub title_findings: Option<String>,
    /// REPORT_ON_TITLE, required: what the searches found that matters to the buyers.
    pub search_findings: Option<String>,
    /// MORTGAGE_REPORT, required; REPORT_ON_TITLE, optional: what the conveyancer checked in
    /// the lender's offer and what its conditions ask of the clients.
    pub lender_findings: Option<String>,
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/identity/{applicantId}", tag = "staff",
    request_body = StaffIdentityDecision,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("applicantId" = String, Path, description = "The owner's or buyer's id on the case"),
    ),
    responses(
        (status = 200, description = "Decided; once every owner is verified the case moves on", body = StaffTransitionDone),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case or owner", body = ErrorBody),
        (status = 409, description = "`conflict`: the identity is not waiting for a decision", body = ErrorBody),
        (status = 422, description = "Unknown `decision`, `reason` missing for a rejection, or `checks` missing or not all ticked for a verification (each unticked item named)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn decide_identity(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id, applicant_id)): ApiPath<(String, String, String)>,
    ApiJson(body): ApiJson<StaffIdentityDecision>,
) -> ApiResult<Json<StaffTransitionDone>> {
    let applicant_id = access::parse_case_id(&applicant_id)?;
    let decision = match body.decision {
        IdentityVerdict::Verified => IdentityDecision::Verified {
            checked: IdentityChecklist::all_ticked(body.checks.as_ref())?,
        },
        IdentityVerdict::Rejected => {
            let reason = super::reason_required(
                body.reason.as_deref(),
                "Tell the customer what to do next",
            )?;
            IdentityDecision::Rejected { reason }
        }
    };
    let step = Progress::DecideIdentity {
        applicant_id,
        decision,
    };
    progress(&state, &staff, &case_type, &case_id, step).await
}

/// What the firm read from the lender's mortgage offer. Every field but `specialConditions` is
/// required; a missing or invalid one is named in the 422's `fields`.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StaffMortgageOffer {
    /// The offer document, uploaded first (POST /document, `documentType` MORTGAGE_OFFER).
    #[schema(minimum = 1)]
    pub document_id: Option<i64>,
    /// The lender making the offer (the case's new lender, as its name).
    #[schema(max_length = 200)]
    pub lender: Option<String>,
    /// The advance offered, in pence.
    #[schema(minimum = 1)]
    pub amount: Option<i64>,
    /// The date on the offer: today or earlier.
    pub offer_date: Option<NaiveDate>,
    /// The day the offer expires: after `offerDate`, and not passed.
    pub expires_on: Option<NaiveDate>,
    /// The offer's special conditions, as written in it.
    #[schema(max_length = 4000)]
    pub special_conditions: Option<String>,
}

const MAX_LENDER: usize = 200;
const MAX_CONDITIONS: usize = 4000;

impl StaffMortgageOffer {
    /// The offer to record, or a 422 naming each field that is missing or wrong. The document
    /// must be one of `case`'s uploaded mortgage offers.
    fn checked(
        self,
        case: &threshold_cases::OpenCase,
        today: NaiveDate,
    ) -> ApiResult<NewMortgageOffer> {
        let mut bad = BTreeMap::new();
        let mut refuse = |field: &str, problem: &str| {
            bad.insert(field.to_owned(), problem.to_owned());
        };
        let document_id = self.document_id.filter(|id| {
            case.loaded
                .documents
                .iter()
                .any(|d| d.id == *id && d.document_type == doc_types::MORTGAGE_OFFER)
        });
        match (self.document_id, document_id) {
            (None, _) => refuse("documentId", "Upload the lender's offer document"),
            (Some(_), None) => refuse(
                "documentId",
                "must be a mortgage offer document uploaded to this case",
            ),
            _ => {}
        }
        let lender = self
            .lender
            .as_deref()
            .map(str::trim)
            .filter(|l| !l.is_empty());
        match lender {
            None => refuse("lender", "Name the lender making the offer"),
            Some(l) if l.chars().count() > MAX_LENDER => {
                refuse("lender", "must be at most 200 characters")
            }
            _ => {}
        }
        match self.amount {
            None => refuse("amount", "Give the amount of the advance"),
            Some(a) if a <= 0 => refuse("amount", "must be more than £0"),
            _ => {}
        }
        match self.offer_date {
            None => refuse("offerDate", "Give the date on the offer"),
            Some(d) if d > today => refuse("offerDate", "cannot be in the future"),
            _ => {}
        }
        match (self.expires_on, self.offer_date) {
            (None, _) => refuse("expiresOn", "Give the date the offer expires"),
            (Some(e), Some(o)) if e <= o => refuse("expiresOn", "must be after the offer date"),
            (Some(e), _) if e < today => {
                refuse("expiresOn", "has passed: the lender must issue a new offer")
            }
            _ => {}
        }
        let special_conditions = self
            .special_conditions
            .as_deref()
            .map(str::trim)
            .filter(|c| !c.is_empty());
        if special_conditions.is_some_and(|c| c.chars().count() > MAX_CONDITIONS) {
            refuse("specialConditions", "must be at most 4000 characters");
        }
        match (
            document_id,
            lender,
            self.amount,
            self.offer_date,
            self.expires_on,
        ) {
            (Some(document_id), Some(lender), Some(amount), Some(offer_date), Some(expires_on))
                if bad.is_empty() =>
            {
                Ok(NewMortgageOffer {
                    document_id,
                    lender: lender.to_owned(),
                    amount,
                    offer_date,
                    expires_on,
                    special_conditions: special_conditions.map(str::to_owned),
                })
            }
            _ => Err(ApiError::invalid_fields(bad)),
        }
    }
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/mortgage-offer", tag = "staff",
    request_body = StaffMortgageOffer,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "Recorded with its document (a second record replaces the first); a remortgage awaiting the offer moves on; a purchase's completion statement takes its advance from it", body = StaffTransitionDone),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
        (status = 409, description = "`conflict`: the case changed meanwhile; reload it", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid, each named: `documentId` (none, or not an uploaded mortgage offer of this case), `lender`, `amount` (not more than 0), `offerDate` (in the future), `expiresOn` (not after the offer date, or passed), `specialConditions` (too long)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn mortgage_offer(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
    ApiJson(body): ApiJson<StaffMortgageOffer>,
) -> ApiResult<Json<StaffTransitionDone>> {
    // Whether this kind of case has the step is the rule book's to say (`record_mortgage_offer`).
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let offer = body.checked(&case, Utc::now().date_naive())?;
    let step = Progress::MortgageOfferReceived(offer);
    let status = state.cases.progress(&staff.caller(), &case, step).await?;
    Ok(Json(StaffTransitionDone { status }))
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/htb-redemption-letter", tag = "staff",
    request_body = EmptyBody,
    params(
        ("caseType" = String, Path, description = "`remortgaging`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "Recorded: the completion statement may be published (STATUS-13's message goes)", body = StaffTransitionDone),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such remortgage", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn htb_redemption_letter(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
    ApiJson(_): ApiJson<EmptyBody>,
) -> ApiResult<Json<StaffTransitionDone>> {
    let step = Progress::HtbRedemptionLetterReceived;
    typed_progress(
        CaseType::Remortgaging,
        &state,
        &staff,
        &case_type,
        &case_id,
        step,
    )
    .await
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/documents/{documentId}/issue", tag = "staff",
    request_body = EmptyBody,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
        ("documentId" = String, Path, description = "A draft of the case"),
    ),
    responses(
        (status = 200, description = "Issued: the customers see it, and the workflow's publishing step is taken (they are told by e-mail and in their feed)", body = StaffTransitionDone),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case or draft", body = ErrorBody),
        (status = 409, description = "The workflow does not allow publishing now (`wrong_status`, `not_ready` with its reason)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn issue(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id, document_id)): ApiPath<(String, String, String)>,
    ApiJson(_): ApiJson<EmptyBody>,
) -> ApiResult<Json<StaffTransitionDone>> {
    let document_id = access::parse_case_id(&document_id)?;
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    super::ledger_view::refuse_incomplete_statement(&state, &case, document_id).await?;
    let step = Progress::IssueDocument { document_id };
    let status = state.cases.progress(&staff.caller(), &case, step).await?;
    Ok(Json(StaffTransitionDone { status }))
}

async fn progress(
    state: &AppState,
    staff: &Staff,
    case_type: &str,
    case_id: &str,
    step: Progress,
) -> ApiResult<Json<StaffTransitionDone>> {
    let case = staff.open_case(state, case_type, case_id).await?;
    let status = state.cases.progress(&staff.caller(), &case, step).await?;
    Ok(Json(StaffTransitionDone { status }))
}

/// A step only one case type has (a case of the other type named here is an unknown case).
async fn typed_progress(
    only: CaseType,
    state: &AppState,
    staff: &Staff,
    case_type: &str,
    case_id: &str,
    step: Progress,
) -> ApiResult<Json<StaffTransitionDone>> {
    if path_case_type(case_type)? != only {
        return Err(ApiError::not_found());
    }
    progress(state, staff, case_type, case_id, step).await
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum SearchKind {
    /// The search result the search provider returned.
    Document,
    /// The firm's summary of it for the buyers.
    Summary,
}

#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct StaffSearchRecord {
    /// An uploaded document of the case of type LOCAL_AUTHORITY_SEARCH,
    /// DRAINAGE_AND_WATER_SEARCH or ENVIRONMENTAL_SEARCH.
    #[schema(minimum = 1)]
    pub document_id: i64,
    pub kind: SearchKind,
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/searches", tag = "staff",
    request_body = StaffSearchRecord,
    params(
        ("caseType" = String, Path, description = "`buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 200, description = "Recorded; once the three searches and their summaries are in, a case awaiting searches moves on", body = StaffTransitionDone),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such purchase, or no uploaded search document with that id on it", body = ErrorBody),
        (status = 409, description = "`section_closed` (the up-front payment is not in yet) or `conflict` (recorded already)", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn record_search(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
    ApiJson(body): ApiJson<StaffSearchRecord>,
) -> ApiResult<Json<StaffTransitionDone>> {
    let step = Progress::RecordSearch {
        document_id: body.document_id,
        summary: matches!(body.kind, SearchKind::Summary),
    };
    typed_progress(CaseType::Buying, &state, &staff, &case_type, &case_id, step).await
}

#[utoipa::path(post, path = "/staff/cases/{caseType}/{caseId}/documents", tag = "staff",
    request_body = StaffDraftRequest,
    params(
        ("caseType" = String, Path, description = "`remortgaging` or `buying`"),
        ("caseId" = String, Path, description = "The case id (numeric)"),
    ),
    responses(
        (status = 201, description = "A draft, made from the case as it is now; only staff see it until it is issued", body = DocumentBody),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not staff, or the second factor is not proven", body = ErrorBody),
        (status = 404, description = "No such case", body = ErrorBody),
        (status = 409, description = "`not_now`: the workflow does not issue a document of this type from the case's status (a completion statement is drafted once the case is preparing it)", body = ErrorBody),
        (status = 422, description = "`documentType` is not one the firm drafts for this case type; a report's findings missing, too long, or not part of it (named)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn draft(
    State(state): State<AppState>,
    staff: Staff,
    ApiPath((case_type, case_id)): ApiPath<(String, String)>,
    ApiJson(body): ApiJson<StaffDraftRequest>,
) -> ApiResult<(StatusCode, Json<DocumentBody>)> {
    let case = staff.open_case(&state, &case_type, &case_id).await?;
    let document_type = super::own_draft::drafted_type(&state, &case, &body.document_type)?;
    let findings = super::documents::Findings::of(document_type, &body)?;
    super::own_draft::refuse_before_its_stage(&state, &case, document_type)?;
    let case_id = case.loaded.row.id;
    let file_name = format!(
        "{}-{case_id}.pdf",
        document_type.to_ascii_lowercase().replace('_', "-")
    );
    let doc = generate(
        &state,
        Generated {
            template: "case_document",
            data: super::documents::data(&state, &case, document_type, &findings).await?,
            case_id,
            case_type: case.case_type,
            document_type,
            file_name: &file_name,
            kept_as: KeptAs::Issued { is_draft: true },
            by: staff.user().id,
        },
    )
    .await?;
    Ok((StatusCode::CREATED, Json(DocumentBody::from_record(&doc))))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_verification_names_each_unticked_check() {
        let refused = IdentityChecklist::all_ticked(None).unwrap_err();
        assert!(refused.fields.contains_key("checks"));
        let partly = IdentityChecklist {
            photo_matches: true,
            name_matches: true,
            ..Default::default()
        };
        let refused = IdentityChecklist::all_ticked(Some(&partly)).unwrap_err();
        let named: Vec<&str> = refused.fields.keys().map(String::as_str).collect();
        assert_eq!(
            named,
            [
                "checks.addressMatches",
                "checks.dateOfBirthMatches",
                "checks.documentInDate"
            ]
        );
        let all = IdentityChecklist {
            photo_matches: true,
            name_matches: true,
            date_of_birth_matches: true,
            document_in_date: true,
            address_matches: true,
        };
        assert_eq!(IdentityChecklist::all_ticked(Some(&all)).unwrap().len(), 5);
    }
}
