-- Issue 25, finding 6: a confirmed e-mail change can be undone from the old address for 7 days.
-- Confirming a change records the address it replaced (`old_email`) and how long the undo
-- link works (`undo_expires_at`); the worker then mints the undo link's token, keeps only its
-- SHA-256 here (`undo_token_hash`), and mails the link to the old address (`undo_mailed_at`).
-- Opening the link consumes nothing: the /undo-email-change page posts the token, which sets
-- `undo_used_at`, puts the old address back and ends every session, in one transaction. An
-- undo closes the user's other undo links (`undo_revoked_at`), so a second change made by
-- whoever held the account cannot be "undone" back into their hands.
ALTER TABLE email_changes ADD COLUMN old_email TEXT;
ALTER TABLE email_changes ADD COLUMN undo_token_hash TEXT;
ALTER TABLE email_changes ADD COLUMN undo_expires_at TIMESTAMPTZ;
ALTER TABLE email_changes ADD COLUMN undo_mailed_at TIMESTAMPTZ;
ALTER TABLE email_changes ADD COLUMN undo_used_at TIMESTAMPTZ;
ALTER TABLE email_changes ADD COLUMN undo_revoked_at TIMESTAMPTZ;
CREATE UNIQUE INDEX email_changes_undo_token ON email_changes(undo_token_hash);
