-- The written quote's PDF is kept as the customer received it (docs/proposals.md, "The quote as
-- sent"): under the quote's number as sent, and the number followed by `/accepted` with the
-- acceptance. A quote's number is its lead's reference and a version (`Q-7K4KPH-1`).
ALTER TABLE issued_documents DROP CONSTRAINT issued_documents_number_check;
ALTER TABLE issued_documents ADD CONSTRAINT issued_documents_number_check
  CHECK (number ~ '^(INV-[0-9]{6,}|R-[0-9]{6,}|CN-[0-9]{6,}|G-[A-Z0-9]{4}-[A-Z0-9]{4}|Q-[A-Z0-9]+-[0-9]+(/accepted)?)$');
