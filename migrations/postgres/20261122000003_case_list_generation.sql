-- The case lists remember how many cases match a filter (the count is the slow part of a list
-- at a million cases). A remembered count is valid only for the generation it was counted at:
-- every write to a table the lists filter on moves the generation on, in the writer's own
-- transaction, so no server process can serve a count older than the rows it shows.
-- Statement-level triggers: a bulk insert moves it once, not once per row.
CREATE TABLE case_list_generation (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    generation BIGINT NOT NULL
);
INSERT INTO case_list_generation (id, generation) VALUES (1, 0);

CREATE FUNCTION bump_case_list_generation() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
    UPDATE case_list_generation SET generation = generation + 1;
    RETURN NULL;
END;
$$;

CREATE TRIGGER cases_generation AFTER INSERT OR UPDATE OR DELETE ON cases
FOR EACH STATEMENT EXECUTE FUNCTION bump_case_list_generation();
CREATE TRIGGER applicants_generation AFTER INSERT OR UPDATE OF case_id, user_id, party_type OR DELETE ON applicants
FOR EACH STATEMENT EXECUTE FUNCTION bump_case_list_generation();
CREATE TRIGGER case_admins_generation AFTER INSERT OR UPDATE OR DELETE ON case_admins
FOR EACH STATEMENT EXECUTE FUNCTION bump_case_list_generation();
CREATE TRIGGER case_search_names_generation AFTER INSERT OR UPDATE OR DELETE ON case_search_names
FOR EACH STATEMENT EXECUTE FUNCTION bump_case_list_generation();
