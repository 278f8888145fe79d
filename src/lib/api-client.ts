/**
 * Browser calls to the site's API, for the admin screens and the gallery: one error type with the
 * HTTP status (0 when the request never got an answer), one reading of the project's JSON error
 * body (`{ "error": "…" }`), and one XMLHttpRequest wrapper for uploads that report progress. The
 * server's refusals are `HttpError` (netlify/lib/http/http-error.ts); the quote form keeps its own
 * small client (src/islands/quote/upload-client.ts) for its JavaScript budget.
 *
 * Shipped to the browser: no Node APIs, astro:* or React.
 */

/** A browser call to the site's API that failed. */
export class ApiError extends Error {
  constructor(
    /** The answer's status; 0 for a network failure. */
    readonly status: number,
    message: string,
  ) {
    super(message);
    this.name = "ApiError";
  }
}

/** The `error` message of a JSON error body, or undefined when the text is not one. */
export function errorField(text: string): string | undefined {
  try {
    const body: unknown = JSON.parse(text);
    if (body && typeof body === "object" && "error" in body && typeof body.error === "string") {
      return body.error;
    }
  } catch {
    // Not JSON.
  }
  return undefined;
}

/**
 * docs/spec.md, Messages: "{status}: {body text, or the status text when empty}". A JSON `{ error }` body
 * contributes its message rather than raw JSON.
 */
export async function apiError(response: Response): Promise<ApiError> {
  const text = await response.text().catch(() => "");
  return new ApiError(
    response.status,
    `${response.status}: ${errorField(text) ?? (text || response.statusText)}`,
  );
}

/** The answer to an upload: its status and body text. */
export interface XhrAnswer {
  status: number;
  text: string;
  statusText: string;
}

/**
 * Sends `body` by XMLHttpRequest (fetch cannot report upload progress), cookies included, and
 * resolves to the answer whatever its status; rejects with ApiError(0) when no answer came.
 */
export function sendWithProgress(
  method: string,
  url: string,
  body: XMLHttpRequestBodyInit,
  onProgress: (loaded: number, total: number | null) => void,
  headers: Record<string, string> = {},
): Promise<XhrAnswer> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open(method, url);
    xhr.withCredentials = true;
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);
    xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : null);
    xhr.onload = () => resolve({ status: xhr.status, text: xhr.responseText, statusText: xhr.statusText });
    xhr.onerror = () => reject(new ApiError(0, "Network error while uploading"));
    xhr.send(body);
  });
}
