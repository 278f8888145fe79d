import PasswordScreen from "../PasswordScreen";
import LeadDesk from "./LeadDesk";
import { useDeskSession } from "./use-desk-session";

interface Props {
  /** Signs the subject of replies to customers. */
  businessName: string;
}

/**
 * /contact-admin: locked until the server accepts the password (useDeskSession); then the lead
 * desk. Locking unmounts the desk, so nothing of a closed session stays on screen.
 */
export default function ContactAdmin({ businessName }: Props) {
  const session = useDeskSession();

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
        notice={session.notice}
        autoFocus
        backLink
      />
    );
  }

  return (
    <LeadDesk
      businessName={businessName}
      focusHeading={session.signedIn}
      onLock={session.lock}
      onSignOut={() => void session.signOut()}
    />
  );
}
