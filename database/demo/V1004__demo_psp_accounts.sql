-- Where the demo merchants take payments: the built-in sandbox PSP (a merchant without a row
-- does too, see ac.payments.default-psps). A Stripe or Adyen account is added with its own row
-- (psp 'stripe'/'adyen', account naming the ac.psp.<account>.* properties, see docs/payments.md).
INSERT INTO merchant_psp_accounts (merchant_id, psp, priority, account, enabled) VALUES
('merch_7c1e4a9d2b5f3e80', 'sandbox', 10, 'sandbox', TRUE),
('merch_2f8b6d0a4c9e1735', 'sandbox', 10, 'sandbox', TRUE),
('merch_9a3d5e7b1c2f4068', 'sandbox', 10, 'sandbox', TRUE),
('merch_4b0e8c2d6a1f9357', 'sandbox', 10, 'sandbox', TRUE),
('merch_6d2a0f4e8b3c7159', 'sandbox', 10, 'sandbox', TRUE),
('merch_1e5c9b3a7d0f2486', 'sandbox', 10, 'sandbox', TRUE),
('merch_8f4a2c6e0b9d1573', 'sandbox', 10, 'sandbox', TRUE);
