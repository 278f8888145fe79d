import type { Config } from "@netlify/functions";
import { requireAdmin } from "../lib/admin/auth.ts";
import { json } from "../lib/http/responses.ts";
import { HttpError, toErrorResponse } from "../lib/http/http-error.ts";
import { recordAudit } from "../lib/admin/audit-store.ts";
import { listInvoices, moneyCsv, paymentsCsv } from "../lib/payments/money-desk.ts";
import { xeroCsv } from "../lib/payments/xero-invoices.ts";
import { isCalendarDate } from "../../src/lib/visits/london-time.ts";

const METHODS = ["GET"];

function day(url: URL, name: string): string | undefined {
  const value = url.searchParams.get(name);
  if (value === null || value === "") return undefined;
  if (!isCalendarDate(value)) throw new HttpError(400, `${name} must be a date written YYYY-MM-DD`);
  return value;
}

/** The accountant's two files: what each is called when downloaded and in the activity log. */
const FILES = {
  csv: { name: "invoices-and-payments", audit: "accounts-csv-export", make: moneyCsv },
  xero: { name: "invoices-for-xero", audit: "accounts-xero-export", make: xeroCsv },
  payments: { name: "payments", audit: "accounts-payments-export", make: paymentsCsv },
} as const;

/**
 * GET /api/admin/invoices?from=&to=: the invoices issued in the range (docs/payments.md);
 * `format=csv` the accountant's CSV of invoices and payments, `format=xero` the invoices in Xero's
 * import layout, `format=payments` the payments and refunds for the bank statement; the activity log
 * records each download by name.
 */
export default async (req: Request) => {
  try {
    const session = await requireAdmin(req, METHODS);
    const url = new URL(req.url);
    const from = day(url, "from");
    const to = day(url, "to");
    const format = url.searchParams.get("format");
    if (format !== null && format !== "csv" && format !== "xero" && format !== "payments")
      throw new HttpError(400, "format must be csv, xero or payments");
    if (format) {
      const file = FILES[format];
      const csv = await file.make(from, to);
      await recordAudit(file.audit, { session: session.tag });
      return new Response(csv, {
        headers: {
          "Content-Type": "text/csv; charset=utf-8",
          "Content-Disposition": `attachment; filename="${file.name}${from ? `-from-${from}` : ""}${to ? `-to-${to}` : ""}.csv"`,
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
