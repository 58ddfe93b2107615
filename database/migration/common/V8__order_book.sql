-- The order book (issue 11): per-merchant shipping, tax and promotion rules; server-locked quotes;
-- orders with their lines and status history; the domain-event outbox; durable merchant
-- placement jobs and the sandbox merchant platform's own orders; agent spending policies.
-- Every amount is an integer in the minor units of its currency's own exponent.

-- Shipping per merchant and destination zone. country is an ISO 3166-1 alpha-2 code or '*' (every
-- country the merchant sells to that has no row of its own). free_over_minor: orders whose
-- discounted merchandise subtotal reaches it ship free with this method.
CREATE TABLE shipping_rules (
  merchant_id      VARCHAR(64)  NOT NULL,
  country          VARCHAR(2)   NOT NULL,
  method           VARCHAR(20)  NOT NULL,
  label            VARCHAR(100) NOT NULL,
  currency         CHAR(3)      NOT NULL,
  fee_minor        BIGINT       NOT NULL,
  free_over_minor  BIGINT,
  min_days         INT          NOT NULL,
  max_days         INT          NOT NULL,
  CONSTRAINT pk_shipping_rules PRIMARY KEY (merchant_id, country, method),
  CONSTRAINT fk_shipping_rules_merchant FOREIGN KEY (merchant_id) REFERENCES merchants (id)
);

-- Tax per merchant, country and region ('' = the whole country; a region row, such as a US state,
-- replaces the country row). rate_ppm: parts per million (7.25 % = 72500). inclusive: prices
-- already include the tax (EU VAT); the tax shown is the part of the total that is tax.
CREATE TABLE tax_rules (
  merchant_id      VARCHAR(64)  NOT NULL,
  country          VARCHAR(2)   NOT NULL,
  region           VARCHAR(10)  NOT NULL,
  rate_ppm         INT          NOT NULL,
  inclusive        BOOLEAN      NOT NULL,
  shipping_taxable BOOLEAN      NOT NULL,
  CONSTRAINT pk_tax_rules PRIMARY KEY (merchant_id, country, region),
  CONSTRAINT fk_tax_rules_merchant FOREIGN KEY (merchant_id) REFERENCES merchants (id)
);

-- Discount codes. kind: percentage (value in ppm of the merchandise subtotal), fixed (value in
-- minor units of currency), free_shipping (value unused).
CREATE TABLE promotions (
  merchant_id        VARCHAR(64)  NOT NULL,
  code               VARCHAR(40)  NOT NULL,
  kind               VARCHAR(20)  NOT NULL,
  value_amount       BIGINT       NOT NULL,
  currency           CHAR(3),
  min_subtotal_minor BIGINT,
  description        VARCHAR(200) NOT NULL,
  starts_at          TIMESTAMP(6),
  ends_at            TIMESTAMP(6),
  active             BOOLEAN      NOT NULL,
  CONSTRAINT pk_promotions PRIMARY KEY (merchant_id, code),
  CONSTRAINT fk_promotions_merchant FOREIGN KEY (merchant_id) REFERENCES merchants (id)
);

-- A priced basket, locked for a while. status: active -> consumed; an active quote past
-- expires_at reads as expired (the application's clock) and can no longer be used.
-- implicit: priced by the server for an order sent without a quote_id. document: the whole quote
-- as answered (lines, promotion lines, delivery options) so that it is read back unchanged.
CREATE TABLE quotes (
  id               VARCHAR(40)  NOT NULL,
  agent_id         VARCHAR(40)  NOT NULL,
  merchant_id      VARCHAR(64)  NOT NULL,
  status           VARCHAR(20)  NOT NULL,
  implicit_quote   BOOLEAN      NOT NULL,
  market           VARCHAR(8)   NOT NULL,
  currency         CHAR(3)      NOT NULL,
  fingerprint      CHAR(64)     NOT NULL,
  subtotal_minor   BIGINT       NOT NULL,
  discount_minor   BIGINT       NOT NULL,
  shipping_minor   BIGINT       NOT NULL,
  tax_minor        BIGINT       NOT NULL,
  total_minor      BIGINT       NOT NULL,
  delivery_option  VARCHAR(20),
  ship_country     VARCHAR(2),
  ship_region      VARCHAR(10),
  ship_postcode    VARCHAR(20),
  discount_codes   VARCHAR(500),
  document         LONGTEXT     NOT NULL,
  order_id         VARCHAR(40),
  created_at       TIMESTAMP(6) NOT NULL,
  expires_at       TIMESTAMP(6) NOT NULL,
  consumed_at      TIMESTAMP(6),
  CONSTRAINT pk_quotes PRIMARY KEY (id),
  CONSTRAINT uq_quotes_order UNIQUE (order_id)
);

CREATE INDEX ix_quotes_agent ON quotes (agent_id, created_at);

-- An order. payment_status mirrors the payment module's view (none|processing|succeeded|failed|
-- refunded); shipping_address and metadata are JSON objects. buyer_ref is the canonical buyer
-- reference at creation; buyer_issuer/buyer_subject the verified buyer token's, when one was sent.
CREATE TABLE orders (
  id               VARCHAR(40)  NOT NULL,
  agent_id         VARCHAR(40)  NOT NULL,
  merchant_id      VARCHAR(64)  NOT NULL,
  quote_id         VARCHAR(40)  NOT NULL,
  status           VARCHAR(30)  NOT NULL,
  payment_status   VARCHAR(20)  NOT NULL,
  market           VARCHAR(8)   NOT NULL,
  currency         CHAR(3)      NOT NULL,
  subtotal_minor   BIGINT       NOT NULL,
  discount_minor   BIGINT       NOT NULL,
  shipping_minor   BIGINT       NOT NULL,
  tax_minor        BIGINT       NOT NULL,
  total_minor      BIGINT       NOT NULL,
  refunded_minor   BIGINT       NOT NULL,
  delivery_option  VARCHAR(20),
  customer_email   VARCHAR(320),
  customer_name    VARCHAR(200),
  shipping_address LONGTEXT,
  buyer_ref        VARCHAR(100),
  buyer_issuer     VARCHAR(300),
  buyer_subject    VARCHAR(300),
  agent_session_id VARCHAR(200),
  preferred_psp    VARCHAR(40),
  metadata         LONGTEXT,
  merchant_order_id     VARCHAR(100),
  merchant_order_number VARCHAR(100),
  tracking_number  VARCHAR(60),
  version          INT          NOT NULL,
  created_at       TIMESTAMP(6) NOT NULL,
  updated_at       TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_orders PRIMARY KEY (id),
  CONSTRAINT uq_orders_quote UNIQUE (quote_id)
);

CREATE INDEX ix_orders_agent_created ON orders (agent_id, created_at);
CREATE INDEX ix_orders_agent_buyer ON orders (agent_id, buyer_ref, created_at);
CREATE INDEX ix_orders_agent_merchant ON orders (agent_id, merchant_id, created_at);

CREATE TABLE order_lines (
  order_id              VARCHAR(40)  NOT NULL,
  position              INT          NOT NULL,
  product_id            VARCHAR(40)  NOT NULL,
  platform_product_id   VARCHAR(64)  NOT NULL,
  variant_id            VARCHAR(64)  NOT NULL,
  sku                   VARCHAR(80),
  title                 VARCHAR(300) NOT NULL,
  variant_title         VARCHAR(200),
  image_url             VARCHAR(500),
  quantity              INT          NOT NULL,
  unit_original_minor   BIGINT       NOT NULL,
  unit_effective_minor  BIGINT       NOT NULL,
  discount_minor        BIGINT       NOT NULL,
  total_minor           BIGINT       NOT NULL,
  CONSTRAINT pk_order_lines PRIMARY KEY (order_id, position),
  CONSTRAINT fk_order_lines_order FOREIGN KEY (order_id) REFERENCES orders (id)
);

-- Every move of an order, in order: the audit trail of the v2 read.
CREATE TABLE order_transitions (
  order_id         VARCHAR(40)  NOT NULL,
  seq              INT          NOT NULL,
  from_status      VARCHAR(30),
  to_status        VARCHAR(30)  NOT NULL,
  reason           VARCHAR(300),
  actor            VARCHAR(60)  NOT NULL,
  created_at       TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_order_transitions PRIMARY KEY (order_id, seq),
  CONSTRAINT fk_order_transitions_order FOREIGN KEY (order_id) REFERENCES orders (id)
);

-- Card, wallet or PSP evidence an agent recorded for an order (redacted: last four, brand, wallet,
-- PSP reference; never a card number or token). It changes no amount.
CREATE TABLE order_payment_evidence (
  id               VARCHAR(40)  NOT NULL,
  order_id         VARCHAR(40)  NOT NULL,
  agent_id         VARCHAR(40)  NOT NULL,
  evidence         LONGTEXT     NOT NULL,
  created_at       TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_order_payment_evidence PRIMARY KEY (id),
  CONSTRAINT fk_order_payment_evidence_order FOREIGN KEY (order_id) REFERENCES orders (id)
);

CREATE INDEX ix_order_payment_evidence_order ON order_payment_evidence (order_id, created_at);

-- The domain-event outbox: written in the transaction of the change that caused the event, so an
-- event exists if and only if its change committed. The events module reads and delivers it.
CREATE TABLE domain_events (
  seq              BIGINT       AUTO_INCREMENT NOT NULL,
  id               VARCHAR(40)  NOT NULL,
  event_type       VARCHAR(60)  NOT NULL,
  aggregate_type   VARCHAR(30)  NOT NULL,
  aggregate_id     VARCHAR(40)  NOT NULL,
  agent_id         VARCHAR(40)  NOT NULL,
  merchant_id      VARCHAR(64),
  buyer_ref        VARCHAR(100),
  status           VARCHAR(30),
  amount_minor     BIGINT,
  currency         CHAR(3),
  data             LONGTEXT     NOT NULL,
  created_at       TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_domain_events PRIMARY KEY (seq),
  CONSTRAINT uq_domain_events_id UNIQUE (id)
);

CREATE INDEX ix_domain_events_agent ON domain_events (agent_id, seq);
CREATE INDEX ix_domain_events_aggregate ON domain_events (aggregate_id, seq);

-- Placing a paid order on its merchant's platform: one durable job per order, written in the
-- transaction that starts it and driven by a background worker. status: pending | running |
-- placed | failed. A worker holds a job while lease_until is in the future (database clock).
CREATE TABLE merchant_placements (
  order_id          VARCHAR(40)  NOT NULL,
  merchant_id       VARCHAR(64)  NOT NULL,
  connector         VARCHAR(30)  NOT NULL,
  status            VARCHAR(20)  NOT NULL,
  attempts          INT          NOT NULL,
  next_attempt_at   TIMESTAMP(6) NOT NULL,
  lease_holder      VARCHAR(40),
  lease_until       TIMESTAMP(6),
  last_error        VARCHAR(500),
  platform_order_id VARCHAR(100),
  platform_order_number VARCHAR(100),
  created_at        TIMESTAMP(6) NOT NULL,
  updated_at        TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_merchant_placements PRIMARY KEY (order_id),
  CONSTRAINT fk_merchant_placements_order FOREIGN KEY (order_id) REFERENCES orders (id)
);

CREATE INDEX ix_merchant_placements_due ON merchant_placements (status, next_attempt_at);

-- Which platform takes a merchant's orders, and where. connector: sandbox | shopify.
-- credential_key names a MicroProfile Config property holding the secret (never the secret).
CREATE TABLE merchant_order_channels (
  merchant_id       VARCHAR(64)  NOT NULL,
  connector         VARCHAR(30)  NOT NULL,
  base_url          VARCHAR(500),
  credential_key    VARCHAR(200),
  CONSTRAINT pk_merchant_order_channels PRIMARY KEY (merchant_id),
  CONSTRAINT fk_merchant_order_channels FOREIGN KEY (merchant_id) REFERENCES merchants (id)
);

-- The sandbox merchant platform's own orders (what a merchant's back office would hold).
-- reference is our order id: the platform refuses a second order with the same reference.
CREATE TABLE sandbox_merchant_orders (
  id                 VARCHAR(40)  NOT NULL,
  merchant_id        VARCHAR(64)  NOT NULL,
  reference          VARCHAR(40)  NOT NULL,
  order_number       VARCHAR(20)  NOT NULL,
  status             VARCHAR(20)  NOT NULL,
  fulfillment_status VARCHAR(20)  NOT NULL,
  currency           CHAR(3)      NOT NULL,
  total_minor        BIGINT       NOT NULL,
  line_items         LONGTEXT     NOT NULL,
  tracking_number    VARCHAR(60),
  created_at         TIMESTAMP(6) NOT NULL,
  updated_at         TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_sandbox_merchant_orders PRIMARY KEY (id),
  CONSTRAINT uq_sandbox_merchant_orders_ref UNIQUE (merchant_id, reference)
);

-- An agent's own spending limits per currency (tighter than the deployment's ceilings). An agent
-- with rows here may order only in those currencies.
CREATE TABLE agent_spend_policies (
  agent_id          VARCHAR(40)  NOT NULL,
  currency          CHAR(3)      NOT NULL,
  max_order_minor   BIGINT       NOT NULL,
  max_24h_minor     BIGINT       NOT NULL,
  updated_at        TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_agent_spend_policies PRIMARY KEY (agent_id, currency)
);
