import { useEffect, useState } from "react";
import { signInSlowed } from "../../lib/admin/api";

/**
 * Tells the owner on a sign-in screen that sign-in is slowed site-wide after many failed attempts
 * (GET /api/admin/session answers `signInSlowed: true`). Checked on load and after each attempt.
 */
export default function SignInSlowedNotice({ busy }: { busy: boolean }) {
  const [slowed, setSlowed] = useState(false);
  useEffect(() => {
    if (busy) return;
    let current = true;
    signInSlowed()
      .then((slowedNow) => current && setSlowed(slowedNow))
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [busy]);
  if (!slowed) return null;
  return (
    <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-950">
      Sign-in is slowed down after many failed attempts. Each try takes a moment longer, and fewer wrong
      passwords are allowed before a wait.
    </p>
  );
}
