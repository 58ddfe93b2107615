-- When an order was confirmed by its merchant and when it was fulfilled (shipped): the moments the
-- origin service's clients read as confirmed_at and shipped_at. Null until the move happens; null
-- for orders that moved before this migration.
ALTER TABLE orders ADD COLUMN confirmed_at TIMESTAMP(6) NULL;
ALTER TABLE orders ADD COLUMN fulfilled_at TIMESTAMP(6) NULL;
