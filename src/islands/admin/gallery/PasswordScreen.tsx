import { useEffect, useId, useState } from "react";
import { toast } from "../../../lib/toast-store";
import SignInSlowedNotice from "../SignInSlowedNotice";

interface Props {
  onUnlock: () => void;
}

/** SPEC.md §4: asked on every page load; the server checks the password and opens a session. */
export default function PasswordScreen({ onUnlock }: Props) {
  const id = useId();
  const [password, setPassword] = useState("");
  const [busy, setBusy] = useState(false);
  // Until the island runs, a native submit would put the password in the URL: the form waits for it.
  const [ready, setReady] = useState(false);
  useEffect(() => setReady(true), []);

  const submit = async (event: { preventDefault(): void }) => {
    event.preventDefault();
    setBusy(true);
    try {
      const response = await fetch("/api/admin/login", {
        method: "POST",
        credentials: "same-origin",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ password }),
      });
      if (response.ok) {
        toast({ title: "Access Granted", description: "Welcome to Gallery Admin" });
        onUnlock();
        return;
      }
      setPassword("");
      if (response.status === 401) {
        toast({ title: "Access Denied", description: "Incorrect password", variant: "destructive" });
      } else if (response.status === 429) {
        const minutes = Math.ceil(Number(response.headers.get("Retry-After") ?? "900") / 60);
        toast({
          title: "Access Denied",
          description: `Too many failed attempts. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`,
          variant: "destructive",
        });
      } else {
        toast({
          title: "Error",
          description: `Sign-in is unavailable (${response.status}). Please try again later.`,
          variant: "destructive",
        });
      }
    } catch {
      toast({
        title: "Error",
        description: "Could not reach the server. Please try again.",
        variant: "destructive",
      });
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-md py-16">
      <form onSubmit={submit} className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 className="text-2xl font-bold text-slate-900">Gallery Admin</h1>
        <p className="mt-2 text-slate-700">Enter the admin password to manage gallery images.</p>
        <label htmlFor={`${id}-password`} className="mt-6 block font-semibold text-slate-900">
          Password
        </label>
        <input
          id={`${id}-password`}
          type="password"
          autoComplete="current-password"
          required
          disabled={!ready}
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          className="mt-2 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2"
        />
        <button
          type="submit"
          disabled={!ready || busy}
          className="mt-6 min-h-11 w-full rounded-lg bg-brand-800 px-5 py-2 font-semibold text-white hover:bg-brand-900 disabled:opacity-70"
        >
          {busy ? "Checking..." : "Access Admin"}
        </button>
        <SignInSlowedNotice busy={busy} />
      </form>
    </div>
  );
}
