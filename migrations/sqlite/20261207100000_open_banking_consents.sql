-- Issue 33.1: a buyer's consent to collect a source of funds' bank statements through an
-- open-banking provider (TrueLayer). The state sent to the provider is stored as its SHA-256
-- only; the callback takes the row once, for the same user, within half an hour. No token or
-- account detail is kept: the statement is kept as a document.
CREATE TABLE open_banking_consents (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    state_hash TEXT NOT NULL UNIQUE,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    source_id BIGINT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at TEXT NOT NULL,
    used_at TEXT
);
