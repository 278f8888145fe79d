import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import { passkeysSupported } from "../../lib/admin/passkey-client";
import { buttonOutline, buttonPrimary } from "../button";
import SignInSlowedNotice from "./SignInSlowedNotice";

interface Props {
  /** The screen's heading: the admin page's name. */
  title: string;
  /** One sentence under the heading: what the password opens. */
  purpose: string;
  /**
   * Signs in and gives the page's own feedback (docs/spec.md, Messages: an alert on Contact Admin, a toast on
   * Gallery Admin). Resolves to true when the password was accepted.
   */
  onSubmit: (password: string) => Promise<boolean>;
  /** Why the screen is locked, when it is not simply the first visit. */
  notice?: string | null;
  /** Puts the cursor in the password field when the screen appears. */
  autoFocus?: boolean;
  /** Shows a 'Back to Website' link under the form. */
  backLink?: boolean;
  /** Signs in with a passkey (docs/staff.md); resolves to true when accepted. */
  onPasskey?: () => Promise<boolean>;
}

/** The lock screen of both admin pages: one password field; the server checks it. */
export default function PasswordScreen({
  title,
  purpose,
  onSubmit,
  notice,
  autoFocus,
  backLink,
  onPasskey,
}: Props) {
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  // Until the island runs, a native submit would put the password in the URL: the form waits for it.
  const [ready, setReady] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const noticeId = useId();

  const [passkeys, setPasskeys] = useState(false);

  useEffect(() => {
    // eslint-disable-next-line react-hooks/set-state-in-effect -- true only once hydrated
    setReady(true);
    setPasskeys(passkeysSupported());
  }, []);
  useEffect(() => {
    if (ready && autoFocus) inputRef.current?.focus();
  }, [ready, autoFocus]);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    const accepted = await onSubmit(password).catch(() => false);
    if (!accepted) {
      setSubmitting(false);
      setPassword("");
      inputRef.current?.focus();
    }
  };

  const passkey = async () => {
    if (submitting || !onPasskey) return;
    setSubmitting(true);
    const accepted = await onPasskey().catch(() => false);
    if (!accepted) setSubmitting(false);
  };

  return (
    <section aria-labelledby={`${inputId}-heading`} className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 id={`${inputId}-heading`} className="text-2xl font-bold text-brand-800">
          {title}
        </h1>
        <p className="mt-2 text-slate-700">{purpose}</p>
        <form onSubmit={(event) => void submit(event)} className="mt-6 space-y-4">
          <div>
            <label htmlFor={inputId} className="block font-semibold text-slate-800">
              Password
            </label>
            <input
              ref={inputRef}
              id={inputId}
              type="password"
              name="password"
              autoComplete="current-password"
              required
              disabled={!ready}
              value={password}
              onChange={(event) => setPassword(event.target.value)}
              aria-describedby={notice ? noticeId : undefined}
              className="mt-1 block min-h-11 w-full rounded-lg border border-slate-400 px-3 py-2 text-base"
            />
          </div>
          {notice && (
            <p id={noticeId} role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
              {notice}
            </p>
          )}
          <button type="submit" disabled={!ready || submitting} className={`${buttonPrimary} w-full`}>
            {submitting ? "Checking..." : "Access Admin"}
          </button>
        </form>
        {onPasskey && passkeys && (
          <button
            type="button"
            onClick={() => void passkey()}
            disabled={!ready || submitting}
            className={`${buttonOutline} mt-3 w-full`}
          >
            Sign in with a passkey
          </button>
        )}
        <SignInSlowedNotice busy={submitting} />
      </div>
      {backLink && (
        <p className="mt-6 text-center">
          <a href="/" className={buttonOutline}>
            Back to Website
          </a>
        </p>
      )}
    </section>
  );
}
