-- Users, sign-in links, sessions and the audit trail (walking skeleton).
CREATE TABLE users (
    id TEXT PRIMARY KEY NOT NULL,
    email TEXT NOT NULL UNIQUE,
    preferred_name TEXT NOT NULL,
    role TEXT NOT NULL,
    is_lender BOOLEAN NOT NULL DEFAULT FALSE,
    enabled_features TEXT NOT NULL DEFAULT '',
    privacy_version INTEGER,
    terms_version INTEGER,
    policies_accepted_at TEXT,
    is_onboarded BOOLEAN NOT NULL DEFAULT FALSE,
    phone_number TEXT,
    date_of_birth TEXT,
    created_at TEXT NOT NULL,
    updated_at TEXT NOT NULL
);

CREATE TABLE legal_names (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    first_name TEXT NOT NULL,
    middle_names TEXT,
    surname TEXT NOT NULL,
    until TEXT,
    created_at TEXT NOT NULL
);
CREATE INDEX legal_names_user ON legal_names(user_id);

CREATE TABLE magic_links (
    token_hash TEXT PRIMARY KEY NOT NULL,
    email_hash TEXT NOT NULL,
    user_id TEXT REFERENCES users(id) ON DELETE CASCADE,
    signup TEXT,
    redirect_to TEXT,
    created_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    used_at TEXT,
    revoked_at TEXT
);
CREATE INDEX magic_links_email ON magic_links(email_hash);

CREATE TABLE sessions (
    id TEXT PRIMARY KEY NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    access_hash TEXT NOT NULL UNIQUE,
    access_expires_at TEXT NOT NULL,
    refresh_hash TEXT NOT NULL UNIQUE,
    user_agent TEXT,
    created_at TEXT NOT NULL,
    last_used_at TEXT NOT NULL,
    expires_at TEXT NOT NULL,
    revoked_at TEXT
);
CREATE INDEX sessions_user ON sessions(user_id);

-- E-mails sent per address (by hash) in the current one-hour window, for the silent cap.
CREATE TABLE email_quota (
    email_hash TEXT PRIMARY KEY NOT NULL,
    window_start TEXT NOT NULL,
    sent INTEGER NOT NULL
);

CREATE TABLE audit_events (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    actor_user_id TEXT,
    action TEXT NOT NULL,
    subject_type TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    detail TEXT NOT NULL DEFAULT '{}',
    at TEXT NOT NULL
);
CREATE INDEX audit_events_subject ON audit_events(subject_type, subject_id);
