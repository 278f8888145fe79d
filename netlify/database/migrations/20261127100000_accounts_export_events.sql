-- The accountant's downloads are logged by name: the invoices and payments CSV, and the Xero file
-- of invoices (`export` stays the leads' CSV).
ALTER TABLE activity_log DROP CONSTRAINT activity_log_event_check;
ALTER TABLE activity_log ADD CONSTRAINT activity_log_event_check CHECK (event IN ('sign-in', 'sign-in-failed',
  'sign-in-slowed', 'sign-out', 'export', 'accounts-csv-export', 'accounts-xero-export', 'erase',
  'retention-erase', 'bulk-erase', 'restore'));
