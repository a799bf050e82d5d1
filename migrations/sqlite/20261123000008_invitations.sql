-- A broker's invitation to each applicant: when it was sent (and re-sent), first opened,
-- and answered. One row per applicant; the broker's case page reads it.
CREATE TABLE invitations (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    applicant_id BIGINT NOT NULL REFERENCES applicants(id) ON DELETE CASCADE,
    sent_at TEXT NOT NULL,
    send_count INTEGER NOT NULL DEFAULT 1,
    opened_at TEXT,
    responded_at TEXT,
    accepted BOOLEAN
);
CREATE UNIQUE INDEX invitations_applicant ON invitations(applicant_id);
CREATE INDEX invitations_case ON invitations(case_id);
