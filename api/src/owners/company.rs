//! POST /remortgaging/{caseId}/company (spec §7, CALLS-26; issue 33): a company-owned
//! remortgage's company as Companies House registers it, and which of the case's owners are
//! its directors and personal guarantors. Saving it makes the case a company case (Financial
//! Details hidden); submitting waits for it and a director (see `threshold_engine::company`).

use std::collections::BTreeMap;

use axum::extract::State;
use axum::http::StatusCode;
use serde::Deserialize;
use threshold_cases::SectionChange;
use threshold_engine::CaseType;
use threshold_engine::company::{Company, CompanyOfficer, RegisteredOffice, company_number};
use utoipa::ToSchema;

use super::{case_id, open, section_error};
use crate::app::AppState;
use crate::cases::facts::parse_postcode;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::extract::{ApiJson, ApiPath, CurrentSession};

/// The whole company: a second call replaces it.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CompanyRequest {
    /// As on the register, 1–160 characters.
    pub registered_name: String,
    /// The company's registered number: eight digits, or two letters and six digits (SC…).
    pub company_number: String,
    pub registered_office: RegisteredOfficeRequest,
    /// The case's owners who act for it; at least one director.
    pub officers: Vec<CompanyOfficerRequest>,
}

#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct RegisteredOfficeRequest {
    /// 1–200 characters.
    pub address_line1: String,
    /// At most 200 characters.
    #[serde(default)]
    pub address_line2: Option<String>,
    /// 1–100 characters.
    pub town: String,
    /// A UK postcode.
    pub postcode: String,
}

#[derive(Debug, Clone, Copy, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct CompanyOfficerRequest {
    /// An owner of this case (`propertyOwners[].id`).
    pub owner_id: i64,
    #[serde(default)]
    pub is_director: bool,
    #[serde(default)]
    pub is_guarantor: bool,
}

#[utoipa::path(post, path = "/remortgaging/{caseId}/company", tag = "owners",
    request_body = CompanyRequest,
    params(("caseId" = String, Path, description = "The case id (numeric)")),
    responses(
        (status = 204, description = "Saved; the case is a company case"),
        (status = 401, description = "Not signed in", body = ErrorBody),
        (status = 403, description = "Not a customer or broker", body = ErrorBody),
        (status = 404, description = "Unknown case, or not yours", body = ErrorBody),
        (status = 409, description = "The Owners section is closed (`section_closed`; a broker after the broker stages too)", body = ErrorBody),
        (status = 422, description = "A field is missing or invalid (named: `registeredName`, `companyNumber`, `registeredOffice.postcode`, `officers`, `officers[0].ownerId`…)", body = ErrorBody),
    ))]
#[tracing::instrument(skip_all)]
pub async fn save_company(
    State(state): State<AppState>,
    session: CurrentSession,
    ApiPath(raw_id): ApiPath<String>,
    ApiJson(body): ApiJson<CompanyRequest>,
) -> ApiResult<StatusCode> {
    let case_id = case_id(&raw_id)?;
    let (caller, case) = open(&state, &session, CaseType::Remortgaging, case_id).await?;
    let owners: Vec<i64> = case
        .loaded
        .parties
        .iter()
        .filter(|p| p.party_type == "APPLICANT")
        .map(|p| p.id)
        .collect();
    let company = validated(&body, &owners)?;
    state
        .cases
        .write_section(&caller, &case, SectionChange::Company(Box::new(company)))
        .await
        .map_err(section_error)?;
    Ok(StatusCode::NO_CONTENT)
}

/// The request as the case records it; one 422 names every problem.
fn validated(body: &CompanyRequest, owners: &[i64]) -> ApiResult<Company> {
    let mut problems = BTreeMap::new();
    let mut text = |field: &str, value: &str, min: usize, max: usize| {
        let v = value.trim();
        let n = v.chars().count();
        if n < min || n > max {
            let problem = if min == 0 {
                format!("must be at most {max} characters")
            } else {
                format!("must be {min}–{max} characters")
            };
            problems.insert(field.to_owned(), problem);
        }
        v.to_owned()
    };
    let registered_name = text("registeredName", &body.registered_name, 1, 160);
    let office = &body.registered_office;
    let address_line1 = text(
        "registeredOffice.addressLine1",
        &office.address_line1,
        1,
        200,
    );
    let address_line2 = office
        .address_line2
        .as_deref()
        .map(|l| text("registeredOffice.addressLine2", l, 0, 200))
        .filter(|l| !l.is_empty());
    let town = text("registeredOffice.town", &office.town, 1, 100);
    let number = company_number(&body.company_number);
    if number.is_none() {
        problems.insert(
            "companyNumber".into(),
            "must be a Companies House number: eight digits, or two letters and six digits".into(),
        );
    }
    let postcode = parse_postcode(&office.postcode);
    if postcode.is_none() {
        problems.insert(
            "registeredOffice.postcode".into(),
            "must be a UK postcode".into(),
        );
    }
    let mut seen = Vec::new();
    for (i, o) in body.officers.iter().enumerate() {
        if !owners.contains(&o.owner_id) || seen.contains(&o.owner_id) {
            problems.insert(
                format!("officers[{i}].ownerId"),
                "must be an owner of this case, once".into(),
            );
        } else if !o.is_director && !o.is_guarantor {
            problems.insert(
                format!("officers[{i}]"),
                "must be a director, a guarantor or both".into(),
            );
        }
        seen.push(o.owner_id);
    }
    if !body.officers.iter().any(|o| o.is_director) {
        problems.insert("officers".into(), "must name at least one director".into());
    }
    if !problems.is_empty() {
        return Err(ApiError::invalid_fields(problems));
    }
    Ok(Company {
        registered_name,
        company_number: number.unwrap_or_default(),
        registered_office: RegisteredOffice {
            address_line1,
            address_line2,
            town,
            postcode: postcode.unwrap_or_default(),
        },
        officers: body
            .officers
            .iter()
            .map(|o| CompanyOfficer {
                owner_id: o.owner_id,
                is_director: o.is_director,
                is_guarantor: o.is_guarantor,
            })
            .collect(),
    })
}
