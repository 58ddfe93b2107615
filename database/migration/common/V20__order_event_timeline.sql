-- The order event timeline (modules/events). domain_events (V8) is the outbox every module writes
-- in its own transaction; its seq is handed out at INSERT, so two transactions can commit in the
-- other order than their seq (11 commits after 12). A reader paging by seq could then skip 11.
-- The timeline's id is therefore handed out at *commit order*: one sequencer at a time (the row
-- lock on event_sequencer) copies the outbox rows that have committed and are not yet on the
-- timeline, numbering them from next_id, and marks each outbox row with its timeline id. Any row
-- committing later gets a larger id than every id a reader can already see.
ALTER TABLE domain_events ADD COLUMN timeline_id BIGINT;
CREATE INDEX ix_domain_events_timeline ON domain_events (timeline_id);

CREATE TABLE event_sequencer (
  name             VARCHAR(30)  NOT NULL,
  next_id          BIGINT       NOT NULL,
  CONSTRAINT pk_event_sequencer PRIMARY KEY (name)
);

INSERT INTO event_sequencer (name, next_id) VALUES ('order_events', 1);

-- One row per order event, id in commit order. buyer_issuer/buyer_subject: the verified buyer
-- token of the order (from the order book), so a buyer-token read sees only that buyer's events.
CREATE TABLE order_events (
  id               BIGINT       NOT NULL,
  event_id         VARCHAR(40)  NOT NULL,
  event_type       VARCHAR(60)  NOT NULL,
  agent_id         VARCHAR(40)  NOT NULL,
  merchant_id      VARCHAR(64),
  order_id         VARCHAR(40),
  buyer_ref        VARCHAR(100),
  buyer_issuer     VARCHAR(300),
  buyer_subject    VARCHAR(300),
  status           VARCHAR(30),
  amount_minor     BIGINT,
  currency         CHAR(3),
  data             LONGTEXT     NOT NULL,
  created_at       TIMESTAMP(6) NOT NULL,
  sequenced_at     TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_order_events PRIMARY KEY (id),
  CONSTRAINT uq_order_events_event UNIQUE (event_id)
);

CREATE INDEX ix_order_events_agent ON order_events (agent_id, id);
CREATE INDEX ix_order_events_order ON order_events (order_id, id);
