import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { HttpError, toErrorResponse } from "../lib/http/http-error.ts";
import { recordAudit } from "../lib/admin/audit-store.ts";
import { listInvoices, moneyCsv } from "../lib/payments/money-desk.ts";
import { isCalendarDate } from "../../src/lib/visits/london-time.ts";

const METHODS = ["GET"];

function day(url: URL, name: string): string | undefined {
  const value = url.searchParams.get(name);
  if (value === null || value === "") return undefined;
  if (!isCalendarDate(value)) throw new HttpError(400, `${name} must be a date written YYYY-MM-DD`);
  return value;
}

/**
 * GET /api/admin/invoices?from=&to=: the invoices issued in the range (docs/payments.md);
 * `format=csv` the accountant's CSV of invoices and payments, whose download the activity log records.
 */
export default async (req: Request) => {
  try {
    const session = await requireAdmin(req, METHODS);
    const url = new URL(req.url);
    const from = day(url, "from");
    const to = day(url, "to");
    if (url.searchParams.get("format") === "csv") {
      const csv = await moneyCsv(from, to);
      await recordAudit("export", { session: session.tag });
      return new Response(csv, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="invoices-and-payments${from ? `-from-${from}` : ""}${to ? `-to-${to}` : ""}.csv"`,
          "Cache-Control": "no-store",
        },
      });
    }
    return json(await listInvoices(from, to));
  } catch (error) {
    return toErrorResponse(error, "admin-invoices");
  }
};

export const config: Config = { path: "/api/admin/invoices" };
