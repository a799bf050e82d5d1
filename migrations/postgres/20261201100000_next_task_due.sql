-- Issue 29: the earliest due date of a case's legal-file tasks not yet done (the SDLT return,
-- the application to register…), kept by the case service with every write that may move it,
-- so the firm's queue sorts and filters by it from an index. NULL: no task with a due date open.
ALTER TABLE cases ADD COLUMN next_task_due_on DATE;
CREATE INDEX cases_next_task_due ON cases (case_type, next_task_due_on);
