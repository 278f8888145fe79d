import { useEffect, useState } from "react";
import { createPasskey, passkeysSupported } from "../../../lib/admin/passkey-client";
import { buttonOutline } from "../../button";

/**
 * "Create a passkey" (docs/staff.md): this phone's fingerprint or face signs its person in from
 * then on, with no password to type. Shown where the browser can make one.
 */
export default function PasskeyButton() {
  const [supported, setSupported] = useState(false);
  const [state, setState] = useState<"idle" | "busy" | "made" | "error">("idle");
  const [message, setMessage] = useState("");

  // eslint-disable-next-line react-hooks/set-state-in-effect -- known only once hydrated
  useEffect(() => setSupported(passkeysSupported()), []);
  if (!supported) return null;

  const make = async () => {
    setState("busy");
    try {
      const made = await createPasskey();
      setState(made ? "made" : "idle");
      setMessage(made ? "Passkey created: next time, tap Sign in with a passkey." : "");
    } catch (error) {
      setState("error");
      setMessage(`Could not create the passkey: ${error instanceof Error ? error.message : String(error)}`);
    }
  };

  return (
    <>
      <button type="button" onClick={() => void make()} disabled={state === "busy"} className={buttonOutline}>
        Create a passkey
      </button>
      {message && (
        <p role={state === "error" ? "alert" : "status"} className="basis-full text-sm text-slate-800">
          {message}
        </p>
      )}
    </>
  );
}
