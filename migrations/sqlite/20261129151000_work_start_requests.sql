-- Issue 28 (4): a buyer's express request that the firm start work within the 14-day
-- cancellation period (Consumer Contracts (Information, Cancellation and Additional Charges)
-- Regulations 2013, reg. 36), made with the up-front payment: who, when, and which wording
-- (workflows/fees.toml, buying.express_request.version) they ticked. One per buyer and wording.
--
-- And one truthful set of up-front payment terms on the quotes already made: a remortgage asks
-- for no up-front payment (nothing ever took it), and every stored quote's terms say what
-- workflows/fees.toml now says for its case type.
CREATE TABLE work_start_requests (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    user_id TEXT NOT NULL REFERENCES users(id),
    wording_version TEXT NOT NULL,
    requested_at TEXT NOT NULL,
    UNIQUE (case_id, user_id, wording_version)
);
CREATE INDEX work_start_requests_case ON work_start_requests(case_id);

UPDATE quotes SET deposit = 0
 WHERE case_id IN (SELECT id FROM cases WHERE case_type = 'REMORTGAGING');
UPDATE quotes SET terms = json_set(terms, '$.depositTerms', 'There is no up-front payment: you pay nothing until completion, when the whole bill is settled as your completion statement shows. You may cancel within 14 days of accepting this quote without giving a reason.')
 WHERE terms IS NOT NULL AND case_id IN (SELECT id FROM cases WHERE case_type = 'REMORTGAGING');
UPDATE quotes SET terms = json_set(terms, '$.depositTerms', 'Paid in Threshold once you have accepted our client care letter, and taken off your final bill. You may cancel within 14 days of accepting the letter without giving a reason: we refund this payment in full, less a proportionate charge for any work you expressly asked us to start within those 14 days.')
 WHERE terms IS NOT NULL AND case_id IN (SELECT id FROM cases WHERE case_type = 'BUYING');
