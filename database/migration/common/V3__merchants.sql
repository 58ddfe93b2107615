-- Merchants connected to the service. The catalog issue adds PSP capabilities and markets.
CREATE TABLE merchants (
  id             VARCHAR(64)  NOT NULL,
  business_name  VARCHAR(200) NOT NULL,
  status         VARCHAR(20)  NOT NULL,
  platform       VARCHAR(40)  NOT NULL,
  region         VARCHAR(40)  NOT NULL,
  store_url      VARCHAR(500),
  website        VARCHAR(500),
  contact_email  VARCHAR(320),
  psp_connected  BOOLEAN      NOT NULL,
  psp_type       VARCHAR(40),
  created_at     TIMESTAMP(6) NOT NULL,
  updated_at     TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_merchants PRIMARY KEY (id)
);

CREATE INDEX ix_merchants_status ON merchants (status, business_name);
