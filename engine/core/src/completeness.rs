//! Owner and buyer completeness with the spec's missing-field labels (spec §5, VAL-10..24).

use serde::{Deserialize, Serialize};

use crate::snapshot::{LegalName, Party};

/// A field an owner or buyer still has to give; serialises as the spec's label.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
pub enum MissingField {
    #[serde(rename = "Preferred Name")]
    PreferredName,
    #[serde(rename = "Legal Name")]
    LegalName,
    #[serde(rename = "Legal First Name")]
    LegalFirstName,
    #[serde(rename = "Legal Surname")]
    LegalSurname,
    #[serde(rename = "Email")]
    Email,
    #[serde(rename = "Phone Number")]
    PhoneNumber,
    #[serde(rename = "Date of Birth")]
    DateOfBirth,
    #[serde(rename = "Address")]
    Address,
    #[serde(rename = "Occupation")]
    Occupation,
    #[serde(rename = "National Insurance Number")]
    NationalInsuranceNumber,
    #[serde(rename = "UK Resident status")]
    UkResidentStatus,
}

impl MissingField {
    /// The label the spec gives for this field, word for word.
    pub fn label(self) -> &'static str {
        match self {
            Self::PreferredName => "Preferred Name",
            Self::LegalName => "Legal Name",
            Self::LegalFirstName => "Legal First Name",
            Self::LegalSurname => "Legal Surname",
            Self::Email => "Email",
            Self::PhoneNumber => "Phone Number",
            Self::DateOfBirth => "Date of Birth",
            Self::Address => "Address",
            Self::Occupation => "Occupation",
            Self::NationalInsuranceNumber => "National Insurance Number",
            Self::UkResidentStatus => "UK Resident status",
        }
    }
}

/// Which fields a role in the case requires: buyers need three more than owners (VAL-12).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PartyKind {
    Owner,
    Buyer,
}

/// "Empty or null counts as missing." (VAL-13) — whitespace-only counts as empty too.
fn blank(value: Option<&str>) -> bool {
    value.is_none_or(|v| v.trim().is_empty())
}

/// The current legal name: the one with no end date (ENT-03), else the first.
pub fn current_legal_name(names: &[LegalName]) -> Option<&LegalName> {
    names.iter().find(|n| n.until.is_none()).or(names.first())
}

/// The missing fields of one owner or buyer, in the spec's label order. A redacted party is
/// valid: its data is withheld from the viewer, not absent (VAL-11).
pub fn missing_fields(party: &Party, kind: PartyKind) -> Vec<MissingField> {
    if party.redacted {
        return vec![];
    }
    let u = &party.user;
    let mut missing = vec![];
    if blank(u.preferred_name.as_deref()) {
        missing.push(MissingField::PreferredName);
    }
    // "at least one legal name with first name and surname" (spec §5): when none has both,
    // the current name (else the first) says which part is missing.
    let whole = |n: &LegalName| !blank(n.first_name.as_deref()) && !blank(n.surname.as_deref());
    if !u.legal_names.iter().any(whole) {
        match current_legal_name(&u.legal_names) {
            None => missing.push(MissingField::LegalName),
            Some(name) => {
                if blank(name.first_name.as_deref()) {
                    missing.push(MissingField::LegalFirstName);
                }
                if blank(name.surname.as_deref()) {
                    missing.push(MissingField::LegalSurname);
                }
            }
        }
    }
    if blank(u.email.as_deref()) {
        missing.push(MissingField::Email);
    }
    if blank(u.phone_number.as_deref()) {
        missing.push(MissingField::PhoneNumber);
    }
    if u.date_of_birth.is_none() {
        missing.push(MissingField::DateOfBirth);
    }
    let address = u.address.as_ref();
    // A buyer's identity checks and land tax return need the full address, postcode included.
    if blank(address.and_then(|a| a.line1.as_deref()))
        || (kind == PartyKind::Buyer && blank(address.and_then(|a| a.postcode.as_deref())))
    {
        missing.push(MissingField::Address);
    }
    if kind == PartyKind::Buyer {
        if blank(u.occupation.as_deref()) {
            missing.push(MissingField::Occupation);
        }
        if blank(u.national_insurance_number.as_deref()) {
            missing.push(MissingField::NationalInsuranceNumber);
        }
        if party.is_uk_resident.is_none() {
            missing.push(MissingField::UkResidentStatus);
        }
    }
    missing
}

/// The party has every required field.
pub fn is_valid(party: &Party, kind: PartyKind) -> bool {
    missing_fields(party, kind).is_empty()
}

/// At least one party and all valid (REM-APP-19 without the occupants question, BUY-APP-08).
pub fn all_valid(parties: &[Party], kind: PartyKind) -> bool {
    !parties.is_empty() && parties.iter().all(|p| is_valid(p, kind))
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use crate::snapshot::{Address, PartyUser};
    use chrono::NaiveDate;

    /// A complete buyer; owners ignore the last three fields.
    pub(crate) fn complete_party() -> Party {
        Party {
            user: PartyUser {
                id: Some(7),
                preferred_name: Some("Ann".into()),
                legal_names: vec![LegalName {
                    first_name: Some("Ann".into()),
                    middle_names: None,
                    surname: Some("Smith".into()),
                    until: None,
                }],
                email: Some("ann@example.com".into()),
                phone_number: Some("07700900123".into()),
                date_of_birth: NaiveDate::from_ymd_opt(1980, 1, 2),
                address: Some(Address {
                    line1: Some("1 High Street".into()),
                    postcode: Some("CT1 1AA".into()),
                    ..Address::default()
                }),
                occupation: Some("Teacher".into()),
                national_insurance_number: Some("QQ123456C".into()),
            },
            is_uk_resident: Some(true),
            ..Party::default()
        }
    }

    fn labels(p: &Party, k: PartyKind) -> Vec<&'static str> {
        missing_fields(p, k)
            .into_iter()
            .map(|f| f.label())
            .collect()
    }

    #[test]
    fn val_10_complete_owner_has_nothing_missing() {
        assert!(is_valid(&complete_party(), PartyKind::Owner));
        assert!(is_valid(&complete_party(), PartyKind::Buyer));
    }

    #[test]
    fn val_14_to_21_each_owner_field_has_its_label() {
        type Edit = fn(&mut Party);
        let cases: Vec<(Edit, &str)> = vec![
            (|p| p.user.preferred_name = None, "Preferred Name"),
            (|p| p.user.legal_names.clear(), "Legal Name"),
            (
                |p| p.user.legal_names[0].first_name = None,
                "Legal First Name",
            ),
            (|p| p.user.legal_names[0].surname = None, "Legal Surname"),
            (|p| p.user.email = None, "Email"),
            (|p| p.user.phone_number = None, "Phone Number"),
            (|p| p.user.date_of_birth = None, "Date of Birth"),
            (|p| p.user.address = None, "Address"),
        ];
        for (break_it, label) in cases {
            let mut p = complete_party();
            break_it(&mut p);
            assert_eq!(labels(&p, PartyKind::Owner), vec![label]);
        }
    }

    #[test]
    fn issue_26_a_buyer_s_address_needs_its_postcode() {
        let mut p = complete_party();
        if let Some(a) = p.user.address.as_mut() {
            a.postcode = Some(" ".into());
        }
        assert!(is_valid(&p, PartyKind::Owner));
        assert_eq!(labels(&p, PartyKind::Buyer), vec!["Address"]);
    }

    #[test]
    fn val_12_22_23_24_buyers_need_occupation_ni_and_residency() {
        let mut p = complete_party();
        p.user.occupation = None;
        p.user.national_insurance_number = Some(String::new());
        p.is_uk_resident = None;
        assert!(is_valid(&p, PartyKind::Owner));
        assert_eq!(
            labels(&p, PartyKind::Buyer),
            vec![
                "Occupation",
                "National Insurance Number",
                "UK Resident status"
            ]
        );
    }

    #[test]
    fn val_13_empty_string_counts_as_missing() {
        let mut p = complete_party();
        p.user.phone_number = Some("  ".into());
        assert_eq!(labels(&p, PartyKind::Owner), vec!["Phone Number"]);
    }

    #[test]
    fn val_11_redacted_owner_counts_as_valid() {
        let p = Party {
            redacted: true,
            ..Party::default()
        };
        assert!(is_valid(&p, PartyKind::Buyer));
    }

    #[test]
    fn ent_03_current_legal_name_is_the_one_without_end_date() {
        let mut p = complete_party();
        p.user.legal_names.insert(
            0,
            LegalName {
                first_name: None,
                middle_names: None,
                surname: Some("Old".into()),
                until: NaiveDate::from_ymd_opt(2010, 1, 1),
            },
        );
        assert!(is_valid(&p, PartyKind::Owner));
    }

    #[test]
    fn val_14_any_whole_legal_name_will_do_as_the_spec_says() {
        // Spec §5: "at least one legal name with first name and surname". A person whose
        // current name lacks a surname, but whose earlier name is whole, is complete.
        let mut p = complete_party();
        p.user.legal_names[0].until = NaiveDate::from_ymd_opt(2020, 5, 1);
        p.user.legal_names.push(LegalName {
            first_name: Some("Ann".into()),
            middle_names: None,
            surname: None,
            until: None,
        });
        assert!(is_valid(&p, PartyKind::Owner));
        // With no whole name, the current one says what is missing.
        p.user.legal_names[0].surname = None;
        assert_eq!(labels(&p, PartyKind::Owner), vec!["Legal Surname"]);
    }

    #[test]
    fn labels_serialise_word_for_word() {
        assert_eq!(
            serde_json::to_string(&MissingField::UkResidentStatus).unwrap(),
            "\"UK Resident status\""
        );
    }
}
