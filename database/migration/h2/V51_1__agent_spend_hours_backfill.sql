-- H2 (the embedded demo default) reads TIMESTAMP columns as written by a JVM in UTC.
-- Fills the spend book (V51) from the orders already placed.
INSERT INTO agent_spend_hours (agent_id, currency, epoch_hour, counted_minor)
SELECT agent_id, currency, FLOOR(EXTRACT(EPOCH FROM created_at) / 3600), SUM(total_minor - refunded_minor)
  FROM orders
 WHERE status NOT IN ('cancelled', 'payment_failed', 'refunded')
 GROUP BY agent_id, currency, FLOOR(EXTRACT(EPOCH FROM created_at) / 3600);
