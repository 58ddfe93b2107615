-- Partner purchases (issue 18, docs/partner-purchases.md): a purchase an outside purchasing
-- partner places for a buyer, opened by the API and driven by a background poller.
-- Owner: (agent_id, buyer_key) where buyer_key is the SHA-256 of the verified buyer token's
-- issuer and subject. idempotency_key is unique per owner and never expires; fingerprint is the
-- SHA-256 of the canonical create request (fingerprint_version says how it was computed).
-- status: resolving | quoted | checkout_created | placed | completed | failed | awaiting_contact.
-- dispatch: whether the place call went out: none | sent (outcome not yet known) | unknown (the
-- call failed without an answer) | confirmed | refused. place_attempt_id is our attempt id, the
-- partner's idempotency key for the place call, fixed when the purchase is opened.
CREATE TABLE partner_purchases (
  id                   VARCHAR(40)   NOT NULL,
  agent_id             VARCHAR(40)   NOT NULL,
  buyer_key            CHAR(64)      NOT NULL,
  idempotency_key      VARCHAR(255)  NOT NULL,
  fingerprint          CHAR(64)      NOT NULL,
  fingerprint_version  INT           NOT NULL,
  request_json         LONGTEXT      NOT NULL,
  merchant_id          VARCHAR(64)   NOT NULL,
  product_id           VARCHAR(64)   NOT NULL,
  variant_id           VARCHAR(100)  NOT NULL,
  sku                  VARCHAR(100)  NOT NULL,
  quantity             INT           NOT NULL,
  unit_price_minor     BIGINT        NOT NULL,
  currency             CHAR(3)       NOT NULL,
  total_minor          BIGINT        NOT NULL,
  status               VARCHAR(20)   NOT NULL,
  resume_status        VARCHAR(20),
  dispatch             VARCHAR(12)   NOT NULL,
  place_attempt_id     VARCHAR(40)   NOT NULL,
  partner_quote_id     VARCHAR(100),
  partner_checkout_id  VARCHAR(100),
  partner_order_id     VARCHAR(100),
  attempts             INT           NOT NULL,
  runs                 INT           NOT NULL,
  next_attempt_at      TIMESTAMP(6)  NOT NULL,
  lease_holder         VARCHAR(40),
  lease_until          TIMESTAMP(6),
  give_up_at           TIMESTAMP(6)  NOT NULL,
  contact_expires_at   TIMESTAMP(6)  NOT NULL,
  contact_generation   INT           NOT NULL,
  resumed_generation   INT           NOT NULL,
  failure_reason       VARCHAR(40),
  last_error           VARCHAR(500),
  created_at           TIMESTAMP(6)  NOT NULL,
  updated_at           TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_partner_purchases PRIMARY KEY (id),
  CONSTRAINT uq_partner_purchases_key UNIQUE (agent_id, buyer_key, idempotency_key),
  CONSTRAINT uq_partner_purchases_attempt UNIQUE (place_attempt_id)
);

CREATE INDEX ix_partner_purchases_due ON partner_purchases (status, next_attempt_at);
CREATE INDEX ix_partner_purchases_owner ON partner_purchases (agent_id, buyer_key, created_at);

-- The built-in sandbox purchasing partner's own books (it stands in for a remote partner and is
-- reached over HTTP like one). Orders are unique per idempotency key, as a real partner's are.
CREATE TABLE sandbox_partner_quotes (
  id                VARCHAR(40)   NOT NULL,
  merchant_id       VARCHAR(64)   NOT NULL,
  sku               VARCHAR(100)  NOT NULL,
  quantity          INT           NOT NULL,
  unit_price_minor  BIGINT        NOT NULL,
  currency          CHAR(3)       NOT NULL,
  expires_at        TIMESTAMP(6)  NOT NULL,
  created_at        TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_sandbox_partner_quotes PRIMARY KEY (id)
);

CREATE TABLE sandbox_partner_checkouts (
  id               VARCHAR(40)   NOT NULL,
  idempotency_key  VARCHAR(100)  NOT NULL,
  quote_id         VARCHAR(40)   NOT NULL,
  contact_email    VARCHAR(320)  NOT NULL,
  created_at       TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_sandbox_partner_checkouts PRIMARY KEY (id),
  CONSTRAINT uq_sandbox_partner_checkouts_key UNIQUE (idempotency_key)
);

CREATE TABLE sandbox_partner_orders (
  id               VARCHAR(40)   NOT NULL,
  idempotency_key  VARCHAR(100)  NOT NULL,
  checkout_id      VARCHAR(40)   NOT NULL,
  total_minor      BIGINT        NOT NULL,
  currency         CHAR(3)       NOT NULL,
  created_at       TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_sandbox_partner_orders PRIMARY KEY (id),
  CONSTRAINT uq_sandbox_partner_orders_key UNIQUE (idempotency_key)
);

-- Every request the sandbox partner received (operation: quote | checkout | place | lookup |
-- order), so that tests and operators can see what reached the partner.
CREATE TABLE sandbox_partner_requests (
  id           BIGINT        AUTO_INCREMENT NOT NULL,
  operation    VARCHAR(20)   NOT NULL,
  reference    VARCHAR(100),
  answered     INT           NOT NULL,
  created_at   TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_sandbox_partner_requests PRIMARY KEY (id)
);

CREATE INDEX ix_sandbox_partner_requests_ref ON sandbox_partner_requests (reference);

-- Faults to inject per operation (or '*' for all): a latency, an outage (every call 503), the
-- next N calls failing with 503, and the next N place calls placing the order but losing the
-- answer (the caller sees a 502). Operators and tests write these rows; none by default.
CREATE TABLE sandbox_partner_faults (
  operation         VARCHAR(20)  NOT NULL,
  latency_ms        INT          NOT NULL,
  outage            INT          NOT NULL,
  fail_next         INT          NOT NULL,
  lose_answer_next  INT          NOT NULL,
  CONSTRAINT pk_sandbox_partner_faults PRIMARY KEY (operation)
);
