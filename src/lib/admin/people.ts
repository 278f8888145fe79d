/**
 * The people of the desk (docs/staff.md): the roles, and a person and a session as the admin API
 * answers them, for the functions that answer and the screens that show them.
 *
 * Shipped to the browser: no Node APIs, astro:* or React.
 */
export const ROLES = ["owner", "office", "crew"] as const;
export type Role = (typeof ROLES)[number];

/** What a role may do, in the owner's words (the desk's People panel). */
export const ROLE_LABELS: Record<Role, string> = {
  owner: "Owner",
  office: "Office: everything but people and deleting leads",
  crew: "Crew: the visits and their customers, no prices or money",
};

/** The person signed in: `GET /api/admin/session`'s `user`. */
export interface DeskUser {
  id: string;
  name: string;
  role: Role;
}

/** One person of `GET /api/admin/users`. */
export interface DeskPerson extends DeskUser {
  /** null for the owner, whose address is the business's. */
  email: string | null;
  createdAt: string;
  /** How many passkeys the person has. */
  passkeys: number;
}

/** One session of `GET /api/admin/sessions`. */
export interface DeskSession {
  /** The session's tag (the start of its key): what the activity log names it by. */
  id: string;
  user: DeskUser;
  method: "password" | "passkey";
  /** The browser and system it was started on. */
  device: string;
  createdAt: string;
  lastSeenAt: string;
  expiresAt: string;
  /** The session of the browser asking. */
  current: boolean;
}
