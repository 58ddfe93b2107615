-- Fencing and late captures (docs/payments.md, "A node that pauses").
--
-- The sandbox PSP keeps, as Stripe and Adyen do, a fingerprint of the request that first used an
-- idempotency key: the same key with the same request answers the stored result, the same key with
-- another request is refused. A fence is such another request: a charge-less record under the key
-- (status 'fenced'), after which a late charge with the key is refused. NULL: a row written before
-- fingerprints were kept (any request with its key answers it, as before).
ALTER TABLE sandbox_psp_charges ADD COLUMN request_hash CHAR(64);

-- A capture found for an attempt that had already been closed (a paused node's late charge at a
-- PSP that cannot be fenced, or fenced too late): recorded once per attempt, and given back
-- automatically (the payment was reported failed, or the order is paid by another payment).
-- status: refund_pending | refunded | refund_failed. refund_key: the PSP idempotency key of the
-- refund, written before the refund is sent.
CREATE TABLE late_captures (
  attempt_id         VARCHAR(40)  NOT NULL,
  payment_id         VARCHAR(40)  NOT NULL,
  order_id           VARCHAR(40)  NOT NULL,
  agent_id           VARCHAR(40)  NOT NULL,
  psp                VARCHAR(20)  NOT NULL,
  psp_payment_id     VARCHAR(100),
  amount_minor       BIGINT       NOT NULL,
  currency           CHAR(3)      NOT NULL,
  attempt_status     VARCHAR(20)  NOT NULL,
  status             VARCHAR(20)  NOT NULL,
  refund_key         VARCHAR(80)  NOT NULL,
  psp_refund_id      VARCHAR(100),
  failure_reason     VARCHAR(500),
  tries              INT          NOT NULL,
  next_try_at        TIMESTAMP(6) NOT NULL,
  lease_holder       VARCHAR(40),
  lease_until        TIMESTAMP(6),
  created_at         TIMESTAMP(6) NOT NULL,
  updated_at         TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_late_captures PRIMARY KEY (attempt_id),
  CONSTRAINT uq_late_captures_refund_key UNIQUE (refund_key),
  CONSTRAINT fk_late_captures_payment FOREIGN KEY (payment_id) REFERENCES payments (id)
);

CREATE INDEX ix_late_captures_due ON late_captures (status, next_try_at);
CREATE INDEX ix_late_captures_payment ON late_captures (payment_id);
