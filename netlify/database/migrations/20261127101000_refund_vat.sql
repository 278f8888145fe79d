-- The VAT a confirmed refund gives back, kept as confirmed: the VAT the refunded payments declared
-- when all of it goes back, else the refunded amount's share of the accepted quote's VAT. NULL for
-- refunds confirmed before it was recorded.
ALTER TABLE refunds ADD COLUMN vat integer CHECK (vat >= 0 AND vat <= amount);
CREATE INDEX refunds_confirmed ON refunds (confirmed_at) WHERE confirmed_at IS NOT NULL;
