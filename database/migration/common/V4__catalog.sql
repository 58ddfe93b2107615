-- The catalog: where a merchant's catalog lives, what it can take as payment, its products with
-- their real upstream variants, the offers (price and stock per market), multi-seller product
-- groups, citations and the intel built on them.

ALTER TABLE merchants ADD COLUMN catalog_source VARCHAR(20) DEFAULT 'local' NOT NULL;
ALTER TABLE merchants ADD COLUMN catalog_base_url VARCHAR(500);
ALTER TABLE merchants ADD COLUMN default_currency CHAR(3) DEFAULT 'USD' NOT NULL;

-- kind: psp | payment_method_type | card_network | issuer | wallet | installment_provider | market
CREATE TABLE merchant_capabilities (
  merchant_id   VARCHAR(64)  NOT NULL,
  kind          VARCHAR(30)  NOT NULL,
  code          VARCHAR(60)  NOT NULL,
  CONSTRAINT pk_merchant_capabilities PRIMARY KEY (merchant_id, kind, code),
  CONSTRAINT fk_merchant_capabilities FOREIGN KEY (merchant_id) REFERENCES merchants (id)
);

CREATE TABLE products (
  id                   VARCHAR(40)   NOT NULL,
  merchant_id          VARCHAR(64)   NOT NULL,
  platform_product_id  VARCHAR(64)   NOT NULL,
  handle               VARCHAR(200)  NOT NULL,
  title                VARCHAR(300)  NOT NULL,
  description          VARCHAR(4000),
  vendor               VARCHAR(120),
  product_type         VARCHAR(120),
  category             VARCHAR(40)   NOT NULL,
  catalog_surface      VARCHAR(20)   NOT NULL,
  tags                 VARCHAR(1000),
  key_actives          VARCHAR(500),
  ingredients          VARCHAR(4000),
  skin_types           VARCHAR(200),
  concerns             VARCHAR(300),
  image_url            VARCHAR(500),
  status               VARCHAR(20)   NOT NULL,
  created_at           TIMESTAMP(6)  NOT NULL,
  updated_at           TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_products PRIMARY KEY (id),
  CONSTRAINT uq_products_platform UNIQUE (merchant_id, platform_product_id),
  CONSTRAINT fk_products_merchant FOREIGN KEY (merchant_id) REFERENCES merchants (id)
);

CREATE INDEX ix_products_merchant_handle ON products (merchant_id, handle);
CREATE INDEX ix_products_updated ON products (updated_at);

CREATE TABLE variants (
  id                   VARCHAR(40)   NOT NULL,
  product_id           VARCHAR(40)   NOT NULL,
  platform_variant_id  VARCHAR(64)   NOT NULL,
  title                VARCHAR(200)  NOT NULL,
  sku                  VARCHAR(80),
  options_json         VARCHAR(1000),
  image_url            VARCHAR(500),
  position             INT           NOT NULL,
  CONSTRAINT pk_variants PRIMARY KEY (id),
  CONSTRAINT uq_variants_platform UNIQUE (product_id, platform_variant_id),
  CONSTRAINT fk_variants_product FOREIGN KEY (product_id) REFERENCES products (id)
);

CREATE INDEX ix_variants_platform ON variants (platform_variant_id);
CREATE INDEX ix_variants_sku ON variants (sku);

-- Price and stock of a variant at its merchant in one market, in integer minor units of the
-- currency's own exponent.
CREATE TABLE offers (
  id                   VARCHAR(40)   NOT NULL,
  variant_id           VARCHAR(40)   NOT NULL,
  merchant_id          VARCHAR(64)   NOT NULL,
  market               VARCHAR(8)    NOT NULL,
  currency             CHAR(3)       NOT NULL,
  price_minor          BIGINT        NOT NULL,
  compare_at_minor     BIGINT,
  inventory_quantity   INT           NOT NULL,
  updated_at           TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_offers PRIMARY KEY (id),
  CONSTRAINT uq_offers_variant_market UNIQUE (variant_id, market),
  CONSTRAINT fk_offers_variant FOREIGN KEY (variant_id) REFERENCES variants (id),
  CONSTRAINT fk_offers_merchant FOREIGN KEY (merchant_id) REFERENCES merchants (id)
);

-- One product sold by several merchants: each member is one merchant's listing of it.
CREATE TABLE product_groups (
  id                   VARCHAR(40)   NOT NULL,
  title                VARCHAR(300)  NOT NULL,
  brand                VARCHAR(120),
  canonical_product_id VARCHAR(40)   NOT NULL,
  created_at           TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_product_groups PRIMARY KEY (id)
);

CREATE TABLE product_group_members (
  group_id             VARCHAR(40)   NOT NULL,
  product_id           VARCHAR(40)   NOT NULL,
  CONSTRAINT pk_product_group_members PRIMARY KEY (group_id, product_id),
  CONSTRAINT uq_product_group_member UNIQUE (product_id),
  CONSTRAINT fk_pgm_group FOREIGN KEY (group_id) REFERENCES product_groups (id),
  CONSTRAINT fk_pgm_product FOREIGN KEY (product_id) REFERENCES products (id)
);

-- kind: study | review | guide | regulatory | brand
CREATE TABLE citations (
  id                   VARCHAR(40)   NOT NULL,
  kind                 VARCHAR(20)   NOT NULL,
  title                VARCHAR(300)  NOT NULL,
  publisher            VARCHAR(200)  NOT NULL,
  url                  VARCHAR(500)  NOT NULL,
  published_on         DATE,
  excerpt              VARCHAR(2000) NOT NULL,
  topics               VARCHAR(500),
  CONSTRAINT pk_citations PRIMARY KEY (id)
);

CREATE TABLE product_intel (
  product_id           VARCHAR(40)   NOT NULL,
  reviewed             BOOLEAN       NOT NULL,
  best_for             VARCHAR(500),
  why                  VARCHAR(2000),
  updated_at           TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_product_intel PRIMARY KEY (product_id),
  CONSTRAINT fk_product_intel FOREIGN KEY (product_id) REFERENCES products (id)
);

-- Every claim of an intel block cites its evidence.
CREATE TABLE intel_claims (
  id                   VARCHAR(40)   NOT NULL,
  product_id           VARCHAR(40)   NOT NULL,
  position             INT           NOT NULL,
  claim                VARCHAR(500)  NOT NULL,
  citation_id          VARCHAR(40)   NOT NULL,
  CONSTRAINT pk_intel_claims PRIMARY KEY (id),
  CONSTRAINT fk_intel_claims_product FOREIGN KEY (product_id) REFERENCES product_intel (product_id),
  CONSTRAINT fk_intel_claims_citation FOREIGN KEY (citation_id) REFERENCES citations (id)
);

CREATE INDEX ix_intel_claims_product ON intel_claims (product_id, position);

-- Exact aliases a resolve can hit before searching: canonical refs, product page URLs, old ids.
CREATE TABLE product_aliases (
  alias                VARCHAR(500)  NOT NULL,
  product_id           VARCHAR(40)   NOT NULL,
  CONSTRAINT pk_product_aliases PRIMARY KEY (alias),
  CONSTRAINT fk_product_aliases FOREIGN KEY (product_id) REFERENCES products (id)
);
