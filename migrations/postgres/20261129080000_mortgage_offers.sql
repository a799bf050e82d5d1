-- Issue 26.13: the lender's mortgage offer as the firm records it, with its evidence: the
-- uploaded offer document, the lender, the advance (pence), the offer's date and expiry, and any
-- special conditions. One per case (recording again replaces it); a remortgage records it
-- today, a purchase will with the same record. The document cannot be deleted while it is the
-- recorded offer (the API refuses; the key is the backstop).
CREATE TABLE mortgage_offers (
    case_id BIGINT PRIMARY KEY NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    document_id BIGINT NOT NULL REFERENCES documents(id),
    lender TEXT NOT NULL,
    amount BIGINT NOT NULL,
    offer_date DATE NOT NULL,
    expires_on DATE NOT NULL,
    special_conditions TEXT,
    recorded_by_user_id UUID REFERENCES users(id) ON DELETE SET NULL,
    recorded_at TIMESTAMPTZ NOT NULL
);
CREATE INDEX mortgage_offers_document ON mortgage_offers(document_id);
