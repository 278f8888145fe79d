/**
 * How hard a password is to guess: zxcvbn's score with its common-password dictionaries and keyboard
 * graphs. Loaded only where a password is judged (netlify/lib/admin/secrets.ts, judgeAdminPassword).
 */
import { ZxcvbnFactory } from "@zxcvbn-ts/core";
import { adjacencyGraphs, dictionary } from "@zxcvbn-ts/language-common";

let strength: ZxcvbnFactory | undefined;
const scores = new Map<string, number>();

/** The password's strength score (0-4), worked out once per process (the dictionaries take a moment). */
export function passwordScore(password: string): number {
  let score = scores.get(password);
  if (score === undefined) {
    strength ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
    score = strength.check(password).score;
    scores.clear();
    scores.set(password, score);
  }
  return score;
}
