-- Everything stores any Unicode text (merchant promotions in Japanese, buyer names) and compares it
-- one way: the database's default becomes utf8mb4_unicode_ci for the tables created from here on,
-- and the tables of V1-V7 are converted to it. A server whose default is latin1 (MariaDB's own
-- default, and that of an embedded test server) would refuse the text; one whose default is
-- utf8mb4_general_ci would leave the older tables with another collation than the order book's,
-- and V8's foreign keys to them would fail (errno 150).
ALTER DATABASE CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

-- MariaDB changes no column that a foreign key joins, not even with FOREIGN_KEY_CHECKS = 0: the
-- foreign keys among these tables go while the tables convert, and come back as V1 and V4 made them.
ALTER TABLE api_keys DROP FOREIGN KEY fk_api_keys_agent;
ALTER TABLE api_key_merchants DROP FOREIGN KEY fk_api_key_merchants_key;
ALTER TABLE merchant_capabilities DROP FOREIGN KEY fk_merchant_capabilities;
ALTER TABLE products DROP FOREIGN KEY fk_products_merchant;
ALTER TABLE variants DROP FOREIGN KEY fk_variants_product;
ALTER TABLE offers DROP FOREIGN KEY fk_offers_variant;
ALTER TABLE offers DROP FOREIGN KEY fk_offers_merchant;
ALTER TABLE product_group_members DROP FOREIGN KEY fk_pgm_group;
ALTER TABLE product_group_members DROP FOREIGN KEY fk_pgm_product;
ALTER TABLE product_intel DROP FOREIGN KEY fk_product_intel;
ALTER TABLE intel_claims DROP FOREIGN KEY fk_intel_claims_product;
ALTER TABLE intel_claims DROP FOREIGN KEY fk_intel_claims_citation;
ALTER TABLE product_aliases DROP FOREIGN KEY fk_product_aliases;

ALTER TABLE agents CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE api_keys CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE api_key_merchants CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE buyer_aliases CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE idempotency_records CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE merchants CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE merchant_capabilities CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE products CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE variants CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE offers CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE product_groups CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE product_group_members CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE citations CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE product_intel CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE intel_claims CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE product_aliases CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;
ALTER TABLE briefs CONVERT TO CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;

ALTER TABLE api_keys ADD CONSTRAINT fk_api_keys_agent FOREIGN KEY (agent_id) REFERENCES agents (id);
ALTER TABLE api_key_merchants ADD CONSTRAINT fk_api_key_merchants_key FOREIGN KEY (api_key_id) REFERENCES api_keys (id);
ALTER TABLE merchant_capabilities ADD CONSTRAINT fk_merchant_capabilities FOREIGN KEY (merchant_id) REFERENCES merchants (id);
ALTER TABLE products ADD CONSTRAINT fk_products_merchant FOREIGN KEY (merchant_id) REFERENCES merchants (id);
ALTER TABLE variants ADD CONSTRAINT fk_variants_product FOREIGN KEY (product_id) REFERENCES products (id);
ALTER TABLE offers ADD CONSTRAINT fk_offers_variant FOREIGN KEY (variant_id) REFERENCES variants (id);
ALTER TABLE offers ADD CONSTRAINT fk_offers_merchant FOREIGN KEY (merchant_id) REFERENCES merchants (id);
ALTER TABLE product_group_members ADD CONSTRAINT fk_pgm_group FOREIGN KEY (group_id) REFERENCES product_groups (id);
ALTER TABLE product_group_members ADD CONSTRAINT fk_pgm_product FOREIGN KEY (product_id) REFERENCES products (id);
ALTER TABLE product_intel ADD CONSTRAINT fk_product_intel FOREIGN KEY (product_id) REFERENCES products (id);
ALTER TABLE intel_claims ADD CONSTRAINT fk_intel_claims_product FOREIGN KEY (product_id) REFERENCES product_intel (product_id);
ALTER TABLE intel_claims ADD CONSTRAINT fk_intel_claims_citation FOREIGN KEY (citation_id) REFERENCES citations (id);
ALTER TABLE product_aliases ADD CONSTRAINT fk_product_aliases FOREIGN KEY (product_id) REFERENCES products (id);

-- CONVERT TO gave every text column the table's collation: V7_1's identifiers are compared byte
-- for byte again (NO PAD: a trailing space counts).
ALTER TABLE idempotency_records
  MODIFY agent_id  VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY operation VARCHAR(200) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY idem_key  VARCHAR(255) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY holder    VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL;

ALTER TABLE buyer_aliases
  MODIFY agent_id   VARCHAR(40)  CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY source_ref VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL,
  MODIFY target_ref VARCHAR(100) CHARACTER SET utf8mb4 COLLATE utf8mb4_nopad_bin NOT NULL;
