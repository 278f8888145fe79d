-- A quote attachment on its way in (docs/uploads.md) keeps its record in a row; its numbered parts
-- and the reassembled file stay bytes in the Blobs store quote-uploads (Blobs hold bytes only). Left
-- out of backups, as unfinished uploads always were (scripts/lib/backup-scope.ts).

-- One upload: the file's name (kept as metadata, never part of a key), its size and parts, when it
-- expires, the type found in its bytes once complete, and the quote that took it: one upload goes
-- into one quote only. The clean-up deletes expired uploads oldest first.
CREATE TABLE uploads (
  id uuid PRIMARY KEY,
  name text NOT NULL CHECK (char_length(name) BETWEEN 1 AND 200),
  size integer NOT NULL CHECK (size >= 1),
  part_size integer NOT NULL CHECK (part_size >= 1),
  part_count integer NOT NULL CHECK (part_count BETWEEN 1 AND 999),
  created_at timestamptz NOT NULL,
  expires_at timestamptz NOT NULL,
  status text NOT NULL CHECK (status IN ('open', 'complete')),
  type text,
  claimed_by uuid,
  CHECK (expires_at > created_at),
  CHECK ((status = 'complete') = (type IS NOT NULL)),
  CHECK (claimed_by IS NULL OR status = 'complete')
);

CREATE INDEX uploads_expiry ON uploads (expires_at);
