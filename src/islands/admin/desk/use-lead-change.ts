import { useState } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import {
  LeadRefusal,
  StaleLeadError,
  changeLead,
  type LeadChange,
  type LeadWithEtag,
} from "../../../lib/leads-api";

export type Feedback = { kind: "saved" | "stale" | "error"; text: string } | null;

interface Options {
  lead: LeadWithEtag;
  /** The lead as the server now has it (after a change, or reloaded after a 412). */
  onChanged: (lead: LeadWithEtag) => void;
  onSessionEnded: (error: SessionEndedError) => void;
}

/**
 * Changes to one lead from its detail (status, amount quoted, a note), each sent with the ETag the
 * lead was read with: whether one is on its way, what came of the last, and whether completing
 * asked for the property's address.
 */
export function useLeadChange({ lead, onChanged, onSessionEnded }: Options) {
  const [saving, setSaving] = useState(false);
  const [feedback, setFeedback] = useState<Feedback>(null);
  /** Completing asked for the property's address (the server's words), for the guarantee. */
  const [addressNeeded, setAddressNeeded] = useState<string | null>(null);

  /** Sends the change; resolves to whether the server took it. */
  const save = async (change: LeadChange, done: string): Promise<boolean> => {
    setSaving(true);
    setFeedback(null);
    try {
      onChanged(await changeLead(lead.submission.id, lead.etag, change));
      setFeedback({ kind: "saved", text: done });
      setAddressNeeded(null);
      return true;
    } catch (error) {
      if (error instanceof SessionEndedError) onSessionEnded(error);
      else if (error instanceof LeadRefusal && error.fieldErrors.propertyAddress?.length)
        setAddressNeeded(error.fieldErrors.propertyAddress.join(" "));
      else if (error instanceof StaleLeadError) {
        if (error.current) onChanged(error.current);
        setFeedback({ kind: "stale", text: error.message });
      } else
        setFeedback({
          kind: "error",
          text: `Could not save: ${error instanceof Error ? error.message : String(error)}`,
        });
      return false;
    } finally {
      setSaving(false);
    }
  };

  return { saving, feedback, addressNeeded, save, cancelAddress: () => setAddressNeeded(null) };
}
