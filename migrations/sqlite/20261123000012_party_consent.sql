-- A broker may name any e-mail address as a client. Until that person accepts the invitation,
-- the broker sees only what the broker typed (the name below and the address), never the
-- account's own details. Parties from before this column count as having agreed.
ALTER TABLE applicants ADD COLUMN invited_name TEXT;
ALTER TABLE applicants ADD COLUMN consented_at TEXT;
UPDATE applicants SET consented_at = created_at;
