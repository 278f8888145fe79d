-- The activity log records money and documents: a quote sent, a payment recorded (its receipt
-- issued), a refund confirmed, an invoice and a guarantee certificate issued, each with the number
-- of the document it concerns; and the accountant's downloads by name: the invoices and payments
-- CSV, the Xero file of invoices and the payments CSV (`export` stays the leads' CSV).
ALTER TABLE activity_log ADD COLUMN document text CHECK (document ~ '^[A-Z0-9][A-Z0-9-]{2,39}$');
ALTER TABLE activity_log DROP CONSTRAINT activity_log_event_check;
ALTER TABLE activity_log ADD CONSTRAINT activity_log_event_check CHECK (event IN ('sign-in', 'sign-in-failed',
  'sign-in-slowed', 'sign-out', 'export', 'accounts-csv-export', 'accounts-xero-export', 'accounts-payments-export', 'erase',
  'retention-erase', 'bulk-erase', 'restore', 'quote-sent', 'payment-recorded', 'refund-confirmed',
  'invoice-issued', 'certificate-issued'));
