-- A card payment above what is owed (Stripe decides the amount): the payment keeps what arrived,
-- `excess` the part above the balance, which holds no VAT and is a refund due. Everything before
-- was at most what was owed.
ALTER TABLE payments ADD COLUMN excess integer NOT NULL DEFAULT 0 CHECK (excess >= 0 AND excess <= amount);
ALTER TABLE payments ADD CHECK (vat <= amount - excess);

-- A refund is due after a cancellation (as before) or after an overpayment: `reason` says which,
-- `due_at` since when. An overpayment's refund has no cancellation; a cancellation turns an
-- overpayment's refund not yet confirmed into its own. One refund waits at a time per quote; a
-- quote whose overpayment was refunded may still be cancelled, so confirmed refunds can be several.
ALTER TABLE refunds ADD COLUMN reason text NOT NULL DEFAULT 'cancelled' CHECK (reason IN ('cancelled', 'overpaid'));
ALTER TABLE refunds ADD COLUMN due_at timestamptz;
UPDATE refunds SET due_at = cancelled_at;
ALTER TABLE refunds ALTER COLUMN due_at SET NOT NULL;
ALTER TABLE refunds ALTER COLUMN cancelled_at DROP NOT NULL;
ALTER TABLE refunds ADD CHECK ((reason = 'cancelled') = (cancelled_at IS NOT NULL));
ALTER TABLE refunds DROP CONSTRAINT refunds_proposal_id_key;
CREATE UNIQUE INDEX refunds_one_due ON refunds (proposal_id) WHERE confirmed_at IS NULL;
CREATE INDEX refunds_proposal ON refunds (proposal_id);
