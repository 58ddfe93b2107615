-- Idempotency claims get a holder token and a lease (issue 22): only the request holding the
-- claim may complete or release it (compare-and-set on holder), and a claim is taken over only
-- when its holder has stopped renewing the lease. Lease and expiry are written and compared with
-- the database's clock, never a node's. response_headers keeps what a replay must repeat
-- (Location, Retry-After, Content-Type); outside_effects marks claims that a 5xx or a lost holder
-- leaves for reconciliation instead of releasing.
ALTER TABLE idempotency_records ADD COLUMN holder VARCHAR(40);
ALTER TABLE idempotency_records ADD COLUMN lease_until TIMESTAMP(6);
ALTER TABLE idempotency_records ADD COLUMN response_headers LONGTEXT;
ALTER TABLE idempotency_records ADD COLUMN outside_effects INT DEFAULT 0 NOT NULL;

UPDATE idempotency_records SET holder = id, lease_until = created_at;
-- holder and lease_until become NOT NULL in the vendor migration V7_1 (the syntax differs).
