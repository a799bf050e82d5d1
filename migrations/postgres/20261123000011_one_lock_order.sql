-- One lock order for case writes (issue 10, item 3): the list generation first, then rows.
--
-- Until now the generation (one row, 20261122000003) was moved by AFTER STATEMENT triggers,
-- which fire after the statement's row triggers: the first write to `cases` locked its row
-- of `firm_case_counts` (the AFTER ROW trigger of 20261122000005) and then the generation,
-- while every later statement of the transaction locked more count rows with the generation
-- already held. A create (insert, then its automatic move to BROKER_APPLICATION: counts of
-- BROKER_APPLICATION under the generation) and a cancel (counts of BROKER_APPLICATION and
-- CANCELLED, then the generation) took the same two locks in opposite orders and deadlocked.
--
-- Now the generation moves in a BEFORE STATEMENT trigger, before the statement touches any
-- row, and only on the transaction's first write to a table the lists read: every writer
-- locks the generation first and holds it to its commit, so whoever locks a case or a count
-- row already holds the generation, and no two writers can wait for each other. Writers of
-- cases were already serialized on this row from their first statement on; they are no more
-- so now, only in a consistent order. One move per transaction is all the lists need: other
-- transactions see a writer's rows and its new generation together, at its commit.
CREATE OR REPLACE FUNCTION bump_case_list_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    -- Transaction-local: undone with the update if the transaction (or savepoint) rolls back.
    IF current_setting('threshold.case_list_generation_moved', true) IS DISTINCT FROM 'on' THEN
        UPDATE case_list_generation SET generation = generation + 1 WHERE id = 1;
        PERFORM set_config('threshold.case_list_generation_moved', 'on', true);
    END IF;
    RETURN NULL;
END;
$$;

DROP TRIGGER cases_generation ON cases;
DROP TRIGGER applicants_generation ON applicants;
DROP TRIGGER case_admins_generation ON case_admins;
DROP TRIGGER case_search_names_generation ON case_search_names;

CREATE TRIGGER cases_generation BEFORE INSERT OR UPDATE OR DELETE ON cases
FOR EACH STATEMENT EXECUTE FUNCTION bump_case_list_generation();
CREATE TRIGGER applicants_generation BEFORE INSERT OR UPDATE OF case_id, user_id, party_type OR DELETE ON applicants
FOR EACH STATEMENT EXECUTE FUNCTION bump_case_list_generation();
CREATE TRIGGER case_admins_generation BEFORE INSERT OR UPDATE OR DELETE ON case_admins
FOR EACH STATEMENT EXECUTE FUNCTION bump_case_list_generation();
CREATE TRIGGER case_search_names_generation BEFORE INSERT OR UPDATE OR DELETE ON case_search_names
FOR EACH STATEMENT EXECUTE FUNCTION bump_case_list_generation();
