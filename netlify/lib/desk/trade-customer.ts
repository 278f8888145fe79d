/**
 * A lead marked as a trade customer (docs/payments.md, "Trade customers: the reverse charge"): a
 * VAT- and CIS-registered contractor, with their UK VAT number, whose quote, receipts and invoice
 * follow the construction domestic reverse charge. Set in the lead's transaction (its row locked)
 * and only before a quote is sent: a sent quote keeps the status it was sent with.
 */
import { TRADE_FIXED_MESSAGE, type TradeCustomer } from "../../../src/lib/proposals/reverse-charge.ts";
import { database, type Queryable } from "../database/database.ts";
import { ConflictError } from "../http/http-error.ts";

/**
 * Sets or clears (null) a lead's VAT number under its row lock, already taken by the caller. 409
 * once any quote of the lead was sent. Answers the lead's new version, or null when nothing changed.
 */
export async function setTradeCustomer(
  client: Queryable,
  leadId: string,
  vatNumber: string | null,
): Promise<number | null> {
  const { rows: sent } = await client.query(
    "SELECT 1 FROM proposals WHERE lead_id = $1 AND document IS NOT NULL LIMIT 1",
    [leadId],
  );
  if (sent.length) throw new ConflictError(TRADE_FIXED_MESSAGE);
  const { rows } = await client.query<{ version: number }>(
    `UPDATE leads SET trade_vat_number = $2, version = version + 1
      WHERE id = $1 AND trade_vat_number IS DISTINCT FROM $2 RETURNING version`,
    [leadId, vatNumber],
  );
  return rows[0]?.version ?? null;
}

/** `tradeCustomer` of GET /api/admin/contact-submissions/{id}: the VAT number, or null. */
export async function tradeCustomerOf(leadId: string): Promise<TradeCustomer | null> {
  const { rows } = await database().query<{ trade_vat_number: string | null }>(
    "SELECT trade_vat_number FROM leads WHERE id = $1",
    [leadId],
  );
  const vatNumber = rows[0]?.trade_vat_number;
  return vatNumber ? { vatNumber } : null;
}
