/** Display helpers shared by the widget and the pages. */

export const dash = "-"

export function formatDate(value?: string | Date | null): string {
  if (!value) return dash
  const d = new Date(value)
  if (Number.isNaN(d.getTime())) return String(value)
  return d.toLocaleString(undefined, {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "2-digit",
    minute: "2-digit",
  })
}

/** Amounts arrive as decimal text in major units ("100.50"): shown as they are, with the currency. */
export function formatAmount(amount?: string | number | null, currency?: string | null): string {
  if (amount === null || amount === undefined || amount === "") return dash
  return `${amount} ${(currency ?? "").toUpperCase()}`.trim()
}

/** Keeps the last 4 characters of a sensitive value (account numbers, IBANs). */
export function maskTail(value?: unknown): string {
  if (value === null || value === undefined || value === "") return dash
  const s = String(value)
  return s.length <= 4 ? "••••" : `•••• ${s.slice(-4)}`
}

export function errorMessage(error: unknown): string {
  if (!error) return "Unknown error"
  if (typeof error === "string") return error
  const e = error as { message?: string }
  return e.message || "Unknown error"
}

export function humanize(value?: string | null): string {
  if (!value) return dash
  const s = value.replace(/_/g, " ").toLowerCase()
  return s.charAt(0).toUpperCase() + s.slice(1)
}

/** "PROCESSING" → "Processing" (the payouts' statuses are capitals). */
export const titleCase = (value: string) => value.charAt(0) + value.slice(1).toLowerCase()

/** A payout party's name: the company's, or the person's first and last names. */
export function partyName(
  party?: { company_name?: string | null; first_name?: string | null; last_name?: string | null } | null
): string {
  if (!party) return dash
  return party.company_name || [party.first_name, party.last_name].filter(Boolean).join(" ") || dash
}

/** A subscription's period: "Every month", "Every 2 weeks". */
export function intervalText(interval: string, count = 1): string {
  return count > 1 ? `Every ${count} ${interval}s` : `Every ${interval}`
}

/** A card group as its toasts name it: its gateway id and balance ("7001: 500.00 USD"). */
export const groupText = (group: { gateway_group_id: string; balance?: string | null; currency: string }) =>
  `${group.gateway_group_id}: ${group.balance ?? "-"} ${group.currency}`
