-- The rolling 24 h spend check (issue 11) summed every order an agent placed in the last 24 hours
-- in one currency, under the agent's lock: O(orders of the day) per order, ~1 ms of database CPU
-- for 1,400 orders, growing with the agent's success. This book keeps the same amount per agent,
-- currency and hour of creation (epoch_hour = floor(epoch seconds of orders.created_at / 3600)),
-- changed in the transaction that changes an order: a new order adds its total, a cancellation,
-- failure or refund takes its part back. The check reads at most 25 rows of it plus the orders of
-- the partial hour at the window's start.
CREATE TABLE agent_spend_hours (
  agent_id       VARCHAR(40) NOT NULL,
  currency       CHAR(3)     NOT NULL,
  epoch_hour     BIGINT      NOT NULL,
  counted_minor  BIGINT      NOT NULL,
  PRIMARY KEY (agent_id, currency, epoch_hour)
);
