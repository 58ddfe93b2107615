-- Refunds are reconciled like payment attempts (issue 36, item 4). A refund that is pending or
-- unknown is due for a check at next_check_at (the database's clock); a node claims it with a
-- lease (lease_holder, lease_until) and asks the PSP, or sends the refund again under its own
-- idempotency key; reconcile_count counts the checks (backoff). request_record_id: the
-- idempotency record of the request that made the refund, so that a retry of that request
-- answers the refund's settled outcome.
ALTER TABLE payment_refunds ADD COLUMN next_check_at TIMESTAMP(6) NULL;
ALTER TABLE payment_refunds ADD COLUMN lease_holder VARCHAR(40);
ALTER TABLE payment_refunds ADD COLUMN lease_until TIMESTAMP(6) NULL;
ALTER TABLE payment_refunds ADD COLUMN reconcile_count INT DEFAULT 0 NOT NULL;
ALTER TABLE payment_refunds ADD COLUMN request_record_id VARCHAR(40);

-- Refunds left open before this migration are checked at once.
UPDATE payment_refunds SET next_check_at = CURRENT_TIMESTAMP(6)
  WHERE status IN ('pending', 'unknown');

CREATE INDEX ix_payment_refunds_check ON payment_refunds (status, next_check_at);
CREATE INDEX ix_payment_refunds_request ON payment_refunds (request_record_id);

-- The sandbox PSP's refunds, one per idempotency key as a PSP keeps them: the same key with the
-- same request answers the stored refund; the same key with another request is refused. status:
-- succeeded | failed (failure_reason). sandbox_psp_charges.refunded_minor is the sum of the
-- charge's succeeded refunds, kept in the same transaction.
CREATE TABLE sandbox_psp_refunds (
  id                 VARCHAR(40)  NOT NULL,
  idempotency_key    VARCHAR(80)  NOT NULL,
  charge_id          VARCHAR(40)  NOT NULL,
  reference          VARCHAR(80),
  amount_minor       BIGINT       NOT NULL,
  currency           CHAR(3)      NOT NULL,
  status             VARCHAR(20)  NOT NULL,
  failure_reason     VARCHAR(200),
  created_at         TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_sandbox_psp_refunds PRIMARY KEY (id),
  CONSTRAINT uq_sandbox_psp_refunds_key UNIQUE (idempotency_key)
);

CREATE INDEX ix_sandbox_psp_refunds_charge ON sandbox_psp_refunds (charge_id);
