-- The idempotency record of the request that started a payment (POST /agent/v1/payments), so
-- that a retry of a request whose node stopped before answering gets the payment as it settled
-- (PaymentOutcomes) instead of idempotency_outcome_unknown for ever.
ALTER TABLE payments ADD COLUMN request_record_id VARCHAR(40);

CREATE INDEX ix_payments_request ON payments (request_record_id);
