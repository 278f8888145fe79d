import { useCallback, useState } from "react";
import { SessionEndedError } from "../../../lib/admin/api";

/**
 * What a desk panel does with a failed call: an ended session goes up to the desk, which asks to
 * sign in again; any other failure becomes the panel's `error`, in the server's words, for the panel
 * to show. `failed` keeps its identity while `onSessionEnded` does, so a load may depend on it.
 */
export function useDeskFailure(onSessionEnded: (error: SessionEndedError) => void) {
  const [error, setError] = useState<string | null>(null);
  const failed = useCallback(
    (caught: unknown) => {
      if (caught instanceof SessionEndedError) onSessionEnded(caught);
      else setError(caught instanceof Error ? caught.message : String(caught));
    },
    [onSessionEnded],
  );
  return { error, setError, failed };
}
