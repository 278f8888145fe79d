/** How one e-mail of a quote stands, as stored in the quote record (DESIGN.md §9). */
export type NotificationKind = "owner" | "receipt";
export type NotificationStatus = "pending" | "sent" | "failed";

export interface NotificationState {
  kind: NotificationKind;
  status: NotificationStatus;
  /** Sends started so far. */
  attempts: number;
  /** When the server accepted it (status "sent"). */
  sentAt?: string;
  /** Why the last attempt failed. */
  error?: string;
  /** A pending e-mail is not tried again before this time. */
  nextAttemptAt?: string;
  /** After this time a pending e-mail that still fails is given up ("failed"). */
  giveUpAt: string;
  /** A sender is on it until `until`: nobody else sends it meanwhile. */
  lease?: { id: string; until: string };
}
