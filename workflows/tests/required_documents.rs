//! The required-document slots of a remortgage (issue 12, spec §4 "Documents"): the
//! statements always, the buy-to-let documents of a buy-to-let property, and the documents of
//! each alteration whose documents the owner holds.

use threshold_engine::snapshot::{Alteration, RequiredSlot};
use threshold_engine::types::{AlterationType, DocumentsHeldBy, PropertyUsage};
use threshold_engine::{RemortgagingSnapshot, RemortgagingStatus};
use threshold_workflows::required_documents::{
    ALTERATION_DOCUMENTS, BUY_TO_LET_DOCUMENTS, DOCUMENTS, alteration_documents, remortgaging,
};

fn case() -> RemortgagingSnapshot {
    let mut s = RemortgagingSnapshot::new(1, RemortgagingStatus::CustomerApplication);
    s.property_usage = Some(PropertyUsage::LiveIn);
    s
}

fn alteration(id: i64, kind: AlterationType, held_by: Option<DocumentsHeldBy>) -> Alteration {
    Alteration {
        id,
        alteration_type: kind,
        completed_on: None,
        documents_held_by: held_by,
    }
}

fn slots(s: &RemortgagingSnapshot) -> Vec<(&'static str, Option<i64>, &'static str)> {
    remortgaging(s)
        .into_iter()
        .map(
            |RequiredSlot {
                 group,
                 alteration_id,
                 document_type,
             }| { (group, alteration_id, document_type) },
        )
        .collect()
}

#[test]
fn a_live_in_remortgage_needs_the_mortgage_and_bank_statements() {
    assert_eq!(
        slots(&case()),
        vec![
            (DOCUMENTS, None, "MORTGAGE_STATEMENT"),
            (DOCUMENTS, None, "BANK_STATEMENT"),
        ]
    );
}

#[test]
fn a_buy_to_let_adds_the_tenancy_gas_safety_and_energy_certificates() {
    let mut s = case();
    s.property_usage = Some(PropertyUsage::BuyToLet);
    let btl: Vec<_> = slots(&s)
        .into_iter()
        .filter(|(g, ..)| *g == BUY_TO_LET_DOCUMENTS)
        .map(|(_, _, t)| t)
        .collect();
    assert_eq!(
        btl,
        vec![
            "TENANCY_AGREEMENT",
            "GAS_SAFETY_CERTIFICATE",
            "ENERGY_PERFORMANCE_CERTIFICATE"
        ]
    );
}

#[test]
fn only_alterations_whose_documents_the_owner_holds_need_documents() {
    let mut s = case();
    s.alterations = vec![
        alteration(7, AlterationType::Extension, Some(DocumentsHeldBy::Owner)),
        alteration(
            8,
            AlterationType::WindowsAndDoors,
            Some(DocumentsHeldBy::Solicitor),
        ),
        alteration(9, AlterationType::Solar, None),
        alteration(10, AlterationType::Boiler, Some(DocumentsHeldBy::Owner)),
    ];
    let alt: Vec<_> = slots(&s)
        .into_iter()
        .filter(|(g, ..)| *g == ALTERATION_DOCUMENTS)
        .collect();
    assert_eq!(
        alt,
        vec![
            (ALTERATION_DOCUMENTS, Some(7), "PLANNING_PERMISSION"),
            (
                ALTERATION_DOCUMENTS,
                Some(7),
                "BUILDING_REGULATIONS_COMPLETION_CERTIFICATE"
            ),
            (ALTERATION_DOCUMENTS, Some(10), "GAS_SAFE_CERTIFICATE"),
        ]
    );
}

#[test]
fn every_alteration_type_has_its_documents() {
    use AlterationType as A;
    let table = [
        (
            A::Extension,
            &[
                "PLANNING_PERMISSION",
                "BUILDING_REGULATIONS_COMPLETION_CERTIFICATE",
            ][..],
        ),
        (
            A::Loft,
            &[
                "PLANNING_PERMISSION",
                "BUILDING_REGULATIONS_COMPLETION_CERTIFICATE",
            ],
        ),
        (
            A::BasementConversion,
            &[
                "PLANNING_PERMISSION",
                "BUILDING_REGULATIONS_COMPLETION_CERTIFICATE",
            ],
        ),
        (
            A::GarageConversion,
            &[
                "PLANNING_PERMISSION",
                "BUILDING_REGULATIONS_COMPLETION_CERTIFICATE",
            ],
        ),
        (
            A::Conservatory,
            &[
                "PLANNING_PERMISSION",
                "BUILDING_REGULATIONS_COMPLETION_CERTIFICATE",
            ],
        ),
        (
            A::RemovalOfWalls,
            &[
                "PLANNING_PERMISSION",
                "BUILDING_REGULATIONS_COMPLETION_CERTIFICATE",
            ],
        ),
        (
            A::Garage,
            &[
                "PLANNING_PERMISSION",
                "BUILDING_REGULATIONS_COMPLETION_CERTIFICATE",
            ],
        ),
        (A::WindowsAndDoors, &["FENSA_CERTIFICATE"]),
        (A::Boiler, &["GAS_SAFE_CERTIFICATE"]),
        (A::Gas, &["GAS_SAFE_CERTIFICATE"]),
        (A::Heating, &["GAS_SAFE_CERTIFICATE"]),
        (A::Electrical, &["ELECTRICAL_INSTALLATION_CERTIFICATE"]),
        (A::Solar, &["MCS_CERTIFICATE"]),
        (
            A::Insulation,
            &["BUILDING_REGULATIONS_COMPLETION_CERTIFICATE"],
        ),
    ];
    for (kind, docs) in table {
        assert_eq!(alteration_documents(kind), docs, "{kind:?}");
    }
}
