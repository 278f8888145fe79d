-- One ledger (docs/payments.md, "Voids and credit notes"): a payment recorded by mistake is not
-- edited or deleted but voided, with a reason and the person who did it, and the void issues a
-- credit note (CN-000001…) for the payment's VAT receipt. Balances, the desk's money, the overdue
-- lists and the exports leave voided payments out; the payment's row stays as it was written.

-- Credit notes take their numbers from the same gapless counters as invoices and receipts.
ALTER TABLE document_counters DROP CONSTRAINT document_counters_kind_check;
ALTER TABLE document_counters ADD CONSTRAINT document_counters_kind_check
  CHECK (kind IN ('invoice', 'receipt', 'credit-note'));

-- Payments voided as recorded by mistake (docs/payments.md, "Voids and credit notes"): why, who and
-- when, and the credit note that cancels the receipt. One per payment (a second is refused by the
-- primary key); never edited or deleted.
CREATE TABLE payment_voids (
  payment_id uuid PRIMARY KEY REFERENCES payments (id),
  -- CN-000001, CN-000002… in the order issued.
  credit_note_number text NOT NULL UNIQUE CHECK (credit_note_number ~ '^CN-[0-9]{6,}$'),
  sequence integer NOT NULL UNIQUE CHECK (sequence >= 1),
  -- The receipt it cancels and what it gives back, copied from the payment so that the credit
  -- note reads alone: the whole amount, its VAT, and the VAT by rate as the receipt split it.
  receipt_number text NOT NULL UNIQUE REFERENCES payments (receipt_number),
  proposal_id uuid REFERENCES proposals (id) ON DELETE SET NULL,
  proposal_number text NOT NULL,
  invoice_number text REFERENCES invoices (number),
  customer_name text NOT NULL CHECK (char_length(customer_name) BETWEEN 1 AND 200),
  amount integer NOT NULL CHECK (amount > 0),
  vat integer NOT NULL CHECK (vat >= 0 AND vat <= amount),
  reason text NOT NULL CHECK (char_length(reason) BETWEEN 1 AND 500 AND reason = btrim(reason)),
  -- Who voided it: the signed-in person, as the activity log names them (a removed person's row stays).
  voided_by uuid NOT NULL REFERENCES staff_users (id),
  voided_at timestamptz NOT NULL,
  -- The credit note's date (UK).
  voided_on date NOT NULL,
  -- The credit note as issued (business, customer, amounts, VAT by rate, reason), frozen.
  document jsonb NOT NULL CHECK (jsonb_typeof(document) = 'object')
);
CREATE INDEX payment_voids_voided ON payment_voids (voided_on, sequence);
CREATE INDEX payment_voids_proposal ON payment_voids (proposal_id);

-- Credit notes are kept as issued like the other documents.
ALTER TABLE issued_documents DROP CONSTRAINT issued_documents_number_check;
ALTER TABLE issued_documents ADD CONSTRAINT issued_documents_number_check
  CHECK (number ~ '^(INV-[0-9]{6,}|R-[0-9]{6,}|CN-[0-9]{6,}|G-[A-Z0-9]{4}-[A-Z0-9]{4})$');

-- The activity log records a void and its credit note.
ALTER TABLE activity_log DROP CONSTRAINT activity_log_event_check;
ALTER TABLE activity_log ADD CONSTRAINT activity_log_event_check CHECK (event IN ('sign-in', 'sign-in-failed',
  'sign-in-slowed', 'sign-out', 'export', 'accounts-csv-export', 'accounts-xero-export', 'accounts-payments-export', 'erase',
  'retention-erase', 'bulk-erase', 'restore', 'quote-sent', 'payment-recorded', 'payment-voided', 'refund-confirmed',
  'invoice-issued', 'certificate-issued', 'credit-note-issued', 'person-added', 'person-removed', 'passkey-added',
  'session-ended'));

-- Never edited or deleted, enforced here rather than trusted to the code: what a payment or a void
-- states about money (amounts, VAT, method, dates, numbers, reason, who) cannot change. What may
-- change is who it is about: the link to the quote (set NULL when a lead is erased) and the copies of
-- the customer (the name, the quote number, a credit note's `document.customer`), so that an
-- erasure can pseudonymise them. A row may be
-- deleted only once it is six years old (HMRC's period for VAT records), by the retention job; the
-- trigger's argument names the row's date column.
CREATE FUNCTION ledger_row_unchanged() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  day date;
BEGIN
  IF TG_OP = 'DELETE' THEN
    day := (to_jsonb(OLD) ->> TG_ARGV[0])::date;
    IF day > current_date - interval '6 years' THEN
      RAISE EXCEPTION '% is part of the ledger: it is never deleted before six years', TG_TABLE_NAME
        USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF (to_jsonb(NEW) - 'proposal_id' - 'proposal_number' - 'customer_name' - 'document')
       IS DISTINCT FROM (to_jsonb(OLD) - 'proposal_id' - 'proposal_number' - 'customer_name' - 'document')
     OR ((to_jsonb(NEW) -> 'document') - 'customer') IS DISTINCT FROM ((to_jsonb(OLD) -> 'document') - 'customer') THEN
    RAISE EXCEPTION '% is part of the ledger: its money is never edited (void a payment instead)', TG_TABLE_NAME
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER payments_ledger BEFORE UPDATE OR DELETE ON payments
  FOR EACH ROW EXECUTE FUNCTION ledger_row_unchanged('received_on');
CREATE TRIGGER payment_voids_ledger BEFORE UPDATE OR DELETE ON payment_voids
  FOR EACH ROW EXECUTE FUNCTION ledger_row_unchanged('voided_on');
