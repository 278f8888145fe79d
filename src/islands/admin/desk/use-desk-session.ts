import { useCallback, useEffect, useState } from "react";
import { currentUser, login, logout } from "../../../lib/admin/api";
import type { DeskUser } from "../../../lib/admin/people";
import { signInWithPasskey } from "../../../lib/admin/passkey-client";
import { CONTACT_ADMIN_STORAGE_KEY } from "../../../lib/admin/quotes";

export type DeskPhase = "checking" | "locked" | "unlocked";

function readFlag(): boolean {
  try {
    return window.localStorage.getItem(CONTACT_ADMIN_STORAGE_KEY) === "true";
  } catch {
    return false;
  }
}

function writeFlag(unlocked: boolean): void {
  try {
    if (unlocked) window.localStorage.setItem(CONTACT_ADMIN_STORAGE_KEY, "true");
    else window.localStorage.removeItem(CONTACT_ADMIN_STORAGE_KEY);
  } catch {
    // Storage unavailable (private mode): the session cookie still holds for this page load.
  }
}

export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * The lead desk's lock: locked until the server accepts the password. The unlock survives reloads
 * through the session cookie plus the `contact-admin` flag in localStorage, and is checked with the
 * server on every load. `notice` says why the desk is locked, when it was not by choice;
 * `signedIn` is true once this page load signed in with the password.
 */
export function useDeskSession() {
  const [phase, setPhase] = useState<DeskPhase>("checking");
  const [notice, setNotice] = useState<string | null>(null);
  const [signedIn, setSignedIn] = useState(false);
  /** Who is signed in (docs/staff.md): what the desk shows follows their role. */
  const [user, setUser] = useState<DeskUser | null>(null);

  const lock = useCallback((reason: string | null) => {
    writeFlag(false);
    setNotice(reason);
    setPhase("locked");
  }, []);

  useEffect(() => {
    if (!readFlag()) {
      // eslint-disable-next-line react-hooks/set-state-in-effect -- the flag is in localStorage, read once hydrated
      setPhase("locked");
      return;
    }
    currentUser().then(
      (person) => {
        setUser(person);
        if (person) setPhase("unlocked");
        else lock(null);
      },
      (error: unknown) => {
        setNotice(`Could not check your session: ${messageOf(error)}`);
        setPhase("locked");
      },
    );
  }, [lock]);

  /** Signs in; resolves to true when the desk is unlocked. */
  const unlock = async (password: string): Promise<boolean> => {
    try {
      const result = await login(password);
      if (result.status === "ok") return await opened();
      if (result.status === "incorrect") {
        setNotice(null);
        window.alert("Incorrect password");
      } else {
        const minutes = Math.ceil(result.retryAfterSeconds / 60);
        setNotice(
          `Too many incorrect passwords. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
        );
      }
    } catch (error) {
      setNotice(`Could not sign in: ${messageOf(error)}`);
    }
    return false;
  };

  /** After a sign-in: who it is, then the desk. */
  const opened = async (): Promise<boolean> => {
    const person = await currentUser();
    if (!person) return false;
    writeFlag(true);
    setUser(person);
    setNotice(null);
    setSignedIn(true);
    setPhase("unlocked");
    return true;
  };

  /** Signs in with a passkey the phone offers; resolves to true when the desk is unlocked. */
  const unlockWithPasskey = async (): Promise<boolean> => {
    try {
      const outcome = await signInWithPasskey();
      if (outcome === "ok") return await opened();
      setNotice(outcome === "unknown" ? "This passkey is not known here. Ask the owner to add you." : null);
    } catch (error) {
      setNotice(`Could not sign in: ${messageOf(error)}`);
    }
    return false;
  };

  const signOut = async () => {
    let reason: string | null = null;
    try {
      await logout();
    } catch (error) {
      reason = `Locked on this device, but the server could not end the session: ${messageOf(error)}`;
    }
    lock(reason);
  };

  return { phase, notice, signedIn, user, lock, unlock, unlockWithPasskey, signOut };
}
