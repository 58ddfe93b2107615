-- Delegated payment (ACP delegate_payment, docs/acp.md): a vault token the sandbox PSP mints for an
-- agent platform, shown once and stored only as its SHA-256 hash, with its allowance: at most
-- max_amount_minor of currency, for one checkout session of one merchant, before expires_at.
-- Redeemed once: redeemed_by_payment is UNIQUE and set by a conditional UPDATE (… IS NULL) in the
-- payment's own transaction. method_ref is the sandbox test method the card stands for (never a
-- card number). request_hash: the SHA-256 of the delegate request, for the Idempotency-Key rules.
CREATE TABLE acp_vault_tokens (
  id                  VARCHAR(40)  NOT NULL,
  agent_id            VARCHAR(40)  NOT NULL,
  token_hash          CHAR(64)     NOT NULL,
  merchant_id         VARCHAR(256) NOT NULL,
  checkout_session_id VARCHAR(64)  NOT NULL,
  currency            CHAR(3)      NOT NULL,
  max_amount_minor    BIGINT       NOT NULL,
  method_ref          VARCHAR(64)  NOT NULL,
  card_last4          CHAR(4),
  idempotency_key     VARCHAR(255) NOT NULL,
  request_hash        CHAR(64)     NOT NULL,
  redeemed_by_payment VARCHAR(40),
  redeemed_at         TIMESTAMP(6),
  expires_at          TIMESTAMP(6) NOT NULL,
  created_at          TIMESTAMP(6) NOT NULL,
  CONSTRAINT pk_acp_vault_tokens PRIMARY KEY (id),
  CONSTRAINT uq_acp_vault_tokens_hash UNIQUE (token_hash),
  CONSTRAINT uq_acp_vault_tokens_payment UNIQUE (redeemed_by_payment),
  CONSTRAINT uq_acp_vault_tokens_key UNIQUE (agent_id, idempotency_key)
);
