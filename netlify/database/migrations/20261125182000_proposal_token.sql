-- The customer's link to a written quote keeps its token itself: 256 random bits (base64url, 43
-- characters) drawn when the quote is sent, so the e-mails written later (reminders, the
-- confirmation) carry the same link. It replaces the SHA-256 of an HMAC under the client-key
-- secret, which tied every open link to that secret: changing the admin password broke them.
ALTER TABLE proposals ADD COLUMN token text UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{43}$');

-- Quotes sent before this get a fresh random token (their HMAC cannot be worked out here); two
-- version 4 UUIDs give 244 bits from the server's strong random source.
UPDATE proposals
   SET token = rtrim(translate(encode(decode(
         replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), 'hex'), 'base64'), '+/', '-_'), '=')
 WHERE token_hash IS NOT NULL;

-- Dropping the column drops the CHECK that tied it to the other columns of a sent quote.
ALTER TABLE proposals DROP COLUMN token_hash;

ALTER TABLE proposals ADD CONSTRAINT proposals_sent_columns CHECK (
  (sent_at IS NULL) = (token IS NULL)
  AND (sent_at IS NULL) = (document IS NULL)
  AND (sent_at IS NULL) = (document_hash IS NULL)
  AND (sent_at IS NULL) = (valid_until IS NULL)
  AND (sent_at IS NULL) = (number IS NULL)
);
