-- Where an order was made (docs/payments.md, "The gates"): rest (POST /agent/v1/orders/create, the
-- v2 checkouts), hosted (the buyer on the hosted checkout page), checkout_session (an ACP, UCP or
-- tool-door checkout session: complete, or a payment link). The gates decide from it: an
-- agent-submitted charge of a checkout_session order is gated whatever lane pays it.
ALTER TABLE orders ADD COLUMN origin VARCHAR(20) NOT NULL DEFAULT 'rest';

UPDATE orders SET origin = 'checkout_session'
  WHERE id IN (SELECT order_id FROM acp_sessions WHERE order_id IS NOT NULL);
