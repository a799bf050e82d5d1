-- Issue 14: electronic identity checks. Each check one applicant started with a provider
-- (ONFIDO: an Onfido Studio workflow run); the provider's webhook names its reference, and
-- only the applicant's latest check counts.
CREATE TABLE identity_checks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    applicant_id BIGINT NOT NULL REFERENCES applicants(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id),
    provider TEXT NOT NULL CHECK (provider IN ('ONFIDO')),
    provider_reference TEXT NOT NULL UNIQUE,
    -- The provider's own page for the check, where the firm reads why it was not approved.
    dashboard_url TEXT,
    started_at TEXT NOT NULL,
    -- The provider's outcome (approved, declined, review, abandoned, error) once it is known.
    result TEXT,
    -- Why the provider did not approve (a JSON array of its reasons), read from it with the
    -- outcome.
    reasons TEXT,
    completed_at TEXT
);
CREATE INDEX identity_checks_applicant ON identity_checks(applicant_id);
