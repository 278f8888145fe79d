-- The gallery's items and their order move from one JSON index in Blobs to rows (Blobs hold bytes
-- only: the images stay in the store gallery-images). Backed up with the owner's records;
-- `npm run import:blob-records` copies the index an earlier deploy wrote (docs/database.md).

-- One project in the gallery (docs/gallery.md): its texts, category, town and published image.
-- `display_order` orders the gallery; every change of the order takes a lock of the table first,
-- so the order stays 0…n−1 and two admins at once lose nothing.
CREATE TABLE gallery_items (
  id text PRIMARY KEY CHECK (id ~ '^[a-z0-9-]{8,64}$'),
  title text NOT NULL CHECK (char_length(title) >= 1),
  description text,
  location text,
  -- The published image (/media/gallery/{image_id}): one item per image, because deleting the item
  -- deletes the image.
  image_id text NOT NULL UNIQUE CHECK (image_id ~ '^[a-z0-9-]{8,64}$'),
  category text NOT NULL CHECK (category IN ('all', 'repairs', 'installation', 'maintenance',
    'roughcasting', 'rendering', 'emergency')),
  -- A town's slug (content/towns/).
  area text CHECK (area ~ '^[a-z0-9-]+$'),
  width integer CHECK (width > 0),
  height integer CHECK (height > 0),
  created_at timestamptz NOT NULL,
  display_order integer NOT NULL CHECK (display_order >= 0)
);

CREATE INDEX gallery_items_order ON gallery_items (display_order, created_at, id);

-- The sample projects of a local run were published once (npm run seed): deleted samples stay deleted.
CREATE TABLE gallery_seed (
  only_row boolean PRIMARY KEY DEFAULT true CHECK (only_row),
  seeded_at timestamptz NOT NULL
);
