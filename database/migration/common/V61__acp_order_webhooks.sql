-- ACP order webhooks (docs/acp.md, Order webhooks): an agent's webhook endpoint speaks either our
-- Standard Webhooks format ('standard') or the Agentic Commerce Protocol's order webhooks ('acp':
-- order_create / order_update with the full Order, signed with Merchant-Signature).
ALTER TABLE webhook_endpoints ADD COLUMN format VARCHAR(16) NOT NULL DEFAULT 'standard';

-- The public base the session was completed on: the Order's permalink_url in its webhooks is the
-- one the complete answered (ac.public-base-url, when set, wins).
ALTER TABLE acp_sessions ADD COLUMN public_base VARCHAR(500);
