/**
 * The invitation page's script (src/pages/staff-invitation.astro, docs/staff.md): reads the token
 * after `#`, says whose invitation it is, and makes the passkey on "Create a passkey". Once made, the
 * desk opens signed in (its flag in localStorage set, as a password sign-in sets it).
 */
import { CONTACT_ADMIN_STORAGE_KEY } from "../lib/admin/quotes";
import { acceptInvitation, openInvitation, passkeysSupported } from "../lib/admin/passkey-client";

const USED = "This invitation has been used or has expired. Ask the owner to add you again for a new link.";

export function startInvitationPage(root: HTMLElement): void {
  const part = <T extends HTMLElement>(name: string) => root.querySelector<T>(`[data-${name}]`)!;
  const loading = part("loading");
  const ready = part("ready");
  const failed = part("failed");
  const done = part("done");
  const create = part<HTMLButtonElement>("create");

  const fail = (text: string) => {
    loading.hidden = true;
    failed.textContent = text;
    failed.hidden = false;
  };

  const token = decodeURIComponent(window.location.hash.slice(1));
  if (!/^[A-Za-z0-9_-]{43}$/.test(token)) return fail(USED);
  if (!passkeysSupported()) {
    return fail("This browser cannot make passkeys. Open the link on your phone, in its own browser.");
  }

  openInvitation(token).then(
    (person) => {
      if (!person) return fail(USED);
      loading.hidden = true;
      part("welcome").textContent = `Welcome, ${person.name}.`;
      ready.hidden = false;
    },
    () => fail("Could not check your invitation. Please try again in a moment."),
  );

  create.addEventListener("click", () => {
    create.disabled = true;
    acceptInvitation(token).then(
      (made) => {
        create.disabled = false;
        if (!made) return;
        // The token has done its work: it leaves the address bar and the history.
        history.replaceState(null, "", window.location.pathname);
        try {
          window.localStorage.setItem(CONTACT_ADMIN_STORAGE_KEY, "true");
        } catch {
          // Private mode: the desk checks the session itself.
        }
        ready.hidden = true;
        done.hidden = false;
        part("done-text").focus();
      },
      (error: unknown) => {
        create.disabled = false;
        fail(`Could not create the passkey: ${error instanceof Error ? error.message : String(error)}`);
      },
    );
  });
}
