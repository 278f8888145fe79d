/**
 * Browser side of the part-upload protocol (docs/uploads.md): create → numbered parts → complete.
 * Parts go by XMLHttpRequest for upload progress; a failed part is retried on its own. Not on
 * ../../lib/api-client.ts: a shared chunk would put /contact over its JavaScript budget.
 */
import type { QuoteFieldErrors } from "../../lib/quote/rules";

/**
 * A step of sending a quote (an upload call or the quote itself) that failed: the answer's status
 * (0 when none came) and the per-field messages of a refused quote. The quote form's own failure
 * type; the other islands use ApiError (../../lib/api-client.ts).
 */
export class QuoteSendError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** Per-field messages, when the server refused a quote with them. */
    readonly fieldErrors?: QuoteFieldErrors,
    /** The server's own `error` text, when it sent one. */
    readonly serverMessage?: string,
  ) {
    super(message);
  }
}

const PART_ATTEMPTS = 4;
const RETRY_BASE_MS = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Network faults and server faults are worth another try. Other 4xx are not, nor 429/503: those
 * are the attachment quotas, refusing for hours (Retry-After), not seconds.
 */
const retryable = (error: unknown) =>
  !(error instanceof QuoteSendError) || error.status === 0 || (error.status >= 500 && error.status !== 503);

async function errorMessage(response: Response): Promise<string> {
  if (response.status >= 400 && response.status < 500) {
    const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
    if (body && typeof body.error === "string") return body.error;
  }
  return `HTTP error! status: ${response.status}`;
}

async function postJson<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) throw new QuoteSendError(response.status, await errorMessage(response));
  return (await response.json()) as T;
}

function putPart(url: string, blob: Blob, onProgress: (sent: number) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("PUT", url);
    xhr.withCredentials = true;
    xhr.setRequestHeader("Content-Type", "application/octet-stream");
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve();
      let message = `HTTP error! status: ${xhr.status}`;
      try {
        const body = JSON.parse(xhr.responseText) as { error?: unknown };
        if (xhr.status < 500 && typeof body.error === "string") message = body.error;
      } catch {
        // Not JSON: keep the status message.
      }
      reject(new QuoteSendError(xhr.status, message));
    };
    xhr.onerror = () => reject(new QuoteSendError(0, "Network error while uploading"));
    xhr.send(blob);
  });
}

async function withRetries<T>(attempt: () => Promise<T>): Promise<T> {
  for (let tries = 1; ; tries++) {
    try {
      return await attempt();
    } catch (error) {
      if (tries >= PART_ATTEMPTS || !retryable(error)) throw error;
      await sleep(RETRY_BASE_MS * 2 ** (tries - 1));
    }
  }
}

interface CreatedUpload {
  uploadId: string;
  partSize: number;
  partCount: number;
}

/** Uploads one file; reports bytes sent so far; resolves to the finished upload's id. */
export async function uploadFile(file: File, onProgress: (sent: number) => void): Promise<string> {
  const created = await withRetries(() =>
    postJson<CreatedUpload>("/api/uploads", { name: file.name, size: file.size }),
  );
  const base = `/api/uploads/${encodeURIComponent(created.uploadId)}`;
  for (let index = 1; index <= created.partCount; index++) {
    const start = (index - 1) * created.partSize;
    const blob = file.slice(start, Math.min(start + created.partSize, file.size));
    await withRetries(() => putPart(`${base}/parts/${index}`, blob, (sent) => onProgress(start + sent)));
    onProgress(start + blob.size);
  }
  await withRetries(() => postJson(`${base}/complete`));
  return created.uploadId;
}
