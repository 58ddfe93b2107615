-- Operators' switches that every node reads (issue 21): webhook_delivery_paused stops all
-- deliveries (queued ones wait; nothing is lost) until resumed. Changed over JMX; who and when kept.
CREATE TABLE operation_switches (
  name        VARCHAR(60)  NOT NULL,
  enabled     BOOLEAN      NOT NULL,
  changed_by  VARCHAR(200),
  changed_at  TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_operation_switches PRIMARY KEY (name)
);
