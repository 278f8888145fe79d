import { createContext, useContext } from "react";
import type { DeskUser } from "../../../lib/admin/people";

/** The person signed in (docs/staff.md); null only while the session is checked. */
export const DeskUserContext = createContext<DeskUser | null>(null);

/** Whether the signed-in person may do what only the owner does: manage people, delete leads. */
export function useIsOwner(): boolean {
  const user = useContext(DeskUserContext);
  return user === null || user.role === "owner";
}
