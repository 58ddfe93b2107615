-- The seq of an order's latest audit transition, kept on the order row. Every move locks that row
-- and reads it current; a COUNT of order_transitions read in an older REPEATABLE READ snapshot
-- missed a transition committed meanwhile and reused its seq (a duplicate key, a 500).
ALTER TABLE orders ADD COLUMN transition_count INT NOT NULL DEFAULT 0;
UPDATE orders SET transition_count =
  (SELECT COUNT(*) FROM order_transitions t WHERE t.order_id = orders.id);
