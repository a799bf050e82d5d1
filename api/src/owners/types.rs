//! Request and response bodies of the Owners, Transfer of Equity and gift donor calls, with their
//! validation (422 naming the field).

use std::collections::BTreeMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};
use threshold_engine::CaseType;
use threshold_engine::types::TransferReason;
use threshold_store::cases::{ApplicantDetails, NamedPerson, PersonRow};
use utoipa::ToSchema;

use crate::auth::email_address::EmailAddress;
use crate::cases::facts::parse_postcode;
use crate::error::{ApiError, ApiResult};

/// `201` answer of a call that adds a row.
#[derive(Debug, Clone, Serialize, ToSchema)]
pub struct CreatedId {
    pub id: i64,
}

/// `200` answer of saving a transfer of equity's reason.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferOfEquitySaved {
    /// The reason changed the quote's price (a transfer on separation is free of land tax): a
    /// new quote waits for the owners to accept it, and the broker was told.
    pub requoted: bool,
}

/// POST /remortgaging/applicant.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AddCoOwnerRequest {
    pub case_id: i64,
    /// 2–100 characters.
    pub preferred_name: String,
    pub email: String,
}

/// POST /remortgaging/{caseId}/applicant/{applicantId}: the owner's own case details. The
/// whole form: a field left out is cleared.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct ApplicantDetailsRequest {
    /// 1–200 characters; left out when `livesAtProperty` is true (the property's is used).
    #[serde(default)]
    pub address_line1: Option<String>,
    /// At most 200 characters.
    #[serde(default)]
    pub address_line2: Option<String>,
    /// At most 100 characters; a buyer's is required.
    #[serde(default)]
    pub town: Option<String>,
    /// A UK postcode; a buyer's is required (identity checks and the land tax return need it).
    #[serde(default)]
    pub postcode: Option<String>,
    /// An owner lives at the property being remortgaged: their address is the property's and
    /// the address fields are ignored. Not for a purchase (422).
    #[serde(default)]
    pub lives_at_property: Option<bool>,
    /// At most 100 characters.
    #[serde(default)]
    pub occupation: Option<String>,
    /// UK format, e.g. QQ123456C (spaces ignored, stored upper-case).
    #[serde(default)]
    pub national_insurance_number: Option<String>,
    #[serde(default)]
    pub is_uk_resident: Option<bool>,
}

/// An adult occupant or a removed owner as sent.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct PersonInput {
    /// 2–100 characters.
    pub full_name: String,
    #[serde(default)]
    pub email: Option<String>,
}

/// POST /remortgaging/{caseId}/property-occupant.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct OccupantsRequest {
    pub has_adult_occupants: bool,
    /// An occupant to add (only with `hasAdultOccupants: true`).
    #[serde(default)]
    pub occupant: Option<PersonInput>,
}

/// POST /remortgaging/{caseId}/transfer-of-equity.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct TransferOfEquityRequest {
    pub reason: TransferReason,
}

/// An adult occupant or removed owner in the expanded case.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PersonBody {
    pub id: i64,
    pub full_name: String,
    pub email: Option<String>,
}

impl From<PersonRow> for PersonBody {
    fn from(p: PersonRow) -> Self {
        PersonBody {
            id: p.id,
            full_name: p.full_name,
            email: p.email,
        }
    }
}

/// The expanded case's transfer of equity: why, and whom it takes off the title.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TransferOfEquityBody {
    /// None until the reason is given (removed owners may be listed first).
    pub reason: Option<TransferReason>,
    pub removed_owners: Vec<PersonBody>,
}

/// Collects field problems so one 422 names them all.
#[derive(Default)]
pub(super) struct Problems(BTreeMap<String, String>);

impl Problems {
    pub fn add(&mut self, field: &str, problem: impl Into<String>) {
        self.0
            .entry(field.to_owned())
            .or_insert_with(|| problem.into());
    }

    pub fn done(self) -> ApiResult<()> {
        if self.0.is_empty() {
            Ok(())
        } else {
            Err(ApiError::invalid_fields(self.0))
        }
    }

    /// A trimmed text of `min..=max` characters.
    pub fn text(&mut self, field: &str, raw: &str, min: usize, max: usize) -> String {
        let value = raw.trim().to_owned();
        let n = value.chars().count();
        if n == 0 {
            self.add(field, "is required");
        } else if n < min {
            self.add(field, format!("must be at least {min} characters"));
        } else if n > max {
            self.add(field, format!("must be at most {max} characters"));
        }
        value
    }

    /// An optional trimmed text of at most `max` characters (blank: none).
    pub fn optional_text(
        &mut self,
        field: &str,
        raw: &Option<String>,
        max: usize,
    ) -> Option<String> {
        let value = raw.as_deref().map(str::trim).filter(|v| !v.is_empty())?;
        if value.chars().count() > max {
            self.add(field, format!("must be at most {max} characters"));
        }
        Some(value.to_owned())
    }

    /// An optional e-mail address (blank: none), lower-cased.
    pub fn optional_email(&mut self, field: &str, raw: &Option<String>) -> Option<String> {
        let value = raw.as_deref().map(str::trim).filter(|v| !v.is_empty())?;
        match EmailAddress::parse(value) {
            Ok(email) => Some(email.as_str().to_owned()),
            Err(problem) => {
                self.add(field, problem);
                None
            }
        }
    }

    /// A person's name and e-mail, fields named under `prefix`.
    pub fn person(&mut self, prefix: &str, p: &PersonInput) -> NamedPerson {
        let field = |name: &str| {
            if prefix.is_empty() {
                name.to_owned()
            } else {
                format!("{prefix}.{name}")
            }
        };
        NamedPerson {
            full_name: self.text(&field("fullName"), &p.full_name, 2, 100),
            email: self.optional_email(&field("email"), &p.email),
        }
    }
}

/// A UK National Insurance number: two letters, six digits, a letter A–D (e.g. QQ123456C);
/// spaces ignored, upper-cased.
pub fn parse_ni_number(raw: &str) -> Option<String> {
    let compact: String = raw
        .chars()
        .filter(|c| !c.is_whitespace())
        .collect::<String>()
        .to_ascii_uppercase();
    let b = compact.as_bytes();
    let ok = b.len() == 9
        && b[..2].iter().all(u8::is_ascii_uppercase)
        && b[2..8].iter().all(u8::is_ascii_digit)
        && (b'A'..=b'D').contains(&b[8]);
    ok.then_some(compact)
}

impl ApplicantDetailsRequest {
    /// The validated details, or one 422 naming every problem. An owner living at the property
    /// gets its address once the case is open (see `details::save_details`).
    pub fn details(&self, case_type: CaseType) -> ApiResult<ApplicantDetails> {
        let mut problems = Problems::default();
        let buyer = case_type == CaseType::Buying;
        let lives_at_property = self.lives_at_property == Some(true);
        if lives_at_property && buyer {
            problems.add(
                "livesAtProperty",
                "a buyer cannot live at the property being bought",
            );
        }
        let (address_line1, address_line2, town, postcode) = if lives_at_property {
            (String::new(), None, None, None)
        } else {
            let line1 = self.address_line1.as_deref().unwrap_or_default();
            let line1 = problems.text("addressLine1", line1, 1, 200);
            let line2 = problems.optional_text("addressLine2", &self.address_line2, 200);
            let town = problems.optional_text("town", &self.town, 100);
            if buyer && town.is_none() {
                problems.add("town", "is required");
            }
            let postcode = self
                .postcode
                .as_deref()
                .map(str::trim)
                .filter(|v| !v.is_empty());
            let parsed = postcode.and_then(parse_postcode);
            match postcode {
                None if buyer => problems.add("postcode", "is required"),
                Some(_) if parsed.is_none() => {
                    problems.add("postcode", "Enter a UK postcode, like SW1A 1AA")
                }
                _ => {}
            }
            (line1, line2, town, parsed)
        };
        let occupation = problems.optional_text("occupation", &self.occupation, 100);
        let national_insurance_number = match self
            .national_insurance_number
            .as_deref()
            .map(str::trim)
            .filter(|v| !v.is_empty())
        {
            None => None,
            Some(raw) => {
                let parsed = parse_ni_number(raw);
                if parsed.is_none() {
                    problems.add(
                        "nationalInsuranceNumber",
                        "Enter a valid National Insurance number, like QQ123456C",
                    );
                }
                parsed
            }
        };
        problems.done()?;
        Ok(ApplicantDetails {
            address_line1,
            address_line2,
            town,
            postcode,
            lives_at_property: self.lives_at_property,
            occupation,
            national_insurance_number,
            is_uk_resident: self.is_uk_resident,
        })
    }
}

/// POST /buying/{caseId}/donor: a gift donor to invite.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct AddDonorRequest {
    /// 2–100 characters.
    pub preferred_name: String,
    pub email: String,
    /// Pence, more than 0.
    #[schema(minimum = 1)]
    pub gift_amount: i64,
}

/// POST /buying/{caseId}/donor/{donorId}: the gift changes.
#[derive(Debug, Clone, Deserialize, ToSchema)]
#[serde(deny_unknown_fields, rename_all = "camelCase")]
pub struct GiftRequest {
    /// Pence, more than 0.
    #[schema(minimum = 1)]
    pub gift_amount: i64,
}

/// Where a donor's invitation stands.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
pub enum GiftStatus {
    Invited,
    Accepted,
    Declined,
}

impl GiftStatus {
    /// From the donor's answer to their invitation (the latest one counts).
    pub fn of(gift: &threshold_store::cases::DonorGiftRow) -> Self {
        match (gift.responded_at, gift.accepted) {
            (Some(_), Some(true)) => Self::Accepted,
            (Some(_), _) => Self::Declined,
            (None, _) => Self::Invited,
        }
    }
}

/// A gift towards a purchase, as the buyers, their broker and the donor see it.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DonorGiftBody {
    pub donor_id: i64,
    /// The name the buyer gave for the donor.
    pub donor_name: Option<String>,
    pub donor_email: String,
    /// Pence.
    pub gift_amount: Option<i64>,
    pub status: GiftStatus,
    pub invited_at: Option<DateTime<Utc>>,
    pub answered_at: Option<DateTime<Utc>>,
    /// The lead buyer's preferred name (what the donor is asked about).
    pub buyer_name: String,
    pub property_address_line1: Option<String>,
    /// The statements the donor uploaded as evidence of the gift.
    pub documents: Vec<crate::documents::DocumentBody>,
}

/// GET /donor-evidence/{caseType}/{caseId}: a donor sees their own gift only; the buyers and
/// their broker see every gift of the case.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DonorEvidence {
    pub gifts: Vec<DonorGiftBody>,
}

/// The donor's answer, as recorded.
#[derive(Debug, Clone, Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct GiftAnswered {
    pub donor_id: i64,
    pub status: GiftStatus,
}

#[cfg(test)]
mod tests {
    use super::parse_ni_number;

    #[test]
    fn ni_numbers_ignore_spaces_and_case() {
        assert_eq!(
            parse_ni_number("qq 12 34 56 c").as_deref(),
            Some("QQ123456C")
        );
        assert_eq!(parse_ni_number("QQ123456E"), None);
        assert_eq!(parse_ni_number("Q1123456C"), None);
        assert_eq!(parse_ni_number("QQ12345C"), None);
    }
}
