-- A sign-in or sign-up link remembers the e-mail job that made it. A job retried after its
-- worker died between the SMTP server accepting the mail and the job's acknowledgement finds
-- the mail marked as sent and sends nothing; one that died before the mark sends again with
-- the same Message-ID and leaves the first attempt's link working (only other requests'
-- links are revoked by a newer one).
ALTER TABLE magic_links ADD COLUMN request_id TEXT;
ALTER TABLE magic_links ADD COLUMN mailed_at TEXT;
CREATE INDEX magic_links_request ON magic_links(request_id);
