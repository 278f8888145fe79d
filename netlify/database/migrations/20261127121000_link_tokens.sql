-- The customers' links (a visit invitation, a written quote, the review e-mails' unsubscribe link)
-- are kept only as the SHA-256 (hex) of their random token (docs/security.md, "Customers' links"):
-- a copy of the database or a backup opens none of them. Every e-mail that carries a link gets a
-- token of its own, so no token waits in the database for an e-mail written later; all of a
-- record's tokens open it, until the record's own rules close it.
CREATE TABLE link_tokens (
  token_hash text PRIMARY KEY CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  purpose text NOT NULL CHECK (purpose IN ('visit', 'quote', 'review')),
  -- The visit invitation, the written quote, or the lead (review e-mails) the link opens.
  subject_id uuid NOT NULL,
  created_at timestamptz NOT NULL
);

CREATE INDEX link_tokens_subject ON link_tokens (subject_id);
CREATE INDEX link_tokens_lead ON link_tokens (lead_id);

-- Visit invitations kept the SHA-256 of their token already: it moves here, so links already sent
-- keep working. Their nonces go: with the nonce and the hash, anyone holding a copy could test
-- guesses of the secret the token was made with (once derived from the admin password).
INSERT INTO link_tokens (token_hash, lead_id, purpose, subject_id, created_at)
SELECT token_hash, lead_id, 'visit', id, updated_at FROM visit_invitations;
ALTER TABLE visit_invitations DROP COLUMN token_hash, DROP COLUMN token_nonce;

-- Written quotes kept their token itself: its hash moves here, the token goes.
INSERT INTO link_tokens (token_hash, lead_id, purpose, subject_id, created_at)
SELECT encode(sha256(convert_to(token, 'UTF8')), 'hex'), lead_id, 'quote', id, sent_at
  FROM proposals WHERE token IS NOT NULL;
-- Dropping the column drops the CHECK that tied it to the other columns of a sent quote.
ALTER TABLE proposals DROP COLUMN token;
ALTER TABLE proposals ADD CONSTRAINT proposals_sent_columns CHECK (
  (sent_at IS NULL) = (document IS NULL)
  AND (sent_at IS NULL) = (document_hash IS NULL)
  AND (sent_at IS NULL) = (valid_until IS NULL)
  AND (sent_at IS NULL) = (number IS NULL)
);

-- The review token marked a lead whose review e-mails were queued; a flag says so now.
ALTER TABLE leads ADD COLUMN review_requested boolean NOT NULL DEFAULT false;
INSERT INTO link_tokens (token_hash, lead_id, purpose, subject_id, created_at)
SELECT encode(sha256(convert_to(review_token, 'UTF8')), 'hex'), id, 'review', id, coalesce(completed_at, created_at)
  FROM leads WHERE review_token IS NOT NULL;
UPDATE leads SET review_requested = true WHERE review_token IS NOT NULL;
-- Dropping the column drops the CHECK that an opt-out has its request.
ALTER TABLE leads DROP COLUMN review_token;
ALTER TABLE leads ADD CONSTRAINT leads_review_opt_out CHECK (review_opted_out_at IS NULL OR review_requested);
