-- Shopping briefs (schema 0.1.0) as built for an agent: the brief document is stored whole, as
-- the agent received it, and read back only by the agent that built it.
CREATE TABLE briefs (
  id              VARCHAR(40)  NOT NULL,
  agent_id        VARCHAR(40)  NOT NULL,
  schema_version  VARCHAR(16)  NOT NULL,
  raw_query       VARCHAR(2000) NOT NULL,
  document        LONGTEXT     NOT NULL,
  created_at      TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_briefs PRIMARY KEY (id)
);

CREATE INDEX ix_briefs_agent ON briefs (agent_id, created_at);
