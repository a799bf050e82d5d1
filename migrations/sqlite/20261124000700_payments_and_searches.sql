-- Issue 14, a purchase after submission. The buyers' up-front payment: who started it, through
-- which provider (STRIPE, or LOCAL where none is configured), and the provider's reference,
-- which a webhook names, so it is unique.
ALTER TABLE deposit_payments ADD COLUMN provider TEXT NOT NULL DEFAULT 'LOCAL'
    CHECK (provider IN ('LOCAL', 'STRIPE'));
ALTER TABLE deposit_payments ADD COLUMN payer_user_id TEXT REFERENCES users(id);
CREATE UNIQUE INDEX deposit_payments_reference ON deposit_payments(provider_reference);

-- A search document is recorded once as a result and once as a summary at most.
CREATE UNIQUE INDEX searches_document ON searches(case_id, kind, document_id);
