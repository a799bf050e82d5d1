-- Issue 11: what a person on a case tells the others without moving it: today a customer's
-- report of an issue with the quote, which their broker reads on the case page. The message
-- is personal data: it is stored here only, never in the audit trail or the e-mail.
CREATE TABLE case_messages (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    author_user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
    -- What it is about (QUOTE: the case's quote).
    topic TEXT NOT NULL CHECK (topic IN ('QUOTE')),
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
);
CREATE INDEX case_messages_case ON case_messages(case_id, id);
