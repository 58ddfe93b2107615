-- Webhooks to agents (modules/events). One endpoint per agent. The signing secret is stored only
-- encrypted (AES-256-GCM with the configured key, "k1:" + base64 of IV and ciphertext): it must be
-- recoverable to sign, and is never readable from a dump without the key. During a rotation's grace
-- period the previous secret signs too, until previous_secret_expires_at.
-- subscribed_events: comma-separated event types, empty for all.
CREATE TABLE webhook_endpoints (
  agent_id                   VARCHAR(40)   NOT NULL,
  enabled                    BOOLEAN       NOT NULL,
  destination_url            VARCHAR(2000),
  subscribed_events          VARCHAR(2000) NOT NULL,
  secret_ciphertext          VARCHAR(500)  NOT NULL,
  secret_last4               VARCHAR(4)    NOT NULL,
  previous_secret_ciphertext VARCHAR(500),
  previous_secret_expires_at TIMESTAMP(6),
  disabled_reason            VARCHAR(200),
  last_test_at               TIMESTAMP(6),
  last_test_status           VARCHAR(20),
  created_at                 TIMESTAMP(6)  NOT NULL,
  updated_at                 TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_webhook_endpoints PRIMARY KEY (agent_id)
);

-- One message to one agent's endpoint, written in the transaction that put its event on the
-- timeline (or by a test request). message_id is the webhook-id: the same on every attempt and on
-- a redelivery, so receivers can de-duplicate. status: pending | delivering | succeeded | failed.
-- A worker holds a delivery while lease_until (database clock) is in the future; a node that dies
-- mid-attempt leaves it to be claimed again after the lease. step: the place in the retry schedule
-- (a redelivery starts it again); attempts: every attempt ever made.
CREATE TABLE webhook_deliveries (
  id               VARCHAR(40)   NOT NULL,
  agent_id         VARCHAR(40)   NOT NULL,
  message_id       VARCHAR(40)   NOT NULL,
  event_type       VARCHAR(60)   NOT NULL,
  timeline_id      BIGINT,
  payload          LONGTEXT      NOT NULL,
  status           VARCHAR(20)   NOT NULL,
  attempts         INT           NOT NULL,
  step             INT           NOT NULL,
  next_attempt_at  TIMESTAMP(6)  NOT NULL,
  lease_holder     VARCHAR(40),
  lease_until      TIMESTAMP(6),
  last_status_code INT,
  last_error       VARCHAR(500),
  last_attempt_at  TIMESTAMP(6),
  delivered_at     TIMESTAMP(6),
  created_at       TIMESTAMP(6)  NOT NULL,
  updated_at       TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_webhook_deliveries PRIMARY KEY (id),
  CONSTRAINT uq_webhook_deliveries_message UNIQUE (agent_id, message_id)
);

CREATE INDEX ix_webhook_deliveries_due ON webhook_deliveries (status, next_attempt_at);
CREATE INDEX ix_webhook_deliveries_agent ON webhook_deliveries (agent_id, created_at);

-- Every attempt: when, the HTTP status (null when none came), how long, what went wrong. Never the
-- secret, the signature or the receiver's body.
CREATE TABLE webhook_attempts (
  delivery_id      VARCHAR(40)   NOT NULL,
  attempt          INT           NOT NULL,
  attempted_at     TIMESTAMP(6)  NOT NULL,
  destination_host VARCHAR(255),
  http_status      INT,
  latency_ms       INT,
  error            VARCHAR(500),
  CONSTRAINT pk_webhook_attempts PRIMARY KEY (delivery_id, attempt),
  CONSTRAINT fk_webhook_attempts_delivery FOREIGN KEY (delivery_id) REFERENCES webhook_deliveries (id)
);
