import { useEffect } from "react";
import PasswordScreen from "../PasswordScreen";
import CrewDesk from "./CrewDesk";
import { DeskUserContext } from "./desk-user";
import LeadDesk from "./LeadDesk";
import { useDeskSession } from "./use-desk-session";

interface Props {
  /** Signs the subject of replies to customers. */
  businessName: string;
}

/**
 * /contact-admin: locked until the server accepts the password (useDeskSession); then the lead
 * desk. Locking unmounts the desk, so nothing of a closed session stays on screen. Signed in, the
 * desk's own header takes the place of the site's header, footer and action bar (`data-desk` on
 * <html>, `[data-site-chrome]` in global.css); the password screen keeps them.
 */
export default function ContactAdmin({ businessName }: Props) {
  const session = useDeskSession();
  // While the session is checked, the page has already guessed from the flag (contact-admin.astro).
  useEffect(() => {
    if (session.phase !== "checking")
      document.documentElement.toggleAttribute("data-desk", session.phase === "unlocked");
  }, [session.phase]);

  if (session.phase === "checking") {
    return (
      <p role="status" className="py-16 text-center text-slate-700">
        Checking your session...
      </p>
    );
  }

  if (session.phase === "locked") {
    return (
      <PasswordScreen
        title="Contact Admin"
        purpose="Enter the admin password to read quote requests."
        onSubmit={session.unlock}
        onPasskey={session.unlockWithPasskey}
        notice={session.notice}
        autoFocus
        backLink
      />
    );
  }

  // The crew's desk is the agenda and its customers (docs/staff.md); everyone else's, the leads.
  return (
    <DeskUserContext value={session.user}>
      {session.user?.role === "crew" ? (
        <CrewDesk user={session.user} onLock={session.lock} onSignOut={() => void session.signOut()} />
      ) : (
        <LeadDesk
          businessName={businessName}
          focusHeading={session.signedIn}
          onLock={session.lock}
          onSignOut={() => void session.signOut()}
        />
      )}
    </DeskUserContext>
  );
}
