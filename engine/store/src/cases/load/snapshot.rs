//! The engine's snapshot of a loaded case, and its parties.

use chrono::{DateTime, Utc};
use threshold_engine::snapshot::{
    Address, AlterationDocuments, BuyingProperty, BuyingRequiredDocuments, CaseDocuments, Deposit,
    DocumentAcceptance, Donor, GeneratedDocument, Isa, LegalName, Loan, Party, PartyUser,
    QuoteSnapshot, RemortgagingProperty, RemortgagingRequiredDocuments, RequiredDocument, Searches,
    SourceOfFunds, TransferOfEquity, UploadedDocument,
};
use threshold_engine::{
    AnySnapshot, BuyingSnapshot, CaseType, RemortgagingSnapshot, WorkflowStatus,
};

use super::{AcceptanceRow, LegalNameRow, LoadedCase, PartyRow, parse_enum};

impl LoadedCase {
    /// The engine's view of one party.
    pub fn party(&self, p: &PartyRow) -> Party {
        party_snapshot(p, self.legal_names.get(&p.user_id), &self.acceptances)
    }

    fn required(&self, group: &str) -> Vec<RequiredDocument> {
        self.required
            .iter()
            .filter(|r| r.group_name == group)
            .map(|r| RequiredDocument {
                id: r.id,
                document_type: r.document_type.clone(),
                document_id: r.document_id,
            })
            .collect()
    }

    fn case_documents(&self) -> CaseDocuments {
        CaseDocuments {
            documents: self
                .documents
                .iter()
                .map(|d| UploadedDocument {
                    document_id: d.id,
                    document_type: d.document_type.clone(),
                })
                .collect(),
            generated_documents: self
                .generated_documents
                .iter()
                .map(|d| GeneratedDocument {
                    document_id: d.id,
                    document_type: d.document_type.clone(),
                    is_draft: d.is_draft,
                })
                .collect(),
        }
    }

    fn quote_snapshot(&self) -> Option<QuoteSnapshot> {
        self.quote.as_ref().map(|q| QuoteSnapshot {
            accepted_at: q.accepted_at,
            cost_breakdown: q.cost_breakdown.0.clone(),
            total_amount: q.total_amount,
        })
    }

    /// The engine's snapshot of this case, as the type it was loaded as.
    pub fn snapshot(&self, case_type: CaseType) -> Option<AnySnapshot> {
        match case_type {
            CaseType::Remortgaging => self.remortgaging_snapshot().map(AnySnapshot::Remortgaging),
            CaseType::Buying => self.buying_snapshot().map(AnySnapshot::Buying),
        }
    }

    pub fn remortgaging_snapshot(&self) -> Option<RemortgagingSnapshot> {
        let r = &self.row;
        let status = WorkflowStatus::parse(&r.status)?;
        let mut s = RemortgagingSnapshot::new(r.id, status);
        s.client_balance = self.client_balance;
        s.tasks_done = self.tasks_done.clone();
        s.has_alterations = r.has_alterations;
        s.has_loans = r.has_loans;
        s.has_adult_occupants = r.has_adult_occupants;
        s.property_usage = parse_enum(r.property_usage.as_deref());
        s.is_company_case = r.is_company_case;
        s.remortgaging_reason = parse_enum(r.remortgaging_reason.as_deref());
        s.new_lender = r.lender.clone();
        s.alterations = self
            .alterations
            .iter()
            .map(|a| threshold_engine::snapshot::Alteration {
                id: a.id,
                alteration_type: a.alteration_type,
                completed_on: a.completed_on,
                documents_held_by: a.documents_held_by,
            })
            .collect();
        s.loans = self.loans();
        s.property = Some(RemortgagingProperty {
            land_ownership: r.property.land_ownership.clone(),
            property_type: r.property.property_type.clone(),
            tenure: parse_enum(r.property.tenure.as_deref()),
            jurisdiction: parse_enum(r.jurisdiction.as_deref()),
            value: r.property_value,
        });
        s.property_owners = self.applicants().map(|p| self.party(p)).collect();
        let alteration_ids: Vec<i64> = self.alterations.iter().map(|a| a.id).collect();
        s.required_documents = RemortgagingRequiredDocuments {
            documents: self.required("documents"),
            alteration_documents: alteration_ids
                .iter()
                .map(|id| AlterationDocuments {
                    alteration_id: *id,
                    required_documents: self
                        .required
                        .iter()
                        .filter(|d| d.alteration_id == Some(*id))
                        .map(|d| RequiredDocument {
                            id: d.id,
                            document_type: d.document_type.clone(),
                            document_id: d.document_id,
                        })
                        .collect(),
                })
                .collect(),
            buy_to_let_documents: self.required("buyToLetDocuments"),
        };
        s.quote = self.quote_snapshot();
        s.transfer_of_equity = self
            .transfer_of_equity
            .map(|reason| TransferOfEquity { reason });
        s.documents = self.case_documents();
        s.completion_date = r.completion_date;
        s.is_repaying_help_to_buy = r.is_repaying_help_to_buy;
        s.has_htb_redemption_letter = r.has_htb_redemption_letter;
        s.has_mortgage_offer = r.has_mortgage_offer;
        s.created_by_broker = r.created_by_broker;
        s.invited_by_lender = r.invited_by_lender;
        s.title_documents_retrieved = r.title_documents_retrieved;
        s.ineligibility_reason = parse_enum(r.ineligibility_reason.as_deref());
        s.title_register_names = self.title_register_names.clone();
        s.company = self.company.clone();
        Some(s)
    }

    pub fn buying_snapshot(&self) -> Option<BuyingSnapshot> {
        let r = &self.row;
        let status = WorkflowStatus::parse(&r.status)?;
        let mut s = BuyingSnapshot::new(r.id, status);
        s.client_balance = self.client_balance;
        s.tasks_done = self.tasks_done.clone();
        s.enquiries = self.enquiries.clone();
        s.property_usage = parse_enum(r.property_usage.as_deref());
        s.lender = r.lender.clone();
        s.has_loans = r.has_loans;
        s.deposit_amount = r.deposit_amount;
        s.results_in_multiple_properties = r.results_in_multiple_properties;
        s.is_replacing_main_residence = r.is_replacing_main_residence;
        s.property = r.property.address_line1.as_ref().map(|_| BuyingProperty {
            address_line1: r.property.address_line1.clone(),
            postcode: r.property.postcode.clone(),
            tenure: parse_enum(r.property.tenure.as_deref()),
            jurisdiction: parse_enum(r.jurisdiction.as_deref()),
            price: r.purchase_price,
            is_new_build: Some(r.is_new_build),
            is_shared_ownership: Some(r.is_shared_ownership),
        });
        s.buyers = self.applicants().map(|p| self.party(p)).collect();
        s.source_of_funds = self
            .sources_of_funds
            .iter()
            .filter_map(|f| {
                parse_enum(Some(&f.source_type)).map(|source_type| SourceOfFunds {
                    details: f.details(),
                    review: f.review(),
                    ..SourceOfFunds::declared(f.id, source_type)
                })
            })
            .collect();
        s.donors = self.donors.iter().map(|id| Donor { id: *id }).collect();
        s.isas = self
            .isas
            .iter()
            .map(|i| Isa {
                id: i.id,
                isa_type: parse_enum(Some(&i.isa_type)),
            })
            .collect();
        s.loans = self.loans();
        s.quote = self.quote_snapshot();
        s.required_documents = BuyingRequiredDocuments {
            documents: self.required("documents"),
            source_of_funds_documents: self.required("sourceOfFundsDocuments"),
            isa_documents: self.required("isaDocuments"),
            buy_to_let_documents: self.required("buyToLetDocuments"),
            statements: self.required("statements"),
        };
        s.deposit = Deposit {
            paid_at: r.deposit_paid_at,
        };
        let search = |kind: &str| {
            self.searches
                .iter()
                .filter(|x| x.kind == kind)
                .map(|x| UploadedDocument {
                    document_id: x.document_id.unwrap_or_default(),
                    document_type: x.document_type.clone(),
                })
                .collect()
        };
        s.searches = Searches {
            documents: search("document"),
            summaries: search("summary"),
        };
        s.documents = self.case_documents();
        s.completion_date = r.completion_date;
        s.created_by_broker = r.created_by_broker;
        s.invited_by_lender = r.invited_by_lender;
        s.ineligibility_reason = parse_enum(r.ineligibility_reason.as_deref());
        Some(s)
    }

    fn loans(&self) -> Vec<Loan> {
        self.loans
            .iter()
            .map(|l| Loan {
                id: l.id,
                charge_type: l.charge_type,
            })
            .collect()
    }
}

/// The engine's party from the stored rows; `until` keeps only its date.
pub fn party_snapshot(
    p: &PartyRow,
    names: Option<&Vec<LegalNameRow>>,
    acceptances: &[impl AcceptanceLike],
) -> Party {
    Party {
        user: PartyUser {
            id: None,
            preferred_name: Some(p.preferred_name.clone()),
            legal_names: names
                .map(|ns| {
                    ns.iter()
                        .map(|n| LegalName {
                            first_name: Some(n.first_name.clone()),
                            middle_names: n.middle_names.clone(),
                            surname: Some(n.surname.clone()),
                            until: n.until.map(|u| u.date_naive()),
                        })
                        .collect()
                })
                .unwrap_or_default(),
            email: Some(p.email.clone()),
            phone_number: p.phone_number.clone(),
            date_of_birth: p.date_of_birth,
            address: Some(Address {
                line1: p.address_line1.clone(),
                line2: p.address_line2.clone(),
                town: p.address_town.clone(),
                postcode: p.address_postcode.clone(),
            }),
            occupation: p.occupation.clone(),
            national_insurance_number: p.national_insurance_number.clone(),
        },
        redacted: p.redacted,
        is_uk_resident: p.is_uk_resident,
        identity_submitted_at: p.identity_submitted_at,
        identity_verified_at: p.identity_verified_at,
        document_acceptances: acceptances
            .iter()
            .filter(|a| a.applicant() == p.id)
            .map(|a| DocumentAcceptance {
                document_id: a.document(),
                accepted_at: a.at(),
            })
            .collect(),
    }
}

/// Lets [`party_snapshot`] read acceptances without exposing their row type.
pub trait AcceptanceLike {
    fn applicant(&self) -> i64;
    fn document(&self) -> i64;
    fn at(&self) -> DateTime<Utc>;
}

impl AcceptanceLike for AcceptanceRow {
    fn applicant(&self) -> i64 {
        self.applicant_id
    }
    fn document(&self) -> i64 {
        self.generated_document_id
    }
    fn at(&self) -> DateTime<Utc> {
        self.accepted_at
    }
}
