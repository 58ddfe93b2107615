-- PSP webhooks handled, once per PSP event id (a redelivery is acknowledged and skipped).
CREATE TABLE psp_webhook_events (
  psp                VARCHAR(20)  NOT NULL,
  event_id           VARCHAR(200) NOT NULL,
  event_type         VARCHAR(100) NOT NULL,
  payment_id         VARCHAR(40),
  outcome            VARCHAR(20),
  received_at        TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_psp_webhook_events PRIMARY KEY (psp, event_id)
);

-- Money given back for a succeeded payment. status: pending | succeeded | failed | unknown.
-- idempotency_key is sent to the PSP; the sum of refunds that are not failed never exceeds the
-- payment (checked under the payment's row lock).
CREATE TABLE payment_refunds (
  id                 VARCHAR(40)  NOT NULL,
  payment_id         VARCHAR(40)  NOT NULL,
  agent_id           VARCHAR(40)  NOT NULL,
  amount_minor       BIGINT       NOT NULL,
  currency           CHAR(3)      NOT NULL,
  status             VARCHAR(20)  NOT NULL,
  reason             VARCHAR(500),
  idempotency_key    VARCHAR(80)  NOT NULL,
  psp_refund_id      VARCHAR(100),
  failure_reason     VARCHAR(500),
  created_at         TIMESTAMP(6) NOT NULL,
  updated_at         TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_payment_refunds PRIMARY KEY (id),
  CONSTRAINT uq_payment_refunds_key UNIQUE (idempotency_key),
  CONSTRAINT fk_payment_refunds_payment FOREIGN KEY (payment_id) REFERENCES payments (id)
);

CREATE INDEX ix_payment_refunds_payment ON payment_refunds (payment_id, created_at);

-- A buyer's standing permission for an agent to pay without the buyer present, within limits.
-- payment_method_token: the PSP's saved method (pm_…, a stored-payment-method id), never a card
-- number. merchant_ids: comma-separated allowlist, empty for any merchant. confirmation: none |
-- above_amount | always (step-up: the buyer confirms before the token is issued).
-- status: active | revoked.
CREATE TABLE mandates (
  id                 VARCHAR(40)  NOT NULL,
  agent_id           VARCHAR(40)  NOT NULL,
  buyer_issuer       VARCHAR(300) NOT NULL,
  buyer_subject      VARCHAR(300) NOT NULL,
  currency           CHAR(3)      NOT NULL,
  max_amount_minor   BIGINT       NOT NULL,
  merchant_ids       VARCHAR(2000) NOT NULL,
  confirmation       VARCHAR(20)  NOT NULL,
  confirm_above_minor BIGINT,
  payment_method_token VARCHAR(255) NOT NULL,
  status             VARCHAR(20)  NOT NULL,
  expires_at         TIMESTAMP(6) NOT NULL,
  created_at         TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_mandates PRIMARY KEY (id)
);

CREATE INDEX ix_mandates_agent ON mandates (agent_id, created_at);

-- A constrained authorisation minted from a mandate: shown once, stored as its SHA-256 hash,
-- redeemable once (redeemed_by_payment UNIQUE) before expires_at, for at most amount_minor of
-- currency at merchant_id (or any merchant the mandate allows when NULL).
-- status: active | pending_confirmation | redeemed.
CREATE TABLE mandate_tokens (
  id                 VARCHAR(40)  NOT NULL,
  mandate_id         VARCHAR(40)  NOT NULL,
  agent_id           VARCHAR(40)  NOT NULL,
  token_hash         CHAR(64)     NOT NULL,
  amount_minor       BIGINT       NOT NULL,
  currency           CHAR(3)      NOT NULL,
  merchant_id        VARCHAR(64),
  status             VARCHAR(30)  NOT NULL,
  redeemed_by_payment VARCHAR(40),
  expires_at         TIMESTAMP(6) NOT NULL,
  created_at         TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_mandate_tokens PRIMARY KEY (id),
  CONSTRAINT uq_mandate_tokens_hash UNIQUE (token_hash),
  CONSTRAINT uq_mandate_tokens_payment UNIQUE (redeemed_by_payment),
  CONSTRAINT fk_mandate_tokens_mandate FOREIGN KEY (mandate_id) REFERENCES mandates (id)
);
