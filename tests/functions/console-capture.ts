import { afterAll, beforeAll, vi } from "vitest";

/**
 * For a file whose tests read what the functions log, called at its top after the file's other
 * `beforeAll`: every console call of the file's run, one line each, kept rather than printed.
 */
export function captureConsole(): string[] {
  const logged: string[] = [];
  beforeAll(() => {
    for (const level of ["log", "info", "warn", "error"] as const) {
      vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
        logged.push(args.map(String).join(" "));
      });
    }
  });
  afterAll(() => vi.restoreAllMocks());
  return logged;
}
