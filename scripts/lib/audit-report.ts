/**
 * Reading `npm audit --json` (scripts/audit-deps.ts): the advisories by severity, or why there is no
 * report (the registry's advisory database could not be asked).
 */
export const SEVERITIES = ["critical", "high", "moderate", "low", "info"] as const;
export type Severity = (typeof SEVERITIES)[number];

export type AuditOutcome =
  | { kind: "checked"; counts: Record<Severity, number>; failing: string[]; other: string[] }
  | { kind: "unreachable"; reason: string };

interface AuditReport {
  vulnerabilities?: Record<string, { severity?: string; range?: string }>;
  metadata?: { vulnerabilities?: Partial<Record<Severity, number>> };
  message?: string;
  error?: { code?: string; summary?: string; detail?: string };
}

/** What `npm audit --json` answered: a report, or why there is none. */
export function judgeAudit(stdout: string, stderr = ""): AuditOutcome {
  let report: AuditReport;
  try {
    report = JSON.parse(stdout) as AuditReport;
  } catch {
    const line = stderr.split("\n").find((l) => l.trim()) ?? "no answer";
    return { kind: "unreachable", reason: line.replace(/^npm (error|warn) /, "").trim() };
  }
  if (!report.metadata?.vulnerabilities) {
    const reason =
      report.error?.summary || report.error?.code || report.message || "the answer was not an audit report";
    return { kind: "unreachable", reason: reason.split("\n")[0]!.trim() };
  }
  const counts = Object.fromEntries(
    SEVERITIES.map((severity) => [severity, report.metadata!.vulnerabilities![severity] ?? 0]),
  ) as Record<Severity, number>;
  const entries = Object.entries(report.vulnerabilities ?? {}).map(
    ([name, v]) =>
      [`${name} (${v.severity ?? "unknown"}${v.range ? `, ${v.range}` : ""})`, v.severity] as const,
  );
  const isFailing = (severity: string | undefined) => severity === "high" || severity === "critical";
  return {
    kind: "checked",
    counts,
    failing: entries.filter(([, severity]) => isFailing(severity)).map(([label]) => label),
    other: entries.filter(([, severity]) => !isFailing(severity)).map(([label]) => label),
  };
}
