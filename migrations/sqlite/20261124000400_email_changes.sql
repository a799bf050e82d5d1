-- Issue 15: changing the e-mail address of an account. The request is stored at once (the
-- settings page shows it as pending); the worker then mints the link's token, keeps only its
-- SHA-256 here, and mails the link to the new address (and a notice to the old one). Opening
-- the link consumes nothing: the /confirm-email page posts the token, which sets `used_at`
-- and the user's new address in one transaction. A newer request revokes older ones.
CREATE TABLE email_changes (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    -- The e-mail job that mails this request (its retries share it).
    request_id TEXT NOT NULL UNIQUE,
    new_email TEXT NOT NULL,
    -- NULL until the worker has minted the link.
    token_hash TEXT UNIQUE,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    mailed_at TEXT,
    notice_mailed_at TEXT,
    used_at TEXT,
    revoked_at TEXT
);
CREATE INDEX email_changes_user ON email_changes(user_id, created_at);
