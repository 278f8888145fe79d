-- "Waiting for you" lists open quotes by when they were quoted (the status change, else the day
-- the lead came): an index in that order reads only the quotes it shows.
DROP INDEX IF EXISTS leads_quoted;
CREATE INDEX leads_quoted_since ON leads ((coalesce(status_changed_at, created_at)) DESC, id DESC)
  WHERE status = 'quoted';
