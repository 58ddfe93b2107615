-- Checkout lanes (issue 13). Every amount is an integer in minor units of its currency.

-- An in-chat ACP checkout session: a priced basket bound to one agent and one verified buyer,
-- completed at most once. status: ready_for_payment -> completing -> completed; a definitive
-- capture failure releases the claim (back to ready_for_payment, the order kept as
-- payment_failed); canceled ends it. lease_until: how long a completing claim is held by the
-- request that took it (after it, the next complete resumes: it reads the order's payment before
-- it charges anything). basket: the items and shipping address as the agent sent them (JSON).
-- result: the completed answer, replayed to every later complete.
CREATE TABLE acp_sessions (
  id               VARCHAR(40)  NOT NULL,
  agent_id         VARCHAR(40)  NOT NULL,
  buyer_issuer     VARCHAR(500) NOT NULL,
  buyer_subject    VARCHAR(300) NOT NULL,
  merchant_id      VARCHAR(64)  NOT NULL,
  status           VARCHAR(20)  NOT NULL,
  quote_id         VARCHAR(40)  NOT NULL,
  currency         CHAR(3)      NOT NULL,
  subtotal_minor   BIGINT       NOT NULL,
  discount_minor   BIGINT       NOT NULL,
  shipping_minor   BIGINT       NOT NULL,
  tax_minor        BIGINT       NOT NULL,
  total_minor      BIGINT       NOT NULL,
  basket           LONGTEXT     NOT NULL,
  customer_email   VARCHAR(320),
  order_id         VARCHAR(40),
  payment_id       VARCHAR(40),
  lease_until      TIMESTAMP(6),
  completions      INT          NOT NULL,
  last_error       VARCHAR(100),
  completion_key   VARCHAR(255),
  completion_hash  CHAR(64),
  result           LONGTEXT,
  expires_at       TIMESTAMP(6) NOT NULL,
  created_at       TIMESTAMP(6) NOT NULL,
  updated_at       TIMESTAMP(6) NOT NULL,
  version          INT          NOT NULL,
  CONSTRAINT pk_acp_sessions PRIMARY KEY (id),
  CONSTRAINT uq_acp_sessions_order UNIQUE (order_id)
);

CREATE INDEX ix_acp_sessions_agent ON acp_sessions (agent_id, created_at);

-- A merchant-native checkout intent: the buyer finishes on our hosted checkout page with a
-- checkout token that stands for this intent only. The token itself is never stored: token_hash
-- is its SHA-256 (so it can be looked up, revoked and made single-use). Bound to one agent, one
-- buyer, one merchant and one order or quote. status: open -> used (paid) | revoked.
-- prefill: the e-mail and shipping address the page may read (prefill_reads times at most).
CREATE TABLE checkout_intents (
  id               VARCHAR(40)  NOT NULL,
  agent_id         VARCHAR(40)  NOT NULL,
  buyer_issuer     VARCHAR(500) NOT NULL,
  buyer_subject    VARCHAR(300) NOT NULL,
  buyer_ref        VARCHAR(100),
  merchant_id      VARCHAR(64)  NOT NULL,
  order_id         VARCHAR(40),
  quote_id         VARCHAR(40),
  lane             VARCHAR(20)  NOT NULL,
  token_hash       CHAR(64)     NOT NULL,
  status           VARCHAR(20)  NOT NULL,
  return_url       VARCHAR(2000),
  prefill          LONGTEXT,
  prefill_reads    INT          NOT NULL,
  expires_at       TIMESTAMP(6) NOT NULL,
  used_at          TIMESTAMP(6),
  created_at       TIMESTAMP(6) NOT NULL,
  version          INT          NOT NULL,
  CONSTRAINT pk_checkout_intents PRIMARY KEY (id),
  CONSTRAINT uq_checkout_intents_token UNIQUE (token_hash)
);

CREATE INDEX ix_checkout_intents_agent ON checkout_intents (agent_id, created_at);

-- Returns the sandbox merchant platform's back office recorded against its orders (as a real
-- platform's returns would be). line_items: [{variant_id, quantity, reason}] (JSON).
CREATE TABLE sandbox_merchant_returns (
  id                 VARCHAR(40)  NOT NULL,
  merchant_order_id  VARCHAR(40)  NOT NULL,
  status             VARCHAR(20)  NOT NULL,
  line_items         LONGTEXT     NOT NULL,
  created_at         TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_sandbox_merchant_returns PRIMARY KEY (id)
);

CREATE INDEX ix_sandbox_merchant_returns_order ON sandbox_merchant_returns (merchant_order_id);

-- Returns of our orders as last synced from the merchant's platform (one row per platform
-- return, updated in place on each sync).
CREATE TABLE order_returns (
  order_id           VARCHAR(40)  NOT NULL,
  return_id          VARCHAR(100) NOT NULL,
  status             VARCHAR(40)  NOT NULL,
  line_items         LONGTEXT     NOT NULL,
  requested_at       TIMESTAMP(6),
  synced_at          TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_order_returns PRIMARY KEY (order_id, return_id)
);
