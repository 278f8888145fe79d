-- Written quotes (docs/proposals.md): the priced document the owner builds on a lead ("proposal" in
-- the code, "quote" to the customer), its versions, and the customer's acceptance as evidence.
-- Money is integer pence; the lines are JSON because they are only ever read and written whole
-- with their proposal, and a sent proposal's document is frozen with its SHA-256.

CREATE TABLE proposals (
  id uuid PRIMARY KEY,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  -- 1, 2, 3… per lead: the number the customer reads is the lead's reference and this.
  version integer NOT NULL CHECK (version >= 1),
  status text NOT NULL DEFAULT 'draft'
    CHECK (status IN ('draft', 'sent', 'viewed', 'accepted', 'declined', 'expired', 'withdrawn', 'cancelled')),
  -- [{ description, quantity, unitPrice, vatRate, optional }]: unitPrice in pence without VAT.
  lines jsonb NOT NULL CHECK (jsonb_typeof(lines) = 'array' AND jsonb_array_length(lines) BETWEEN 1 AND 50),
  deposit_percent integer NOT NULL CHECK (deposit_percent BETWEEN 0 AND 25),
  notes text CHECK (char_length(notes) <= 2000),
  start_window text CHECK (char_length(start_window) <= 200),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  -- Set when sent: the number, the SHA-256 of the customer's token (the token itself is only in
  -- the link), the canonical document as sent and its SHA-256.
  number text UNIQUE,
  token_hash text UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  document jsonb CHECK (document IS NULL OR jsonb_typeof(document) = 'object'),
  document_hash text CHECK (document_hash ~ '^[0-9a-f]{64}$'),
  sent_at timestamptz,
  valid_until timestamptz,
  viewed_at timestamptz,
  -- When it was accepted or declined.
  decided_at timestamptz,
  decline_reason text CHECK (char_length(decline_reason) <= 500),
  cancelled_at timestamptz,
  withdrawn_at timestamptz,
  -- The newer version whose sending withdrew this one.
  replaced_by uuid REFERENCES proposals (id) ON DELETE SET NULL,
  UNIQUE (lead_id, version),
  CHECK (
    (sent_at IS NULL) = (token_hash IS NULL)
    AND (sent_at IS NULL) = (document IS NULL)
    AND (sent_at IS NULL) = (document_hash IS NULL)
    AND (sent_at IS NULL) = (valid_until IS NULL)
    AND (sent_at IS NULL) = (number IS NULL)
  ),
  CHECK (status IN ('draft', 'withdrawn') OR sent_at IS NOT NULL),
  CHECK (status <> 'draft' OR sent_at IS NULL),
  CHECK (status NOT IN ('accepted', 'declined', 'cancelled') OR decided_at IS NOT NULL),
  CHECK (status <> 'cancelled' OR cancelled_at IS NOT NULL),
  CHECK (status <> 'withdrawn' OR withdrawn_at IS NOT NULL)
);

CREATE INDEX proposals_lead ON proposals (lead_id, version DESC);
-- At most one quote per lead waiting for the customer, and at most one accepted.
CREATE UNIQUE INDEX proposals_one_open ON proposals (lead_id) WHERE status IN ('sent', 'viewed');
CREATE UNIQUE INDEX proposals_one_accepted ON proposals (lead_id) WHERE status = 'accepted';

-- The customer's acceptance: one row per proposal (the primary key makes two accepts at once
-- exactly one), never changed. It goes only with its lead (erasure cascades through proposals).
CREATE TABLE proposal_acceptances (
  proposal_id uuid PRIMARY KEY REFERENCES proposals (id) ON DELETE CASCADE,
  accepted_at timestamptz NOT NULL,
  -- The full name the customer typed.
  name text NOT NULL CHECK (char_length(btrim(name)) BETWEEN 2 AND 200),
  -- Indexes into the document's lines of the optional lines chosen.
  options integer[] NOT NULL DEFAULT '{}',
  start_early boolean NOT NULL,
  -- The SHA-256 of the document the customer accepted (the proposal's, as sent).
  document_hash text NOT NULL CHECK (document_hash ~ '^[0-9a-f]{64}$'),
  -- An HMAC of the client's network (CLIENT_KEY_SECRET), never the address.
  client_hash text NOT NULL CHECK (client_hash ~ '^[0-9a-f]{64}$'),
  user_agent text CHECK (char_length(user_agent) <= 500),
  -- { line1, town, postcode } of the property, as given at acceptance.
  property_address jsonb CHECK (property_address IS NULL OR jsonb_typeof(property_address) = 'object'),
  -- { net, vat, total, deposit } in pence, with the chosen options.
  totals jsonb NOT NULL CHECK (jsonb_typeof(totals) = 'object')
);

-- Evidence is not edited: an acceptance row is never updated, and deleted only when its proposal
-- is gone (the lead's erasure, which cascades leads → proposals → acceptances).
CREATE FUNCTION proposal_acceptances_immutable() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    RAISE EXCEPTION 'proposal acceptances are never changed' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  IF EXISTS (SELECT 1 FROM proposals WHERE id = OLD.proposal_id) THEN
    RAISE EXCEPTION 'a proposal acceptance goes only with its lead' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN OLD;
END;
$$;

CREATE TRIGGER proposal_acceptances_immutable
  BEFORE UPDATE OR DELETE ON proposal_acceptances
  FOR EACH ROW EXECUTE FUNCTION proposal_acceptances_immutable();

-- An accepted proposal is deleted only with its lead.
CREATE FUNCTION proposals_keep_accepted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM proposal_acceptances WHERE proposal_id = OLD.id)
     AND EXISTS (SELECT 1 FROM leads WHERE id = OLD.lead_id) THEN
    RAISE EXCEPTION 'an accepted proposal goes only with its lead' USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN OLD;
END;
$$;

CREATE TRIGGER proposals_keep_accepted
  BEFORE DELETE ON proposals
  FOR EACH ROW EXECUTE FUNCTION proposals_keep_accepted();
