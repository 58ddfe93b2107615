-- The MariaDB migration of this version makes identifier columns compare byte for byte; H2
-- compares strings case-sensitively already (IGNORECASE is off). Both make V7's new columns
-- NOT NULL, each in its own syntax.
ALTER TABLE idempotency_records ALTER COLUMN holder SET NOT NULL;
ALTER TABLE idempotency_records ALTER COLUMN lease_until SET NOT NULL;
