-- Fails until the test creates the table gate: a migration that fails once, then succeeds.
INSERT INTO first_table (id) SELECT id FROM gate;
