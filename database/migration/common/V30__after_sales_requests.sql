-- After-sales requests an agent opens for a buyer's order on the tool door (issue 16):
-- action refund | return | exchange | support; status open | refund_pending | refunded |
-- refund_failed. A refund request names the refund the payment module made (refund_id).
-- The order's v2 read lists them under after_sales.
CREATE TABLE after_sales_requests (
  id          VARCHAR(40)   NOT NULL,
  order_id    VARCHAR(40)   NOT NULL,
  agent_id    VARCHAR(40)   NOT NULL,
  action      VARCHAR(20)   NOT NULL,
  reason      VARCHAR(1000),
  status      VARCHAR(20)   NOT NULL,
  refund_id   VARCHAR(40),
  created_at  TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_after_sales_requests PRIMARY KEY (id)
);

CREATE INDEX ix_after_sales_requests_order ON after_sales_requests (order_id, created_at);
