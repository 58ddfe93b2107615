-- The sandbox partner's fault injection: the next N place calls place the order but answer 200
-- with a malformed body (no order id), as a broken partner might.
ALTER TABLE sandbox_partner_faults ADD COLUMN malformed_next INT DEFAULT 0 NOT NULL;
