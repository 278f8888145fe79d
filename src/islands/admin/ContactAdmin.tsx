import { useCallback, useEffect, useRef, useState } from "react";
import { SessionEndedError, fetchSubmissions, hasSession, login, logout } from "../../lib/admin-api";
import { CONTACT_ADMIN_STORAGE_KEY, type AdminSubmission } from "../../lib/contact-admin";
import { EmailNotConfiguredNotice } from "./NotificationStatus";
import PasswordScreen from "./PasswordScreen";
import SubmissionDetail from "./SubmissionDetail";
import SubmissionList from "./SubmissionList";
import { buttonOutline } from "./ui";

interface Props {
  /** Signs the subject of replies to customers. */
  businessName: string;
}

type Phase = "checking" | "locked" | "unlocked";
type ListState =
  | { status: "loading" }
  | { status: "error"; message: string }
  | { status: "loaded"; submissions: AdminSubmission[] };

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

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/**
 * /contact-admin: locked until the server accepts the password; then the quote requests, list and
 * detail. Unlock survives reloads through the session cookie plus the `contact-admin` flag, and is
 * re-checked with the server on every load (SPEC.md §4, DESIGN.md §5).
 */
export default function ContactAdmin({ businessName }: Props) {
  const [phase, setPhase] = useState<Phase>("checking");
  const [notice, setNotice] = useState<string | null>(null);
  const [list, setList] = useState<ListState>({ status: "loading" });
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const lastOpenedId = useRef<string | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);

  const lock = useCallback((reason: string | null) => {
    writeFlag(false);
    setSelectedId(null);
    setList({ status: "loading" });
    setNotice(reason);
    setPhase("locked");
  }, []);

  const load = useCallback(async () => {
    setList({ status: "loading" });
    try {
      setList({ status: "loaded", submissions: await fetchSubmissions() });
    } catch (error) {
      if (error instanceof SessionEndedError) lock(error.message);
      else setList({ status: "error", message: messageOf(error) });
    }
  }, [lock]);

  useEffect(() => {
    if (!readFlag()) {
      setPhase("locked");
      return;
    }
    hasSession().then(
      (active) => {
        if (active) setPhase("unlocked");
        else lock(null);
      },
      (error: unknown) => {
        setNotice(`Could not check your session: ${messageOf(error)}`);
        setPhase("locked");
      },
    );
  }, [lock]);

  useEffect(() => {
    if (phase === "unlocked") void load();
  }, [phase, load]);

  // The owner's e-mail links to `/contact-admin?id=…`: open that lead once the list is there.
  const linkedId = useRef<string | null>(null);
  useEffect(() => {
    linkedId.current = new URLSearchParams(window.location.search).get("id");
  }, []);
  useEffect(() => {
    if (list.status !== "loaded" || !linkedId.current) return;
    const id = linkedId.current;
    linkedId.current = null;
    if (list.submissions.some((submission) => submission.id === id)) openDetail(id);
  }, [list]);

  const unlock = async (password: string): Promise<boolean> => {
    try {
      const result = await login(password);
      if (result.status === "ok") {
        writeFlag(true);
        setNotice(null);
        setPhase("unlocked");
        requestAnimationFrame(() => headingRef.current?.focus());
        return true;
      }
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

  const signOut = async () => {
    let reason: string | null = null;
    try {
      await logout();
    } catch (error) {
      reason = `Locked on this device, but the server could not end the session: ${messageOf(error)}`;
    }
    lock(reason);
  };

  const openDetail = (id: string) => {
    lastOpenedId.current = id;
    setSelectedId(id);
  };

  const backToList = () => {
    setSelectedId(null);
    if (window.location.search) window.history.replaceState(null, "", window.location.pathname);
    const id = lastOpenedId.current;
    requestAnimationFrame(() => {
      document
        .querySelector<HTMLButtonElement>(`button[data-submission-id="${CSS.escape(id ?? "")}"]`)
        ?.focus();
    });
  };

  if (phase === "checking") {
    return (
      <p role="status" className="py-16 text-center text-slate-700">
        Checking your session...
      </p>
    );
  }

  if (phase === "locked") return <PasswordScreen onSubmit={unlock} notice={notice} />;

  const selected =
    list.status === "loaded"
      ? list.submissions.find((submission) => submission.id === selectedId)
      : undefined;

  return (
    <div>
      <div className="flex flex-wrap items-end justify-between gap-4 border-b border-slate-200 pb-5">
        <div>
          <h1 ref={headingRef} tabIndex={-1} className="text-3xl font-bold text-brand-800 focus:outline-none">
            Contact Submissions
          </h1>
          {list.status === "loaded" && (
            <p className="mt-1 text-slate-700">
              Total submissions: <strong className="text-slate-900">{list.submissions.length}</strong>
            </p>
          )}
        </div>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            onClick={() => void load()}
            disabled={list.status === "loading"}
            className={buttonOutline}
          >
            Refresh
          </button>
          <button type="button" onClick={() => void signOut()} className={buttonOutline}>
            Logout
          </button>
          <a href="/" className={buttonOutline}>
            Back to Website
          </a>
        </div>
      </div>

      <EmailNotConfiguredNotice />

      <div className="mt-6">
        {list.status === "loading" && (
          <p role="status" className="py-10 text-center text-slate-700">
            Loading submissions...
          </p>
        )}
        {list.status === "error" && (
          <div role="alert" className="rounded-xl border border-red-200 bg-red-50 p-5 text-red-900">
            <p className="font-semibold">Could not load submissions</p>
            <p className="mt-1">{list.message}</p>
            <button type="button" onClick={() => void load()} className={`${buttonOutline} mt-4`}>
              Try Again
            </button>
          </div>
        )}
        {list.status === "loaded" &&
          (selected ? (
            <SubmissionDetail
              submission={selected}
              businessName={businessName}
              onBack={backToList}
              onReload={() => void load()}
              onSessionEnded={lock}
            />
          ) : (
            <SubmissionList submissions={list.submissions} onOpen={openDetail} />
          ))}
      </div>
    </div>
  );
}
