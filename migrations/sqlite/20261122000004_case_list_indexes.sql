-- Case lists at a million cases: the default sorts (created, updated) are walked in index
-- order within the scope (firm, or all cases with a per-case broker check) with the status
-- carried in the index, so a status filter never reads the table and a page costs about
-- (offset + page size) / share of matching statuses index entries instead of a sort of
-- every matching case. The name search probes a case's names through (case_id, name).
DROP INDEX cases_type_created;
DROP INDEX cases_type_updated;
DROP INDEX cases_firm_type_created;
DROP INDEX case_search_names_case;
CREATE INDEX cases_type_created ON cases(case_type, created_at, id, status);
CREATE INDEX cases_type_updated ON cases(case_type, updated_at, id, status);
CREATE INDEX cases_firm_type_created ON cases(firm_id, case_type, created_at, id, status);
CREATE INDEX cases_firm_type_updated ON cases(firm_id, case_type, updated_at, id, status);
CREATE INDEX case_search_names_case ON case_search_names(case_id, name);
