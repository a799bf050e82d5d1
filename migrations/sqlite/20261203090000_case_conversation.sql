-- Issue 32.1: one conversation per case. `case_messages` holds every thread: QUOTE (a
-- customer's report of an issue with the quote), PARTIES (the customers, their brokers and
-- the firm), BROKER_FIRM (the brokers and the firm; the customers never see it) and
-- FIRM_INTERNAL (the firm's own notes). The body is personal data: stored here only, never in
-- the audit trail (which records the message id) or the e-mail (which says there is one).
CREATE TABLE case_messages_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    author_user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
    topic TEXT NOT NULL CHECK (topic IN ('QUOTE', 'PARTIES', 'BROKER_FIRM', 'FIRM_INTERNAL')),
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
);
INSERT INTO case_messages_new (id, case_id, author_user_id, topic, body, created_at)
    SELECT id, case_id, author_user_id, topic, body, created_at FROM case_messages;
DROP TABLE case_messages;
ALTER TABLE case_messages_new RENAME TO case_messages;
CREATE INDEX case_messages_case ON case_messages(case_id, topic, id);

-- Read receipts: the latest message of a thread each person has read.
CREATE TABLE case_message_reads (
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    topic TEXT NOT NULL,
    user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    last_read_message_id BIGINT NOT NULL,
    read_at TEXT NOT NULL,
    PRIMARY KEY (case_id, topic, user_id)
);

-- The firm's reply-time promise: when its reply to the oldest customer's or broker's message
-- still unanswered is due (NULL: none waits), so the queue sorts and filters by it.
ALTER TABLE cases ADD COLUMN reply_due_at TEXT;
CREATE INDEX cases_reply_due ON cases (case_type, reply_due_at);
