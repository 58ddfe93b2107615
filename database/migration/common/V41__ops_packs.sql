-- Operations packs (docs/packs.md). status: draft | validated | published. source: draft (written
-- by the agent) | generated (from cached product rows). content: the pack as JSON (session,
-- title, narrative, language, geo, sponsored, recommendations, authorized signals, disclosures);
-- validation: the last validation result as JSON, NULL before the first.
CREATE TABLE ops_packs (
  id               VARCHAR(40)  NOT NULL,
  agent_id         VARCHAR(40)  NOT NULL,
  merchant_id      VARCHAR(64)  NOT NULL,
  status           VARCHAR(20)  NOT NULL,
  source           VARCHAR(20)  NOT NULL,
  content          LONGTEXT     NOT NULL,
  validation       LONGTEXT,
  created_at       TIMESTAMP(6) NOT NULL,
  updated_at       TIMESTAMP(6) NOT NULL,
  validated_at     TIMESTAMP(6),
  published_at     TIMESTAMP(6),
  CONSTRAINT pk_ops_packs PRIMARY KEY (id)
);

CREATE INDEX ix_ops_packs_agent ON ops_packs (agent_id, created_at);
