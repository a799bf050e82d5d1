-- Issue 33: the registered proprietors the firm reads off HM Land Registry's official copies of
-- a remortgaged title, and why one is no owner on the case (DECEASED, MARRIAGE, DEED_POLL) with
-- the document that proves it. The table the first migration made was never written: it is
-- made again with who recorded each name and its explanation. Written through the case
-- service, audited; a name explained and proven no longer counts against submission. Deleting
-- the evidence leaves the explanation without proof: the name needs explaining again.
DROP TABLE title_register_names;
CREATE TABLE title_register_names (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    full_name TEXT NOT NULL,
    recorded_by_user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
    recorded_at TEXT NOT NULL,
    explanation TEXT CHECK (explanation IN ('DECEASED', 'MARRIAGE', 'DEED_POLL')),
    evidence_document_id BIGINT REFERENCES documents(id) ON DELETE SET NULL,
    explained_by_user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
    explained_at TEXT
);
CREATE INDEX title_register_names_case ON title_register_names (case_id);
