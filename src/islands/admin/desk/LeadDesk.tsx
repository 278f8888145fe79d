import { useEffect, useRef } from "react";
import { fullName } from "../../../lib/admin/quotes";
import { ERASURE_KEEPS } from "../../../lib/payments/erased-accounts";
import ConfirmDialog from "../ConfirmDialog";
import DeskBar from "./DeskBar";
import DeskHeader from "./DeskHeader";
import { DESK_MAIN_ID, DESK_SECTIONS, showSection } from "./desk-sections";
import LeadDetailPane from "./LeadDetailPane";
import LeadListPane from "./LeadListPane";
import { EmailNotConfiguredNotice } from "./NotificationStatus";
import { useLeadDesk } from "./use-lead-desk";

interface Props {
  businessName: string;
  /** Signed in just now: the heading takes the focus. */
  focusHeading: boolean;
  /** The server ended the session: lock, saying why. */
  onLock: (reason: string) => void;
  onSignOut: () => void;
}

/**
 * The quote requests under the desk's own header (DeskBar): Today, the panels, search and filters
 * (kept in the URL), the list, and one lead in detail (useLeadDesk).
 */
export default function LeadDesk({ businessName, focusHeading, onLock, onSignOut }: Props) {
  const desk = useLeadDesk({ focusHeading, onLock });
  const { list, detail } = desk;
  // A section asked for while a lead is open: shown once the list is back.
  const pendingSection = useRef<string | null>(null);

  const goToSection = (id: string) => {
    if (!detail) return showSection(id);
    pendingSection.current = id;
    desk.backToList();
  };
  useEffect(() => {
    const id = pendingSection.current;
    if (detail || !id) return;
    pendingSection.current = null;
    requestAnimationFrame(() => showSection(id));
  }, [detail]);

  return (
    <div>
      <DeskBar sections={DESK_SECTIONS} onSection={goToSection} onSignOut={onSignOut} />
      <div id={DESK_MAIN_ID} tabIndex={-1} className="focus:outline-none">
        <DeskHeader
          headingRef={desk.headingRef}
          total={list.status === "loaded" ? list.total : null}
          newCount={desk.stats.newCount}
          loading={list.status === "loading"}
          onRefresh={desk.refresh}
        />

        <EmailNotConfiguredNotice />

        <p aria-live="polite" className="sr-only">
          {desk.announcement}
        </p>

        <div className="mt-6">
          {detail ? (
            <LeadDetailPane
              detail={detail}
              businessName={businessName}
              onOpen={(id) => void desk.openDetail(id)}
              onBack={desk.backToList}
              onChanged={desk.onLeadChanged}
              onDelete={desk.setToDelete}
              onSessionEnded={(error) => onLock(error.message)}
            />
          ) : (
            <LeadListPane desk={desk} onLock={onLock} />
          )}
        </div>
      </div>
      <ConfirmDialog
        item={desk.toDelete}
        title="Delete this lead?"
        describe={(submission) =>
          `The quote request from ${fullName(submission)}, its notes and every attached file will be erased. This cannot be undone. ${ERASURE_KEEPS}`
        }
        onCancel={() => desk.setToDelete(null)}
        onConfirm={(item) => void desk.erase(item)}
      />
    </div>
  );
}
