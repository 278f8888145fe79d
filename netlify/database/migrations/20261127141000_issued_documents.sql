-- Invoices, receipts and guarantee certificates as issued (docs/payments.md, "Documents as issued"):
-- the PDF's bytes, kept the first time one is drawn (its e-mail, seconds after it is numbered, or a
-- download), with their SHA-256, and served again byte for byte whatever changes later: an erasure,
-- the business's address, a VAT rate. They are the business's accounts, kept as the rows they
-- belong to are.
CREATE TABLE issued_documents (
  number text PRIMARY KEY CHECK (number ~ '^(INV-[0-9]{6,}|R-[0-9]{6,}|G-[A-Z0-9]{4}-[A-Z0-9]{4})$'),
  file_name text NOT NULL CHECK (char_length(file_name) BETWEEN 1 AND 100),
  bytes bytea NOT NULL,
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  drawn_at timestamptz NOT NULL
);
