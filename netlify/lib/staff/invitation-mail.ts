/**
 * The e-mail that invites a person to the desk (docs/staff.md): a link to /staff-invitation with the
 * token after `#`, so it never reaches a server log or a Referer. Sent at once, not queued: the
 * token is only ever in this e-mail (the database keeps its hash), so a send that fails is told to
 * the owner, who removes the person and adds them again.
 */
import { businessDetails } from "../business.ts";
import { mailSettings, sendMail, withoutAddresses } from "../mail/mailer.ts";
import { INVITATION_TTL_MS } from "./staff-store.ts";

const escape = (text: string) =>
  text.replace(/[&<>"']/g, (c) => `&${{ "&": "amp", "<": "lt", ">": "gt", '"': "quot", "'": "#39" }[c]};`);

/** Sends the invitation; "sent", or "not sent" when the mail server refused or is not configured. */
export async function sendInvitation(
  req: Request,
  user: { name: string; email: string | null },
  token: string,
  invitedBy: string,
): Promise<"sent" | "not sent"> {
  const settings = await mailSettings();
  const business = await businessDetails();
  const link = `${new URL(req.url).origin}/staff-invitation#${token}`;
  const days = INVITATION_TTL_MS / (24 * 60 * 60 * 1000);
  const text = [
    `Hello ${user.name},`,
    "",
    `${invitedBy} has added you to the desk of ${business.name}. Open this link on your phone and tap "Create a passkey": your phone's fingerprint or face will then sign you in, with no password to type.`,
    "",
    link,
    "",
    `The link works once, for ${days} days.`,
  ].join("\n");
  const html = `<p>Hello ${escape(user.name)},</p><p>${escape(invitedBy)} has added you to the desk of ${escape(
    business.name,
  )}. Open this link on your phone and tap <strong>Create a passkey</strong>: your phone's fingerprint or face will then sign you in, with no password to type.</p><p><a href="${escape(
    link,
  )}">Join the desk</a></p><p>The link works once, for ${days} days.</p>`;
  try {
    await sendMail(settings, {
      to: { name: user.name, address: user.email ?? "" },
      replyTo: settings.ownerEmail,
      subject: `You're invited to the desk of ${business.name}`,
      text,
      html,
    });
    return "sent";
  } catch (error) {
    console.error(
      `staff invitation not sent: ${withoutAddresses(error instanceof Error ? error.message : "unknown error")}`,
    );
    return "not sent";
  }
}
