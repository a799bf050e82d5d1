-- Workers listen for new case effects (issue: idle PostgreSQL workers): nothing to change on
-- SQLite.
--
-- The PostgreSQL migration of this version NOTIFYs `threshold_case_effects` when a statement
-- adds case effects, so the effect relay of every worker process wakes at once. SQLite has no
-- such signal between processes: its relay looks every WORKER_POLL_MS. Tables and columns stay
-- the same on both databases.
SELECT 1;
