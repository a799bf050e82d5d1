-- Issue 25, finding 2: one payable checkout per case, and no payment that vanishes.
--
-- A started payment keeps where the buyer pays (Stripe Checkout's page), until when it can be
-- paid, and when Threshold stopped offering it (expired on the provider, or replaced). At
-- most one per case is open (unpaid, not closed): POST /deposit-payment gives the open one
-- back instead of starting another.
ALTER TABLE deposit_payments ADD COLUMN checkout_url TEXT;
ALTER TABLE deposit_payments ADD COLUMN expires_at TEXT;
ALTER TABLE deposit_payments ADD COLUMN closed_at TEXT;

-- Before this, every call started another: the newest unpaid one of a case stays open, the
-- rest (and any of a case already paid) are closed. Without a checkout page or an expiry they
-- are never offered again; the next call expires them on the provider and starts afresh.
UPDATE deposit_payments SET closed_at = created_at
WHERE paid_at IS NULL AND (
    id <> (SELECT MAX(d.id) FROM deposit_payments d
           WHERE d.case_id = deposit_payments.case_id AND d.paid_at IS NULL)
    OR EXISTS (SELECT 1 FROM cases c
               WHERE c.id = deposit_payments.case_id AND c.deposit_paid_at IS NOT NULL)
);
CREATE UNIQUE INDEX deposit_payments_one_open ON deposit_payments(case_id)
    WHERE paid_at IS NULL AND closed_at IS NULL;

-- Money the provider took that Threshold did not expect: a second checkout paid, or a
-- payment for a case already paid. Kept (never dropped) and shown to the firm, who refund it.
-- One row per provider session: the provider's event delivered again records nothing new.
CREATE TABLE unexpected_payments (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    provider TEXT NOT NULL CHECK (provider IN ('LOCAL', 'STRIPE')),
    -- The Checkout Session's id.
    provider_reference TEXT NOT NULL UNIQUE,
    -- In the currency's minor unit (pence), as the provider reported it.
    amount BIGINT,
    currency TEXT,
    -- The provider's payment (a PaymentIntent), which the firm refunds.
    provider_payment_id TEXT,
    paid_at TEXT NOT NULL,
    recorded_at TEXT NOT NULL
);
CREATE INDEX unexpected_payments_case ON unexpected_payments(case_id);
