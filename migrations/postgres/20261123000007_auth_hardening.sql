-- Sign-in mail per address (by hash): at most one per EMAIL_MIN_INTERVAL_SECONDS, and past
-- EMAIL_CAP_PER_DAY in a day one per link lifetime. It replaces the hourly cap, which anyone
-- could spend to keep a person from signing in for an hour.
DROP TABLE email_quota;
CREATE TABLE email_throttle (
    email_hash TEXT PRIMARY KEY NOT NULL,
    last_sent_at TIMESTAMPTZ NOT NULL,
    previous_sent_at TIMESTAMPTZ,
    day_start TIMESTAMPTZ NOT NULL,
    sent_today INTEGER NOT NULL
);

-- Refresh tokens a session has rotated away from: presenting one again means it was copied,
-- so the session is ended (RFC 9700 section 4.14.2).
CREATE TABLE retired_refresh_tokens (
    refresh_hash TEXT PRIMARY KEY NOT NULL,
    session_id UUID NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
    retired_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX retired_refresh_tokens_session ON retired_refresh_tokens(session_id);
