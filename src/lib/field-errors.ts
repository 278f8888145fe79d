/**
 * The `fieldErrors` of docs/http-contract.md from a schema's issues. Takes the issues' shape only, so the functions
 * that import it do not load zod for it. Browser-safe.
 */
export interface SchemaIssue {
  path: readonly PropertyKey[];
  message: string;
}

/** `{ field: [messages] }`; issues about the whole body go under `body`. */
export function fieldErrorsOf(error: { issues: readonly SchemaIssue[] }): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const issue of error.issues) {
    const key = issue.path.map(String).join(".") || "body";
    (out[key] ??= []).push(issue.message);
  }
  return out;
}
