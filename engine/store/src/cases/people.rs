//! A case row with the people on the case — its parties with their legal names, and its
//! brokers — read in one statement as JSON arrays, for the lists (every page) and the
//! expanded case alike.

use std::collections::HashMap;

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer};

use super::load::{AdminRow, CaseRow, LegalNameRow, PartyRow, case_columns};
use crate::{Backend, UserId};

/// `SELECT <case columns>, list_generation, parties, admins` over `cases c LEFT JOIN
/// properties p`; the caller adds FROM and WHERE. The list generation (see the migration that
/// made it) is read in the same statement as the rows, so a count remembered at it matches
/// them.
pub(crate) fn case_with_people_columns(backend: Backend) -> String {
    let legal_names = json_array(
        backend,
        "'id', n.id, 'firstName', n.first_name, 'middleNames', n.middle_names, 'surname', n.surname, \
         'until', n.until",
        "n.id",
        "FROM legal_names n WHERE n.user_id = a.user_id",
    );
    // SQLite passes a subquery's JSON on as text unless json() marks it as JSON again.
    let legal_names = match backend {
        Backend::Sqlite => format!("json({legal_names})"),
        Backend::Postgres => legal_names,
    };
    let parties = json_array(
        backend,
        &format!(
            "'id', a.id, 'caseId', a.case_id, 'userId', a.user_id, 'partyType', a.party_type, \
             'isLead', a.is_lead, 'redacted', a.redacted, 'isUkResident', a.is_uk_resident, \
             'identitySubmittedAt', a.identity_submitted_at, \
             'identityVerifiedAt', a.identity_verified_at, \
             'identityRejectionReason', a.identity_rejection_reason, 'occupation', a.occupation, \
             'nationalInsuranceNumber', a.national_insurance_number, \
             'addressLine1', a.address_line1, 'addressLine2', a.address_line2, \
             'addressTown', a.address_town, 'addressPostcode', a.address_postcode, \
             'livesAtProperty', a.lives_at_property, 'preferredName', u.preferred_name, \
             'email', u.email, 'phoneNumber', u.phone_number, 'dateOfBirth', u.date_of_birth, \
             'invitedName', a.invited_name, 'consented', a.consented_at IS NOT NULL, \
             'tenancyShareBp', a.tenancy_share_bp, \
             'legalNames', {legal_names}"
        ),
        "a.is_lead DESC, a.id",
        "FROM applicants a JOIN users u ON u.id = a.user_id WHERE a.case_id = c.id",
    );
    let admins = json_array(
        backend,
        "'userId', ca.user_id, 'preferredName', u.preferred_name, 'role', u.role",
        "ca.created_at, u.preferred_name",
        "FROM case_admins ca JOIN users u ON u.id = ca.user_id WHERE ca.case_id = c.id",
    );
    format!(
        "SELECT {}, (SELECT generation FROM case_list_generation WHERE id = 1) AS list_generation, \
         {parties} AS parties, {admins} AS admins",
        case_columns!()
    )
}

/// `(SELECT <JSON array of objects of fields, in order> <from>)`: the two databases spell JSON
/// aggregation differently, and PostgreSQL's gives NULL, not `[]`, over no rows.
pub(crate) fn json_array(backend: Backend, fields: &str, order: &str, from: &str) -> String {
    match backend {
        Backend::Sqlite => {
            format!("(SELECT json_group_array(json_object({fields}) ORDER BY {order}) {from})")
        }
        Backend::Postgres => format!(
            "(SELECT COALESCE(json_agg(json_build_object({fields}) ORDER BY {order}), '[]'::json) {from})"
        ),
    }
}

/// One row of [`case_with_people_columns`].
#[derive(sqlx::FromRow)]
pub(crate) struct CaseWithPeople {
    #[sqlx(flatten)]
    pub case: CaseRow,
    pub list_generation: i64,
    parties: sqlx::types::Json<Vec<PartyJson>>,
    admins: sqlx::types::Json<Vec<AdminJson>>,
}

/// The case's parties, their users' legal names, and its brokers.
pub(crate) struct People {
    pub parties: Vec<PartyRow>,
    pub legal_names: HashMap<UserId, Vec<LegalNameRow>>,
    pub admins: Vec<AdminRow>,
}

impl CaseWithPeople {
    pub fn split(self) -> (CaseRow, People) {
        let mut legal_names: HashMap<UserId, Vec<LegalNameRow>> = HashMap::new();
        let parties = self
            .parties
            .0
            .into_iter()
            .map(|p| {
                let user_id = p.party.user_id;
                legal_names.entry(user_id).or_insert_with(|| {
                    p.legal_names
                        .into_iter()
                        .map(|n| LegalNameRow {
                            id: n.id,
                            user_id,
                            first_name: n.first_name,
                            middle_names: n.middle_names,
                            surname: n.surname,
                            until: n.until,
                        })
                        .collect()
                });
                p.party
            })
            .collect();
        let case_id = self.case.id;
        let admins = self
            .admins
            .0
            .into_iter()
            .map(|a| AdminRow {
                case_id,
                user_id: a.user_id,
                preferred_name: a.preferred_name,
                role: a.role,
            })
            .collect();
        (
            self.case,
            People {
                parties,
                legal_names,
                admins,
            },
        )
    }
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct PartyJson {
    #[serde(flatten)]
    party: PartyRow,
    legal_names: Vec<LegalNameJson>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct LegalNameJson {
    id: i64,
    first_name: String,
    middle_names: Option<String>,
    surname: String,
    until: Option<DateTime<Utc>>,
}

#[derive(Deserialize)]
#[serde(rename_all = "camelCase")]
struct AdminJson {
    user_id: UserId,
    preferred_name: String,
    role: threshold_engine::Role,
}

/// SQLite has no boolean type: its JSON says 0 or 1 where PostgreSQL's says false or true.
#[derive(Deserialize)]
#[serde(untagged)]
enum JsonFlag {
    Bool(bool),
    Int(i64),
}

impl From<JsonFlag> for bool {
    fn from(flag: JsonFlag) -> bool {
        match flag {
            JsonFlag::Bool(b) => b,
            JsonFlag::Int(i) => i != 0,
        }
    }
}

pub(crate) fn flag<'de, D: Deserializer<'de>>(de: D) -> Result<bool, D::Error> {
    JsonFlag::deserialize(de).map(bool::from)
}

pub(crate) fn optional_flag<'de, D: Deserializer<'de>>(de: D) -> Result<Option<bool>, D::Error> {
    Option::<JsonFlag>::deserialize(de).map(|f| f.map(bool::from))
}
