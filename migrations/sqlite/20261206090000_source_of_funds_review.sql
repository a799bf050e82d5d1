-- Issue 33.1 (the SOF feature): how the buyers say each source of funds was built up, and the
-- firm's anti-money-laundering review of it (the outcome, what it needs when it asks for more,
-- and the evidence document it looked at).
ALTER TABLE sources_of_funds ADD COLUMN origin TEXT;
ALTER TABLE sources_of_funds ADD COLUMN built_up_over TEXT;
ALTER TABLE sources_of_funds ADD COLUMN account_holder TEXT;
ALTER TABLE sources_of_funds ADD COLUMN described_at TEXT;
ALTER TABLE sources_of_funds ADD COLUMN review_outcome TEXT CHECK (review_outcome IN ('ACCEPTED', 'MORE_NEEDED'));
ALTER TABLE sources_of_funds ADD COLUMN review_reason TEXT;
ALTER TABLE sources_of_funds ADD COLUMN reviewed_evidence_id BIGINT;
ALTER TABLE sources_of_funds ADD COLUMN reviewed_by_user_id TEXT REFERENCES users(id) ON DELETE SET NULL;
ALTER TABLE sources_of_funds ADD COLUMN reviewed_at TEXT;
