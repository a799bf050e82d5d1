//! Who may upload each document type (issue 25, finding 7): the workflow files declare every
//! type a case holds, and the declarations agree with what the rules read. Every slot the
//! Documents section asks for is the customers' and their broker's to fill; every type a firm's
//! step reads (a purchase's TA6 and searches, a remortgage's mortgage offer) is the firm's
//! alone; the documents the firm drafts and issues are nobody's evidence (the firm's own version
//! of one is its draft).

use std::collections::BTreeSet;

use threshold_engine::snapshot::{Alteration, Isa, SourceOfFunds, doc_types};
use threshold_engine::types::{AlterationType, DocumentsHeldBy, PropertyUsage, SourceOfFundsType};
use threshold_engine::{
    BuyingSnapshot, BuyingStatus, CaseType, LoadError, RemortgagingSnapshot, RemortgagingStatus,
    UploadAs, UploadRefusal, Uploader,
};
use threshold_workflows::{REMORTGAGING_TOML, Workflows, load_remortgaging, required_documents};

const EVERYONE: [Uploader; 4] = [
    Uploader::Customer,
    Uploader::Broker,
    Uploader::Donor,
    Uploader::Firm,
];

fn workflows() -> Workflows {
    Workflows::load().unwrap()
}

/// Who may upload `document_type` to a case of `case_type` as evidence.
fn uploaders(w: &Workflows, case_type: CaseType, document_type: &str) -> Vec<Uploader> {
    EVERYONE
        .into_iter()
        .filter(|who| {
            w.rule_book(case_type).may_upload(document_type, *who) == Ok(UploadAs::Evidence)
        })
        .collect()
}

/// Every slot a remortgage can ask for: a buy-to-let property with an owner-held alteration
/// of every kind.
fn remortgage_slot_types() -> BTreeSet<&'static str> {
    const ALTERATIONS: [AlterationType; 14] = [
        AlterationType::BasementConversion,
        AlterationType::Boiler,
        AlterationType::Conservatory,
        AlterationType::Electrical,
        AlterationType::Extension,
        AlterationType::Gas,
        AlterationType::Garage,
        AlterationType::GarageConversion,
        AlterationType::Heating,
        AlterationType::Insulation,
        AlterationType::Loft,
        AlterationType::RemovalOfWalls,
        AlterationType::Solar,
        AlterationType::WindowsAndDoors,
    ];
    let mut s = RemortgagingSnapshot::new(1, RemortgagingStatus::CustomerApplication);
    s.property_usage = Some(PropertyUsage::BuyToLet);
    s.alterations = ALTERATIONS
        .iter()
        .enumerate()
        .map(|(i, kind)| Alteration {
            id: i as i64 + 1,
            alteration_type: *kind,
            completed_on: None,
            documents_held_by: Some(DocumentsHeldBy::Owner),
        })
        .collect();
    let types: BTreeSet<_> = required_documents::remortgaging(&s)
        .into_iter()
        .map(|slot| slot.document_type)
        .collect();
    for kind in ALTERATIONS {
        for t in required_documents::alteration_documents(kind) {
            assert!(types.contains(t), "{t} of {kind:?} is among the slots");
        }
    }
    types
}

/// Every slot a purchase can ask for: every source of funds and both kinds of ISA.
fn purchase_slot_types() -> BTreeSet<&'static str> {
    use SourceOfFundsType as S;
    const SOURCES: [SourceOfFundsType; 11] = [
        S::Mortgage,
        S::Savings,
        S::PropertySale,
        S::HelpToBuyIsa,
        S::LifetimeIsa,
        S::Gifts,
        S::Inheritance,
        S::Pension,
        S::InvestmentSale,
        S::BusinessSale,
        S::Other,
    ];
    let mut s = BuyingSnapshot::new(1, BuyingStatus::CustomerApplication);
    s.property_usage = Some(PropertyUsage::BuyToLet);
    s.source_of_funds = SOURCES
        .iter()
        .enumerate()
        .map(|(i, source_type)| SourceOfFunds::declared(i as i64 + 1, *source_type))
        .collect();
    s.isas = [S::HelpToBuyIsa, S::LifetimeIsa]
        .into_iter()
        .enumerate()
        .map(|(i, t)| Isa {
            id: i as i64 + 1,
            isa_type: Some(t),
        })
        .collect();
    required_documents::buying(&s)
        .into_iter()
        .map(|slot| slot.document_type)
        .collect()
}

#[test]
fn every_required_document_is_the_customers_and_their_brokers_to_upload() {
    let w = workflows();
    for (case_type, types) in [
        (CaseType::Remortgaging, remortgage_slot_types()),
        (CaseType::Buying, purchase_slot_types()),
    ] {
        assert!(types.len() > 3, "{case_type:?}: {types:?}");
        for t in types {
            let who = uploaders(&w, case_type, t);
            assert!(
                who.contains(&Uploader::Customer) && who.contains(&Uploader::Broker),
                "{case_type:?} {t}: uploaded by {who:?}"
            );
        }
    }
}

#[test]
fn what_the_firms_steps_read_is_the_firms_alone() {
    let w = workflows();
    let firms = [
        (CaseType::Buying, doc_types::TA6),
        (CaseType::Buying, doc_types::LOCAL_AUTHORITY_SEARCH),
        (CaseType::Buying, doc_types::DRAINAGE_AND_WATER_SEARCH),
        (CaseType::Buying, doc_types::ENVIRONMENTAL_SEARCH),
        (CaseType::Remortgaging, doc_types::MORTGAGE_OFFER),
        (
            CaseType::Remortgaging,
            doc_types::HELP_TO_BUY_REDEMPTION_LETTER,
        ),
    ];
    for t in doc_types::SEARCHES {
        assert!(firms.contains(&(CaseType::Buying, t)), "{t} is listed");
    }
    for (case_type, t) in firms {
        assert_eq!(
            uploaders(&w, case_type, t),
            [Uploader::Firm],
            "{case_type:?} {t}"
        );
        assert_eq!(
            w.rule_book(case_type).may_upload(t, Uploader::Customer),
            Err(UploadRefusal::NotAllowed {
                allowed: vec![Uploader::Firm]
            })
        );
    }
}

/// Nobody uploads them as evidence; the firm's own version of one is a draft it issues like a
/// drafted one (api/tests/it/own_drafts.rs), never a filled slot. The quote is Threshold's
/// figure alone: nobody uploads one at all.
#[test]
fn the_documents_the_firm_issues_are_nobodys_evidence_and_the_firms_own_draft() {
    let w = workflows();
    for (case_type, t) in [
        (CaseType::Remortgaging, doc_types::MORTGAGE_REPORT),
        (CaseType::Remortgaging, doc_types::COMPLETION_STATEMENT),
        (CaseType::Buying, doc_types::CLIENT_CARE_LETTER),
        (CaseType::Buying, doc_types::REPORT_ON_TITLE),
        (CaseType::Buying, doc_types::COMPLETION_STATEMENT),
    ] {
        let rules = w.rule_book(case_type);
        assert_eq!(
            rules.may_upload(t, Uploader::Firm),
            Ok(UploadAs::OwnDraft),
            "{case_type:?} {t}"
        );
        for who in [Uploader::Customer, Uploader::Broker, Uploader::Donor] {
            assert_eq!(
                rules.may_upload(t, who),
                Err(UploadRefusal::NotAllowed { allowed: vec![] }),
                "{case_type:?} {t} {who:?}"
            );
        }
    }
    for case_type in [CaseType::Remortgaging, CaseType::Buying] {
        assert_eq!(uploaders(&w, case_type, "QUOTE"), []);
    }
}

#[test]
fn identity_evidence_is_the_persons_own_and_a_gift_statement_the_donors_too() {
    let w = workflows();
    for case_type in [CaseType::Remortgaging, CaseType::Buying] {
        for t in doc_types::IDENTITY {
            assert_eq!(uploaders(&w, case_type, t), [Uploader::Customer], "{t}");
        }
    }
    assert!(uploaders(&w, CaseType::Buying, "GIFT_STATEMENT").contains(&Uploader::Donor));
    // A donor adds the evidence of their gift, and nothing else.
    for t in purchase_slot_types() {
        let donor = w
            .rule_book(CaseType::Buying)
            .may_upload(t, Uploader::Donor)
            .is_ok();
        assert_eq!(donor, t == "GIFT_STATEMENT", "{t}");
    }
    for case_type in [CaseType::Remortgaging, CaseType::Buying] {
        assert_eq!(
            w.rule_book(case_type)
                .may_upload("FREE_TEXT", Uploader::Firm),
            Err(UploadRefusal::Unknown)
        );
    }
    // A purchase's contract pack is no remortgage's document.
    assert_eq!(
        w.rule_book(CaseType::Remortgaging)
            .may_upload(doc_types::TA6, Uploader::Firm),
        Err(UploadRefusal::Unknown)
    );
}

#[test]
fn a_document_type_of_lower_case_words_or_an_unknown_uploader_is_refused() {
    let text =
        format!("{REMORTGAGING_TOML}\n[document_types.\"bank statement\"]\nuploaded_by = []\n");
    let e = load_remortgaging(&text).unwrap_err();
    assert_eq!(e, LoadError::BadDocumentType("bank statement".into()));
    let text = REMORTGAGING_TOML.replacen(
        "[document_types.OTHER]\nuploaded_by = [\"firm\"]",
        "[document_types.OTHER]\nuploaded_by = [\"lender\"]",
        1,
    );
    assert_ne!(text, REMORTGAGING_TOML);
    assert!(matches!(
        load_remortgaging(&text).unwrap_err(),
        LoadError::Parse(_)
    ));
}

/// The firm's own records (`firm_only`): its AML risk assessment and screening report on both
/// case types, nothing a customer or broker uploads; and the loader refuses a `firm_only` type
/// someone else may upload (they could not read their own file).
#[test]
fn the_firms_own_records_are_firm_only_and_only_the_firm_uploads_them() {
    let w = Workflows::load().unwrap();
    for case_type in [CaseType::Remortgaging, CaseType::Buying] {
        let rules = w.rule_book(case_type);
        let firm_only: Vec<&str> = rules
            .document_types
            .keys()
            .map(String::as_str)
            .filter(|t| rules.firm_only(t))
            .collect();
        assert_eq!(
            firm_only,
            ["AML_RISK_ASSESSMENT", "SCREENING_REPORT"],
            "{case_type:?}"
        );
        assert!(!rules.firm_only(doc_types::BANK_STATEMENT));
    }
    let text = REMORTGAGING_TOML.replacen(
        "[document_types.SCREENING_REPORT]\nuploaded_by = [\"firm\"]",
        "[document_types.SCREENING_REPORT]\nuploaded_by = [\"firm\", \"customer\"]",
        1,
    );
    assert_ne!(text, REMORTGAGING_TOML);
    assert_eq!(
        load_remortgaging(&text).unwrap_err(),
        LoadError::FirmOnlyUploadedByOthers("SCREENING_REPORT".into())
    );
}
