/**
 * Generated hostile input for every endpoint (fast-check): arbitrary fields, types, sizes,
 * encodings, boundaries, cookies and headers. Whatever arrives: no 5xx, nothing stored or changed on a 4xx,
 * no unhandled rejection (docs/quality.md, The bars).
 *
 * The endpoints are the functions' own routes (function-routes.ts reads every
 * netlify/functions/*.mts `config`): each path parameter is filled from sample values (ids that
 * exist, and hostile segments), every method the route takes is tried, and the body is generic
 * hostile input. A new function is fuzzed as soon as it exists. KNOWN_BODIES only sharpens the
 * bodies of routes whose fields are known, so more cases get past "invalid" into the handlers.
 *
 * FC_RUNS (default 200 per route) and FC_SEED (default fixed; "random" for a new one each run)
 * run more locally, e.g. `FC_RUNS=5000 FC_SEED=random npx vitest run tests/functions/properties.test.ts`.
 * A failure prints the seed and the shrunk request, so it can be replayed with that FC_SEED.
 */
import fc from "fast-check";
import { readdirSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { adminCookie, TEST_ORIGIN, useAdminTestEnv } from "./admin-session.ts";
import { callApi, type CallOptions } from "./api-client.ts";
import { useBlobs } from "./blobs.ts";
import { FUNCTION_ROUTES, routeFor, type FunctionRoute } from "./function-routes.ts";
import { imageForm, pngImage } from "./gallery-fixtures.ts";
import { files, VALID_FIELDS } from "./quote-fixtures.ts";
import { IMAGE_VARIANT_WIDTHS } from "../../src/lib/gallery/constants.ts";
import { LEAD_STATUSES } from "../../src/lib/lead-model.ts";

const RUNS = Number(process.env.FC_RUNS ?? 200);
const SEED = process.env.FC_SEED === "random" ? Date.now() : Number(process.env.FC_SEED ?? 20261123);

/** What an endpoint may write on a refusal by design, of the Blobs: the audit log's old store. */
const WRITTEN_ON_REFUSAL = ["site:admin-audit"];
/**
 * The rules of table limit_charges charged on a refusal by design: the login throttle records failed
 * attempts, and the secret-link endpoints (a visit's, a written quote's, the guarantee check) count
 * every request of a client, refused or not, so guessing links is limited.
 */
const CHARGED_ON_REFUSAL = ["sign-in", "sign-in-site", "link-visits", "proposal-token", "guarantee-check"];

/**
 * The rows of the tables that hold what only counts or expires, and the gallery's items, but the
 * counts charged on a refusal by design: what "stores nothing on a 4xx" is checked against in the
 * database, beside the Blobs files of storedState().
 */
const RECORDS_STATE = `
  SELECT 'admin_sessions ' || to_jsonb(t)::text AS row FROM admin_sessions t
  UNION ALL SELECT 'limit_charges ' || to_jsonb(t)::text FROM limit_charges t WHERE NOT rule = ANY($1)
  UNION ALL SELECT 'owner_mail_hours ' || to_jsonb(t)::text FROM owner_mail_hours t
  UNION ALL SELECT 'mail_settings_problem ' || to_jsonb(t)::text FROM mail_settings_problem t
  UNION ALL SELECT 'uploads ' || to_jsonb(t)::text FROM uploads t
  UNION ALL SELECT 'gallery_items ' || to_jsonb(t)::text FROM gallery_items t
  UNION ALL SELECT 'gallery_seed ' || to_jsonb(t)::text FROM gallery_seed t`;
let records: pg.Client;
async function recordsState(): Promise<string[]> {
  const { rows } = await records.query<{ row: string }>(RECORDS_STATE, [CHARGED_ON_REFUSAL]);
  return rows.map((row) => row.row);
}

const unhandled: unknown[] = [];
const onUnhandled = (reason: unknown) => unhandled.push(reason);

/** Ids and URLs that exist, so generated requests reach past "not found" into the handlers. */
const known = {
  cookie: "",
  uploadIds: [] as string[],
  imageUrls: [] as string[],
  imageIds: [] as string[],
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
    if (WRITTEN_ON_REFUSAL.some((place) => path.includes(place))) continue;
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
// The routes

const METHODS = ["GET", "GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"];

/** Every id that exists, of any kind: a parameter gets the right kind often enough. */
const knownId = fromPool(() => [
  ...known.quoteIds,
  ...known.uploadIds,
  ...known.galleryIds,
  ...known.imageIds,
]);

/**
 * Sample values for a path parameter, by its name in `config.path`; any other name gets ids and
 * hostile segments. `id` also takes the words the lead desk's export and chart answer under the
 * lead route.
 */
const PARAM_SAMPLES: Record<string, fc.Arbitrary<string>> = {
  id: fc.oneof(
    { weight: 3, arbitrary: knownId },
    { weight: 2, arbitrary: pathSegment },
    { weight: 1, arbitrary: fc.constantFrom("export.csv", "stats") },
  ),
  part: fc.oneof(fc.integer({ min: -2, max: 4 }).map(String), pathSegment),
  width: fc.oneof(fc.constantFrom(...IMAGE_VARIANT_WIDTHS.map(String), "0", "641"), pathSegment),
  attachmentId: fc.oneof(fc.integer({ min: -1, max: 6 }).map(String), pathSegment),
};
const anyParam = fc.oneof(knownId, pathSegment);

/** A path of the route with its parameters filled in, sometimes with a query string. */
const expandPath = (path: string) =>
  fc
    .tuple(
      fc.tuple(
        ...path
          .split("/")
          .map((segment) =>
            segment.startsWith(":")
              ? (PARAM_SAMPLES[segment.slice(1)] ?? anyParam)
              : segment === "*"
                ? fc.array(pathSegment, { maxLength: 2 }).map((tail) => tail.join("/"))
                : fc.constant(segment),
          ),
      ),
      fc.option(
        fc.dictionary(
          fc.oneof(fc.constantFrom("status", "service", "q", "limit", "cursor", "by", "x"), weirdString),
          weirdString,
          { maxKeys: 4 },
        ),
        { freq: 2 },
      ),
    )
    .map(([segments, query]) => {
      const pathname = segments.join("/");
      return query ? `${pathname}?${new URLSearchParams(query)}` : pathname;
    });

/** A body and the Content-Type it comes with (undefined: none, or FormData's own). */
interface GeneratedBody {
  body: CallOptions["body"];
  type?: string;
}

const jsonOf = (fields: Record<string, fc.Arbitrary<unknown>>): fc.Arbitrary<GeneratedBody> =>
  fc.record({ body: jsonBody(fields), type: contentType("application/json") });

/** Any body at all, for routes whose fields are not known here. */
const genericBody: fc.Arbitrary<GeneratedBody> = fc.oneof(
  fc.constant({ body: null }),
  jsonOf({}),
  fc.record({ body: fc.uint8Array({ maxLength: 3000 }), type: contentType("application/octet-stream") }),
  fc.array(fc.tuple(weirdString, weirdString), { maxLength: 4 }).map((fields) => {
    const form = new FormData();
    for (const [field, value] of fields) form.append(field, value);
    return { body: form };
  }),
);

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

const imageUpload = fc
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
  })
  .map(({ field, name, bytes }) => {
    const form = new FormData();
    form.append(field, new Blob([bytes]), name);
    return { body: form };
  });

const galleryFields = { title: weirdString, description: weirdString, location: weirdString, category };

/**
 * Bodies with the endpoint's own field names, by `METHOD path` as the route declares it: optional
 * sharpening, so more generated cases reach the handler's logic. A route missing here is fuzzed
 * with genericBody.
 */
const KNOWN_BODIES: Record<string, fc.Arbitrary<GeneratedBody>> = {
  "POST /api/contact": fc.oneof(
    { weight: 5, arbitrary: quoteForm.map((form): GeneratedBody => ({ body: form })) },
    {
      weight: 1,
      arbitrary: fc.record({
        body: fc.uint8Array({ maxLength: 3000 }),
        type: contentType("multipart/form-data; boundary=----x"),
      }),
    },
  ),
  "POST /api/uploads": jsonOf({
    name: fc.constantFrom("roof.jpg", "a/b.jpg", ".."),
    size: fc.oneof(
      fc.integer({ min: -10, max: 6_000_000 }),
      fc.constantFrom(0, 1, 5_242_880, 5_242_881, 1e300, 0.5),
    ),
  }),
  "PUT /api/uploads/:id/parts/:part": fc.record({
    body: fc.oneof(
      fc.uint8Array({ maxLength: 4000 }),
      fc.constantFrom(new Uint8Array(1000), new Uint8Array(999), new Uint8Array(1001)),
    ),
    type: contentType("application/octet-stream"),
  }),
  "POST /api/admin/login": jsonOf({
    password: fc.oneof(weirdString, fc.constant("test-admin-password-7Qx ")),
  }),
  "PATCH /api/admin/contact-submissions/:id": jsonOf({
    status: fc.oneof(fc.constantFrom(...LEAD_STATUSES), weirdString),
    note: weirdString,
  }),
  "POST /api/admin/notifications/retry": jsonOf({ id: fc.oneof(knownId, weirdString) }),
  "POST /api/admin/gallery": jsonOf({
    ...galleryFields,
    imageUrl: galleryImageUrl,
    displayOrder: fc.oneof(fc.integer(), fc.double()),
  }),
  "PUT /api/admin/gallery/:id": jsonOf(galleryFields),
  "POST /api/admin/gallery/reorder": jsonOf({
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
  }),
  "POST /api/upload/image": imageUpload,
};

/** Fewer runs for routes whose every case is costly (image decoding). */
const RUNS_FACTOR: Record<string, number> = { "/api/upload/image": 0.3 };

interface GeneratedRequest {
  method: string;
  path: string;
  options: CallOptions;
}

const idempotencyKey = fc.option(
  fc.oneof(
    fc.stringMatching(/^[A-Za-z0-9_-]{16,128}$/),
    weirdString.filter((v) => /^[\x20-\x7e]*$/.test(v)),
  ),
  { freq: 3 },
);
const ifMatch = fc.option(fc.oneof(fc.constant("*"), fc.stringMatching(/^"[0-9a-f]{0,40}"$/)), { freq: 3 });

/** Requests to `method path`, with the path's parameters filled in and hostile headers. */
function requestsTo(method: string, path: string): fc.Arbitrary<GeneratedRequest> {
  return fc
    .record({
      path: expandPath(path),
      body: KNOWN_BODIES[`${method} ${path}`] ?? genericBody,
      origin,
      cookie: cookie(3),
      idempotencyKey,
      ifMatch,
    })
    .map(({ path: p, body, origin: o, cookie: ck, idempotencyKey: key, ifMatch: etag }) => {
      const headers: Record<string, string> = { Origin: o };
      if (body.type !== undefined) headers["Content-Type"] = body.type;
      if (key !== null) headers["Idempotency-Key"] = key;
      if (etag !== null) headers["If-Match"] = etag;
      return {
        method,
        path: p,
        options: {
          body: body.body,
          headers,
          cookie: ck === "valid" ? known.cookie : ck,
          ip: "198.51.100.77",
        },
      };
    });
}

/**
 * Requests for one route: each of its paths with each method it takes (every method when its
 * config names none), those with a known body more often.
 */
function requestsFor(route: FunctionRoute): fc.Arbitrary<GeneratedRequest> {
  const methods = route.methods ?? METHODS;
  return fc.oneof(
    ...route.paths.flatMap((path) =>
      [...new Set(methods)].map((method) => ({
        weight: KNOWN_BODIES[`${method} ${path}`] ? 6 : methods.filter((m) => m === method).length,
        arbitrary: requestsTo(method, path),
      })),
    ),
  );
}

// ---------------------------------------------------------------------------------------------

async function createGalleryItem(index: number): Promise<void> {
  const upload = await callApi("POST", "/api/upload/image", {
    body: imageForm(await pngImage(20 + (index % 8), 20)),
    cookie: known.cookie,
  });
  const { imageUrl } = (await upload.json()) as { imageUrl: string };
  const item = await callApi("POST", "/api/admin/gallery", {
    body: { title: `Item ${index}`, imageUrl, category: "repairs" },
    cookie: known.cookie,
  });
  known.galleryIds.push(((await item.json()) as { id: string }).id);
}

async function createQuote(): Promise<void> {
  const form = new FormData();
  for (const [field, value] of Object.entries({ ...VALID_FIELDS, fillTimeMs: "15000", website: "" }))
    form.append(field, value);
  form.append("attachments", new Blob([files.pdf(800)]), "plan.pdf");
  const quote = await callApi("POST", "/api/contact", { body: form });
  known.quoteIds.push(((await quote.json()) as { id: string }).id);
}

const exists = async (path: string) => (await callApi("GET", path, { cookie: known.cookie })).status === 200;

/**
 * Puts back what an earlier route's generated DELETEs erased (three gallery items, a quote), so
 * every route's cases reach existing things too.
 */
async function replenish(): Promise<void> {
  const items = (await (await callApi("GET", "/api/gallery")).json()) as { id: string }[];
  known.galleryIds = items.map((item) => item.id);
  for (let i = known.galleryIds.length; i < 3; i += 1) await createGalleryItem(i);
  const quotes: string[] = [];
  for (const id of known.quoteIds) if (await exists(`/api/admin/contact-submissions/${id}`)) quotes.push(id);
  known.quoteIds = quotes;
  if (known.quoteIds.length === 0) await createQuote();
}

const blobs = useBlobs();
beforeAll(async () => {
  process.on("unhandledRejection", onUnhandled);
  useAdminTestEnv();
  // No e-mail goes out, so nothing is written after an answer (see the state check below).
  delete process.env.SMTP_URL;
  records = new pg.Client({ connectionString: blobs.databaseUrl });
  await records.connect();
  known.cookie = await adminCookie();
  for (const size of [1000, 3_145_729]) {
    const response = await callApi("POST", "/api/uploads", { body: { name: "roof.jpg", size } });
    known.uploadIds.push(((await response.json()) as { uploadId: string }).uploadId);
  }
  const spare = await callApi("POST", "/api/upload/image", {
    body: imageForm(await pngImage(30, 20)),
    cookie: known.cookie,
  });
  known.imageUrls.push(((await spare.json()) as { imageUrl: string }).imageUrl);
  await replenish();
  const items = (await (await callApi("GET", "/api/gallery")).json()) as { imageUrl: string }[];
  known.imageUrls.push(...items.map((item) => item.imageUrl));
  known.imageIds = known.imageUrls.map((url) => url.split("/").pop() ?? "");
});
afterAll(async () => {
  process.off("unhandledRejection", onUnhandled);
  await records.end();
});

test("the routes come from the functions' config, the lead desk and e-mail endpoints included", () => {
  const paths = FUNCTION_ROUTES.flatMap((route) => route.paths);
  for (const path of [
    "/api/contact",
    "/api/admin/contact-submissions",
    "/api/admin/contact-submissions/:id",
    "/api/admin/notifications",
    "/api/admin/notifications/retry",
    "/media/gallery/:id/:width",
  ]) {
    expect(paths).toContain(path);
  }
  // Scheduled functions and the rewrite-only /api/* 404 have no path: they are not routes.
  expect(FUNCTION_ROUTES.map((route) => route.name)).not.toContain("send-notifications");
});

describe.each(FUNCTION_ROUTES.map((route) => ({ name: `${route.name} (${route.paths.join(", ")})`, route })))(
  "$name under generated input",
  ({ route }) => {
    test("never answers 5xx, stores nothing on a 4xx, leaves no unhandled rejection", async () => {
      await replenish();
      const runs = Math.max(10, Math.round(RUNS * Math.min(...route.paths.map((p) => RUNS_FACTOR[p] ?? 1))));
      let reached = 0;
      // The state after one case is the state before the next: no function writes after its
      // answer here (no SMTP is configured, so no e-mail is sent in the background).
      let state = new Set([...storedState(), ...(await recordsState())]);
      await fc.assert(
        fc.asyncProperty(requestsFor(route), async ({ method, path, options }) => {
          // A path the URL parser normalises elsewhere ("%2e%2e", "//") is another route's business.
          if (routeFor(method, new URL(path, TEST_ORIGIN).pathname) !== route) return;
          reached += 1;
          const before = state;
          const response = await callApi(method, path, options);
          await response.arrayBuffer();
          const after = [...storedState(), ...(await recordsState())];
          state = new Set(after);
          expect(response.status, `${method} ${path}`).toBeLessThan(500);
          if (response.status >= 400) {
            // The API answers JSON; a page for people (the review e-mails' stop link) answers HTML.
            if (path.startsWith("/api/"))
              expect(response.headers.get("content-type"), `${method} ${path}`).toMatch(/^application\/json/);
            // Nothing added or changed; deleting is allowed (a refused upload is removed on purpose).
            const added = after.filter((entry) => !before.has(entry));
            expect(added, `${method} ${path} answered ${response.status}`).toEqual([]);
          }
          expect(unhandled).toEqual([]);
        }),
        { numRuns: runs, seed: SEED, endOnFailure: true },
      );
      // The route was fuzzed, not skipped: most generated requests reached its handler.
      expect(reached).toBeGreaterThan(runs / 2);
    }, 180_000);
  },
);
