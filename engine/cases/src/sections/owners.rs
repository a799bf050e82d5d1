//! The Owners and Transfer of Equity sections' changes (spec §4; calls 10–17 of issue 12), and
//! a purchase's Buyer Details (issue 13): co-owners or co-buyers and their invitation, each
//! one's case details, adult occupants, how tenants in common share the property, the
//! transfer's reason and the owners it removes; a purchase's gift donors.
//!
//! Brokers change these only while the case is in a broker stage (the workflow file's
//! `broker_stage`); afterwards the case is the customers' and a broker's write is refused as
//! a closed section.

use chrono::{DateTime, NaiveDate, Utc};
use threshold_engine::snapshot::{Donor, NEW_ROW_ID, TransferOfEquity};
use threshold_engine::{AnySnapshot, CaseType};
use threshold_store::UserId;
use threshold_store::cases::{
    ApplicantDetails, NamedPerson, NewCoOwner, NewDonor, TransitionRecord,
};

use crate::{CaseError, CaseService, OpenCase};

/// The workflow's announcement that invites a co-owner or co-buyer.
pub const CO_OWNER_ADDED: &str = "co_owner_added";
/// The workflow's announcement that invites a gift donor (`buying.toml`).
pub const DONOR_ADDED: &str = "donor_added";

/// One change to the Owners or Transfer of Equity section.
#[derive(Clone, Debug)]
pub enum OwnersWrite {
    /// Adds a co-owner (not the lead) and invites them by e-mail and feed item.
    AddCoOwner {
        user_id: UserId,
        /// The name typed for them: all a broker sees of them until they agree.
        invited_name: String,
    },
    /// Takes an owner who is not the lead off the case.
    RemoveOwner {
        user_id: UserId,
    },
    /// Deletes one of an owner's previous legal names (the current one is replaced through
    /// their profile, never deleted, so completeness does not change).
    RemoveLegalName {
        applicant_id: i64,
        legal_name_id: i64,
    },
    /// One owner's own case details, with the new quote their residence leads to when it
    /// changes a purchase's land tax.
    ApplicantDetails {
        applicant_id: i64,
        details: ApplicantDetails,
        requote: Option<Box<threshold_store::cases::NewQuote>>,
    },
    /// The adult-occupants answer, with an occupant to add.
    AdultOccupants {
        has_adult_occupants: bool,
        occupant: Option<NamedPerson>,
    },
    RemoveOccupant {
        occupant_id: i64,
    },
    /// How tenants in common share the property: (applicant id, basis points) for every
    /// owner, adding up to 10,000.
    TenancySplit {
        shares: Vec<(i64, i64)>,
    },
    /// Why the ownership is transferred (a TransferReason name), with the new quote it leads to
    /// when the reason changes the quote's land tax (a transfer on separation is exempt).
    TransferReason {
        reason: threshold_engine::types::TransferReason,
        requote: Option<Box<threshold_store::cases::NewQuote>>,
    },
    AddRemovedOwner {
        person: NamedPerson,
    },
    RemoveRemovedOwner {
        removed_owner_id: i64,
    },
    /// A purchase's gift donor, invited by e-mail and feed item to confirm the gift (pence).
    AddDonor {
        user_id: UserId,
        invited_name: String,
        gift_amount: i64,
    },
    /// A donor's gift changes: they are asked again.
    ChangeGift {
        donor_id: i64,
        gift_amount: i64,
    },
    RemoveDonor {
        donor_id: i64,
    },
}

impl OwnersWrite {
    /// The section it writes: a purchase's buyers are its Buyer Details.
    pub fn section(&self, case_type: CaseType) -> &'static str {
        match (self, case_type) {
            (
                OwnersWrite::TransferReason { .. }
                | OwnersWrite::AddRemovedOwner { .. }
                | OwnersWrite::RemoveRemovedOwner { .. },
                _,
            ) => "transfer-of-equity",
            (
                OwnersWrite::AddDonor { .. }
                | OwnersWrite::ChangeGift { .. }
                | OwnersWrite::RemoveDonor { .. },
                _,
            ) => "purchase-and-financing",
            (_, CaseType::Buying) => "buyer-details",
            (_, CaseType::Remortgaging) => "owners",
        }
    }

    /// What it does to the engine's picture of the case (see `SectionChange::apply_to`).
    pub(crate) fn apply_to(&self, snap: &mut AnySnapshot) {
        let s = match snap {
            AnySnapshot::Remortgaging(s) => s,
            AnySnapshot::Buying(s) => {
                match self {
                    OwnersWrite::AddDonor { .. } => s.donors.push(Donor { id: NEW_ROW_ID }),
                    OwnersWrite::RemoveDonor { donor_id } => s.donors.retain(|d| d.id != *donor_id),
                    _ => {}
                }
                return;
            }
        };
        match self {
            OwnersWrite::AdultOccupants {
                has_adult_occupants,
                ..
            } => s.has_adult_occupants = Some(*has_adult_occupants),
            OwnersWrite::TransferReason { reason, .. } => {
                s.transfer_of_equity = Some(TransferOfEquity {
                    reason: Some(*reason),
                })
            }
            _ => {}
        }
    }
}

impl CaseService {
    /// Writes an Owners or Transfer of Equity change whose section the caller has checked;
    /// returns the id of the row it created, if any.
    pub(crate) async fn write_owners(
        &self,
        by: UserId,
        case: &OpenCase,
        change: &OwnersWrite,
        transitions: &[TransitionRecord],
        next_task_due: Option<NaiveDate>,
        now: DateTime<Utc>,
    ) -> Result<Option<i64>, CaseError> {
        let w = case.write(by, transitions, next_task_due);
        let db = &self.db;
        Ok(match change {
            OwnersWrite::AddCoOwner {
                user_id,
                invited_name,
            } => {
                let effects =
                    self.workflows
                        .announce(&case.snapshot, &case.actor, CO_OWNER_ADDED, now)?;
                let new = NewCoOwner {
                    user_id: *user_id,
                    invited_name,
                    effects: &effects,
                };
                Some(db.add_co_owner(&w, &new).await?)
            }
            OwnersWrite::RemoveOwner { user_id } => {
                db.remove_owner(&w, *user_id).await?;
                None
            }
            OwnersWrite::ApplicantDetails {
                applicant_id,
                details,
                requote,
            } => {
                db.save_applicant_details(&w, *applicant_id, details, requote.as_deref())
                    .await?;
                None
            }
            OwnersWrite::RemoveLegalName {
                applicant_id,
                legal_name_id,
            } => {
                db.delete_applicant_legal_name(&w, *applicant_id, *legal_name_id)
                    .await?;
                None
            }
            OwnersWrite::AdultOccupants {
                has_adult_occupants,
                occupant,
            } => {
                db.save_adult_occupants(&w, *has_adult_occupants, occupant.as_ref())
                    .await?
            }
            OwnersWrite::RemoveOccupant { occupant_id } => {
                db.delete_occupant(&w, *occupant_id).await?;
                None
            }
            OwnersWrite::TenancySplit { shares } => {
                db.save_tenancy_split(&w, shares).await?;
                None
            }
            OwnersWrite::TransferReason { reason, requote } => {
                db.save_transfer_reason(&w, *reason, requote.as_deref())
                    .await?;
                None
            }
            OwnersWrite::AddRemovedOwner { person } => {
                Some(db.add_removed_owner(&w, person).await?)
            }
            OwnersWrite::RemoveRemovedOwner { removed_owner_id } => {
                db.delete_removed_owner(&w, *removed_owner_id).await?;
                None
            }
            OwnersWrite::AddDonor {
                user_id,
                invited_name,
                gift_amount,
            } => {
                let effects =
                    self.workflows
                        .announce(&case.snapshot, &case.actor, DONOR_ADDED, now)?;
                let new = NewDonor {
                    user_id: *user_id,
                    invited_name,
                    gift_amount: *gift_amount,
                    effects: &effects,
                };
                Some(db.add_donor(&w, &new).await?)
            }
            OwnersWrite::ChangeGift {
                donor_id,
                gift_amount,
            } => {
                // A new amount is a new question: the donor is invited again, as when added.
                let effects =
                    self.workflows
                        .announce(&case.snapshot, &case.actor, DONOR_ADDED, now)?;
                db.update_donor_gift(&w, *donor_id, *gift_amount, &effects)
                    .await?;
                None
            }
            OwnersWrite::RemoveDonor { donor_id } => {
                db.remove_donor(&w, *donor_id).await?;
                None
            }
        })
    }
}
