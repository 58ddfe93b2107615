-- Fills the spend book (V51) from the orders already placed.
INSERT INTO agent_spend_hours (agent_id, currency, epoch_hour, counted_minor)
SELECT agent_id, currency, FLOOR(UNIX_TIMESTAMP(created_at) / 3600), SUM(total_minor - refunded_minor)
  FROM orders
 WHERE status NOT IN ('cancelled', 'payment_failed', 'refunded')
 GROUP BY agent_id, currency, FLOOR(UNIX_TIMESTAMP(created_at) / 3600);
