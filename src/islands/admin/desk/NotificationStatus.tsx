import { useEffect, useState } from "react";
import { SessionEndedError } from "../../../lib/admin/api";
import { formatQuoteDate } from "../../../lib/admin/dates";
import {
  hasFailedNotification,
  NOTIFICATION_LABELS,
  type AdminNotification,
  type EmailStatus,
} from "../../../lib/notification-status";
import { fetchEmailStatus, retryNotifications } from "../../../lib/notifications-api";
import { describeReview, reviewWaitLine, type ReviewSummary } from "../../../lib/follow-up/review-status";
import { buttonOutline } from "../../button";

/**
 * Shown above the list when the site cannot send e-mail: deployed without SMTP_URL, or the mail
 * server refuses the settings (login, TLS), which stops every e-mail until SMTP_URL is fixed.
 */
export function EmailNotConfiguredNotice() {
  const [status, setStatus] = useState<EmailStatus>({ configured: true });
  useEffect(() => {
    fetchEmailStatus().then(setStatus, () => undefined);
  }, []);
  if (status.configured && status.problem) {
    return (
      <div role="alert" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
        <p className="font-semibold">E-mail settings problem: no e-mail is going out</p>
        <p className="mt-1">
          {status.problem}. Check the user name and password in SMTP_URL (see the README). New quote requests
          are stored, and their e-mails are tried again until the settings work.
        </p>
      </div>
    );
  }
  if (status.configured) return null;
  return (
    <div role="alert" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
      <p className="font-semibold">E-mail is not configured</p>
      <p className="mt-1">
        New quote requests are stored, but no e-mail is sent to you or to the customer until SMTP_URL is set
        in the site&apos;s environment variables (see the README). Their e-mails wait as &quot;Waiting to be
        sent&quot;.
      </p>
    </div>
  );
}

/** A small flag on a list card whose e-mails failed. */
export function NotificationFailedFlag({ notifications }: { notifications?: AdminNotification[] }) {
  if (!hasFailedNotification(notifications)) return null;
  return (
    <span className="rounded-full bg-red-50 px-2.5 py-0.5 text-sm font-semibold text-red-800">
      E-mail failed
    </span>
  );
}

const attemptsText = (attempts: number) => `${attempts} attempt${attempts === 1 ? "" : "s"}`;

function describe(notification: AdminNotification): string {
  if (notification.status === "skipped") return `Not sent: ${notification.reason ?? "a sending limit"}`;
  if (notification.status === "sent") {
    const sent = `Sent ${notification.sentAt ? formatQuoteDate(notification.sentAt) : ""}`.trim();
    return notification.reason ? `${sent} (${notification.reason})` : sent;
  }
  if (notification.status === "failed") {
    return `Failed after ${attemptsText(notification.attempts)}: ${notification.error ?? "unknown reason"}`;
  }
  if (notification.status === "cancelled") return `Not sent: ${notification.error ?? "cancelled"}`;
  if (notification.dueAt) return `Due ${formatQuoteDate(notification.dueAt)}`;
  if (notification.attempts === 0)
    return notification.reason ? `Waiting to be sent: ${notification.reason}` : "Waiting to be sent";
  return `Waiting to be sent again (${attemptsText(notification.attempts)} so far: ${notification.error ?? "not sent"})`;
}

interface Props {
  quoteId: string;
  notifications?: AdminNotification[];
  /** The review request of a completed job, when there is one. */
  review?: ReviewSummary | null;
  /** The unpaid invoice the review request waits for (reviewWaitsFor), if it waits. */
  reviewWaitsFor?: string | null;
  /** Called a moment after a retry was accepted, to show the new state. */
  onRetried: () => void;
  onSessionEnded: (error: SessionEndedError) => void;
}

/** The lead's e-mails in the detail view, with a retry for those not sent. */
export default function NotificationStatus({
  quoteId,
  notifications,
  review,
  reviewWaitsFor,
  onRetried,
  onSessionEnded,
}: Props) {
  const [state, setState] = useState<{ busy: boolean; message: string | null }>({
    busy: false,
    message: null,
  });
  if (!notifications || notifications.length === 0) return null;
  const retryable = notifications.some(
    (n) => n.status === "failed" || (n.status === "pending" && n.attempts > 0),
  );

  const retry = async () => {
    setState({ busy: true, message: null });
    try {
      await retryNotifications(quoteId);
      setState({ busy: true, message: "Sending again..." });
      window.setTimeout(onRetried, 2500);
    } catch (error) {
      if (error instanceof SessionEndedError) onSessionEnded(error);
      else
        setState({
          busy: false,
          message: `Could not retry: ${error instanceof Error ? error.message : String(error)}`,
        });
    }
  };

  return (
    <section aria-labelledby="notifications-heading">
      <h3 id="notifications-heading" className="mt-8 text-lg font-bold text-brand-800">
        E-mails
      </h3>
      {review && (
        <p
          className={`mt-2 rounded-lg p-3 ${review.state === "failed" ? "bg-red-50 text-red-900" : "bg-slate-50 text-slate-800"}`}
        >
          <span className="font-semibold">Review request:</span> <span>{describeReview(review)}</span>
        </p>
      )}
      {!review && reviewWaitsFor && (
        <p className="mt-2 rounded-lg bg-slate-50 p-3 text-slate-800">
          <span className="font-semibold">Review request:</span> <span>{reviewWaitLine(reviewWaitsFor)}</span>
        </p>
      )}
      <ul className="mt-2 space-y-1">
        {notifications.map((notification) => (
          <li key={notification.kind} className="break-words">
            <span className="font-semibold text-slate-800">{NOTIFICATION_LABELS[notification.kind]}:</span>{" "}
            <span className={notification.status === "failed" ? "text-red-800" : "text-slate-700"}>
              {describe(notification)}
            </span>
          </li>
        ))}
      </ul>
      {retryable && (
        <button
          type="button"
          onClick={() => void retry()}
          disabled={state.busy}
          className={`${buttonOutline} mt-3`}
        >
          Retry E-mails
        </button>
      )}
      {state.message && (
        <p role="status" className="mt-2 text-slate-700">
          {state.message}
        </p>
      )}
    </section>
  );
}
