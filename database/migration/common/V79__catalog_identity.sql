-- Which database a node's stored catalog index was built from: one row, written by the first node
-- that asks (a random UUID). A node that restarts over its stored index reuses it only when the
-- index names this identity; an index built from another database is refused and rebuilt.
CREATE TABLE catalog_identity (
  k VARCHAR(16) NOT NULL PRIMARY KEY,
  identity VARCHAR(64) NOT NULL
);
