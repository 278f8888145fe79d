/**
 * Who may call what (docs/staff.md): every admin route and method with the roles allowed, checked by
 * requireAdmin (auth.ts) on every call, before the function reads its request. The owner may call
 * everything; `office` everything but managing people and erasing leads; `crew` the agenda and the
 * leads on it, without prices or money. A route missing from the table is the owner's alone, and
 * a test fails until it is listed. docs/staff.md's table is written from this one.
 */
import { ROLES, type Role } from "../../../src/lib/admin/people.ts";

const EVERYONE: readonly Role[] = ROLES;
const OFFICE: readonly Role[] = ["owner", "office"];
const OWNER: readonly Role[] = ["owner"];

export interface AccessRule {
  /** A route as the functions' `config.path` writes it: `:name` is one segment. */
  path: string;
  methods: readonly string[];
  roles: readonly Role[];
  /** What a role sees there that differs, for the docs. */
  note?: string;
  /**
   * A passkey session must have proved it is its person within REVERIFY_WINDOW_MS (auth.ts): the
   * passkey is asked again. A password session proved it at sign-in, within its four hours.
   */
  fresh?: true;
}

/** First match wins: the literal routes come before the patterns that would also match them. */
export const ACCESS: readonly AccessRule[] = [
  { path: "/api/admin/session", methods: ["GET", "HEAD"], roles: EVERYONE },
  { path: "/api/admin/logout", methods: ["POST"], roles: EVERYONE },
  { path: "/api/admin/passkeys/register", methods: ["GET", "POST"], roles: EVERYONE },
  { path: "/api/admin/passkeys/verify", methods: ["GET", "POST"], roles: EVERYONE },
  { path: "/api/admin/visits", methods: ["GET"], roles: EVERYONE, note: "the agenda" },
  { path: "/api/admin/visits/:id", methods: ["PATCH", "DELETE"], roles: OFFICE },
  { path: "/api/admin/visit-blocks", methods: ["GET", "POST"], roles: OFFICE },
  { path: "/api/admin/visit-blocks/:id", methods: ["DELETE"], roles: OFFICE },
  { path: "/api/admin/users", methods: ["GET"], roles: OWNER },
  { path: "/api/admin/users", methods: ["POST"], roles: OWNER, fresh: true },
  { path: "/api/admin/users/:id", methods: ["DELETE"], roles: OWNER, fresh: true },
  { path: "/api/admin/users/:id/invitation", methods: ["POST"], roles: OWNER, fresh: true },
  { path: "/api/admin/sessions", methods: ["GET"], roles: OWNER },
  { path: "/api/admin/sessions/:id", methods: ["DELETE"], roles: OWNER },
  { path: "/api/admin/leads/erase", methods: ["POST"], roles: OWNER, fresh: true },
  { path: "/api/admin/contact-submissions", methods: ["GET"], roles: OFFICE },
  { path: "/api/admin/contact-submissions/export.csv", methods: ["GET"], roles: OFFICE },
  { path: "/api/admin/contact-submissions/stats", methods: ["GET"], roles: OFFICE },
  { path: "/api/admin/contact-submissions/calibration", methods: ["GET"], roles: OFFICE },
  {
    path: "/api/admin/contact-submissions/:id",
    methods: ["GET"],
    roles: EVERYONE,
    note: "crew: only a lead on the agenda, without prices or money",
  },
  { path: "/api/admin/contact-submissions/:id", methods: ["PATCH"], roles: OFFICE },
  { path: "/api/admin/contact-submissions/:id", methods: ["DELETE"], roles: OWNER, fresh: true },
  {
    path: "/api/admin/contact-submissions/:id/attachments/:attachmentId",
    methods: ["GET"],
    roles: EVERYONE,
    note: "crew: only a lead on the agenda",
  },
  { path: "/api/admin/contact-submissions/:id/proposals", methods: ["POST"], roles: OFFICE },
  { path: "/api/admin/contact-submissions/:id/visit-invitation", methods: ["POST"], roles: OFFICE },
  { path: "/api/admin/price-list", methods: ["GET", "HEAD"], roles: OFFICE },
  { path: "/api/admin/proposals/:id", methods: ["GET", "PUT"], roles: OFFICE },
  { path: "/api/admin/proposals/:id/send", methods: ["POST"], roles: OFFICE },
  { path: "/api/admin/proposals/:id/withdraw", methods: ["POST"], roles: OFFICE },
  { path: "/api/admin/proposals/:id/preview", methods: ["GET"], roles: OFFICE },
  { path: "/api/admin/proposals/:id/payments", methods: ["GET", "POST"], roles: OFFICE },
  { path: "/api/admin/proposals/:id/refund", methods: ["POST"], roles: OFFICE },
  { path: "/api/admin/payments/:receipt/void", methods: ["POST"], roles: OFFICE },
  { path: "/api/admin/documents/:number", methods: ["GET"], roles: OFFICE },
  { path: "/api/admin/invoices", methods: ["GET"], roles: OFFICE },
  { path: "/api/admin/money", methods: ["GET"], roles: OFFICE },
  { path: "/api/admin/follow-ups", methods: ["GET"], roles: OFFICE },
  { path: "/api/admin/notifications", methods: ["GET"], roles: OFFICE },
  { path: "/api/admin/notifications/retry", methods: ["POST"], roles: OFFICE },
  { path: "/api/admin/audit-log", methods: ["GET", "HEAD"], roles: OFFICE },
  { path: "/api/admin/gallery", methods: ["POST"], roles: OFFICE },
  { path: "/api/admin/gallery/reorder", methods: ["POST"], roles: OFFICE },
  { path: "/api/admin/gallery/:id", methods: ["PUT", "DELETE"], roles: OFFICE },
  { path: "/api/upload/image", methods: ["POST"], roles: OFFICE },
];

const segmentsMatch = (pattern: string, pathname: string) => {
  const want = pattern.split("/");
  const have = pathname.split("/");
  return want.length === have.length && want.every((part, i) => part.startsWith(":") || part === have[i]);
};

/** The rule for a request, or undefined when the route is not listed (the owner's alone). */
export function accessRule(pathname: string, method: string): AccessRule | undefined {
  const upper = method.toUpperCase();
  return ACCESS.find((rule) => segmentsMatch(rule.path, pathname) && rule.methods.includes(upper));
}

/** Whether `role` may call `method` on `pathname`. */
export function mayCall(role: Role, pathname: string, method: string): boolean {
  return (accessRule(pathname, method)?.roles ?? OWNER).includes(role);
}
