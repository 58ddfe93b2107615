-- MariaDB's default collation (utf8mb4_general_ci) compares case- and accent-insensitively:
-- Idempotency-Key "Pay-Order-1" would replay "pay-order-1", and "user:alice" would find the alias
-- of "user:Alice". Identifiers that clients send are compared byte for byte (NO PAD: a trailing
-- space counts too, as it does on H2). Also the NOT NULL
-- of V7's new columns.
ALTER TABLE idempotency_records
  MODIFY agent_id  VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY operation VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY idem_key  VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY holder    VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY lease_until TIMESTAMP(6) NOT NULL;

ALTER TABLE buyer_aliases
  MODIFY agent_id   VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY source_ref VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY target_ref VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL;
