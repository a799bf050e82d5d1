-- Issue 29: a purchase's pre-contract enquiries with the seller's solicitor, one row each: the
-- question, the reply the firm recorded, and how it was closed (SATISFIED, FOLLOWED_UP by the
-- enquiry that names it, or WITHDRAWN with a reason). Open while `outcome` is null; the case
-- leaves CONTRACT_PACK_REVIEW only with none open. Written through the case service, audited.
CREATE TABLE case_enquiries (
    id BIGSERIAL PRIMARY KEY,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    follow_up_of BIGINT REFERENCES case_enquiries(id),
    question TEXT NOT NULL,
    raised_by_user_id UUID REFERENCES users(id) ON DELETE SET NULL,
    raised_at TIMESTAMPTZ NOT NULL,
    answer TEXT,
    answered_by_user_id UUID REFERENCES users(id) ON DELETE SET NULL,
    answered_at TIMESTAMPTZ,
    outcome TEXT CHECK (outcome IN ('SATISFIED', 'FOLLOWED_UP', 'WITHDRAWN')),
    withdrawal_reason TEXT
);
CREATE INDEX case_enquiries_case ON case_enquiries (case_id);
