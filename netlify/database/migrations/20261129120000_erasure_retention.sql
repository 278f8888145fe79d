-- Erasure and retention of the accounts (docs/payments.md, "Keeping the records").
--
-- An erased lead's invoices, payments, refunds and guarantee stay (HMRC's six years, the guarantee's
-- term), pseudonymised: the customer's name becomes "Erased customer", the invoice's address and
-- its frozen document's customer are emptied, a refund's note (the owner's free text) goes. The
-- numbers, amounts and dates stay, and so do the PDFs as issued (issued_documents). From now on the
-- erasure does this in its own transaction; here the rows of leads erased before are brought in line.
-- A row whose link to its quote is NULL belongs to an erased lead (the link is only ever cleared by
-- the lead's deletion, ON DELETE SET NULL).
UPDATE invoices
   SET customer_name = 'Erased customer',
       customer_address = '{"line1": "", "town": "", "postcode": ""}'::jsonb,
       document = jsonb_set(document, '{customer}',
         '{"name": "Erased customer", "address": {"line1": "", "town": "", "postcode": ""}}'::jsonb)
 WHERE proposal_id IS NULL;
UPDATE payments SET customer_name = 'Erased customer' WHERE proposal_id IS NULL;
UPDATE refunds SET customer_name = 'Erased customer', note = NULL WHERE proposal_id IS NULL;
-- A guarantee passes with the house: the register keeps the property, the work and the dates its
-- public check needs, not the name of the customer who ordered the work.
UPDATE guarantees SET customer_name = 'Erased customer' WHERE proposal_id IS NULL;

-- The retention job deletes the accounts of erased leads when their time is up: one entry in the
-- activity log per run, with the count of documents deleted and nothing else.
ALTER TABLE activity_log DROP CONSTRAINT activity_log_event_check;
ALTER TABLE activity_log ADD CONSTRAINT activity_log_event_check CHECK (event IN ('sign-in', 'sign-in-failed',
  'sign-in-slowed', 'sign-out', 'export', 'accounts-csv-export', 'accounts-xero-export', 'accounts-payments-export', 'erase',
  'retention-erase', 'bulk-erase', 'restore', 'quote-sent', 'payment-recorded', 'refund-confirmed',
  'invoice-issued', 'certificate-issued', 'person-added', 'person-removed', 'passkey-added', 'session-ended',
  'payment-voided', 'credit-note-issued', 'retention-accounts'));

-- Finding them: the erased leads' records by date (few rows match; the index keeps the hourly run cheap).
CREATE INDEX invoices_erased ON invoices (issued_on) WHERE proposal_id IS NULL;
CREATE INDEX payments_erased ON payments (received_on) WHERE proposal_id IS NULL;
CREATE INDEX guarantees_erased ON guarantees (valid_until) WHERE proposal_id IS NULL;
