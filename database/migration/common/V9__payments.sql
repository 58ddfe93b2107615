-- Payments (modules/payment). Amounts in minor units with the currency's exponent.
--
-- A payment is one try to pay one order: status processing | requires_action | succeeded |
-- failed. live_order_id is the order's id while the payment is not failed, NULL once it failed:
-- its UNIQUE constraint lets at most one live payment exist per order (no second charge can
-- start while one is under way or has succeeded). succeeded_order_id is set once it succeeded:
-- at most one succeeded payment per order, whatever the code above does.
CREATE TABLE payments (
  id                 VARCHAR(40)  NOT NULL,
  agent_id           VARCHAR(40)  NOT NULL,
  order_id           VARCHAR(40)  NOT NULL,
  merchant_id        VARCHAR(64)  NOT NULL,
  status             VARCHAR(20)  NOT NULL,
  amount_minor       BIGINT       NOT NULL,
  currency           CHAR(3)      NOT NULL,
  psp                VARCHAR(20),
  psp_payment_id     VARCHAR(100),
  method_type        VARCHAR(30)  NOT NULL,
  off_session        BOOLEAN      NOT NULL,
  live_mode          BOOLEAN      NOT NULL,
  protocol           VARCHAR(20)  NOT NULL,
  return_url         VARCHAR(2000),
  action_url         VARCHAR(2000),
  error_code         VARCHAR(60),
  decline_code       VARCHAR(60),
  error_message      VARCHAR(500),
  buyer_issuer       VARCHAR(300),
  buyer_subject      VARCHAR(300),
  hil_approval_id    VARCHAR(40),
  mandate_id         VARCHAR(40),
  live_order_id      VARCHAR(40),
  succeeded_order_id VARCHAR(40),
  version            INT          NOT NULL,
  created_at         TIMESTAMP(6) NOT NULL,
  updated_at         TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_payments PRIMARY KEY (id),
  CONSTRAINT uq_payments_live_order UNIQUE (live_order_id),
  CONSTRAINT uq_payments_succeeded_order UNIQUE (succeeded_order_id),
  CONSTRAINT fk_payments_order FOREIGN KEY (order_id) REFERENCES orders (id)
);

CREATE INDEX ix_payments_order ON payments (order_id, created_at);
CREATE INDEX ix_payments_agent ON payments (agent_id, created_at);
CREATE INDEX ix_payments_status ON payments (status, updated_at);

-- One call of a payment to one PSP. idempotency_key is sent to the PSP as its idempotency key and
-- written (status 'sent') and committed before the call: a crash after the PSP's answer leaves the
-- row 'sent', and the reconciler asks the PSP about it; nothing ever sends it again elsewhere.
-- status: sent | succeeded | requires_action | processing | declined | not_accepted | unknown.
CREATE TABLE payment_attempts (
  id                 VARCHAR(40)  NOT NULL,
  payment_id         VARCHAR(40)  NOT NULL,
  seq                INT          NOT NULL,
  psp                VARCHAR(20)  NOT NULL,
  idempotency_key    VARCHAR(80)  NOT NULL,
  status             VARCHAR(20)  NOT NULL,
  psp_payment_id     VARCHAR(100),
  error_code         VARCHAR(60),
  decline_code       VARCHAR(60),
  message            VARCHAR(500),
  latency_ms         BIGINT,
  reconcile_count    INT          NOT NULL,
  next_check_at      TIMESTAMP(6),
  lease_holder       VARCHAR(40),
  lease_until        TIMESTAMP(6),
  created_at         TIMESTAMP(6) NOT NULL,
  finished_at        TIMESTAMP(6),
  CONSTRAINT pk_payment_attempts PRIMARY KEY (id),
  CONSTRAINT uq_payment_attempts_key UNIQUE (idempotency_key),
  CONSTRAINT uq_payment_attempts_seq UNIQUE (payment_id, seq),
  CONSTRAINT fk_payment_attempts_payment FOREIGN KEY (payment_id) REFERENCES payments (id)
);

CREATE INDEX ix_payment_attempts_check ON payment_attempts (status, next_check_at);

-- Which PSPs take a merchant's payments, in order of priority. account names the configuration
-- properties ac.psp.<account>.* that hold the endpoint and the secrets (never the secrets).
CREATE TABLE merchant_psp_accounts (
  merchant_id        VARCHAR(64)  NOT NULL,
  psp                VARCHAR(20)  NOT NULL,
  priority           INT          NOT NULL,
  account            VARCHAR(60)  NOT NULL,
  enabled            BOOLEAN      NOT NULL,
  CONSTRAINT pk_merchant_psp_accounts PRIMARY KEY (merchant_id, psp),
  CONSTRAINT fk_merchant_psp_accounts FOREIGN KEY (merchant_id) REFERENCES merchants (id)
);

-- The payment gates' switches and caps as last set by an operator (JMX or configuration):
-- a row here wins over the configured default, survives restarts and is read by every node.
CREATE TABLE payment_gate_settings (
  name               VARCHAR(60)  NOT NULL,
  setting_value      VARCHAR(2000) NOT NULL,
  updated_by         VARCHAR(200) NOT NULL,
  updated_at         TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_payment_gate_settings PRIMARY KEY (name)
);

-- Every change of a gate setting: who, when, from what to what.
CREATE TABLE payment_gate_changes (
  id                 BIGINT       AUTO_INCREMENT NOT NULL,
  name               VARCHAR(60)  NOT NULL,
  old_value          VARCHAR(2000),
  new_value          VARCHAR(2000) NOT NULL,
  changed_by         VARCHAR(200) NOT NULL,
  changed_at         TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_payment_gate_changes PRIMARY KEY (id)
);

-- Human-in-the-loop approvals: bound to one agent, order, amount and currency; approved by the
-- buyer, used by at most one payment (used_by_payment), before expires_at.
-- status: pending | approved | rejected | used.
CREATE TABLE hil_approvals (
  id                 VARCHAR(40)  NOT NULL,
  agent_id           VARCHAR(40)  NOT NULL,
  order_id           VARCHAR(40)  NOT NULL,
  amount_minor       BIGINT       NOT NULL,
  currency           CHAR(3)      NOT NULL,
  buyer_issuer       VARCHAR(300),
  buyer_subject      VARCHAR(300),
  status             VARCHAR(20)  NOT NULL,
  used_by_payment    VARCHAR(40),
  expires_at         TIMESTAMP(6) NOT NULL,
  decided_at         TIMESTAMP(6),
  created_at         TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_hil_approvals PRIMARY KEY (id),
  CONSTRAINT uq_hil_approvals_payment UNIQUE (used_by_payment)
);

CREATE INDEX ix_hil_approvals_order ON hil_approvals (order_id, created_at);

-- The sandbox PSP's own ledger (what a PSP would hold): one charge per idempotency key.
-- status: succeeded | requires_action | processing | failed. settle_at: when a processing
-- charge settles; settle_to: what it settles to.
CREATE TABLE sandbox_psp_charges (
  id                 VARCHAR(40)  NOT NULL,
  idempotency_key    VARCHAR(80)  NOT NULL,
  reference          VARCHAR(40)  NOT NULL,
  amount_minor       BIGINT       NOT NULL,
  currency           CHAR(3)      NOT NULL,
  token              VARCHAR(60)  NOT NULL,
  status             VARCHAR(20)  NOT NULL,
  decline_code       VARCHAR(60),
  settle_at          TIMESTAMP(6),
  settle_to          VARCHAR(20),
  return_url         VARCHAR(2000),
  refunded_minor     BIGINT       NOT NULL,
  created_at         TIMESTAMP(6) NOT NULL,
  updated_at         TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_sandbox_psp_charges PRIMARY KEY (id),
  CONSTRAINT uq_sandbox_psp_charges_key UNIQUE (idempotency_key)
);

CREATE INDEX ix_sandbox_psp_charges_ref ON sandbox_psp_charges (reference);
