-- Issue 32.1: a message in a case's conversation may carry documents of the case: one already
-- uploaded, or a file uploaded with it (document type CORRESPONDENCE, the same upload rules and
-- limits). The file stays a document of the case, read through GET /document/{id} with its own
-- checks; a document deleted later leaves the message without it.
CREATE TABLE case_message_attachments (
    message_id BIGINT NOT NULL REFERENCES case_messages(id) ON DELETE CASCADE,
    document_id BIGINT NOT NULL REFERENCES documents(id) ON DELETE CASCADE,
    PRIMARY KEY (message_id, document_id)
);
CREATE INDEX case_message_attachments_document ON case_message_attachments(document_id);
