-- Getting paid and the guarantee register (docs/payments.md): the payments received on an accepted
-- written quote (each confirmed with a VAT receipt), the VAT invoice for the balance issued when the
-- work is completed, its guarantee certificate, and the refund due when an accepted quote is
-- cancelled within its 14 days.
--
-- These are the business's accounts: HMRC asks for VAT records to be kept six years, and a
-- guarantee outlives the sale of the house. So they hold their own copy of what they state (the
-- customer's name and address, the lines and amounts) and keep it when the lead is erased: their
-- link to the proposal becomes NULL, the rows stay (UK GDPR art. 17(3)(b), a legal obligation).

-- Numbers without gaps: issuing takes the next number with `INSERT … ON CONFLICT DO UPDATE SET
-- last_number = last_number + 1 RETURNING` inside the transaction that writes the document. The row
-- lock makes concurrent issues queue, and a rolled-back issue rolls its number back too, so the
-- numbers run without gaps or repeats (a SEQUENCE would leave gaps).

-- The last number issued of each numbered kind of document (invoices, receipts).
CREATE TABLE document_counters (
  kind text PRIMARY KEY CHECK (kind IN ('invoice', 'receipt')),
  last_number integer NOT NULL CHECK (last_number >= 1)
);

-- The VAT invoices for the balance of completed jobs, each frozen as issued.
CREATE TABLE invoices (
  -- INV-000001, INV-000002… in the order issued.
  number text PRIMARY KEY CHECK (number ~ '^INV-[0-9]{6,}$'),
  sequence integer NOT NULL UNIQUE CHECK (sequence >= 1),
  proposal_id uuid UNIQUE REFERENCES proposals (id) ON DELETE SET NULL,
  proposal_number text NOT NULL,
  issued_at timestamptz NOT NULL,
  -- The date of issue, which is the tax point of the balance (UK date).
  issued_on date NOT NULL,
  due_on date NOT NULL CHECK (due_on >= issued_on),
  customer_name text NOT NULL CHECK (char_length(customer_name) BETWEEN 1 AND 200),
  -- { line1, town, postcode }
  customer_address jsonb NOT NULL CHECK (jsonb_typeof(customer_address) = 'object'),
  -- The invoice as issued (the lines, the job's totals, the payments already received), frozen.
  document jsonb NOT NULL CHECK (jsonb_typeof(document) = 'object'),
  -- This invoice's own amounts: the balance, and the VAT it carries (pence).
  net integer NOT NULL CHECK (net >= 0),
  vat integer NOT NULL CHECK (vat >= 0),
  total integer NOT NULL CHECK (total = net + vat),
  -- The day the balance was paid in full (UK date).
  paid_on date CHECK (paid_on >= issued_on)
);

-- What is owed and overdue: unpaid invoices by due date.
CREATE INDEX invoices_unpaid_due ON invoices (due_on) WHERE paid_on IS NULL;
CREATE INDEX invoices_issued ON invoices (issued_on, sequence);

-- Payments received on accepted quotes, each confirmed by a numbered VAT receipt.
CREATE TABLE payments (
  id uuid PRIMARY KEY,
  proposal_id uuid REFERENCES proposals (id) ON DELETE SET NULL,
  proposal_number text NOT NULL,
  customer_name text NOT NULL CHECK (char_length(customer_name) BETWEEN 1 AND 200),
  amount integer NOT NULL CHECK (amount > 0),
  -- The VAT the payment holds: the same share of it as of the accepted quote's total.
  vat integer NOT NULL CHECK (vat >= 0 AND vat <= amount),
  method text NOT NULL CHECK (method IN ('bank', 'card')),
  received_on date NOT NULL,
  recorded_at timestamptz NOT NULL,
  -- R-000001…: the VAT receipt that confirms it, numbered in a sequence of its own.
  receipt_number text NOT NULL UNIQUE CHECK (receipt_number ~ '^R-[0-9]{6,}$'),
  -- The invoice it pays, when one was issued before it arrived; NULL: a deposit or advance.
  invoice_number text REFERENCES invoices (number),
  -- A card payment: Stripe's Checkout Session, recorded once however often Stripe retries.
  stripe_session_id text UNIQUE,
  CHECK ((method = 'card') = (stripe_session_id IS NOT NULL))
);

CREATE INDEX payments_proposal ON payments (proposal_id, received_on);
-- What was paid on each unpaid invoice (the desk's money, the reminders).
CREATE INDEX payments_invoice ON payments (invoice_number) WHERE invoice_number IS NOT NULL;
CREATE INDEX payments_received ON payments (received_on, receipt_number);

-- The guarantee register: one certificate per completed job, checked publicly by number and postcode.
CREATE TABLE guarantees (
  -- G-XXXX-XXXX from the references' alphabet: random, so one certificate's number says nothing
  -- about another's.
  number text PRIMARY KEY CHECK (number ~ '^G-[0-9A-Z]{4}-[0-9A-Z]{4}$'),
  proposal_id uuid UNIQUE REFERENCES proposals (id) ON DELETE SET NULL,
  proposal_number text NOT NULL,
  invoice_number text REFERENCES invoices (number),
  customer_name text NOT NULL CHECK (char_length(customer_name) BETWEEN 1 AND 200),
  -- { line1, town, postcode } of the property.
  property_address jsonb NOT NULL CHECK (jsonb_typeof(property_address) = 'object'),
  -- Upper case with one space ("FK8 3DN"): what the public check compares.
  postcode text NOT NULL CHECK (postcode ~ '^[A-Z0-9]{2,4} [0-9][A-Z]{2}$'),
  -- The work guaranteed (the accepted lines) and the term's kind of work ("New roofs").
  work text NOT NULL CHECK (char_length(work) BETWEEN 1 AND 2000),
  term_work text NOT NULL,
  years integer NOT NULL CHECK (years BETWEEN 1 AND 50),
  completed_on date NOT NULL,
  valid_until date NOT NULL CHECK (valid_until > completed_on),
  conditions text NOT NULL,
  issued_at timestamptz NOT NULL
);

-- Refunds due on accepted quotes cancelled within their 14 days, and what the owner refunded.
CREATE TABLE refunds (
  id uuid PRIMARY KEY,
  proposal_id uuid UNIQUE REFERENCES proposals (id) ON DELETE SET NULL,
  proposal_number text NOT NULL,
  customer_name text NOT NULL,
  -- What had been paid when the quote was cancelled (pence).
  paid integer NOT NULL CHECK (paid > 0),
  start_early boolean NOT NULL,
  cancelled_at timestamptz NOT NULL,
  -- Set by the owner: the amount refunded (at most what was paid) and when.
  amount integer CHECK (amount >= 0 AND amount <= paid),
  confirmed_at timestamptz,
  note text CHECK (char_length(note) <= 500),
  CHECK ((amount IS NULL) = (confirmed_at IS NULL))
);
