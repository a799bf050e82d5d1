-- Issue 14: the back office. Staff prove a second factor (TOTP, RFC 6238) on each session;
-- cases get an assignee and the time of their last move (the work queue's age).
ALTER TABLE sessions ADD COLUMN second_factor_at TEXT;

-- One authenticator per staff member. `confirmed_at` is NULL while enrolment waits for the
-- first code; `last_step` is the newest 30-second step accepted, so a code works only once.
-- `failures` counts wrong codes in a row (every server process sees the same count), and
-- locks the factor for a while after too many.
CREATE TABLE staff_factors (
    user_id TEXT PRIMARY KEY NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    totp_secret TEXT NOT NULL,
    confirmed_at TEXT,
    last_step INTEGER,
    failures INTEGER NOT NULL DEFAULT 0,
    last_failure_at TEXT,
    created_at TEXT NOT NULL
);

-- Single-use recovery codes, stored as SHA-256 hashes.
CREATE TABLE staff_recovery_codes (
    code_hash TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    used_at TEXT
);
CREATE INDEX staff_recovery_codes_user ON staff_recovery_codes(user_id);

ALTER TABLE cases ADD COLUMN assignee_id TEXT REFERENCES users(id);
ALTER TABLE cases ADD COLUMN status_changed_at TEXT;
UPDATE cases SET status_changed_at = updated_at;
CREATE INDEX cases_type_assignee_updated ON cases(case_type, assignee_id, updated_at, id);

-- Identity verification (manual review by a conveyancer, the default provider): why an owner's
-- identity was sent back, shown to them until they submit again.
ALTER TABLE applicants ADD COLUMN identity_rejection_reason TEXT;
