-- Where the demo merchants take orders: all of them use the built-in sandbox merchant platform
-- (a merchant without a row does too). A real Shopify shop is configured with connector 'shopify',
-- base_url 'https://<shop>.myshopify.com' and credential_key naming the property that holds its
-- Admin API access token (see docs/orders.md).
INSERT INTO merchant_order_channels (merchant_id, connector, base_url, credential_key) VALUES
('merch_7c1e4a9d2b5f3e80', 'sandbox', NULL, NULL),
('merch_2f8b6d0a4c9e1735', 'sandbox', NULL, NULL),
('merch_9a3d5e7b1c2f4068', 'sandbox', NULL, NULL),
('merch_4b0e8c2d6a1f9357', 'sandbox', NULL, NULL),
('merch_6d2a0f4e8b3c7159', 'sandbox', NULL, NULL),
('merch_1e5c9b3a7d0f2486', 'sandbox', NULL, NULL),
('merch_8f4a2c6e0b9d1573', 'sandbox', NULL, NULL);
