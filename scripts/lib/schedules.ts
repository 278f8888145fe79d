/**
 * The scheduled functions of netlify/functions and their `config.schedule`, and a cron matcher for
 * the forms they use, so `npm start` can call each one on its schedule: the Netlify CLI serves
 * scheduled functions but never runs them by itself. Times are UTC, as on the platform.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";

export interface ScheduledFunction {
  name: string;
  schedule: string;
}

const SHORTHANDS: Record<string, string> = {
  "@yearly": "0 0 1 1 *",
  "@annually": "0 0 1 1 *",
  "@monthly": "0 0 1 * *",
  "@weekly": "0 0 * * 0",
  "@daily": "0 0 * * *",
  "@midnight": "0 0 * * *",
  "@hourly": "0 * * * *",
};

/** Every function in `directory` whose config has a schedule, by file name. */
export function scheduledFunctions(directory: string): ScheduledFunction[] {
  return readdirSync(directory)
    .filter((file) => /\.m?[jt]s$/.test(file))
    .flatMap((file) => {
      const source = readFileSync(join(directory, file), "utf8");
      const schedule = /\bschedule:\s*["']([^"']+)["']/.exec(source)?.[1];
      return schedule ? [{ name: file.replace(/\.m?[jt]s$/, ""), schedule }] : [];
    });
}

/** Whether one cron field (`*`, `*\/n`, `a`, `a-b`, `a-b/n`, lists of them) admits `value`. */
function fieldMatches(field: string, value: number, min: number, max: number): boolean {
  return field.split(",").some((part) => {
    const match = /^(\*|(\d+)(?:-(\d+))?)(?:\/(\d+))?$/.exec(part);
    if (!match) throw new Error(`Unsupported cron field: ${field}`);
    const [, range, from, to, step] = match;
    const low = range === "*" ? min : Number(from);
    const high = range === "*" ? max : to !== undefined ? Number(to) : step ? max : low;
    const every = step ? Number(step) : 1;
    return value >= low && value <= high && (value - low) % every === 0;
  });
}

/** Whether the cron expression (5 fields or a shorthand like @daily) fires at `date`'s minute, UTC. */
export function cronMatches(expression: string, date: Date): boolean {
  const fields = (SHORTHANDS[expression.trim()] ?? expression).trim().split(/\s+/);
  if (fields.length !== 5) throw new Error(`Unsupported schedule: ${expression}`);
  const [minute, hour, day, month, weekday] = fields as [string, string, string, string, string];
  const dayMatches = fieldMatches(day, date.getUTCDate(), 1, 31);
  const weekdayMatches =
    fieldMatches(weekday, date.getUTCDay(), 0, 7) ||
    (date.getUTCDay() === 0 && fieldMatches(weekday, 7, 0, 7));
  // As in cron: when both day fields are restricted, either may match.
  const days = day !== "*" && weekday !== "*" ? dayMatches || weekdayMatches : dayMatches && weekdayMatches;
  return (
    fieldMatches(minute, date.getUTCMinutes(), 0, 59) &&
    fieldMatches(hour, date.getUTCHours(), 0, 23) &&
    fieldMatches(month, date.getUTCMonth() + 1, 1, 12) &&
    days
  );
}
