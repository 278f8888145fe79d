/**
 * Generated hostile input for every endpoint (fast-check): arbitrary fields, types, sizes,
 * encodings, boundaries, cookies and headers. Whatever arrives: no 5xx, nothing stored or changed on a 4xx,
 * no unhandled rejection (DESIGN.md §7).
 *
 * FC_RUNS (default 200 per endpoint) and FC_SEED (default fixed; "random" for a new one each run)
 * run more locally, e.g. `FC_RUNS=5000 FC_SEED=random npx vitest run tests/functions/properties.test.ts`.
 * A failure prints the seed and the shrunk request, so it can be replayed with that FC_SEED.
 *
 * To cover a new endpoint, add a row to ENDPOINTS (and its route to api-client.ts).
 */
import fc from "fast-check";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminCookie, TEST_ORIGIN, useAdminTestEnv } from "./admin-session.ts";
import { callApi, handlerFor, type CallOptions } from "./api-client.ts";
import { startBlobs } from "./blobs.ts";
import { imageForm, pngImage } from "./gallery-fixtures.ts";
import { files, VALID_FIELDS } from "./quote-fixtures.ts";

const RUNS = Number(process.env.FC_RUNS ?? 200);
const SEED = process.env.FC_SEED === "random" ? Date.now() : Number(process.env.FC_SEED ?? 20261123);

/**
 * Stores an endpoint may write on a refusal by design: the login throttle records failed attempts,
 * and the audit log records failed sign-ins.
 */
const WRITTEN_ON_REFUSAL = new Set(["admin-login-throttle", "admin-audit"]);

let blobs: Awaited<ReturnType<typeof startBlobs>>;
const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

/** Ids and URLs that exist, so generated requests reach past "not found" into the handlers. */
const known = {
  cookie: "",
  uploadIds: [] as string[],
  imageUrls: [] as string[],
  galleryIds: [] as string[],
  quoteIds: [] as string[],
};

/**
 * `path size mtime` of every file the Blobs server keeps (entries and metadata), but those of stores
 * written on refusal by design. Read from its folder: a listing per store over HTTP for every case
 * would cost more than the case itself.
 */
function storedState(): string[] {
  const root = blobs.directory;
  const state: string[] = [];
  for (const file of readdirSync(root, { recursive: true, withFileTypes: true })) {
    if (!file.isFile()) continue;
    const path = join(file.parentPath, file.name);
    if ([...WRITTEN_ON_REFUSAL].some((name) => path.includes(`site:${name}`))) continue;
    const { size, mtimeMs } = statSync(path);
    state.push(`${relative(root, path)} ${size} ${mtimeMs}`);
  }
  return state.sort();
}

// ---------------------------------------------------------------------------------------------
// Generators shared by the endpoints

const weirdString = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: "grapheme", maxLength: 40 }),
  fc.string({ unit: "binary", maxLength: 40 }),
  fc.constantFrom(
    "",
    " ",
    "\u0000",
    "../../etc/passwd",
    "%00",
    "<script>alert(1)</script>",
    "‮gpj.exe",
    "🏠".repeat(30),
  ),
  fc.nat({ max: 30_000 }).map((n) => "x".repeat(n)),
);
const anyJson = fc.oneof(
  weirdString,
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(weirdString, { maxLength: 5 }),
  fc.dictionary(weirdString, weirdString, { maxKeys: 4 }),
);
/** An object with the endpoint's own field names (each maybe missing) holding anything, plus extras. */
const jsonRecordOf = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc
    .tuple(
      fc.record(
        Object.fromEntries(Object.entries(fields).map(([name, good]) => [name, fc.oneof(good, anyJson)])),
        { requiredKeys: [] },
      ),
      fc.dictionary(weirdString, anyJson, { maxKeys: 3 }),
    )
    .map(([own, extra]) => ({ ...extra, ...own }));

/** A body: mostly JSON of the right shape, sometimes any JSON value, broken JSON or raw bytes. */
const jsonBody = (fields: Record<string, fc.Arbitrary<unknown>>) =>
  fc.oneof(
    { weight: 6, arbitrary: jsonRecordOf(fields).map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: anyJson.map((value) => JSON.stringify(value)) },
    { weight: 1, arbitrary: fc.string({ maxLength: 200 }) },
    { weight: 1, arbitrary: fc.uint8Array({ maxLength: 2000 }) },
  );

const contentType = (usual: string) =>
  fc.oneof(
    { weight: 6, arbitrary: fc.constant(usual) },
    {
      weight: 1,
      arbitrary: fc.constantFrom(
        "",
        "text/plain",
        "application/json; charset=latin1",
        "multipart/form-data",
        "multipart/form-data; boundary=",
        "application/x-www-form-urlencoded",
        `${usual}; ${"a".repeat(5000)}`,
      ),
    },
    { weight: 1, arbitrary: weirdString.filter((value) => /^[\t\x20-\x7e]*$/.test(value)) },
  );

const origin = fc.constantFrom(TEST_ORIGIN, TEST_ORIGIN, TEST_ORIGIN, "https://evil.example", "null");

/** No cookie, a broken one, a forged one, or (mostly, for admin routes) a valid session. */
const cookie = (validWeight: number) =>
  fc.oneof(
    { weight: 1, arbitrary: fc.constant(undefined) },
    { weight: 1, arbitrary: weirdString.filter((value) => /^[\x21-\x7e ]*$/.test(value)) },
    {
      weight: 1,
      arbitrary: fc
        .tuple(
          fc.stringMatching(/^[0-9a-f]{0,64}$/),
          fc.integer(),
          fc.stringMatching(/^[A-Za-z0-9_-]{0,60}$/),
        )
        .map(([id, expiry, sig]) => `admin_session=${id}.${expiry}.${sig}`),
    },
    { weight: validWeight, arbitrary: fc.constant("valid") },
  );

const pathSegment = fc.oneof(
  fc.uuid(),
  fc.string({ maxLength: 80 }).map((value) => encodeURIComponent(value)),
  fc.constantFrom("..", "%2e%2e", "%2F", "0", "-1", "1e3", "00000001", "%00"),
);
const fromPool = (pool: () => string[]) =>
  fc.nat().map((n) => pool()[n % Math.max(pool().length, 1)] ?? "none");

const galleryImageUrl = fc.oneof(
  fromPool(() => known.imageUrls),
  pathSegment.map((id) => `/media/gallery/${id}`),
  weirdString,
);
const category = fc.constantFrom("repairs", "rendering", "all", "slating", "REPAIRS", "");

// ---------------------------------------------------------------------------------------------
// The endpoints

interface GeneratedRequest {
  method: string;
  path: string;
  options: CallOptions;
}

interface Endpoint {
  name: string;
  request: fc.Arbitrary<GeneratedRequest>;
  /** Fewer runs for endpoints whose every case is costly (image decoding). */
  runsFactor?: number;
}

const asRequest = (
  method: string,
  path: string,
  body: unknown,
  headers: Record<string, string | undefined>,
  ck?: string,
) => {
  const clean = Object.fromEntries(Object.entries(headers).filter(([, v]) => v !== undefined)) as Record<
    string,
    string
  >;
  return {
    method,
    path,
    options: {
      body: body as CallOptions["body"],
      headers: clean,
      cookie: ck === "valid" ? known.cookie : ck,
      ip: "198.51.100.77",
    },
  };
};

const jsonEndpoint = (
  name: string,
  method: string,
  path: fc.Arbitrary<string>,
  fields: Record<string, fc.Arbitrary<unknown>>,
  validCookieWeight = 0,
): Endpoint => ({
  name,
  request: fc
    .record({
      path,
      body: jsonBody(fields),
      type: contentType("application/json"),
      origin,
      cookie: cookie(validCookieWeight),
    })
    .map(({ path: p, body, type, origin: o, cookie: ck }) =>
      asRequest(method, p, body, { "Content-Type": type, Origin: o }, ck),
    ),
});

/** Multipart quote forms: the real fields holding anything, strange field names, files of any bytes. */
const quoteForm = fc
  .record({
    fields: fc.record(
      Object.fromEntries(
        Object.entries({ ...VALID_FIELDS, fillTimeMs: "15000", website: "" }).map(([field, good]) => [
          field,
          fc.oneof({ weight: 3, arbitrary: fc.constant(good) }, { weight: 2, arbitrary: weirdString }),
        ]),
      ),
      { requiredKeys: [] },
    ),
    extra: fc.array(fc.tuple(weirdString, weirdString), { maxLength: 4 }),
    uploadIds: fc.array(
      fc.oneof(
        fromPool(() => known.uploadIds),
        weirdString,
      ),
      { maxLength: 7 },
    ),
    attachments: fc.array(
      fc.record({
        field: fc.constantFrom("attachments", "attachments", "image", "file"),
        name: weirdString,
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 3000 }),
          fc.constantFrom(files.jpeg(500), files.pdf(500), files.svg(), files.exe(500), new Uint8Array(0)),
        ),
      }),
      { maxLength: 7 },
    ),
  })
  .map(({ fields, extra, uploadIds, attachments }) => {
    const form = new FormData();
    for (const [field, value] of Object.entries(fields)) form.append(field, value as string);
    for (const [field, value] of extra) form.append(field, value);
    for (const id of uploadIds) form.append("uploadIds", id);
    for (const file of attachments) {
      form.append(file.field, new Blob([file.bytes]), file.name);
    }
    return form;
  });

const ENDPOINTS: Endpoint[] = [
  {
    name: "POST /api/contact",
    request: fc
      .record({
        body: fc.oneof(
          {
            weight: 5,
            arbitrary: quoteForm.map((form) => ({ form, type: undefined as string | undefined })),
          },
          {
            weight: 1,
            arbitrary: fc
              .tuple(fc.uint8Array({ maxLength: 3000 }), contentType("multipart/form-data; boundary=----x"))
              .map(([bytes, type]) => ({ form: bytes as unknown as FormData, type })),
          },
        ),
        key: fc.option(
          fc.oneof(
            fc.stringMatching(/^[A-Za-z0-9_-]{16,128}$/),
            weirdString.filter((v) => /^[\x20-\x7e]*$/.test(v)),
          ),
        ),
        method: fc.constantFrom("POST", "POST", "POST", "GET", "PUT"),
      })
      .map(({ body, key, method }) =>
        asRequest(method, "/api/contact", body.form, {
          "Content-Type": body.type,
          "Idempotency-Key": key ?? undefined,
        }),
      ),
  },
  jsonEndpoint("POST /api/uploads", "POST", fc.constant("/api/uploads"), {
    name: fc.constantFrom("roof.jpg", "a/b.jpg", ".."),
    size: fc.oneof(
      fc.integer({ min: -10, max: 6_000_000 }),
      fc.constantFrom(0, 1, 5_242_880, 5_242_881, 1e300, 0.5),
    ),
  }),
  {
    name: "PUT /api/uploads/{id}/parts/{n}",
    request: fc
      .record({
        id: fc.oneof(
          fromPool(() => known.uploadIds),
          pathSegment,
        ),
        part: fc.oneof(fc.integer({ min: -2, max: 4 }).map(String), pathSegment),
        body: fc.oneof(
          fc.uint8Array({ maxLength: 4000 }),
          fc.constantFrom(new Uint8Array(1000), new Uint8Array(999), new Uint8Array(1001)),
        ),
        type: contentType("application/octet-stream"),
        method: fc.constantFrom("PUT", "PUT", "POST"),
      })
      .map(({ id, part, body, type, method }) =>
        asRequest(method, `/api/uploads/${id}/parts/${part}`, body, { "Content-Type": type }),
      ),
  },
  {
    name: "POST /api/uploads/{id}/complete",
    request: fc
      .record({
        id: fc.oneof(
          fromPool(() => known.uploadIds),
          pathSegment,
        ),
        body: fc.option(fc.uint8Array()),
      })
      .map(({ id, body }) => asRequest("POST", `/api/uploads/${id}/complete`, body, {})),
  },
  jsonEndpoint("POST /api/admin/login", "POST", fc.constant("/api/admin/login"), {
    password: fc.oneof(weirdString, fc.constant("test-admin-password-7Qx ")),
  }),
  {
    name: "GET/POST /api/admin/session, logout",
    request: fc
      .record({
        path: fc.constantFrom("/api/admin/session", "/api/admin/logout"),
        method: fc.constantFrom("GET", "POST", "DELETE"),
        cookie: cookie(0),
        origin,
      })
      .map(({ path, method, cookie: ck, origin: o }) => asRequest(method, path, null, { Origin: o }, ck)),
  },
  {
    name: "GET /api/admin/contact-submissions",
    request: fc
      .record({
        query: fc.dictionary(fc.constantFrom("status", "service", "q", "limit", "cursor", "x"), weirdString, {
          maxKeys: 4,
        }),
        cookie: cookie(3),
        method: fc.constantFrom("GET", "GET", "POST"),
      })
      .map(({ query, cookie: ck, method }) =>
        asRequest(method, `/api/admin/contact-submissions?${new URLSearchParams(query)}`, null, {}, ck),
      ),
  },
  {
    name: "GET /api/admin/contact-submissions/{id}/attachments/{n}",
    request: fc
      .record({
        id: fc.oneof(
          fromPool(() => known.quoteIds),
          pathSegment,
        ),
        n: fc.oneof(fc.integer({ min: -1, max: 6 }).map(String), pathSegment),
        cookie: cookie(3),
      })
      .map(({ id, n, cookie: ck }) =>
        asRequest("GET", `/api/admin/contact-submissions/${id}/attachments/${n}`, null, {}, ck),
      ),
  },
  jsonEndpoint(
    "POST /api/admin/gallery",
    "POST",
    fc.constant("/api/admin/gallery"),
    {
      title: weirdString,
      description: weirdString,
      location: weirdString,
      imageUrl: galleryImageUrl,
      category,
      displayOrder: fc.oneof(fc.integer(), fc.double()),
    },
    4,
  ),
  jsonEndpoint(
    "PUT /api/admin/gallery/{id}",
    "PUT",
    fc
      .oneof(
        fromPool(() => known.galleryIds),
        pathSegment,
      )
      .map((id) => `/api/admin/gallery/${id}`),
    { title: weirdString, description: weirdString, location: weirdString, category },
    4,
  ),
  jsonEndpoint(
    "POST /api/admin/gallery/reorder",
    "POST",
    fc.constant("/api/admin/gallery/reorder"),
    {
      imageIds: fc.oneof(
        fc.shuffledSubarray([0, 1, 2, 3]).map((order) => order.map((i) => known.galleryIds[i] ?? "x")),
        fc.array(
          fc.oneof(
            fromPool(() => known.galleryIds),
            weirdString,
          ),
          { maxLength: 6 },
        ),
      ),
    },
    4,
  ),
  {
    name: "DELETE /api/admin/gallery/{id}",
    request: fc
      .record({ id: pathSegment, cookie: cookie(3), origin })
      .map(({ id, cookie: ck, origin: o }) =>
        asRequest("DELETE", `/api/admin/gallery/${id}`, null, { Origin: o }, ck),
      ),
  },
  {
    name: "POST /api/upload/image",
    runsFactor: 0.3,
    request: fc
      .record({
        field: fc.constantFrom("image", "image", "file"),
        name: weirdString,
        bytes: fc.oneof(
          fc.uint8Array({ maxLength: 2000 }),
          fc.uint8Array({ maxLength: 2000 }).map((tail) => new Uint8Array([0xff, 0xd8, 0xff, 0xe0, ...tail])),
          fc
            .uint8Array({ maxLength: 2000 })
            .map((tail) => new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...tail])),
        ),
        cookie: cookie(4),
        origin,
      })
      .map(({ field, name, bytes, cookie: ck, origin: o }) => {
        const form = new FormData();
        form.append(field, new Blob([bytes]), name);
        return asRequest("POST", "/api/upload/image", form, { Origin: o }, ck);
      }),
  },
  {
    name: "GET /api/gallery, /media/gallery/{id}/{width}",
    request: fc
      .record({
        path: fc.oneof(
          fc.constant("/api/gallery"),
          fc
            .tuple(
              fc.oneof(
                fromPool(() => known.imageUrls),
                pathSegment.map((id) => `/media/gallery/${id}`),
              ),
              fc.option(pathSegment),
            )
            .map(([url, width]) => (width === null ? url : `${url}/${width}`)),
        ),
        method: fc.constantFrom("GET", "GET", "HEAD", "POST"),
      })
      .map(({ path, method }) => asRequest(method, path, null, {})),
  },
];

// ---------------------------------------------------------------------------------------------

beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  useAdminTestEnv();
  blobs = await startBlobs();
  known.cookie = await adminCookie();
  for (const size of [1000, 3_145_729]) {
    const response = await callApi("POST", "/api/uploads", { body: { name: "roof.jpg", size } });
    known.uploadIds.push(((await response.json()) as { uploadId: string }).uploadId);
  }
  for (let i = 0; i < 4; i += 1) {
    const upload = await callApi("POST", "/api/upload/image", {
      body: imageForm(await pngImage(20 + i, 20)),
      cookie: known.cookie,
    });
    const { imageUrl } = (await upload.json()) as { imageUrl: string };
    known.imageUrls.push(imageUrl);
    if (i < 3) {
      const item = await callApi("POST", "/api/admin/gallery", {
        body: { title: `Item ${i}`, imageUrl, category: "repairs" },
        cookie: known.cookie,
      });
      known.galleryIds.push(((await item.json()) as { id: string }).id);
    }
  }
  const form = new FormData();
  for (const [field, value] of Object.entries({ ...VALID_FIELDS, fillTimeMs: "15000", website: "" }))
    form.append(field, value);
  form.append("attachments", new Blob([files.pdf(800)]), "plan.pdf");
  const quote = await callApi("POST", "/api/contact", { body: form });
  known.quoteIds.push(((await quote.json()) as { id: string }).id);
});
afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  await blobs.stop();
});

describe.each(ENDPOINTS)("$name under generated input", ({ request, runsFactor }) => {
  test("never answers 5xx, stores nothing on a 4xx, leaves no unhandled rejection", async () => {
    await fc.assert(
      fc.asyncProperty(request, async ({ method, path, options }) => {
        // A path the URL parser normalises elsewhere ("%2e%2e", "//") is another route's business.
        if (!handlerFor(method, path)) return;
        const before = storedState();
        const response = await callApi(method, path, options);
        await response.arrayBuffer();
        expect(response.status, `${method} ${path}`).toBeLessThan(500);
        if (response.status >= 400) {
          expect(response.headers.get("content-type"), `${method} ${path}`).toMatch(/^application\/json/);
          // Nothing added or changed; deleting is allowed (a refused upload is removed on purpose).
          const added = storedState().filter((entry) => !before.includes(entry));
          expect(added, `${method} ${path} answered ${response.status}`).toEqual([]);
        }
        expect(unhandled).toEqual([]);
      }),
      { numRuns: Math.max(10, Math.round(RUNS * (runsFactor ?? 1))), seed: SEED, endOnFailure: true },
    );
  }, 120_000);
});
