-- Workers listen instead of polling: a statement that gives cases new effects (an e-mail, a
-- reminder, a feed item) tells the effect relay on `threshold_case_effects`. PostgreSQL
-- delivers it when the transaction commits, and one per transaction (same payload).
-- SQLite has no such signal; its relay polls (WORKER_POLL_MS).
CREATE FUNCTION notify_case_effects() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    PERFORM pg_notify('threshold_case_effects', '');
    RETURN NULL;
END
$$;

CREATE TRIGGER case_effects_notify AFTER INSERT ON case_effects
    FOR EACH STATEMENT EXECUTE FUNCTION notify_case_effects();
