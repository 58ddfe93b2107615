-- The W3C trace context (traceparent, 55 characters) of the request that created the work, so
-- that the work done later on its behalf is traced with it (docs/operations.md, Tracing): the
-- outbox row (its webhook deliveries continue that trace), the payment attempt and the refund
-- (their reconciliation links to it) and the merchant placement (its attempts link to it). Null
-- while tracing is off.
ALTER TABLE domain_events ADD COLUMN traceparent VARCHAR(55) NULL;
ALTER TABLE payment_attempts ADD COLUMN traceparent VARCHAR(55) NULL;
ALTER TABLE merchant_placements ADD COLUMN traceparent VARCHAR(55) NULL;
ALTER TABLE payment_refunds ADD COLUMN traceparent VARCHAR(55) NULL;
