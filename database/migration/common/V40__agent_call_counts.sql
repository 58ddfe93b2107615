-- Query analytics (docs/analytics.md): how many calls of each counted kind an agent made in each
-- hour. call_kind: catalog_searches | product_reads | cart_validations | quotes. hour_start: the
-- start of the hour (UTC). Nodes count in memory and add their counts here in batches; rows older
-- than 15 days are deleted (the 7-day window and the 7 days before it that its trend needs).
CREATE TABLE agent_call_counts (
  agent_id         VARCHAR(40)  NOT NULL,
  call_kind        VARCHAR(30)  NOT NULL,
  hour_start       TIMESTAMP(6) NOT NULL,
  call_count       BIGINT       NOT NULL,
  CONSTRAINT pk_agent_call_counts PRIMARY KEY (agent_id, call_kind, hour_start)
);

CREATE INDEX ix_agent_call_counts_hour ON agent_call_counts (hour_start);
