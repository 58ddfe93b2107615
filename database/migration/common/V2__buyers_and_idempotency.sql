-- Buyer reference aliases, per agent: source_ref was merged into target_ref (always canonical).
CREATE TABLE buyer_aliases (
  agent_id      VARCHAR(40)  NOT NULL,
  source_ref    VARCHAR(100) NOT NULL,
  target_ref    VARCHAR(100) NOT NULL,
  created_at    TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_buyer_aliases PRIMARY KEY (agent_id, source_ref)
);

CREATE INDEX ix_buyer_aliases_target ON buyer_aliases (agent_id, target_ref);

-- One row per (agent, operation, key): the unique constraint is what makes a key run once,
-- on any number of nodes.
CREATE TABLE idempotency_records (
  id              VARCHAR(40)  NOT NULL,
  agent_id        VARCHAR(40)  NOT NULL,
  operation       VARCHAR(200) NOT NULL,
  idem_key        VARCHAR(255) NOT NULL,
  request_hash    CHAR(64)     NOT NULL,
  state           VARCHAR(20)  NOT NULL,
  response_status INT,
  response_body   LONGTEXT,
  created_at      TIMESTAMP(6) NOT NULL,
  expires_at      TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_idempotency_records PRIMARY KEY (id),
  CONSTRAINT uq_idempotency_key UNIQUE (agent_id, operation, idem_key)
);

CREATE INDEX ix_idempotency_expiry ON idempotency_records (expires_at);
