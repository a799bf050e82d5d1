-- The case lists remember how many cases match a filter (the count is the slow part of a list
-- at a million cases). A remembered count is valid only for the generation it was counted at:
-- every write to a table the lists filter on moves the generation on, in the writer's own
-- transaction, so no server process can serve a count older than the rows it shows.
CREATE TABLE case_list_generation (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    generation BIGINT NOT NULL
);
INSERT INTO case_list_generation (id, generation) VALUES (1, 0);

CREATE TRIGGER cases_insert_generation AFTER INSERT ON cases
BEGIN UPDATE case_list_generation SET generation = generation + 1; END;
CREATE TRIGGER cases_update_generation AFTER UPDATE ON cases
BEGIN UPDATE case_list_generation SET generation = generation + 1; END;
CREATE TRIGGER cases_delete_generation AFTER DELETE ON cases
BEGIN UPDATE case_list_generation SET generation = generation + 1; END;

CREATE TRIGGER applicants_insert_generation AFTER INSERT ON applicants
BEGIN UPDATE case_list_generation SET generation = generation + 1; END;
CREATE TRIGGER applicants_update_generation AFTER UPDATE OF case_id, user_id, party_type ON applicants
BEGIN UPDATE case_list_generation SET generation = generation + 1; END;
CREATE TRIGGER applicants_delete_generation AFTER DELETE ON applicants
BEGIN UPDATE case_list_generation SET generation = generation + 1; END;

CREATE TRIGGER case_admins_insert_generation AFTER INSERT ON case_admins
BEGIN UPDATE case_list_generation SET generation = generation + 1; END;
CREATE TRIGGER case_admins_update_generation AFTER UPDATE ON case_admins
BEGIN UPDATE case_list_generation SET generation = generation + 1; END;
CREATE TRIGGER case_admins_delete_generation AFTER DELETE ON case_admins
BEGIN UPDATE case_list_generation SET generation = generation + 1; END;

CREATE TRIGGER case_search_names_insert_generation AFTER INSERT ON case_search_names
BEGIN UPDATE case_list_generation SET generation = generation + 1; END;
CREATE TRIGGER case_search_names_update_generation AFTER UPDATE ON case_search_names
BEGIN UPDATE case_list_generation SET generation = generation + 1; END;
CREATE TRIGGER case_search_names_delete_generation AFTER DELETE ON case_search_names
BEGIN UPDATE case_list_generation SET generation = generation + 1; END;
