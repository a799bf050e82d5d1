-- Issue 29: the legal file's tasks (the workflow files' [[tasks]]) recorded done on a case:
-- what was recorded with each (a UTRN, HM Land Registry's reference), by whom and when. Each
-- is written once, through the case service, and audited.
CREATE TABLE case_tasks (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    task TEXT NOT NULL,
    reference TEXT,
    note TEXT,
    done_by_user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
    done_at TEXT NOT NULL,
    UNIQUE (case_id, task)
);
