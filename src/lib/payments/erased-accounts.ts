/**
 * What an erasure keeps of the accounts, in the words the desk's erase dialogs and the records use
 * (docs/payments.md, "Keeping the records"; netlify/lib/payments/records-erasure.ts does it).
 * Browser-safe: no Node APIs.
 */

/**
 * Years an erased customer's accounts are kept after the end of the tax year (5 April) of the job's
 * latest record, and a guarantee's record after its term ends. The privacy policy states it
 * ({ACCOUNTS_KEPT_YEARS}) and the retention job deletes by it.
 */
export const ACCOUNTS_KEPT_YEARS = 6;

/** The customer of an erased lead's invoices, receipts, refunds and guarantee, in every list and file. */
export const ERASED_CUSTOMER = "Erased customer";

/** Added to the erase dialogs: what stays, for how long, and without what. */
export const ERASURE_KEEPS = `Invoices, receipts and refunds stay for HMRC until ${ACCOUNTS_KEPT_YEARS} years after the tax year they belong to, as “${ERASED_CUSTOMER}”: the same numbers, amounts and dates, without the name, e-mail, phone or address (the PDFs stay as issued). A guarantee stays checkable by its number and the property's postcode until ${ACCOUNTS_KEPT_YEARS} years after it ends.`;
