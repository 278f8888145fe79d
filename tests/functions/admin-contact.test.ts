import { describe, expect, test } from "vitest";
import contact from "../../netlify/functions/contact.mts";
import list from "../../netlify/functions/admin-contact-submissions.mts";
import attachment, { config as attachmentConfig } from "../../netlify/functions/admin-contact-attachment.mts";
import { useAdminSession } from "./admin-session.ts";
import { BASE, files, quoteRequest } from "./quote-fixtures.ts";
import { routed } from "./route.ts";
import { untilClockPasses } from "./clock.ts";

const download = routed(attachment, attachmentConfig);

const session = useAdminSession();

const get = (path: string, withCookie = true) =>
  new Request(`${BASE}${path}`, { headers: withCookie ? { cookie: session.cookie } : {} });

describe("GET /api/admin/contact-submissions", () => {
  test("401 without a session, before anything else", async () => {
    const response = await list(get("/api/admin/contact-submissions", false));
    expect(response.status).toBe(401);
    const post = await list(new Request(`${BASE}/api/admin/contact-submissions`, { method: "DELETE" }));
    expect(post.status).toBe(401);
  });

  test("lists submissions newest first with attachment URLs that download the exact bytes", async () => {
    const photo = files.jpeg(70_000);
    const word = files.doc(9_000);
    const first = await (await contact(quoteRequest({ fields: { firstName: "First" } }))).json();
    await untilClockPasses(Date.parse(first.createdAt));
    const second = await (
      await contact(
        quoteRequest({
          fields: { firstName: "Second" },
          attachments: [
            { name: 'roof "front" – café.jpg', bytes: photo },
            { name: "spec.doc", bytes: word },
          ],
        }),
      )
    ).json();

    const response = await list(get("/api/admin/contact-submissions"));
    expect(response.status).toBe(200);
    const body = await response.json();
    expect(body.map((s: { id: string }) => s.id)).toEqual([second.id, first.id]);
    expect(Object.keys(body[0]).sort()).toEqual(
      [
        "attachments",
        "createdAt",
        "email",
        "firstName",
        "id",
        "lastName",
        "message",
        "phone",
        "serviceRequired",
        // Lead desk fields (docs/http-contract.md, Admin).
        "reference",
        "status",
        "notes",
        "source",
        "notifications",
        // Price guide: the range shown and the amount quoted.
        "estimate",
        "quotedAmount",
        "quotedAt",
        // Follow-ups (docs/reviews.md): when the status last changed, the review request.
        "statusChangedAt",
        "review",
        // The property's address given with the request (docs/pages.md, "The address once").
        "address",
      ].sort(),
    );
    expect(body[0].attachments).toEqual([
      {
        name: 'roof "front" – café.jpg',
        size: photo.byteLength,
        type: "image/jpeg",
        url: expect.stringMatching(/^\/api\/admin\//),
      },
      { name: "spec.doc", size: word.byteLength, type: "application/msword", url: expect.any(String) },
    ]);

    const image = await download(get(body[0].attachments[0].url));
    expect(image.status).toBe(200);
    expect(new Uint8Array(await image.arrayBuffer())).toEqual(photo);
    expect(image.headers.get("content-type")).toBe("image/jpeg");
    expect(image.headers.get("x-content-type-options")).toBe("nosniff");
    expect(image.headers.get("content-disposition")).toBe(
      `inline; filename="roof _front_ _ caf_.jpg"; filename*=UTF-8''roof%20%22front%22%20%E2%80%93%20caf%C3%A9.jpg`,
    );

    const doc = await download(get(body[0].attachments[1].url));
    expect(new Uint8Array(await doc.arrayBuffer())).toEqual(word);
    expect(doc.headers.get("content-disposition")).toMatch(/^attachment; filename="spec.doc"/);
  });

  test("attachment download: 401 without a session, 404 for unknown or malformed ids", async () => {
    const path = "/api/admin/contact-submissions/00000000-0000-4000-8000-000000000000/attachments/1";
    expect((await download(get(path, false))).status).toBe(401);
    expect((await download(get(path))).status).toBe(404);
    expect((await download(get("/api/admin/contact-submissions/..%2F..%2Fx/attachments/1"))).status).toBe(
      404,
    );
  });
});
