/** The audit's compressing layer (scripts/lib/compressing-proxy.ts) compresses text as Netlify's CDN does. */
import { createServer, get, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, expect, test } from "vitest";
import { compressingProxy } from "../../scripts/lib/compressing-proxy";

const PAGE = "<!doctype html><title>Roofs</title>" + "<p>Slate and tile</p>".repeat(500);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 1, 2, 3]);
let upstream: Server;
let proxy: Server;
let base: string;

beforeAll(async () => {
  upstream = createServer((request, response) => {
    if (request.url === "/photo.png") response.writeHead(200, { "content-type": "image/png" }).end(PNG);
    else
      response
        .writeHead(200, { "content-type": "text/html; charset=utf-8", "x-frame-options": "DENY" })
        .end(PAGE);
  });
  await new Promise<void>((resolve) => upstream.listen(0, resolve));
  const target = (upstream.address() as AddressInfo).port;
  proxy = await compressingProxy(0, target);
  base = `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise((resolve) => proxy.close(resolve));
  await new Promise((resolve) => upstream.close(resolve));
});

/** The raw answer: headers as sent and the body's bytes, not decoded. */
const raw = (path: string, encoding?: string) =>
  new Promise<{ answer: IncomingMessage; body: Buffer }>((resolve, reject) => {
    get(`${base}${path}`, { headers: encoding ? { "accept-encoding": encoding } : {} }, (answer) => {
      const parts: Buffer[] = [];
      answer.on("data", (part: Buffer) => parts.push(part));
      answer.on("end", () => resolve({ answer, body: Buffer.concat(parts) }));
    }).on("error", reject);
  });

test.each([
  ["sent with Brotli to a browser that accepts it", "gzip, deflate, br, zstd", "br", brotliDecompressSync],
  ["gzipped for a client that accepts gzip only", "gzip, deflate", "gzip", gunzipSync],
])("a page is %s, with the site's own headers kept", async (_, accepted, encoding, decode) => {
  const { answer, body } = await raw("/services", accepted);
  expect(answer.headers["content-encoding"]).toBe(encoding);
  expect(answer.headers["x-frame-options"]).toBe("DENY");
  expect(answer.headers.vary).toContain("Accept-Encoding");
  expect(body.byteLength).toBeLessThan(PAGE.length / 5);
  expect(decode(body).toString("utf8")).toBe(PAGE);
});

test("an image, or a client that asks for no compression, gets the bytes as they are", async () => {
  const image = await raw("/photo.png", "gzip");
  expect(image.answer.headers["content-encoding"]).toBeUndefined();
  expect(image.body).toEqual(PNG);
  const plain = await raw("/services");
  expect(plain.answer.headers["content-encoding"]).toBeUndefined();
  expect(plain.body.toString("utf8")).toBe(PAGE);
});
