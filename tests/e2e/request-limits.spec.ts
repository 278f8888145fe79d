/**
 * The served site under the Netlify CLI: a body over the platform's 6 MB limit gets a JSON 413 and
 * the server keeps serving (patches/netlify-cli+*.patch, for netlify/cli#3513), and the static content API answers other
 * methods with 405 JSON and `Allow` while its GETs stay static files.
 */
import { expect, test } from "@playwright/test";

const SIX_MIB = 6 * 1024 * 1024;

test.describe.configure({ mode: "serial" });

async function expectStillServing(baseURL: string) {
  const page = await fetch(new URL("/api/testimonials", baseURL));
  expect(page.status).toBe(200);
  const quote = await fetch(new URL("/api/contact", baseURL), {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: "{}",
  });
  expect(quote.status).toBe(415);
}

test("a 6 MiB POST to /api/contact gets a JSON 413 and the server keeps serving", async ({ baseURL }) => {
  const response = await fetch(new URL("/api/contact", baseURL), {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=x" },
    body: new Uint8Array(SIX_MIB),
  });
  expect(response.status).toBe(413);
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  expect(await response.json()).toEqual({ error: "Request body too large: the limit is 6000000 bytes" });
  await expectStillServing(baseURL!);
});

test("a 6 MiB chunked body with no Content-Length gets 413 too", async ({ baseURL }) => {
  const chunk = new Uint8Array(256 * 1024);
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent >= SIX_MIB) return controller.close();
      sent += chunk.byteLength;
      controller.enqueue(chunk);
    },
  });
  const response = await fetch(new URL("/api/uploads/x/parts/1", baseURL), {
    method: "PUT",
    headers: { "Content-Type": "application/octet-stream" },
    body,
    duplex: "half",
  } as RequestInit);
  expect(response.status).toBe(413);
  await expectStillServing(baseURL!);
});

test("a body just under the limit still reaches the function", async ({ baseURL }) => {
  const response = await fetch(new URL("/api/contact", baseURL), {
    method: "POST",
    headers: { "Content-Type": "multipart/form-data; boundary=x" },
    body: new Uint8Array(5_900_000),
  });
  // The function's own limit (4 MiB) answers, with its own message.
  expect(response.status).toBe(413);
  expect((await response.json()).error).not.toContain("6000000");
});

const CONTENT_PATHS = [
  "/api/services",
  "/api/services/roof-repairs",
  "/api/testimonials",
  "/api/data/services.json",
];

for (const path of CONTENT_PATHS) {
  test(`${path}: other methods get 405 JSON with Allow, GET and HEAD still 200`, async ({ request }) => {
    for (const method of ["POST", "PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const response = await request.fetch(path, { method, data: method === "OPTIONS" ? undefined : "{}" });
      expect(response.status(), method).toBe(405);
      expect(response.headers()["allow"], method).toBe("GET, HEAD");
      expect(response.headers()["content-type"], method).toMatch(/^application\/json/);
      expect(await response.json(), method).toEqual({ error: "Method not allowed" });
    }
    const get = await request.get(path);
    expect(get.status()).toBe(200);
    expect(get.headers()["content-type"]).toMatch(/^application\/json/);
    expect(get.headers()["cache-control"]).not.toContain("no-store");
    expect((await request.head(path)).status()).toBe(200);
  });
}
