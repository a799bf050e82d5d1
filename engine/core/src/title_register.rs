//! The names on a remortgaged property's title register (issue 33): the registered proprietors
//! the firm reads off HM Land Registry's official copies, compared with the owners the
//! customers list. The new lender's charge is granted by the registered proprietors (the
//! borrowers named in the offer, UK Finance Mortgage Lenders' Handbook part 1, 1.7, with good
//! and marketable title, 5.6), so a name on the register that is no owner on the case is
//! explained before the application goes in: a joint owner who has died (HM Land Registry
//! practice guide 6, "Devolution on the death of a registered proprietor": the survivor has
//! the name removed with form DJP and the death certificate), or an owner whose name changed
//! by marriage, civil partnership or deed poll (HM Land Registry updates the name on form AP1
//! with the certificate or the deed poll).

use chrono::{DateTime, Utc};
use serde::{Deserialize, Serialize};

use crate::snapshot::{LegalName, Party, UploadedDocument};

/// Why a registered proprietor is not among the owners listed.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
    strum::EnumIter,
)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "SCREAMING_SNAKE_CASE")]
#[strum(serialize_all = "SCREAMING_SNAKE_CASE")]
pub enum NameExplanation {
    /// The proprietor has died.
    Deceased,
    /// An owner's name changed by marriage or civil partnership.
    Marriage,
    /// An owner's name changed by deed poll.
    DeedPoll,
}

impl NameExplanation {
    /// The name as stored and sent.
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The document type that proves it (declared in `remortgaging.toml`).
    pub fn evidence_type(self) -> &'static str {
        match self {
            Self::Deceased => "DEATH_CERTIFICATE",
            Self::Marriage => "MARRIAGE_CERTIFICATE",
            Self::DeedPoll => "DEED_POLL",
        }
    }
}

/// One registered proprietor as the case's file records it.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct TitleRegisterName {
    pub id: i64,
    /// As the register gives it.
    pub full_name: String,
    /// Why this proprietor is no owner on the case, once the customers have said.
    pub explanation: Option<NameExplanation>,
    /// The document that proves the explanation (gone if it is deleted: then the name needs
    /// explaining again).
    pub evidence_document_id: Option<i64>,
    pub explained_at: Option<DateTime<Utc>>,
}

impl TitleRegisterName {
    /// Explained with its evidence: taken off the customers' list.
    pub fn is_explained(&self) -> bool {
        self.explanation.is_some() && self.evidence_document_id.is_some()
    }

    /// The owner whose legal name (current or previous) this registered name is, if any.
    pub fn owner<'a>(&self, owners: &'a [Party]) -> Option<&'a Party> {
        let register = words(&self.full_name);
        owners.iter().find(|o| {
            o.user
                .legal_names
                .iter()
                .any(|name| same_person(&register, name))
        })
    }

    /// Neither an owner nor explained: the application cannot go in.
    pub fn is_unaccounted(&self, owners: &[Party]) -> bool {
        !self.is_explained() && self.owner(owners).is_none()
    }
}

/// How many registered proprietors are neither an owner listed nor explained.
pub fn unaccounted(names: &[TitleRegisterName], owners: &[Party]) -> usize {
    names.iter().filter(|n| n.is_unaccounted(owners)).count()
}

/// Why this document cannot prove this explanation: the field named in the refusal.
pub fn check_evidence(
    explanation: NameExplanation,
    document: Option<&UploadedDocument>,
) -> Result<(), String> {
    let wanted = explanation.evidence_type();
    match document {
        None => Err("must be a document uploaded to this case".into()),
        Some(d) if d.document_type != wanted => Err(format!("must be a {wanted} document")),
        Some(_) => Ok(()),
    }
}

/// The register and the customers write names differently ("SMITH, John Albert" is rare, but
/// capitals, hyphens and stray spaces are common): compare lower-case words of letters only.
fn words(name: &str) -> Vec<String> {
    name.split(|c: char| c.is_whitespace() || c == '-' || c == ',')
        .map(|w| {
            w.chars()
                .filter(|c| c.is_alphabetic())
                .flat_map(char::to_lowercase)
                .collect::<String>()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// The same person when the first name(s) and surname agree, and the middle names too where
/// both give them (the register often has middle names a customer leaves out, or the reverse).
fn same_person(register: &[String], name: &LegalName) -> bool {
    let first = words(name.first_name.as_deref().unwrap_or_default());
    let middle = words(name.middle_names.as_deref().unwrap_or_default());
    let surname = words(name.surname.as_deref().unwrap_or_default());
    if first.is_empty() || surname.is_empty() || register.len() < first.len() + surname.len() {
        return false;
    }
    let (head, rest) = register.split_at(first.len());
    let (register_middle, tail) = rest.split_at(rest.len() - surname.len());
    head == first.as_slice()
        && tail == surname.as_slice()
        && (register_middle.is_empty() || middle.is_empty() || register_middle == middle)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::snapshot::PartyUser;

    fn owner(first: &str, middle: Option<&str>, surname: &str) -> Party {
        Party {
            user: PartyUser {
                legal_names: vec![LegalName {
                    first_name: Some(first.into()),
                    middle_names: middle.map(Into::into),
                    surname: Some(surname.into()),
                    until: None,
                }],
                ..PartyUser::default()
            },
            ..Party::default()
        }
    }

    fn registered(full_name: &str) -> TitleRegisterName {
        TitleRegisterName {
            id: 1,
            full_name: full_name.into(),
            explanation: None,
            evidence_document_id: None,
            explained_at: None,
        }
    }

    #[test]
    fn a_registered_name_matches_an_owner_whatever_its_case_and_spacing() {
        let owners = [owner("Mary-Ann", None, "O'Brien")];
        for name in ["MARY-ANN O'BRIEN", "mary ann  obrien", "Mary-Ann O'Brien"] {
            assert!(registered(name).owner(&owners).is_some(), "{name}");
        }
        assert!(registered("Mary O'Brien").owner(&owners).is_none());
        assert!(registered("Mary-Ann Brien").owner(&owners).is_none());
    }

    #[test]
    fn middle_names_count_only_where_both_give_them() {
        let without = [owner("John", None, "Smith")];
        let with = [owner("John", Some("Albert"), "Smith")];
        assert!(registered("John Albert Smith").owner(&without).is_some());
        assert!(registered("John Smith").owner(&with).is_some());
        assert!(registered("John Albert Smith").owner(&with).is_some());
        assert!(registered("John Edward Smith").owner(&with).is_none());
    }

    #[test]
    fn a_previous_legal_name_is_still_the_owner() {
        let mut jane = owner("Jane", None, "Brown");
        jane.user.legal_names.push(LegalName {
            first_name: Some("Jane".into()),
            middle_names: None,
            surname: Some("Smith".into()),
            until: chrono::NaiveDate::from_ymd_opt(2019, 6, 1),
        });
        assert!(registered("Jane Smith").owner(&[jane]).is_some());
    }

    #[test]
    fn a_name_no_owner_has_is_unaccounted_until_explained_with_evidence() {
        let owners = [owner("Ann", None, "Smith")];
        let mut late = registered("Robert Smith");
        assert_eq!(unaccounted(std::slice::from_ref(&late), &owners), 1);
        late.explanation = Some(NameExplanation::Deceased);
        assert_eq!(unaccounted(std::slice::from_ref(&late), &owners), 1);
        late.evidence_document_id = Some(9);
        assert_eq!(unaccounted(&[late, registered("Ann Smith")], &owners), 0);
    }

    #[test]
    fn each_explanation_wants_its_own_certificate() {
        let doc = |t: &str| UploadedDocument {
            document_id: 3,
            document_type: t.into(),
        };
        let death = doc("DEATH_CERTIFICATE");
        assert!(check_evidence(NameExplanation::Deceased, Some(&death)).is_ok());
        assert_eq!(
            check_evidence(NameExplanation::Marriage, Some(&death)).unwrap_err(),
            "must be a MARRIAGE_CERTIFICATE document"
        );
        assert!(check_evidence(NameExplanation::DeedPoll, Some(&doc("DEED_POLL"))).is_ok());
        assert!(check_evidence(NameExplanation::DeedPoll, None).is_err());
        for e in <NameExplanation as strum::IntoEnumIterator>::iter() {
            assert_eq!(e.as_str().parse::<NameExplanation>().ok(), Some(e));
            assert_eq!(serde_json::to_value(e).unwrap(), e.as_str());
        }
    }
}
