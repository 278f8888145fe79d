-- The owner's records (docs/database.md): every quote request and what the desk adds to it, the
-- e-mails each one makes due, the activity log, erasure tombstones and the morning digests.
-- Attachment and image bytes stay in Netlify Blobs; a lead's row lists its attachments.
--
-- Applied migrations are never edited: change the schema with a new file.

CREATE EXTENSION IF NOT EXISTS pg_trgm;

-- One row per quote request: the visitor's fields and everything the desk adds to them.
CREATE TABLE leads (
  id uuid PRIMARY KEY,
  -- The short code the customer reads out; absent only on quotes stored before references existed.
  reference text UNIQUE CHECK (reference ~ '^Q-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6,8}$'),
  created_at timestamptz NOT NULL,
  first_name text NOT NULL,
  last_name text NOT NULL,
  email text NOT NULL,
  phone text NOT NULL,
  service text NOT NULL,
  message text NOT NULL,
  -- [{ id, name, size, type }]: the bytes are in Blobs under the lead's id.
  attachments jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(attachments) = 'array'),
  status text NOT NULL DEFAULT 'new'
    CHECK (status IN ('new', 'contacted', 'quoted', 'won', 'completed', 'lost')),
  status_changed_at timestamptz,
  completed_at timestamptz,
  -- [{ at, text }], oldest first, at most 50 (the desk keeps the newest).
  notes jsonb NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(notes) = 'array'),
  -- Where the visitor came from ({ landingPage, referrer, utmSource, ... }) and its label for the chart.
  source jsonb CHECK (source IS NULL OR jsonb_typeof(source) = 'object'),
  source_label text NOT NULL,
  -- The price guide's range the visitor saw, worked out by the server.
  estimate jsonb CHECK (estimate IS NULL OR jsonb_typeof(estimate) = 'object'),
  -- What the owner quoted, whole pounds with VAT, and when.
  quoted_amount integer CHECK (quoted_amount BETWEEN 1 AND 500000),
  quoted_at timestamptz,
  review_token text,
  review_opted_out_at timestamptz,
  idempotency_key_hash text UNIQUE,
  -- Lower-case text the desk's search looks in: name, e-mail, phone (also digits only), reference
  -- and the start of the message. Written by the code with the row (desk/lead-row.ts).
  search_text text NOT NULL,
  -- Raised by every change of the row: the lead's ETag.
  version integer NOT NULL DEFAULT 1 CHECK (version >= 1),
  CHECK ((quoted_amount IS NULL) = (quoted_at IS NULL)),
  CHECK (review_opted_out_at IS NULL OR review_token IS NOT NULL)
);

-- Newest first, by status or service, and the search.
CREATE INDEX leads_newest ON leads (created_at DESC, id DESC);
CREATE INDEX leads_status_newest ON leads (status, created_at DESC, id DESC);
CREATE INDEX leads_service_newest ON leads (service, created_at DESC, id DESC);
CREATE INDEX leads_search ON leads USING gin (search_text gin_trgm_ops);
-- Open quotes by when they were quoted (Waiting for you), and calibration points.
CREATE INDEX leads_quoted ON leads (status_changed_at) WHERE status = 'quoted';
CREATE INDEX leads_calibration ON leads (quoted_at) WHERE quoted_amount IS NOT NULL;

-- The outbox: one row per e-mail of a lead, with its state. A sender claims a due e-mail by
-- setting its lease under the lead's row lock, so two senders never send one e-mail twice.
CREATE TABLE lead_emails (
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('owner', 'receipt', 'review', 'reminder')),
  status text NOT NULL CHECK (status IN ('pending', 'sent', 'failed', 'cancelled', 'skipped')),
  attempts integer NOT NULL DEFAULT 0 CHECK (attempts >= 0),
  sent_at timestamptz,
  error text,
  next_attempt_at timestamptz,
  give_up_at timestamptz NOT NULL,
  lease_id uuid,
  lease_until timestamptz,
  reason text,
  -- The owner's copy waits for this clock hour's summary e-mail (yyyy-mm-ddThh, UTC).
  summary_hour text CHECK (summary_hour ~ '^\d{4}-\d{2}-\d{2}T\d{2}$'),
  -- When it last became failed: "Waiting for you" lists it from then.
  failed_at timestamptz,
  PRIMARY KEY (lead_id, kind),
  CHECK (status <> 'sent' OR sent_at IS NOT NULL),
  CHECK (status <> 'failed' OR failed_at IS NOT NULL),
  CHECK ((lease_id IS NULL) = (lease_until IS NULL))
);

CREATE INDEX lead_emails_pending ON lead_emails (next_attempt_at) WHERE status = 'pending';
CREATE INDEX lead_emails_failed ON lead_emails (failed_at) WHERE status = 'failed';

-- A submit's idempotency key (hashed), claimed before the lead's row exists.
CREATE TABLE idempotency_keys (
  key_hash text PRIMARY KEY,
  lead_id uuid NOT NULL,
  created_at timestamptz NOT NULL
);

-- Erased leads: the id and the date, nothing personal. A restore never brings these back.
CREATE TABLE erased_leads (
  lead_id uuid PRIMARY KEY,
  erased_at timestamptz NOT NULL,
  erased_by text NOT NULL CHECK (erased_by IN ('owner', 'retention'))
);

-- Sign-ins, exports, erasures and restores: the time, the kind, at most a lead id or a count.
CREATE TABLE activity_log (
  id bigserial PRIMARY KEY,
  at timestamptz NOT NULL,
  event text NOT NULL CHECK (event IN ('sign-in', 'sign-in-failed', 'sign-in-slowed', 'sign-out', 'export',
    'erase', 'retention-erase', 'restore')),
  lead_id uuid,
  count integer CHECK (count >= 0)
);

CREATE INDEX activity_log_newest ON activity_log (at DESC, id DESC);

-- One row per morning digest (the business's local date), so it goes once a day.
CREATE TABLE owner_digests (
  day date PRIMARY KEY,
  state text NOT NULL CHECK (state IN ('sending', 'sent', 'nothing-due', 'failed')),
  attempts integer NOT NULL CHECK (attempts >= 1),
  updated_at timestamptz NOT NULL,
  lease_until timestamptz,
  items integer CHECK (items >= 0),
  error text,
  CHECK (state <> 'sending' OR lease_until IS NOT NULL)
);
