-- When a payment still waiting for the buyer (3-D Secure, a redirect) or the PSP is cancelled:
-- fixed when the attempt is written, so that every node of a fleet honours the same deadline
-- whatever its own ac.payments.buyer-action-ttl says (docs/payments.md, States).
ALTER TABLE payment_attempts ADD COLUMN expires_at TIMESTAMP(6) NULL;
