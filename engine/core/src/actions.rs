//! The rule book's steps that are not a bare move between statuses: what a customer, the firm
//! or the system does to a submitted case (send their ID, verify it, record the lender's offer,
//! issue a document…). Each workflow file declares the ones its kind of case has, in
//! `[actions.<name>]`, with who may take it and the tile it needs open; the case service asks
//! [`crate::Definition::may`] before taking one, so no handler decides a permission.

use std::collections::BTreeMap;

use serde::{Deserialize, Serialize};

use crate::definition::{DocumentTypeDef, UploadAs, UploadRefusal};
use crate::types::{Actor, ActorKind, Uploader};

/// Every step the case service knows how to take. A workflow file declares a subset; a name
/// not listed here is refused when the file loads (serde rejects the unknown key).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Action {
    /// An owner or buyer sends their photo ID and selfie.
    SubmitIdentity,
    /// The firm verifies or refuses one person's submitted identity.
    DecideIdentity,
    /// The identity provider reports its verdict on an electronic check.
    ReportIdentityCheck,
    /// The firm records the lender's mortgage offer.
    RecordMortgageOffer,
    /// The firm records the Help to Buy redemption letter.
    RecordHtbRedemptionLetter,
    /// The firm records a search result (or its summary of one).
    RecordSearch,
    /// The up-front payment is confirmed: by the payment provider, or by the payer where no
    /// provider is configured.
    ConfirmDeposit,
    /// The firm issues one of its drafted documents to the customers.
    IssueDocument,
    /// An owner or buyer accepts an issued document.
    AcceptDocument,
    /// The firm agrees the completion date with the lender.
    AgreeCompletionDate,
    /// A buyer starts paying the up-front payment.
    PayDeposit,
    /// The invited customer accepts or declines the broker's invitation.
    AnswerInvitation,
    /// A customer rates their experience at one of the case's feedback points.
    GiveFeedback,
    /// A customer accepts the quote (with the invitation, or later from the Quote section).
    AcceptQuote,
    /// The firm raises an enquiry with the seller's solicitor, or withdraws one it raised.
    RaiseEnquiry,
    /// The firm records the seller's solicitor's reply to an enquiry, and whether it answers it.
    AnswerEnquiry,
    /// The firm records a registered proprietor read off the title's official copies, or takes
    /// off one it recorded in error.
    RecordTitleRegisterName,
    /// A buyer, or their broker, says how a source of funds was built up.
    DescribeSourceOfFunds,
    /// The firm accepts a source of funds, or asks for more about it.
    ReviewSourceOfFunds,
}

impl Action {
    pub fn as_str(self) -> &'static str {
        match self {
            Self::SubmitIdentity => "submit_identity",
            Self::DecideIdentity => "decide_identity",
            Self::ReportIdentityCheck => "report_identity_check",
            Self::RecordMortgageOffer => "record_mortgage_offer",
            Self::RecordHtbRedemptionLetter => "record_htb_redemption_letter",
            Self::RecordSearch => "record_search",
            Self::ConfirmDeposit => "confirm_deposit",
            Self::IssueDocument => "issue_document",
            Self::AcceptDocument => "accept_document",
            Self::AgreeCompletionDate => "agree_completion_date",
            Self::PayDeposit => "pay_deposit",
            Self::AnswerInvitation => "answer_invitation",
            Self::GiveFeedback => "give_feedback",
            Self::AcceptQuote => "accept_quote",
            Self::RaiseEnquiry => "raise_enquiry",
            Self::AnswerEnquiry => "answer_enquiry",
            Self::RecordTitleRegisterName => "record_title_register_name",
            Self::DescribeSourceOfFunds => "describe_source_of_funds",
            Self::ReviewSourceOfFunds => "review_source_of_funds",
        }
    }

    /// The step in words, for a refusal ("This kind of case has no step to …").
    fn label(self) -> &'static str {
        match self {
            Self::SubmitIdentity => "send identity documents",
            Self::DecideIdentity => "decide on an identity",
            Self::ReportIdentityCheck => "report an identity check",
            Self::RecordMortgageOffer => "record a mortgage offer",
            Self::RecordHtbRedemptionLetter => "record a Help to Buy redemption letter",
            Self::RecordSearch => "record a search",
            Self::ConfirmDeposit => "confirm an up-front payment",
            Self::IssueDocument => "issue a document",
            Self::AcceptDocument => "accept a document",
            Self::AgreeCompletionDate => "agree a completion date",
            Self::PayDeposit => "pay an up-front payment",
            Self::AnswerInvitation => "answer an invitation",
            Self::GiveFeedback => "give feedback",
            Self::AcceptQuote => "accept a quote",
            Self::RaiseEnquiry => "raise an enquiry",
            Self::AnswerEnquiry => "record an enquiry's answer",
            Self::RecordTitleRegisterName => "record a name on the title register",
            Self::DescribeSourceOfFunds => "describe a source of funds",
            Self::ReviewSourceOfFunds => "review a source of funds",
        }
    }
}

/// One `[actions.<name>]` entry of a workflow file.
#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "snake_case", deny_unknown_fields)]
pub struct ActionDef {
    /// What the permissions table and the audit trail call it.
    pub label: String,
    /// Who may take it; never empty (checked at load).
    pub by: Vec<ActorKind>,
    /// The tile that must be open (not locked or hidden) for it: the customer's step waits
    /// for its stage, and the firm records a search only once searches are under way.
    #[serde(default)]
    pub tile: Option<String>,
}

/// Why [`crate::Definition::may`] said no, in words the person refused can read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum Refusal {
    /// This kind of case has no such step (a purchase records no Help to Buy letter).
    #[error("This kind of case has no step to {0}.")]
    NotInWorkflow(&'static str),
    /// The step exists, but not for this person.
    #[error("Only {} take this step.", who(.allowed))]
    NotPermitted { allowed: Vec<ActorKind> },
}

/// "the customers on the case or Threshold's conveyancing staff": the people `by` names.
fn who(by: &[ActorKind]) -> String {
    let mut names: Vec<&str> = by
        .iter()
        .map(|k| match k {
            ActorKind::Customer => "the customers on the case",
            ActorKind::Broker => "the case's broker",
            ActorKind::Conveyancer | ActorKind::Admin => "Threshold's conveyancing staff",
            ActorKind::System => "Threshold's own services",
            ActorKind::Donor => "the gift's donor",
        })
        .collect();
    names.dedup();
    names.join(" or ")
}

/// Who may do what on a case of one kind: a definition's actions and document types, asked
/// by every step and upload (see [`crate::Definition::rule_book`]).
#[derive(Debug, Clone, Copy)]
pub struct RuleBook<'a> {
    pub document_types: &'a BTreeMap<String, DocumentTypeDef>,
    pub actions: &'a BTreeMap<Action, ActionDef>,
}

/// How a document the firm drafts reaches the customers.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct IssuedDocument<'a> {
    /// The transition that issues it.
    pub issued_by: &'a str,
    /// The tile that shows it.
    pub tile: &'a str,
}

impl<'a> RuleBook<'a> {
    /// Whether this actor may take this step: the one question every step after submission
    /// asks. The caller then checks the step's `tile` is open, for a person's step.
    pub fn may(&self, actor: &Actor, action: Action) -> Result<&'a ActionDef, Refusal> {
        may(self.actions.get(&action), action, actor)
    }

    /// Whether `who` may upload a document of this type, and what the file becomes: the one
    /// rule the upload follows. The firm may put its own version in place of any document it
    /// issues; nobody uploads one as evidence.
    pub fn may_upload(
        &self,
        document_type: &str,
        who: Uploader,
    ) -> Result<UploadAs, UploadRefusal> {
        let def = self
            .document_types
            .get(document_type)
            .ok_or(UploadRefusal::Unknown)?;
        if who == Uploader::Firm && self.issued(document_type).is_some() {
            Ok(UploadAs::OwnDraft)
        } else if def.uploaded_by.contains(&who) {
            Ok(UploadAs::Evidence)
        } else {
            Err(UploadRefusal::NotAllowed {
                allowed: def.uploaded_by.clone(),
            })
        }
    }

    /// Whether documents of this type are the firm's own record, read by the firm alone.
    pub fn firm_only(&self, document_type: &str) -> bool {
        self.document_types
            .get(document_type)
            .is_some_and(|d| d.firm_only)
    }

    /// The document types the firm drafts and issues on a case of this kind.
    pub fn issued_types(&self) -> impl Iterator<Item = &'a str> + use<'a> {
        let types = self.document_types;
        types
            .iter()
            .filter(|(_, d)| d.issued_by.is_some())
            .map(|(name, _)| name.as_str())
    }

    /// How a document of this type is issued, if the firm drafts and issues it.
    pub fn issued(&self, document_type: &str) -> Option<IssuedDocument<'a>> {
        let d = self.document_types.get(document_type)?;
        Some(IssuedDocument {
            issued_by: d.issued_by.as_deref()?,
            tile: d.tile.as_deref()?,
        })
    }
}

/// The rule itself, apart from the definition so it can be read (and tested) alone.
fn may<'a>(
    declared: Option<&'a ActionDef>,
    action: Action,
    actor: &Actor,
) -> Result<&'a ActionDef, Refusal> {
    let def = declared.ok_or(Refusal::NotInWorkflow(action.label()))?;
    if actor.kind().is_some_and(|k| def.by.contains(&k)) {
        Ok(def)
    } else {
        Err(Refusal::NotPermitted {
            allowed: def.by.clone(),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn def(by: &[ActorKind]) -> ActionDef {
        ActionDef {
            label: "Record the lender's offer".into(),
            by: by.to_vec(),
            tile: None,
        }
    }

    #[test]
    fn the_people_named_may_and_no_one_else() {
        let firm = def(&[ActorKind::Conveyancer, ActorKind::Admin]);
        let a = Action::RecordMortgageOffer;
        assert!(may(Some(&firm), a, &Actor::conveyancer(1)).is_ok());
        assert!(may(Some(&firm), a, &Actor::admin(1)).is_ok());
        for refused in [Actor::customer(2), Actor::broker(3), Actor::system()] {
            assert_eq!(
                may(Some(&firm), a, &refused).unwrap_err().to_string(),
                "Only Threshold's conveyancing staff take this step."
            );
        }
        // A customer who is not on the case, or a broker who does not administer it, acts as
        // no one: refused even where customers or brokers may.
        let anyone = def(&[ActorKind::Customer, ActorKind::Broker]);
        let mut stranger = Actor::customer(4);
        stranger.is_party = false;
        let mut other_firm = Actor::broker(5);
        other_firm.is_case_admin = false;
        assert!(may(Some(&anyone), a, &stranger).is_err());
        assert!(may(Some(&anyone), a, &other_firm).is_err());
    }

    #[test]
    fn a_step_the_workflow_does_not_declare_is_refused_with_its_name() {
        let refused = may(None, Action::RecordHtbRedemptionLetter, &Actor::admin(1)).unwrap_err();
        assert_eq!(
            refused.to_string(),
            "This kind of case has no step to record a Help to Buy redemption letter."
        );
    }

    #[test]
    fn the_refusal_names_everyone_who_may() {
        let either = def(&[ActorKind::Customer, ActorKind::System]);
        assert_eq!(
            may(
                Some(&either),
                Action::ConfirmDeposit,
                &Actor::conveyancer(1)
            )
            .unwrap_err()
            .to_string(),
            "Only the customers on the case or Threshold's own services take this step."
        );
    }
}
