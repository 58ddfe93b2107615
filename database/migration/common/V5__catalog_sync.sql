-- When a merchant's catalog was last copied from its platform (catalog_source other than 'local'):
-- the cache-first sourcing reads the platform again once this is older than ac.catalog.cache-ttl.
-- NULL: never synced. NULL is spelled out because MariaDB with explicit_defaults_for_timestamp=OFF
-- would otherwise make a bare TIMESTAMP column NOT NULL with a zero default.
ALTER TABLE merchants ADD COLUMN catalog_synced_at TIMESTAMP(6) NULL;
