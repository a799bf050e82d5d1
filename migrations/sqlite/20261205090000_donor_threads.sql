-- Issue 32.1: a purchase's gift donor has a thread of their own with the firm, one per donor:
-- topic DONOR:<donor id>. SQLite changes a CHECK only by rebuilding the table, and dropping the old
-- one cascades to the attachments, so they are kept aside and put back.
CREATE TABLE case_messages_new (
    id INTEGER PRIMARY KEY AUTOINCREMENT,
    case_id BIGINT NOT NULL REFERENCES cases(id) ON DELETE CASCADE,
    author_user_id TEXT REFERENCES users(id) ON DELETE SET NULL,
    topic TEXT NOT NULL CHECK (
        topic IN ('QUOTE', 'PARTIES', 'BROKER_FIRM', 'FIRM_INTERNAL')
        OR (topic GLOB 'DONOR:[1-9]*' AND substr(topic, 7) NOT GLOB '*[^0-9]*')
    ),
    body TEXT NOT NULL,
    created_at TEXT NOT NULL
);
INSERT INTO case_messages_new (id, case_id, author_user_id, topic, body, created_at)
    SELECT id, case_id, author_user_id, topic, body, created_at FROM case_messages;
CREATE TEMP TABLE kept_attachments AS SELECT message_id, document_id FROM case_message_attachments;
DROP TABLE case_messages;
ALTER TABLE case_messages_new RENAME TO case_messages;
CREATE INDEX case_messages_case ON case_messages(case_id, topic, id);
INSERT INTO case_message_attachments (message_id, document_id)
    SELECT message_id, document_id FROM kept_attachments;
DROP TABLE kept_attachments;
