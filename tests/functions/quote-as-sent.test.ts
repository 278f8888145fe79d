/**
 * The written quote as the customer received it (netlify/lib/proposals/quote-as-sent.ts,
 * docs/proposals.md, "The quote as sent"), through the functions against PostgreSQL and a real SMTP
 * server: the PDF attached to the e-mail and every later download are the same bytes, kept when the
 * quote's record changes afterwards; accepted, the quote with its acceptance is kept beside it; an
 * erasure of the lead takes both.
 */
import { createHash } from "node:crypto";
import { expect, test } from "vitest";
import { deliverMailJobs } from "../../netlify/lib/mail/mail-jobs.ts";
import { callApi } from "./api-client.ts";
import { contactedLead, queryRecords } from "./database.ts";
import { usePaymentFixtures } from "./payment-fixtures.ts";

const { smtp, admin, sentQuote, accept } = usePaymentFixtures();
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function download(token: string) {
  const response = await callApi("GET", `/api/proposals/${token}/pdf`);
  expect(response.status).toBe(200);
  const name = /filename="([^"]+)"/.exec(response.headers.get("content-disposition") ?? "")?.[1];
  return { name, bytes: new Uint8Array(await response.arrayBuffer()) };
}

/** The PDF attached to the first e-mail whose subject starts with `start`, once delivered. */
async function attachedPdf(start: string) {
  const found = () => smtp.messages.find((m) => (m.parsed.subject ?? "").startsWith(start));
  for (let i = 0; i < 100 && !found(); i++) {
    await deliverMailJobs();
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const attachment = found()?.parsed.attachments.find((a) => a.contentType === "application/pdf");
  expect(attachment, start).toBeDefined();
  return { name: attachment!.filename, bytes: new Uint8Array(attachment!.content) };
}

test("the e-mailed quote and its downloads are the same bytes, as sent and then as accepted; erasing the lead takes both", async () => {
  const lead = await contactedLead({ serviceRequired: "new-installation" });
  const sent = await sentQuote(lead.id);
  const { token, draft } = sent;

  const emailed = await attachedPdf("Your quote");
  const first = await download(token);
  expect(first).toEqual({ name: `Quote ${sent.number}.pdf`, bytes: emailed.bytes });
  expect(emailed.name).toBe(`Quote ${sent.number}.pdf`);

  // Whatever changes later in the quote's record, the customer's copy does not.
  await queryRecords(
    "UPDATE proposals SET document = jsonb_set(document, '{notes}', '\"Rewritten afterwards\"') WHERE id = $1",
    [draft.id],
  );
  expect((await download(token)).bytes).toEqual(first.bytes);
  const kept = await queryRecords<{ number: string; sha256: string }>(
    "SELECT number, sha256 FROM issued_documents",
  );
  expect(kept).toEqual([{ number: sent.number, sha256: sha256(first.bytes) }]);

  await accept(token);
  const signed = await download(token);
  expect(signed.name).toBe(`Accepted quote ${sent.number}.pdf`);
  expect(signed.bytes).not.toEqual(first.bytes);
  expect((await download(token)).bytes).toEqual(signed.bytes);
  expect((await attachedPdf(`Quote ${sent.number} accepted`)).bytes).toEqual(signed.bytes);
  expect(
    (await queryRecords<{ number: string }>("SELECT number FROM issued_documents ORDER BY number")).map(
      (row) => row.number,
    ),
  ).toEqual([sent.number, `${sent.number}/accepted`]);

  // The quote is no accounting record: erased, the lead takes its kept PDFs with it.
  expect((await admin("DELETE", `/api/admin/contact-submissions/${lead.id}`)).status).toBe(204);
  expect(await queryRecords("SELECT number FROM issued_documents WHERE number LIKE 'Q-%'")).toEqual([]);
});
