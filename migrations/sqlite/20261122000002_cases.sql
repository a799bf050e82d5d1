-- Cases (issue 4): broker firms and their hierarchy, both case types, their parties, quotes and
-- the other records of spec section 3. One id sequence serves both case types, so a case id
-- alone names a case. List queries (status, created/updated, broker, owner name) are indexed.

CREATE TABLE broker_firms (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    name TEXT NOT NULL,
    created_at TEXT NOT NULL
);

-- A broker belongs to one firm; a broker admin sees every case of the firm.
CREATE TABLE broker_firm_members (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    firm_id BIGINT NOT NULL REFERENCES broker_firms(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL
);
CREATE INDEX broker_firm_members_firm ON broker_firm_members(firm_id);

-- A broker manager manages these brokers (same firm).
CREATE TABLE managed_brokers (
    manager_user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    broker_user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    PRIMARY KEY (manager_user_id, broker_user_id)
);

-- Both case types in one table: the list queries filter and sort on one row per case.
-- Type-specific key facts are NULL for the other type.
CREATE TABLE cases (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_type TEXT NOT NULL,
    status TEXT NOT NULL,
    firm_id BIGINT REFERENCES broker_firms(id),
    created_by_user_id TEXT REFERENCES users(id),
    created_by_broker BOOLEAN NOT NULL DEFAULT FALSE,
    invited_by_lender BOOLEAN NOT NULL DEFAULT FALSE,
    broker_reference TEXT,
    ineligibility_reason TEXT,
    title_documents_retrieved BOOLEAN NOT NULL DEFAULT FALSE,
    jurisdiction TEXT,
    is_dependent_on_sale BOOLEAN NOT NULL DEFAULT FALSE,
    is_company_owned BOOLEAN NOT NULL DEFAULT FALSE,
    is_residential BOOLEAN NOT NULL DEFAULT TRUE,
    property_usage TEXT,
    lender TEXT,
    has_loans BOOLEAN,
    completion_date TEXT,
    -- remortgaging
    remortgaging_reason TEXT,
    property_value BIGINT,
    loan_amount BIGINT,
    current_deal_end_date TEXT,
    has_alterations BOOLEAN,
    has_adult_occupants BOOLEAN,
    is_company_case BOOLEAN NOT NULL DEFAULT FALSE,
    is_repaying_help_to_buy BOOLEAN NOT NULL DEFAULT FALSE,
    has_htb_redemption_letter BOOLEAN NOT NULL DEFAULT FALSE,
    has_mortgage_offer BOOLEAN NOT NULL DEFAULT FALSE,
    mortgage_offer_uploaded_at TEXT,
    -- buying
    purchase_price BIGINT,
    deposit_amount BIGINT,
    is_first_time_buyer BOOLEAN NOT NULL DEFAULT FALSE,
    is_new_build BOOLEAN NOT NULL DEFAULT FALSE,
    is_shared_ownership BOOLEAN NOT NULL DEFAULT FALSE,
    results_in_multiple_properties BOOLEAN,
    is_replacing_main_residence BOOLEAN,
    target_move_in_date TEXT,
    terms_accepted_at TEXT,
    has_paid_deposit BOOLEAN NOT NULL DEFAULT FALSE,
    deposit_paid_at TEXT,
    ta6_uploaded_at TEXT,
    enquires_raised_at TEXT,
    enquires_responded_at TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);
CREATE INDEX cases_type_created ON cases(case_type, created_at, id);
CREATE INDEX cases_type_updated ON cases(case_type, updated_at, id);
CREATE INDEX cases_type_status_created ON cases(case_type, status, created_at, id);
CREATE INDEX cases_firm_type_created ON cases(firm_id, case_type, created_at, id);
CREATE INDEX cases_firm_type_status_created ON cases(firm_id, case_type, status, created_at, id);

-- The brokers on a case ('Referred by'); the first is the one who created it.
CREATE TABLE case_admins (
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id),
    created_at TEXT NOT NULL,
    PRIMARY KEY (case_id, user_id)
);
CREATE INDEX case_admins_user ON case_admins(user_id, case_id);

CREATE TABLE properties (
    case_id BIGINT PRIMARY KEY NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    address_line1 TEXT,
    address_line2 TEXT,
    town TEXT,
    county TEXT,
    postcode TEXT,
    formatted_address TEXT,
    jurisdiction TEXT,
    tenure TEXT,
    property_type TEXT,
    land_ownership TEXT,
    updated_at TEXT NOT NULL
);

-- Owners (remortgaging), buyers (buying) and donors: party_type APPLICANT or DONOR.
CREATE TABLE applicants (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id),
    party_type TEXT NOT NULL,
    is_lead BOOLEAN NOT NULL DEFAULT FALSE,
    redacted BOOLEAN NOT NULL DEFAULT FALSE,
    is_uk_resident BOOLEAN,
    identity_submitted_at TEXT,
    identity_verified_at TEXT,
    occupation TEXT,
    national_insurance_number TEXT,
    address_line1 TEXT,
    invitation_accepted_at TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX applicants_case ON applicants(case_id);
CREATE INDEX applicants_user ON applicants(user_id, case_id);

-- Lower-cased names of a case's applicants, one row per word-start suffix of each name, so the
-- list's name search is an index range scan (prefix match) even at a million cases.
CREATE TABLE case_search_names (
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    case_type TEXT NOT NULL,
    name TEXT NOT NULL
);
CREATE INDEX case_search_names_name ON case_search_names(case_type, name, case_id);
CREATE INDEX case_search_names_case ON case_search_names(case_id);

CREATE TABLE quotes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    total_amount BIGINT NOT NULL,
    deposit BIGINT NOT NULL,
    subtotal BIGINT NOT NULL,
    discount BIGINT NOT NULL,
    cost_breakdown TEXT NOT NULL,
    land_tax_type TEXT,
    land_tax_amount BIGINT,
    accepted_at TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX quotes_case ON quotes(case_id, id);

CREATE TABLE alterations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    alteration_type TEXT NOT NULL,
    completed_on TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX alterations_case ON alterations(case_id);

CREATE TABLE occupants (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    full_name TEXT NOT NULL,
    email TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX occupants_case ON occupants(case_id);

CREATE TABLE loans (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    charge_type TEXT NOT NULL,
    lender_name TEXT,
    amount BIGINT,
    created_at TEXT NOT NULL
);
CREATE INDEX loans_case ON loans(case_id);

CREATE TABLE isas (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    applicant_id BIGINT REFERENCES applicants(id) ON DELETE CASCADE,
    isa_type TEXT NOT NULL,
    amount BIGINT,
    created_at TEXT NOT NULL
);
CREATE INDEX isas_case ON isas(case_id);

-- A donor's gift; the donor person is an applicants row with party_type DONOR.
CREATE TABLE donors (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    applicant_id BIGINT REFERENCES applicants(id) ON DELETE CASCADE,
    gift_amount BIGINT,
    accepted_at TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX donors_case ON donors(case_id);

CREATE TABLE sources_of_funds (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    source_type TEXT NOT NULL,
    amount BIGINT,
    created_at TEXT NOT NULL
);
CREATE INDEX sources_of_funds_case ON sources_of_funds(case_id);

CREATE TABLE transfers_of_equity (
    case_id BIGINT PRIMARY KEY NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    reason TEXT,
    updated_at TEXT NOT NULL
);

CREATE TABLE removed_owners (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    full_name TEXT NOT NULL,
    email TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX removed_owners_case ON removed_owners(case_id);

CREATE TABLE title_register_names (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    full_name TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX title_register_names_case ON title_register_names(case_id);

CREATE TABLE ground_rents (
    case_id BIGINT PRIMARY KEY NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    amount BIGINT,
    frequency TEXT,
    paid_to TEXT,
    updated_at TEXT NOT NULL
);

CREATE TABLE company_details (
    case_id BIGINT PRIMARY KEY NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    company_name TEXT NOT NULL,
    company_number TEXT,
    updated_at TEXT NOT NULL
);

-- Uploaded documents; the file lives in object storage under storage_key.
CREATE TABLE documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    document_type TEXT NOT NULL,
    storage_key TEXT NOT NULL,
    file_name TEXT,
    content_type TEXT,
    size_bytes BIGINT,
    uploaded_by_user_id TEXT REFERENCES users(id),
    created_at TEXT NOT NULL
);
CREATE INDEX documents_case ON documents(case_id);

-- What a case must upload; document_id is set once uploaded. group_name: documents,
-- alterationDocuments, buyToLetDocuments, sourceOfFundsDocuments, isaDocuments, statements.
CREATE TABLE required_documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    group_name TEXT NOT NULL,
    alteration_id BIGINT REFERENCES alterations(id) ON DELETE CASCADE,
    document_type TEXT NOT NULL,
    document_id BIGINT REFERENCES documents(id) ON DELETE SET NULL
);
CREATE INDEX required_documents_case ON required_documents(case_id);

CREATE TABLE generated_documents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    document_type TEXT NOT NULL,
    is_draft BOOLEAN NOT NULL DEFAULT TRUE,
    storage_key TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX generated_documents_case ON generated_documents(case_id);

CREATE TABLE document_acceptances (
    applicant_id BIGINT NOT NULL REFERENCES applicants(id) ON DELETE CASCADE,
    generated_document_id BIGINT NOT NULL REFERENCES generated_documents(id) ON DELETE CASCADE,
    accepted_at TEXT NOT NULL,
    PRIMARY KEY (applicant_id, generated_document_id)
);

CREATE TABLE deposit_payments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    amount BIGINT NOT NULL,
    provider_reference TEXT,
    paid_at TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX deposit_payments_case ON deposit_payments(case_id);

-- Search results: kind 'document' or 'summary'.
CREATE TABLE searches (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    kind TEXT NOT NULL,
    document_type TEXT NOT NULL,
    document_id BIGINT REFERENCES documents(id) ON DELETE SET NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX searches_case ON searches(case_id);

CREATE TABLE feedback (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id),
    feedback_point TEXT NOT NULL,
    rating INTEGER,
    message TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX feedback_case ON feedback(case_id);

-- Effects of applied transitions (e-mails, feed items, reminders), written in the same
-- transaction as the status change; workers pick them up (transactional outbox).
CREATE TABLE case_effects (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    effect TEXT NOT NULL,
    due_at TEXT,
    done_at TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX case_effects_pending ON case_effects(done_at, due_at);
