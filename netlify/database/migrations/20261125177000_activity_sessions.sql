-- Which admin session acted (a short tag of the session, never its cookie), and for failed
-- sign-ins the client they came from (a keyed hash, never an address): failed sign-ins are counted
-- in one entry per client and 15 minutes, so they cannot push the owner's real events out of view.
ALTER TABLE activity_log ADD COLUMN session text CHECK (session ~ '^[0-9a-f]{8}$');
ALTER TABLE activity_log ADD COLUMN client text CHECK (client ~ '^[0-9a-f]{16,128}$');
CREATE INDEX activity_log_failed_sign_ins ON activity_log (client, at) WHERE event = 'sign-in-failed';
