-- Issue 12: the remortgaging application's property sections. Who holds an alteration's
-- documents (SOLICITOR or OWNER): the owner's become required-document slots of the case.
ALTER TABLE alterations ADD COLUMN documents_held_by TEXT
    CHECK (documents_held_by IN ('SOLICITOR', 'OWNER'));

-- A deleted document empties its slot (ON DELETE SET NULL): the lookup needs an index.
CREATE INDEX required_documents_document ON required_documents(document_id);
