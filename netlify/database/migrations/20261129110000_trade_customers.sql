-- A lead marked as a VAT- and CIS-registered contractor (docs/payments.md, "Trade customers: the
-- reverse charge"): their UK VAT number, normalised, or NULL for a homeowner. Changed only before a
-- quote is sent; the quote freezes it in its document when sent. Erased with the lead row.
ALTER TABLE leads ADD COLUMN trade_vat_number text CHECK (trade_vat_number ~ '^GB([0-9]{9}|[0-9]{12})$');
