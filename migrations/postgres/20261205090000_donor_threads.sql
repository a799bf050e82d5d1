-- Issue 32.1: a purchase's gift donor has a thread of their own with the firm, one per donor:
-- topic DONOR:<donor id>.
ALTER TABLE case_messages DROP CONSTRAINT case_messages_topic_check;
ALTER TABLE case_messages ADD CONSTRAINT case_messages_topic_check
    CHECK (topic IN ('QUOTE', 'PARTIES', 'BROKER_FIRM', 'FIRM_INTERNAL') OR topic ~ '^DONOR:[1-9][0-9]*$');
