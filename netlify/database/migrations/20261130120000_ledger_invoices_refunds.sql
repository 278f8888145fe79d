-- Issued invoices and confirmed refunds join the ledger (docs/payments.md, "One ledger"), as
-- payments and voids did in 20261129100000_payment_voids.sql: the database refuses to edit their
-- money, dates or numbers, and to delete them before six years (the retention job's own rule is
-- later still).
--
-- An invoice may still change where the business does: the day it was paid in full (set by the
-- payment that settles it, cleared by voiding that payment), its link to the quote (cleared when
-- an erased lead's quote goes) and its copies of the customer (pseudonymised by an erasure). A
-- refund waiting for the owner is not yet money that moved: it changes until he confirms it; once
-- confirmed, only its link, the customer's name and the owner's note (emptied by an erasure) may.
CREATE FUNCTION invoice_as_issued() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.issued_on > current_date - interval '6 years' THEN
      RAISE EXCEPTION 'invoices is part of the ledger: it is never deleted before six years'
        USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF (to_jsonb(NEW) - 'paid_on' - 'proposal_id' - 'customer_name' - 'customer_address' - 'document')
       IS DISTINCT FROM (to_jsonb(OLD) - 'paid_on' - 'proposal_id' - 'customer_name' - 'customer_address' - 'document')
     OR (NEW.document - 'customer') IS DISTINCT FROM (OLD.document - 'customer') THEN
    RAISE EXCEPTION 'invoices is part of the ledger: an issued invoice is never edited (a credit note corrects it)'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE FUNCTION refund_as_confirmed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.due_at > now() - interval '6 years' THEN
      RAISE EXCEPTION 'refunds is part of the ledger: it is never deleted before six years'
        USING ERRCODE = 'integrity_constraint_violation';
    END IF;
    RETURN OLD;
  END IF;
  IF OLD.confirmed_at IS NOT NULL
     AND (to_jsonb(NEW) - 'proposal_id' - 'customer_name' - 'note')
       IS DISTINCT FROM (to_jsonb(OLD) - 'proposal_id' - 'customer_name' - 'note') THEN
    RAISE EXCEPTION 'refunds is part of the ledger: a confirmed refund is never edited'
      USING ERRCODE = 'integrity_constraint_violation';
  END IF;
  RETURN NEW;
END;
$$;

CREATE TRIGGER invoices_ledger BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION invoice_as_issued();
CREATE TRIGGER refunds_ledger BEFORE UPDATE OR DELETE ON refunds
  FOR EACH ROW EXECUTE FUNCTION refund_as_confirmed();
