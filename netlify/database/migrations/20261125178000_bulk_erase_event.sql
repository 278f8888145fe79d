-- The owner's clean-up after a flood of made-up quote requests: one activity log entry for the
-- whole erasure, with how many leads went (each still leaves its own tombstone).
ALTER TABLE activity_log DROP CONSTRAINT activity_log_event_check;
ALTER TABLE activity_log ADD CONSTRAINT activity_log_event_check CHECK (event IN ('sign-in', 'sign-in-failed',
  'sign-in-slowed', 'sign-out', 'export', 'erase', 'retention-erase', 'bulk-erase', 'restore'));
