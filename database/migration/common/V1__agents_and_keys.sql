-- Agents (the platforms that call us) and their API keys. Keys are stored only as SHA-256 hashes.
CREATE TABLE agents (
  id            VARCHAR(40)  NOT NULL,
  name          VARCHAR(200) NOT NULL,
  email         VARCHAR(320) NOT NULL,
  company       VARCHAR(200),
  description   VARCHAR(2000),
  status        VARCHAR(20)  NOT NULL,
  tier          VARCHAR(20)  NOT NULL,
  created_at    TIMESTAMP(6) NOT NULL,
  updated_at    TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_agents PRIMARY KEY (id),
  CONSTRAINT uq_agents_email UNIQUE (email)
);

CREATE TABLE api_keys (
  id            VARCHAR(40)  NOT NULL,
  agent_id      VARCHAR(40)  NOT NULL,
  key_hash      CHAR(64)     NOT NULL,
  key_hint      VARCHAR(24)  NOT NULL,
  status        VARCHAR(20)  NOT NULL,
  created_at    TIMESTAMP(6) NOT NULL,
  expires_at    TIMESTAMP(6),
  last_used_at  TIMESTAMP(6),
  CONSTRAINT pk_api_keys PRIMARY KEY (id),
  CONSTRAINT uq_api_keys_hash UNIQUE (key_hash),
  CONSTRAINT fk_api_keys_agent FOREIGN KEY (agent_id) REFERENCES agents (id)
);

CREATE INDEX ix_api_keys_agent ON api_keys (agent_id);

-- A key limited to some merchants lists them here; a key with no rows may touch every merchant.
CREATE TABLE api_key_merchants (
  api_key_id    VARCHAR(40)  NOT NULL,
  merchant_id   VARCHAR(64)  NOT NULL,
  CONSTRAINT pk_api_key_merchants PRIMARY KEY (api_key_id, merchant_id),
  CONSTRAINT fk_api_key_merchants_key FOREIGN KEY (api_key_id) REFERENCES api_keys (id)
);
