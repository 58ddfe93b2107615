-- Keys every node of a deployment must sign with alike, created once by whichever node needs one
-- first (the checkout-token key when ac.checkout.token-secret is not configured). See
-- docs/architecture.md, "Where state lives", for what a reader of this table can and cannot do.
CREATE TABLE shared_keys (
  name VARCHAR(64) NOT NULL,
  key_material VARCHAR(128) NOT NULL,
  created_at TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_shared_keys PRIMARY KEY (name)
);
