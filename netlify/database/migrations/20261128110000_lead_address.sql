-- The property's address as the visitor gave it with the quote request (optional, any of its three
-- parts): the visit page and the quote page start from it instead of asking again. Erased with the
-- lead row.
ALTER TABLE leads ADD COLUMN address_line1 text CHECK (char_length(address_line1) BETWEEN 1 AND 100);
ALTER TABLE leads ADD COLUMN town text CHECK (char_length(town) BETWEEN 1 AND 60);
ALTER TABLE leads ADD COLUMN postcode text CHECK (postcode ~ '^[A-Z0-9]{2,4} [0-9][A-Z]{2}$');
