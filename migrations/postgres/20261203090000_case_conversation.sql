-- Issue 32.1: one conversation per case. `case_messages` holds every thread: QUOTE (a
-- customer's report of an issue with the quote), PARTIES (the customers, their brokers and
-- the firm), BROKER_FIRM (the brokers and the firm; the customers never see it) and
-- FIRM_INTERNAL (the firm's own notes). The body is personal data: stored here only, never in
-- the audit trail (which records the message id) or the e-mail (which says there is one).
ALTER TABLE case_messages DROP CONSTRAINT case_messages_topic_check;
ALTER TABLE case_messages ADD CONSTRAINT case_messages_topic_check
    CHECK (topic IN ('QUOTE', 'PARTIES', 'BROKER_FIRM', 'FIRM_INTERNAL'));
DROP INDEX case_messages_case;
CREATE INDEX case_messages_case ON case_messages(case_id, topic, id);

-- Read receipts: the latest message of a thread each person has read.
CREATE TABLE case_message_reads (
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    topic TEXT NOT NULL,
    user_id UUID NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    last_read_message_id BIGINT NOT NULL,
    read_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (case_id, topic, user_id)
);

-- The firm's reply-time promise: when its reply to the oldest customer's or broker's message
-- still unanswered is due (NULL: none waits), so the queue sorts and filters by it.
ALTER TABLE cases ADD COLUMN reply_due_at TIMESTAMPTZ;
CREATE INDEX cases_reply_due ON cases (case_type, reply_due_at);
