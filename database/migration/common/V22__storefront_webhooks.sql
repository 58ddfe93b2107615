-- Storefront-platform (Shopify-style) webhooks received for a merchant (modules/events). Metadata
-- only: never the raw payload, only its SHA-256. Each merchant's events form a hash chain:
-- chain_hash = SHA-256(prev_chain_hash | payload_sha256 | webhook_id | topic | received_at), so a
-- removed or altered row breaks every later hash. One row per (merchant, X-Shopify-Webhook-Id): a
-- redelivery is answered as a duplicate. outcome: applied | ignored_topic | ignored_state |
-- order_not_found | refused.
CREATE TABLE storefront_webhook_events (
  id               VARCHAR(40)   NOT NULL,
  merchant_id      VARCHAR(64)   NOT NULL,
  webhook_id       VARCHAR(100)  NOT NULL,
  topic            VARCHAR(100)  NOT NULL,
  shop_domain      VARCHAR(255),
  payload_sha256   CHAR(64)      NOT NULL,
  prev_chain_hash  CHAR(64)      NOT NULL,
  chain_hash       CHAR(64)      NOT NULL,
  chain_seq        BIGINT        NOT NULL,
  order_id         VARCHAR(40),
  outcome          VARCHAR(30)   NOT NULL,
  received_at      TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_storefront_webhook_events PRIMARY KEY (id),
  CONSTRAINT uq_storefront_webhook_events_hook UNIQUE (merchant_id, webhook_id),
  CONSTRAINT uq_storefront_webhook_events_seq UNIQUE (merchant_id, chain_seq)
);

-- The head of each merchant's chain; its row lock serialises one merchant's ingestion.
CREATE TABLE storefront_webhook_chains (
  merchant_id      VARCHAR(64)   NOT NULL,
  head_hash        CHAR(64)      NOT NULL,
  length           BIGINT        NOT NULL,
  CONSTRAINT pk_storefront_webhook_chains PRIMARY KEY (merchant_id)
);

-- Which of our orders a platform order is: learnt from order.confirmed events (the merchant order
-- id placement recorded), so that a platform's webhook about its order finds ours.
CREATE TABLE storefront_order_refs (
  merchant_id      VARCHAR(64)   NOT NULL,
  platform_order_id VARCHAR(100) NOT NULL,
  order_id         VARCHAR(40)   NOT NULL,
  agent_id         VARCHAR(40)   NOT NULL,
  CONSTRAINT pk_storefront_order_refs PRIMARY KEY (merchant_id, platform_order_id)
);
