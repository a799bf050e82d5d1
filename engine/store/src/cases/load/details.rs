//! The second statement of loading a case: everything hanging off it, as JSON columns.

use threshold_engine::company::{Company, CompanyOfficer, RegisteredOffice};

/// The second (and last) statement of [`Db::load_case`](crate::Db::load_case): everything
/// hanging off the case, each as a JSON column, so loading a case costs two round trips
/// whatever it holds.
pub(super) fn details_query(backend: crate::Backend) -> String {
    use crate::cases::people::json_array;
    let list = |fields: &str, table: &str| {
        json_array(
            backend,
            fields,
            "t.id",
            &format!("FROM {table} t WHERE t.case_id = $1"),
        )
    };
    let one = |fields: &str, from: &str| match backend {
        crate::Backend::Sqlite => format!("(SELECT json_object({fields}) {from})"),
        crate::Backend::Postgres => format!("(SELECT json_build_object({fields}) {from})"),
    };
    // SQLite keeps JSON as text: json() marks it as JSON again inside json_object.
    let (cost_breakdown, terms) = match backend {
        crate::Backend::Sqlite => ("json(q.cost_breakdown)", "json(q.terms)"),
        crate::Backend::Postgres => ("q.cost_breakdown", "q.terms"),
    };
    let quote = one(
        &format!(
            "'id', q.id, 'caseId', q.case_id, 'totalAmount', q.total_amount, 'deposit', q.deposit, \
             'subtotal', q.subtotal, 'discount', q.discount, 'costBreakdown', {cost_breakdown}, \
             'landTaxType', q.land_tax_type, 'landTaxAmount', q.land_tax_amount, \
             'acceptedAt', q.accepted_at, 'createdAt', q.created_at, 'terms', {terms}"
        ),
        "FROM quotes q WHERE q.case_id = $1 ORDER BY q.id DESC LIMIT 1",
    );
    let acceptances = json_array(
        backend,
        "'applicantId', da.applicant_id, 'generatedDocumentId', da.generated_document_id, \
         'acceptedAt', da.accepted_at",
        "da.applicant_id, da.generated_document_id",
        "FROM document_acceptances da JOIN applicants a ON a.id = da.applicant_id \
         WHERE a.case_id = $1",
    );
    // As the back office's ledger counts it (staff::ledger_view): the entries, and the first
    // up-front payment the payment provider took.
    let client_balance = "(CAST(COALESCE((SELECT SUM(CASE WHEN l.direction = 'RECEIVED' \
         THEN l.amount_pence ELSE -l.amount_pence END) FROM ledger_entries l \
         WHERE l.case_id = $1), 0) AS BIGINT) + COALESCE((SELECT d.amount FROM deposit_payments d \
         WHERE d.case_id = $1 AND d.paid_at IS NOT NULL ORDER BY d.paid_at LIMIT 1), 0))";
    format!(
        "SELECT {quote} AS quote, {} AS alterations, {} AS loans, {} AS isas, {} AS donors, \
         {} AS sources, {} AS transfer_of_equity, {} AS documents, {} AS generated_documents, \
         {} AS required, {acceptances} AS acceptances, {} AS searches, {} AS ground_rent, \
         {client_balance} AS client_balance, {} AS tasks_done, {} AS enquiries, \
         {} AS title_register_names, {} AS company, {} AS company_officers",
        list(
            "'id', t.id, 'alterationType', t.alteration_type, 'completedOn', t.completed_on, \
             'documentsHeldBy', t.documents_held_by",
            "alterations"
        ),
        list(
            "'id', t.id, 'chargeType', t.charge_type, 'lenderName', t.lender_name, \
             'amount', t.amount",
            "loans"
        ),
        list(
            "'id', t.id, 'isaType', t.isa_type, 'amount', t.amount, 'applicantId', t.applicant_id",
            "isas"
        ),
        list("'id', t.id", "donors"),
        list(
            "'id', t.id, 'sourceType', t.source_type, 'amount', t.amount, 'origin', t.origin, \
             'builtUpOver', t.built_up_over, 'accountHolder', t.account_holder, \
             'describedAt', t.described_at, 'reviewOutcome', t.review_outcome, \
             'reviewReason', t.review_reason, 'reviewedEvidenceId', t.reviewed_evidence_id, \
             'reviewedAt', t.reviewed_at",
            "sources_of_funds"
        ),
        one(
            "'kind', t.reason",
            "FROM transfers_of_equity t WHERE t.case_id = $1"
        ),
        // One table holds both kinds (uploads and Threshold's own documents).
        json_array(
            backend,
            "'id', t.id, 'documentType', t.document_type, 'uploadedBy', t.uploaded_by_user_id",
            "t.id",
            "FROM documents t WHERE t.case_id = $1 AND t.kind = 'UPLOADED'",
        ),
        json_array(
            backend,
            "'id', t.id, 'documentType', t.document_type, 'isDraft', t.is_draft",
            "t.id",
            "FROM documents t WHERE t.case_id = $1 AND t.kind = 'GENERATED'",
        ),
        list(
            "'id', t.id, 'groupName', t.group_name, 'alterationId', t.alteration_id, \
             'documentType', t.document_type, 'documentId', t.document_id",
            "required_documents"
        ),
        list(
            "'kind', t.kind, 'documentType', t.document_type, 'documentId', t.document_id",
            "searches"
        ),
        one(
            "'amount', t.amount, 'frequency', t.frequency",
            "FROM ground_rents t WHERE t.case_id = $1"
        ),
        json_array(
            backend,
            "'task', t.task, 'reference', t.reference, 'note', t.note, 'doneAt', t.done_at, \
             'doneByName', u.preferred_name",
            "t.id",
            "FROM case_tasks t LEFT JOIN users u ON u.id = t.done_by_user_id \
             WHERE t.case_id = $1",
        ),
        json_array(
            backend,
            "'id', t.id, 'followUpOf', t.follow_up_of, 'question', t.question, \
             'raisedAt', t.raised_at, 'raisedByName', r.preferred_name, 'answer', t.answer, \
             'answeredAt', t.answered_at, 'answeredByName', a.preferred_name, \
             'outcome', t.outcome, 'withdrawalReason', t.withdrawal_reason",
            "t.id",
            "FROM case_enquiries t LEFT JOIN users r ON r.id = t.raised_by_user_id \
             LEFT JOIN users a ON a.id = t.answered_by_user_id WHERE t.case_id = $1",
        ),
        list(
            "'id', t.id, 'fullName', t.full_name, 'explanation', t.explanation, \
             'evidenceDocumentId', t.evidence_document_id, 'explainedAt', t.explained_at",
            "title_register_names"
        ),
        one(
            "'registeredName', t.registered_name, 'companyNumber', t.company_number, \
             'addressLine1', t.office_line1, 'addressLine2', t.office_line2, \
             'town', t.office_town, 'postcode', t.office_postcode",
            "FROM case_companies t WHERE t.case_id = $1"
        ),
        json_array(
            backend,
            "'ownerId', t.applicant_id, 'isDirector', t.is_director, \
             'isGuarantor', t.is_guarantor",
            "t.applicant_id",
            "FROM company_officers t WHERE t.case_id = $1",
        ),
    )
}

/// The company's row as the details query reads it.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct CompanyRow {
    registered_name: String,
    company_number: String,
    address_line1: String,
    address_line2: Option<String>,
    town: String,
    postcode: String,
}

/// A company officer's row.
#[derive(serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub(super) struct OfficerRow {
    owner_id: i64,
    #[serde(deserialize_with = "crate::cases::people::flag")]
    is_director: bool,
    #[serde(deserialize_with = "crate::cases::people::flag")]
    is_guarantor: bool,
}

pub(super) fn company(row: Option<CompanyRow>, officers: Vec<OfficerRow>) -> Option<Company> {
    let c = row?;
    Some(Company {
        registered_name: c.registered_name,
        company_number: c.company_number,
        registered_office: RegisteredOffice {
            address_line1: c.address_line1,
            address_line2: c.address_line2,
            town: c.town,
            postcode: c.postcode,
        },
        officers: officers
            .into_iter()
            .map(|o| CompanyOfficer {
                owner_id: o.owner_id,
                is_director: o.is_director,
                is_guarantor: o.is_guarantor,
            })
            .collect(),
    })
}
