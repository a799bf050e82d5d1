//! The property and purchase sections of an application (issues 12 and 13): property details
//! and ground rent, alterations, loans; a purchase's deposit and lender, sources of funds, ISAs
//! and Stamp Duty Land Tax answers. Written like every section (the section's state checked
//! first, then one transaction), with the case's required-document slots brought in line with
//! the changed case in the same transaction.

use chrono::Utc;
use threshold_engine::snapshot::{Alteration, Isa, Loan, NEW_ROW_ID, RequiredSlot, SourceOfFunds};
use threshold_engine::types::Tenure;
use threshold_engine::{AnySnapshot, CaseStatus, CaseType};
pub use threshold_store::cases::{NewAlteration, NewLoan, PropertyWrite};
use threshold_store::cases::{PropertyWriteRecord, parse_enum};

use crate::{Caller, CaseError, CaseService, OpenCase};

/// A property write on a case of a type (the loans live in a different section per type).
#[derive(Clone, Debug)]
pub struct PropertyChange {
    pub case_type: CaseType,
    pub write: PropertyWrite,
}

impl PropertyChange {
    /// The section it writes (a key of the workflow file's `sections`).
    pub fn section(&self) -> &'static str {
        use PropertyWrite as W;
        match (&self.write, self.case_type) {
            (W::Details { .. } | W::GroundRent { .. }, CaseType::Remortgaging) => {
                "property-details"
            }
            (W::Details { .. } | W::GroundRent { .. }, CaseType::Buying) => "property",
            (W::Alterations { .. } | W::DeleteAlteration { .. }, _) => "property-alterations",
            (W::Loans { .. } | W::DeleteLoan { .. }, CaseType::Remortgaging) => "financial-details",
            (W::Loans { .. } | W::DeleteLoan { .. }, CaseType::Buying) => "loans",
            (
                W::Purchase { .. }
                | W::AddSourceOfFunds { .. }
                | W::DeleteSourceOfFunds { .. }
                | W::AddIsa { .. }
                | W::DeleteIsa { .. },
                _,
            ) => "purchase-and-financing",
            (W::LandTax { .. }, _) => "stamp-duty-land-tax",
        }
    }

    /// The case as it will be after the change (a row being added has id [`NEW_ROW_ID`]).
    fn apply_to(&self, snap: &mut AnySnapshot) {
        use PropertyWrite as W;
        match (snap, &self.write) {
            (
                AnySnapshot::Remortgaging(s),
                W::Details {
                    land_ownership,
                    property_type,
                    tenure,
                },
            ) => {
                let p = s.property.get_or_insert_with(Default::default);
                p.land_ownership = Some(land_ownership.clone());
                p.property_type = Some(property_type.clone());
                p.tenure = parse_enum::<Tenure>(Some(tenure));
            }
            (
                AnySnapshot::Remortgaging(s),
                W::Alterations {
                    has_alterations,
                    add,
                },
            ) => {
                s.has_alterations = Some(*has_alterations);
                if let Some(a) = add {
                    s.alterations.push(Alteration {
                        id: NEW_ROW_ID,
                        alteration_type: a.alteration_type,
                        completed_on: a.completed_on,
                        documents_held_by: Some(a.documents_held_by),
                    });
                }
            }
            (AnySnapshot::Remortgaging(s), W::DeleteAlteration { alteration_id }) => {
                s.alterations.retain(|a| a.id != *alteration_id);
            }
            (AnySnapshot::Remortgaging(s), W::Loans { has_loans, add }) => {
                s.has_loans = Some(*has_loans);
                s.loans.extend(add.iter().map(new_loan));
            }
            (AnySnapshot::Buying(s), W::Loans { has_loans, add }) => {
                s.has_loans = Some(*has_loans);
                s.loans.extend(add.iter().map(new_loan));
            }
            (AnySnapshot::Remortgaging(s), W::DeleteLoan { loan_id }) => {
                s.loans.retain(|l| l.id != *loan_id);
            }
            (AnySnapshot::Buying(s), W::DeleteLoan { loan_id }) => {
                s.loans.retain(|l| l.id != *loan_id);
            }
            (AnySnapshot::Buying(s), W::Details { tenure, .. }) => {
                if let Some(p) = s.property.as_mut() {
                    p.tenure = parse_enum::<Tenure>(Some(tenure));
                }
            }
            (
                AnySnapshot::Buying(s),
                W::Purchase {
                    deposit_amount,
                    lender,
                },
            ) => {
                s.deposit_amount = Some(*deposit_amount);
                if lender.is_some() {
                    s.lender = lender.clone();
                }
            }
            (AnySnapshot::Buying(s), W::AddSourceOfFunds { source_type, .. }) => {
                if let Some(source_type) = parse_enum(Some(source_type)) {
                    s.source_of_funds
                        .push(SourceOfFunds::declared(NEW_ROW_ID, source_type));
                }
            }
            (AnySnapshot::Buying(s), W::DeleteSourceOfFunds { source_id }) => {
                s.source_of_funds.retain(|f| f.id != *source_id);
            }
            (AnySnapshot::Buying(s), W::AddIsa { isa_type, .. }) => s.isas.push(Isa {
                id: NEW_ROW_ID,
                isa_type: parse_enum(Some(isa_type)),
            }),
            (AnySnapshot::Buying(s), W::DeleteIsa { isa_id }) => {
                s.isas.retain(|i| i.id != *isa_id);
            }
            (
                AnySnapshot::Buying(s),
                W::LandTax {
                    results_in_multiple_properties,
                    is_replacing_main_residence,
                    ..
                },
            ) => {
                s.results_in_multiple_properties = Some(*results_in_multiple_properties);
                s.is_replacing_main_residence = Some(*is_replacing_main_residence);
            }
            // Ground rent is no rule's concern; other writes do not reach the other type.
            _ => {}
        }
    }
}

fn new_loan(l: &NewLoan) -> Loan {
    Loan {
        id: NEW_ROW_ID,
        charge_type: l.charge_type,
    }
}

/// The required-document slots a case should have.
pub(crate) fn required_slots(snap: &AnySnapshot) -> Vec<RequiredSlot> {
    match snap {
        AnySnapshot::Remortgaging(s) => threshold_workflows::required_documents::remortgaging(s),
        AnySnapshot::Buying(s) => threshold_workflows::required_documents::buying(s),
    }
}

impl CaseService {
    /// Writes one property change to a case the caller has opened (see
    /// [`CaseService::write_section`]: the same checks, one transaction), re-syncing the
    /// required-document slots. Returns the case's status and the id of the alteration or
    /// loan added.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id, section = change.section()))]
    pub async fn write_property(
        &self,
        caller: &Caller,
        case: &OpenCase,
        change: PropertyChange,
    ) -> Result<(CaseStatus, Option<i64>), CaseError> {
        if change.case_type != case.case_type {
            return Err(CaseError::NotFound);
        }
        let by = self.check_section(caller, case, change.section(), true)?;
        let now = Utc::now();
        let mut snap = case.snapshot.clone();
        change.apply_to(&mut snap);
        let required = required_slots(&snap);
        let transitions = self.automatic(&mut snap, now);
        let added = self
            .db
            .write_property(
                &PropertyWriteRecord {
                    case_id: case.loaded.row.id,
                    case_type: case.case_type.as_str(),
                    expected_status: case.snapshot.status().as_str(),
                    actor: by,
                    write: &change.write,
                    required: Some(&required),
                    transitions: &transitions,
                },
                now,
            )
            .await?;
        Ok((snap.status(), added))
    }
}
