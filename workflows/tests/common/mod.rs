//! Fixtures shared by the rule tests: complete parties and cases one edit away from each rule.
#![allow(dead_code)]

use chrono::{DateTime, NaiveDate, TimeZone, Utc};
use threshold_engine::snapshot::*;
use threshold_engine::tasks::{TaskDone, TaskState};
use threshold_engine::types::{NO_LENDER, PropertyUsage};
use threshold_engine::{
    Actor, BuyingSnapshot, BuyingStatus, RemortgagingSnapshot, RemortgagingStatus, Workflow,
};

pub fn t0() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 3, 15, 10, 0, 0).unwrap()
}

pub fn party(id: i64) -> Party {
    Party {
        user: PartyUser {
            id: Some(id),
            preferred_name: Some("Ann".into()),
            legal_names: vec![LegalName {
                first_name: Some("Ann".into()),
                middle_names: None,
                surname: Some("Smith".into()),
                until: None,
            }],
            email: Some(format!("owner{id}@example.com")),
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

pub fn quote(accepted: bool) -> QuoteSnapshot {
    QuoteSnapshot {
        accepted_at: accepted.then(t0),
        cost_breakdown: vec![CostSection {
            section_title: "Legal fees".into(),
            costs: vec![CostLine {
                label: "Conveyancing fee".into(),
                amount: 39_500,
            }],
        }],
        total_amount: 47_400,
    }
}

pub fn doc(t: &str, uploaded: bool) -> RequiredDocument {
    RequiredDocument {
        id: 0,
        document_type: t.into(),
        document_id: uploaded.then_some(99),
    }
}

pub fn generated(id: i64, t: &str, is_draft: bool) -> GeneratedDocument {
    GeneratedDocument {
        document_id: id,
        document_type: t.into(),
        is_draft,
    }
}

pub fn accept(p: &mut Party, document_id: i64) {
    p.document_acceptances.push(DocumentAcceptance {
        document_id,
        accepted_at: t0(),
    });
}

/// A remortgaging case in CUSTOMER_APPLICATION with every section complete: ready to submit.
pub fn remortgage_ready() -> RemortgagingSnapshot {
    let mut s = RemortgagingSnapshot::new(1, RemortgagingStatus::CustomerApplication);
    s.quote = Some(quote(true));
    s.property = Some(RemortgagingProperty {
        land_ownership: Some("JOINT_TENANCY".into()),
        property_type: Some("TERRACED".into()),
        ..Default::default()
    });
    s.property_owners = vec![party(1), party(2)];
    s.has_adult_occupants = Some(false);
    s.has_alterations = Some(false);
    s.has_loans = Some(false);
    s.new_lender = Some("NATIONWIDE".into());
    s.property_usage = Some(PropertyUsage::LiveIn);
    s.required_documents.documents = vec![doc("MORTGAGE_STATEMENT", true)];
    s.title_documents_retrieved = true;
    s
}

pub fn no_lender() -> Option<String> {
    Some(NO_LENDER.into())
}

/// A buying case in CUSTOMER_APPLICATION with every section complete: ready to submit.
pub fn purchase_ready() -> BuyingSnapshot {
    let mut s = BuyingSnapshot::new(2, BuyingStatus::CustomerApplication);
    s.quote = Some(quote(true));
    s.property = Some(BuyingProperty {
        address_line1: Some("2 Low Road".into()),
        price: Some(30_000_000),
        ..Default::default()
    });
    s.buyers = vec![party(1), party(2)];
    s.deposit_amount = Some(3_000_000);
    s.source_of_funds = vec![SourceOfFunds::declared(
        1,
        threshold_engine::types::SourceOfFundsType::Savings,
    )];
    s.results_in_multiple_properties = Some(false);
    s.is_replacing_main_residence = Some(false);
    s.has_loans = Some(false);
    s.lender = Some("NATIONWIDE".into());
    s.property_usage = Some(PropertyUsage::LiveIn);
    s.required_documents.documents = vec![doc("BANK_STATEMENT", true)];
    s
}

/// Every task of the legal file open now, recorded done (issue 29): what a case needs before
/// the steps they block (tests/tasks.rs checks the blocking itself).
pub fn tasks_open_now_done<S: CaseSnapshot>(w: &Workflow<S>, s: &S) -> Vec<TaskDone> {
    w.tasks(s, &Actor::conveyancer(3), t0().date_naive())
        .into_iter()
        .filter(|t| t.state != TaskState::Ahead)
        .map(|t| TaskDone {
            task: t.name,
            reference: None,
            note: None,
            done_at: t0(),
            done_by_name: None,
        })
        .collect()
}

/// A company case's company with one owner (id 1), a director or not.
pub fn company(director: bool) -> threshold_engine::company::Company {
    use threshold_engine::company::{Company, CompanyOfficer, RegisteredOffice};
    Company {
        registered_name: "Client Holdings Ltd".into(),
        company_number: "01234567".into(),
        registered_office: RegisteredOffice {
            address_line1: "1 High Street".into(),
            address_line2: None,
            town: "Canterbury".into(),
            postcode: "CT1 1AA".into(),
        },
        officers: vec![CompanyOfficer {
            owner_id: 1,
            is_director: director,
            is_guarantor: true,
        }],
    }
}
