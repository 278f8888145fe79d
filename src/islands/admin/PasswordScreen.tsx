import { useEffect, useId, useRef, useState, type SubmitEvent } from "react";
import SignInSlowedNotice from "./SignInSlowedNotice";
import { buttonOutline, buttonPrimary } from "./ui";

interface Props {
  /** Resolves to true when the password was accepted. */
  onSubmit: (password: string) => Promise<boolean>;
  /** Why the screen is locked, when it is not simply the first visit. */
  notice: string | null;
}

/** The lock screen of an admin page: one password field. */
export default function PasswordScreen({ onSubmit, notice }: Props) {
  const [password, setPassword] = useState("");
  const [submitting, setSubmitting] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const noticeId = useId();

  useEffect(() => inputRef.current?.focus(), []);

  const submit = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (submitting) return;
    setSubmitting(true);
    const accepted = await onSubmit(password);
    if (!accepted) {
      setSubmitting(false);
      setPassword("");
      inputRef.current?.focus();
    }
  };

  return (
    <section aria-labelledby={`${inputId}-heading`} className="mx-auto max-w-md">
      <div className="rounded-xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
        <h1 id={`${inputId}-heading`} className="text-2xl font-bold text-brand-800">
          Contact Admin
        </h1>
        <p className="mt-2 text-slate-700">Enter the admin password to read quote requests.</p>
        <form onSubmit={submit} className="mt-6 space-y-4">
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
          <button type="submit" disabled={submitting} className={`${buttonPrimary} w-full`}>
            {submitting ? "Checking..." : "Access Admin"}
          </button>
        </form>
        <SignInSlowedNotice busy={submitting} />
      </div>
      <p className="mt-6 text-center">
        <a href="/" className={buttonOutline}>
          Back to Website
        </a>
      </p>
    </section>
  );
}
