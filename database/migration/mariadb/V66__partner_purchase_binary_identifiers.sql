-- Partner purchases (V65) on MariaDB: the default collation (utf8mb4_general_ci) compares case-,
-- accent- and trailing-space-insensitively, so idempotency_key "Kx" would replay "kx" and "kx ".
-- Keys and identifiers are compared byte for byte (NO PAD: a trailing space counts too, as it
-- does on H2), as V7_1 does for the other identifiers clients send.
ALTER TABLE partner_purchases
  MODIFY id                  VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY agent_id            VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY buyer_key           CHAR(64)     CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY idempotency_key     VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY place_attempt_id    VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY partner_quote_id    VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
  MODIFY partner_checkout_id VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
  MODIFY partner_order_id    VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin,
  MODIFY lease_holder        VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;

-- The sandbox partner's books: its idempotency keys and ids are byte-exact too, as a real
-- partner's are.
ALTER TABLE sandbox_partner_quotes
  MODIFY id              VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL;

ALTER TABLE sandbox_partner_checkouts
  MODIFY id              VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY idempotency_key VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY quote_id        VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL;

ALTER TABLE sandbox_partner_orders
  MODIFY id              VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY idempotency_key VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY checkout_id     VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL;

ALTER TABLE sandbox_partner_requests
  MODIFY reference       VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin;
