-- Refunds the merchant's platform reported (storefront refunds/create webhooks), one row per
-- platform refund: the same refund delivered again under another webhook id (a second
-- subscription, a replayed body) is recognised and moves the order once.
CREATE TABLE storefront_refunds (
  merchant_id         VARCHAR(64)   NOT NULL,
  platform_refund_id  VARCHAR(100)  NOT NULL,
  order_id            VARCHAR(40)   NOT NULL,
  received_at         TIMESTAMP(6)  NOT NULL,
  CONSTRAINT pk_storefront_refunds PRIMARY KEY (merchant_id, platform_refund_id)
);
