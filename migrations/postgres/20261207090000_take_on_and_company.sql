-- Issue 33.2: a more complex case a conveyancer has taken on after review (its ineligibility
-- set aside for good; the reason is in the audit trail), and a company case's company: its
-- registered details at Companies House and which of the case's people are its directors and
-- personal guarantors (each identified as an owner is).
ALTER TABLE cases ADD COLUMN taken_on_at TIMESTAMPTZ;

CREATE TABLE case_companies (
    case_id BIGINT PRIMARY KEY REFERENCES cases(id) ON DELETE CASCADE,
    registered_name TEXT NOT NULL,
    company_number TEXT NOT NULL,
    office_line1 TEXT NOT NULL,
    office_line2 TEXT,
    office_town TEXT NOT NULL,
    office_postcode TEXT NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE company_officers (
    case_id BIGINT NOT NULL REFERENCES case_companies(case_id) ON DELETE CASCADE,
    applicant_id BIGINT NOT NULL REFERENCES applicants(id) ON DELETE CASCADE,
    is_director BOOLEAN NOT NULL DEFAULT FALSE,
    is_guarantor BOOLEAN NOT NULL DEFAULT FALSE,
    PRIMARY KEY (case_id, applicant_id)
);
