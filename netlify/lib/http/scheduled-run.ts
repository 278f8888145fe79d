/**
 * How every scheduled function answers: 200 with a JSON summary of counts and flags (what the run
 * did, e.g. `{ "erased": 2 }`), or, when the run failed, the one error response (toErrorResponse:
 * 503 for a storage outage, else 500), logged by where it happened and the kind of error only,
 * never with a visitor's data. Nobody reads the answer but the platform's log, `npm start`'s local
 * scheduler and the tests; one shape keeps them alike.
 */
import { json } from "./responses.ts";
import { toErrorResponse } from "./http-error.ts";

/** What a run did, in numbers and flags: no ids, names or addresses. */
export type RunSummary<S> = { readonly [K in keyof S]: number | boolean };

/** Runs `work` as the scheduled task `task` and answers as every scheduled function does. */
export async function scheduledRun<S extends RunSummary<S>>(
  task: string,
  work: () => Promise<S>,
): Promise<Response> {
  try {
    return json(await work());
  } catch (error) {
    return toErrorResponse(error, task);
  }
}
