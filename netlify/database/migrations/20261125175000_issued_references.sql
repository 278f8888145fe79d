-- Every reference ever given to a customer, kept when its lead is erased (the code names no person),
-- so an erased lead's code is never given to another customer who might read it out on the phone.

CREATE TABLE issued_references (
  reference text PRIMARY KEY CHECK (reference ~ '^Q-[23456789ABCDEFGHJKMNPQRSTUVWXYZ]{6,8}$'),
  issued_at timestamptz NOT NULL
);

INSERT INTO issued_references (reference, issued_at)
SELECT reference, created_at FROM leads WHERE reference IS NOT NULL;

-- Checked at commit, so a restore may load the tables in any order.
ALTER TABLE leads ADD CONSTRAINT leads_reference_issued FOREIGN KEY (reference)
  REFERENCES issued_references (reference) DEFERRABLE INITIALLY DEFERRED;
