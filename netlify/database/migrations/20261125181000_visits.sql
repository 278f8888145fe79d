-- Survey visits booked online (docs/visits.md): the invitation a lead is sent (its link's token kept
-- only as a SHA-256 hash), the visit booked through it, and the days or times the owner blocks.
--
-- Two bookings of one time are impossible here, not only in the code: the exclusion constraint
-- refuses a booked visit whose busy span (the visit and the gap kept after it) overlaps another
-- booked visit's, whatever the requests racing for it. Applied migrations are never edited.

CREATE TABLE visit_invitations (
  id uuid PRIMARY KEY,
  -- One invitation per lead: inviting again gives it a new link (and the old link stops working).
  lead_id uuid NOT NULL UNIQUE REFERENCES leads (id) ON DELETE CASCADE,
  -- SHA-256 (hex) of the link's token; the token itself is never stored.
  token_hash text NOT NULL UNIQUE CHECK (token_hash ~ '^[0-9a-f]{64}$'),
  -- The random half the token is made from with the site's secret, so an e-mail written at send
  -- time can carry the link; without the secret it opens nothing.
  token_nonce text NOT NULL CHECK (token_nonce ~ '^[A-Za-z0-9_-]{22,}$'),
  status text NOT NULL DEFAULT 'invited' CHECK (status IN ('invited', 'booked', 'cancelled')),
  created_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL
);

CREATE TABLE visits (
  id uuid PRIMARY KEY,
  invitation_id uuid NOT NULL REFERENCES visit_invitations (id) ON DELETE CASCADE,
  lead_id uuid NOT NULL REFERENCES leads (id) ON DELETE CASCADE,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  -- The end and the gap kept free after it (content/visits.yaml as it was when booked or moved).
  busy_until timestamptz NOT NULL,
  address_line1 text NOT NULL CHECK (length(address_line1) BETWEEN 1 AND 100),
  town text NOT NULL CHECK (length(town) BETWEEN 1 AND 60),
  postcode text NOT NULL CHECK (postcode ~ '^[A-Z0-9]{2,4} [0-9][A-Z]{2}$'),
  access_notes text CHECK (length(access_notes) <= 500),
  -- Whether the postcode was in the areas served when booked (outside is allowed, and flagged).
  in_area boolean NOT NULL,
  status text NOT NULL CHECK (status IN ('booked', 'cancelled')),
  -- The calendar event's UID, the same in every update and the cancellation; SEQUENCE counts them.
  uid text NOT NULL UNIQUE,
  sequence integer NOT NULL DEFAULT 0 CHECK (sequence >= 0),
  booked_at timestamptz NOT NULL,
  updated_at timestamptz NOT NULL,
  cancelled_at timestamptz,
  cancelled_by text CHECK (cancelled_by IN ('customer', 'owner')),
  CHECK (end_at > start_at),
  CHECK (busy_until >= end_at),
  CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
  CHECK ((cancelled_at IS NULL) = (cancelled_by IS NULL)),
  -- No two booked visits overlap, gaps included: the database refuses the second (SQLSTATE 23P01).
  CONSTRAINT visits_no_overlap EXCLUDE USING gist (tstzrange(start_at, busy_until, '[)') WITH &&)
    WHERE (status = 'booked')
);

-- One booked visit per invitation: moving changes that row, a new booking follows a cancellation.
CREATE UNIQUE INDEX visits_one_booked ON visits (invitation_id) WHERE status = 'booked';
CREATE INDEX visits_lead ON visits (lead_id);
-- The agenda and the free slots: booked visits by start.
CREATE INDEX visits_booked_start ON visits (start_at) WHERE status = 'booked';

-- Days or times the owner cannot visit (a holiday, a long job), set in the lead desk.
CREATE TABLE visit_blocks (
  id uuid PRIMARY KEY,
  start_at timestamptz NOT NULL,
  end_at timestamptz NOT NULL,
  reason text CHECK (length(reason) <= 200),
  created_at timestamptz NOT NULL,
  CHECK (end_at > start_at)
);

CREATE INDEX visit_blocks_end ON visit_blocks (end_at);
