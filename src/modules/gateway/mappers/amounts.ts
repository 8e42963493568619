import { toGatewayAmount } from "../../../lib/gateway"

/**
 * A gateway amount (answers carry JSON numbers such as 10000 or 12.5) as decimal text with the currency's
 * exponent ("10000.00"). JSON numbers are parsed through their shortest text, so no float arithmetic happens;
 * half-even only matters if the gateway ever sent more decimals than the currency has.
 */
export function decimalAmount(
  value: number | string | null | undefined,
  currency: string | null | undefined
): string | null {
  if (value === null || value === undefined || value === "" || !currency) return null
  return toGatewayAmount(String(value), currency, { rounding: "half-even", allowNegative: true })
}

/** Gateway date-time text ("2026-11-22 10:00:00" or ISO 8601) as a Date, or null when absent or unreadable. */
export function dateOrNull(value: string | null | undefined): Date | null {
  if (!value) return null
  const d = new Date(/^\d{4}-\d{2}-\d{2} \d/.test(value) ? value.replace(" ", "T") + "Z" : value)
  return Number.isNaN(d.getTime()) ? null : d
}
