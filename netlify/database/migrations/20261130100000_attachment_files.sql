-- The attachment files each lead id has in Blobs (attachments/{lead_id}/{id}, store
-- quote-submissions), so that deleting them (an erasure, the clean-up of a commit that never came)
-- reads their keys here instead of listing the store. A quote records its attachments here before
-- it writes the first byte, and its lead row (the commit point) comes after; a row goes only with
-- its files. A row whose lead id has no lead is an interrupted commit or an interrupted erasure: the
-- scheduled clean-up deletes its files once `written_at` is ORPHAN_GRACE_MS old (docs/uploads.md).
-- This replaces the clean-up's marks in Blobs (`orphans/{id}`): Blobs hold bytes only.
CREATE TABLE attachment_files (
  lead_id uuid PRIMARY KEY,
  attachment_ids text[] NOT NULL CHECK (cardinality(attachment_ids) > 0),
  written_at timestamptz NOT NULL
);

CREATE INDEX attachment_files_written ON attachment_files (written_at);

-- The leads stored before: their rows list their files.
INSERT INTO attachment_files (lead_id, attachment_ids, written_at)
SELECT id, ids, created_at
  FROM (SELECT id, created_at,
               ARRAY(SELECT a ->> 'id' FROM jsonb_array_elements(attachments) a WHERE a ->> 'id' IS NOT NULL) AS ids
          FROM leads) listed
 WHERE cardinality(ids) > 0;
