-- Issue 28 (1): the client ledger of each case, as the firm's cashier keeps it (SRA Accounts
-- Rules): every sum received for the client and paid out for them, dated, in pence, with who
-- recorded it (each entry is audited when it is written). The up-front payment taken by the
-- payment provider is not written here again: the ledger reads it from deposit_payments.
CREATE TABLE ledger_entries (
    id BIGSERIAL PRIMARY KEY,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    direction TEXT NOT NULL CHECK (direction IN ('RECEIVED', 'PAID')),
    kind TEXT NOT NULL CHECK (kind IN ('CLIENT_FUNDS', 'MORTGAGE_ADVANCE', 'GIFT',
        'SELLER_SOLICITOR', 'LAND_TAX', 'LAND_REGISTRY', 'REDEMPTION', 'FIRM_BILL',
        'REFUND_TO_CLIENT', 'OTHER')),
    amount_pence BIGINT NOT NULL CHECK (amount_pence > 0),
    counterparty TEXT NOT NULL,
    reference TEXT,
    entry_date DATE NOT NULL,
    recorded_by_user_id UUID REFERENCES users(id) ON DELETE SET NULL,
    recorded_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX ledger_entries_case ON ledger_entries(case_id, entry_date);

-- The existing lender's redemption statement for each charge a remortgage pays off: its
-- figure as at a date, the interest it adds each day after, and until when it holds. One per
-- charge: recording again replaces it.
CREATE TABLE redemption_statements (
    loan_id BIGINT PRIMARY KEY NOT NULL REFERENCES loans(id) ON DELETE CASCADE,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    amount_pence BIGINT NOT NULL CHECK (amount_pence > 0),
    as_at DATE NOT NULL,
    daily_interest_pence BIGINT NOT NULL CHECK (daily_interest_pence >= 0),
    valid_until DATE NOT NULL,
    recorded_by_user_id UUID REFERENCES users(id) ON DELETE SET NULL,
    recorded_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX redemption_statements_case ON redemption_statements(case_id);
