/**
 * Browser side of the part-upload protocol (docs/uploads.md): create → numbered parts → complete.
 * Parts go by XMLHttpRequest for upload progress; a failed part is retried on its own.
 */
import { errorField, HttpError, sendWithProgress } from "../../lib/http";

/** What the quote form tells the visitor: the server's own words for a 4xx, else the status. */
function failureMessage(status: number, text: string): string {
  return (status >= 400 && status < 500 && errorField(text)) || `HTTP error! status: ${status}`;
}

const PART_ATTEMPTS = 4;
const RETRY_BASE_MS = 400;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Network faults and server faults are worth another try. Other 4xx are not, nor 429/503: those
 * are the attachment quotas, refusing for hours (Retry-After), not seconds.
 */
const retryable = (error: unknown) =>
  !(error instanceof HttpError) || error.status === 0 || (error.status >= 500 && error.status !== 503);

async function postJson<T>(url: string, body?: unknown): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    credentials: "include",
    headers: body === undefined ? undefined : { "Content-Type": "application/json" },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new HttpError(response.status, failureMessage(response.status, text));
  }
  return (await response.json()) as T;
}

async function putPart(url: string, blob: Blob, onProgress: (sent: number) => void): Promise<void> {
  const answer = await sendWithProgress("PUT", url, blob, onProgress, {
    "Content-Type": "application/octet-stream",
  });
  if (answer.status < 200 || answer.status >= 300) {
    throw new HttpError(answer.status, failureMessage(answer.status, answer.text));
  }
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
