-- Users, sign-in links, sessions and the audit trail (walking skeleton).
CREATE TABLE users (
    id UUID PRIMARY KEY NOT NULL,
    email TEXT NOT NULL UNIQUE,
    preferred_name TEXT NOT NULL,
    role TEXT NOT NULL,
    is_lender BOOLEAN NOT NULL DEFAULT FALSE,
    enabled_features TEXT NOT NULL DEFAULT '',
    privacy_version INTEGER,
    terms_version INTEGER,
    policies_accepted_at TIMESTAMPTZ,
    is_onboarded BOOLEAN NOT NULL DEFAULT FALSE,
    phone_number TEXT,
    date_of_birth DATE,
    created_at TIMESTAMPTZ NOT NULL,
    updated_at TIMESTAMPTZ NOT NULL
);

CREATE TABLE legal_names (
    id BIGSERIAL PRIMARY KEY,
    user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    first_name TEXT NOT NULL,
    middle_names TEXT,
    surname TEXT NOT NULL,
    until TIMESTAMPTZ,
    created_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX legal_names_user ON legal_names(user_id);

CREATE TABLE magic_links (
    token_hash TEXT PRIMARY KEY NOT NULL,
    email_hash TEXT NOT NULL,
    user_id UUID REFERENCES users(id) ON DELETE CASCADE,
    signup JSONB,
    redirect_to TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    used_at TIMESTAMPTZ,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX magic_links_email ON magic_links(email_hash);

CREATE TABLE sessions (
    id UUID PRIMARY KEY NOT NULL,
    user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    access_hash TEXT NOT NULL UNIQUE,
    access_expires_at TIMESTAMPTZ NOT NULL,
    refresh_hash TEXT NOT NULL UNIQUE,
    user_agent TEXT,
    created_at TIMESTAMPTZ NOT NULL,
    last_used_at TIMESTAMPTZ NOT NULL,
    expires_at TIMESTAMPTZ NOT NULL,
    revoked_at TIMESTAMPTZ
);
CREATE INDEX sessions_user ON sessions(user_id);

-- E-mails sent per address (by hash) in the current one-hour window, for the silent cap.
CREATE TABLE email_quota (
    email_hash TEXT PRIMARY KEY NOT NULL,
    window_start TIMESTAMPTZ NOT NULL,
    sent INTEGER NOT NULL
);

CREATE TABLE audit_events (
    id BIGSERIAL PRIMARY KEY,
    actor_user_id UUID,
    action TEXT NOT NULL,
    subject_type TEXT NOT NULL,
    subject_id TEXT NOT NULL,
    detail JSONB NOT NULL DEFAULT '{}',
    at TIMESTAMPTZ NOT NULL
);
CREATE INDEX audit_events_subject ON audit_events(subject_type, subject_id);
