//! Making one step: applied to the engine's picture of the case first, then written with the
//! transitions it enables.

use chrono::Utc;
use threshold_engine::snapshot::{DocumentAcceptance, doc_types};
use threshold_engine::{CaseStatus, TransitionInput};
use threshold_store::cases::IdentityDecision;
use threshold_store::identity_checks::ProviderVerdict;

use super::Progress;
use crate::{Caller, CaseError, CaseService, OpenCase};

impl CaseService {
    /// Makes one [`Progress`] step on a case the caller has opened; returns where the case is
    /// now.
    #[tracing::instrument(skip_all, fields(case_id = case.loaded.row.id))]
    pub async fn progress(
        &self,
        caller: &Caller,
        case: &OpenCase,
        step: Progress,
    ) -> Result<CaseStatus, CaseError> {
        // A payment confirmed by the provider is the payer's act, told by the system.
        let by = match (caller.user_id(), &step) {
            (Some(id), _) => id,
            (None, Progress::DepositPaid { payer, .. }) => *payer,
            (None, Progress::IdentityChecked { person, .. }) => *person,
            (None, _) => {
                return Err(CaseError::NotPermitted(
                    "only a person takes these steps".into(),
                ));
            }
        };
        self.authorise(case, step.action())?;
        let rules = self.workflows.rule_book(case.case_type);
        let now = Utc::now();
        let mut snap = case.snapshot.clone();
        let mut records = vec![];
        // The caller's own owner row, for the customer's steps (the rule book has let only
        // a customer on the case take them).
        let own = || {
            case.loaded
                .applicants()
                .position(|p| p.user_id == by)
                .ok_or(CaseError::NotFound)
        };
        match &step {
            Progress::SubmitIdentity => {
                let i = own()?;
                snap.parties_mut()[i].identity_submitted_at = Some(now);
            }
            Progress::DecideIdentity {
                applicant_id,
                decision,
            } => {
                let i = case
                    .loaded
                    .applicants()
                    .position(|p| p.id == *applicant_id)
                    .ok_or(CaseError::NotFound)?;
                let party = &mut snap.parties_mut()[i];
                match decision {
                    IdentityDecision::Verified { .. } => party.identity_verified_at = Some(now),
                    IdentityDecision::Rejected { .. } => party.identity_submitted_at = None,
                }
            }
            Progress::IdentityChecked {
                applicant_id,
                person,
                verified,
                ..
            } => {
                let i = case
                    .loaded
                    .applicants()
                    .position(|p| p.id == *applicant_id && p.user_id == *person)
                    .ok_or(CaseError::NotFound)?;
                let party = &mut snap.parties_mut()[i];
                if party.identity_verified_at.is_some() {
                    // Verified already (by the firm meanwhile): nothing more to do.
                    return Ok(snap.status());
                }
                party.identity_submitted_at.get_or_insert(now);
                if *verified {
                    party.identity_verified_at = Some(now);
                }
            }
            Progress::MortgageOfferReceived(offer) => {
                // The offer rests on its document: an uploaded offer of this case.
                let uploaded = snap.documents().documents.iter().any(|d| {
                    d.document_id == offer.document_id
                        && d.document_type == doc_types::MORTGAGE_OFFER
                });
                if !uploaded {
                    return Err(CaseError::NotFound);
                }
                snap.record_mortgage_offer();
            }
            Progress::HtbRedemptionLetterReceived => {
                snap.record_htb_redemption_letter();
            }
            Progress::RecordSearch {
                document_id,
                summary,
            } => {
                let doc = snap
                    .documents()
                    .documents
                    .iter()
                    .find(|d| d.document_id == *document_id)
                    .filter(|d| doc_types::SEARCHES.contains(&d.document_type.as_str()))
                    .cloned()
                    .ok_or(CaseError::NotFound)?;
                if snap.searches_recorded(*summary).contains(&doc) {
                    return Err(CaseError::AlreadyDone(
                        "This search is recorded already.".into(),
                    ));
                }
                snap.record_search(doc, *summary);
            }
            Progress::DepositPaid { payer, .. } => {
                // Where no provider is configured, the payer confirms their own payment.
                if caller.user_id().is_some() && by != *payer {
                    return Err(CaseError::NotFound);
                }
                if snap.deposit_paid_at().is_some() {
                    // The provider tells us again (a webhook retried): nothing more to do.
                    return Ok(snap.status());
                }
                snap.record_deposit_paid(now);
            }
            Progress::IssueDocument { document_id } => {
                let doc = snap
                    .documents_mut()
                    .generated_documents
                    .iter_mut()
                    .find(|d| d.document_id == *document_id && d.is_draft)
                    .ok_or(CaseError::NotFound)?;
                doc.is_draft = false;
                let transition = rules
                    .issued(&doc.document_type)
                    .ok_or_else(|| {
                        CaseError::NotPermitted("This kind of document is not issued.".into())
                    })?
                    .issued_by;
                // Issuing is the publishing step: refused, with the engine's reason, when the
                // workflow does not allow it now (a Help to Buy letter still awaited…).
                let applied = self
                    .workflows
                    .apply(&snap, &case.actor, transition, now, None)?;
                crate::follow(&mut snap, &applied);
                records.push(threshold_store::cases::TransitionRecord::from_applied(
                    Some(by),
                    &applied,
                ));
            }
            Progress::AgreeCompletionDate { date } => {
                let transition = self
                    .workflows
                    .transitions(case.case_type)
                    .into_iter()
                    .find(|t| t.asks_for == Some(TransitionInput::CompletionDate))
                    .ok_or_else(|| {
                        CaseError::NotPermitted("This workflow agrees no completion date.".into())
                    })?;
                snap.agree_completion_date(*date);
                let applied =
                    self.workflows
                        .apply(&snap, &case.actor, &transition.name, now, None)?;
                crate::follow(&mut snap, &applied);
                records.push(threshold_store::cases::TransitionRecord::from_applied(
                    Some(by),
                    &applied,
                ));
            }
            Progress::AcceptDocument { document_id } => {
                let i = own()?;
                let doc = case
                    .snapshot
                    .documents()
                    .generated_documents
                    .iter()
                    .find(|d| d.document_id == *document_id && !d.is_draft)
                    .ok_or(CaseError::NotFound)?;
                let issued = rules.issued(&doc.document_type).ok_or_else(|| {
                    CaseError::NotPermitted("This document is not one to accept.".into())
                })?;
                self.check_tile(case, issued.tile)?;
                snap.parties_mut()[i]
                    .document_acceptances
                    .push(DocumentAcceptance {
                        document_id: *document_id,
                        accepted_at: now,
                    });
            }
        }
        records.extend(self.automatic(&mut snap, now));
        let w = case.write(by, &records, self.workflows.next_task_due(&snap));
        let own_id = || {
            case.loaded
                .applicants()
                .find(|p| p.user_id == by)
                .map(|p| p.id)
                .ok_or(CaseError::NotFound)
        };
        match step {
            Progress::SubmitIdentity => self.db.submit_identity(&w, own_id()?, now).await?,
            Progress::DecideIdentity {
                applicant_id,
                decision,
            } => {
                self.db
                    .decide_identity(&w, applicant_id, &decision, now)
                    .await?
            }
            Progress::IdentityChecked {
                applicant_id,
                reference,
                result,
                reasons,
                verified,
                ..
            } => {
                let verdict = ProviderVerdict {
                    applicant_id,
                    reference: &reference,
                    result: &result,
                    reasons: &reasons,
                    verified,
                };
                self.db.record_identity_check(&w, &verdict, now).await?
            }
            Progress::MortgageOfferReceived(offer) => {
                self.db.record_mortgage_offer(&w, &offer, now).await?
            }
            Progress::HtbRedemptionLetterReceived => {
                self.db.record_htb_redemption_letter(&w).await?
            }
            Progress::RecordSearch {
                document_id,
                summary,
            } => {
                let document_type = case
                    .snapshot
                    .documents()
                    .documents
                    .iter()
                    .find(|d| d.document_id == document_id)
                    .map(|d| d.document_type.clone())
                    .unwrap_or_default();
                self.db
                    .record_search(&w, document_id, &document_type, summary, now)
                    .await?
            }
            Progress::DepositPaid { reference, .. } => {
                self.db.record_deposit_paid(&w, &reference, now).await?
            }
            Progress::IssueDocument { document_id } => {
                self.db.issue_document(&w, document_id).await?
            }
            Progress::AcceptDocument { document_id } => {
                self.db
                    .accept_document(&w, own_id()?, document_id, now)
                    .await?
            }
            Progress::AgreeCompletionDate { date } => {
                self.db.agree_completion_date(&w, date).await?
            }
        }
        Ok(snap.status())
    }
}
