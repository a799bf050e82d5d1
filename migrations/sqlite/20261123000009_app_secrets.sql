-- Keys the server processes share (e.g. for signing feed tokens), made on first use, so
-- several processes agree without a setting. Never logged, never sent.
CREATE TABLE app_secrets (
    name TEXT PRIMARY KEY NOT NULL,
    value TEXT NOT NULL
);
