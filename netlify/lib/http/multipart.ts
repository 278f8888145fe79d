/**
 * multipart/form-data parsed as a stream with busboy and hard limits. Every way a body can be wrong
 * ends in an HttpError (400, 413 or 415), never in an unhandled exception.
 */
import busboy from "busboy";
import { HttpError } from "./http-error.ts";
import { checkDeclaredLength } from "./request-body.ts";

export interface ParsedFile {
  field: string;
  filename: string;
  data: Uint8Array;
}

export interface ParsedForm {
  fields: Map<string, string[]>;
  files: ParsedFile[];
}

export interface MultipartLimits {
  /** Whole body. */
  maxBodyBytes: number;
  maxFields: number;
  maxFieldBytes: number;
  /** Field names that may carry files; a file in any other field is refused. */
  fileFields: readonly string[];
  maxFiles: number;
  maxFileBytes: number;
  /** Messages for the two limits a visitor can meet. */
  tooManyFiles: HttpError;
  fileTooLarge: HttpError;
}

const MULTIPART = /^multipart\/form-data\s*;/i;

export async function parseMultipart(req: Request, limits: MultipartLimits): Promise<ParsedForm> {
  const contentType = req.headers.get("content-type") ?? "";
  if (!MULTIPART.test(contentType)) throw new HttpError(415, "Content-Type must be multipart/form-data");
  checkDeclaredLength(req, limits.maxBodyBytes);
  if (!req.body) throw new HttpError(400, "Request body is empty");

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": contentType },
      defCharset: "utf8",
      defParamCharset: "utf8",
      // Keep folders in file names so they can be refused rather than silently cut off.
      preservePath: true,
      limits: {
        fieldNameSize: 100,
        fieldSize: limits.maxFieldBytes,
        fields: limits.maxFields,
        files: limits.maxFiles,
        fileSize: limits.maxFileBytes,
        parts: limits.maxFields + limits.maxFiles,
      },
    });
  } catch {
    throw new HttpError(400, "Malformed multipart/form-data header");
  }

  const form: ParsedForm = { fields: new Map(), files: [] };
  let failure: HttpError | null = null;
  const fail = (error: HttpError) => {
    failure ??= error;
  };

  parser.on("field", (name, value, info) => {
    if (info.nameTruncated) return fail(new HttpError(400, "Field name too long"));
    if (info.valueTruncated) return fail(new HttpError(413, `Field ${name} is too long`));
    if (value.includes("\uFFFD")) return fail(new HttpError(400, `Field ${name} is not valid UTF-8 text`));
    const values = form.fields.get(name) ?? [];
    values.push(value);
    form.fields.set(name, values);
  });

  parser.on("file", (name, stream, info) => {
    const chunks: Buffer[] = [];
    let size = 0;
    // Destroying the parser mid-file (after a refusal) errors this stream; unheard, that error
    // would be an uncaught exception that ends the whole function process.
    stream.on("error", () => fail(new HttpError(400, "Malformed multipart/form-data body")));
    if (!limits.fileFields.includes(name)) {
      fail(new HttpError(400, `Field ${name} may not carry a file`));
      stream.resume();
      return;
    }
    stream.on("data", (chunk: Buffer) => {
      size += chunk.length;
      chunks.push(chunk);
    });
    stream.on("limit", () => fail(limits.fileTooLarge));
    stream.on("end", () => {
      if (stream.truncated) return;
      form.files.push({
        field: name,
        filename: info.filename ?? "",
        data: new Uint8Array(Buffer.concat(chunks, size)),
      });
    });
  });
  parser.on("filesLimit", () => fail(limits.tooManyFiles));
  parser.on("fieldsLimit", () => fail(new HttpError(400, "Too many fields")));
  parser.on("partsLimit", () => fail(new HttpError(400, "Too many parts")));

  const finished = new Promise<void>((resolve) => {
    parser.on("close", () => resolve());
    parser.on("error", (error: unknown) => {
      fail(
        new HttpError(
          400,
          `Malformed multipart/form-data body${error instanceof Error ? `: ${error.message}` : ""}`,
        ),
      );
      resolve();
    });
  });

  let total = 0;
  const reader = req.body.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > limits.maxBodyBytes) {
        await reader.cancel().catch(() => undefined);
        throw new HttpError(413, `Request body too large: the limit is ${limits.maxBodyBytes} bytes`);
      }
      if (!parser.write(value))
        await Promise.race([new Promise((resolve) => parser.once("drain", resolve)), finished]);
      if (failure) break;
    }
  } catch (error) {
    parser.destroy();
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, "The request body could not be read");
  }
  // Set by the parser's callbacks, which the compiler cannot follow.
  if (failure) {
    parser.destroy();
    throw failure as HttpError;
  }
  parser.end();
  await finished;
  if (failure) throw failure as HttpError;
  return form;
}
