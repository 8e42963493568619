/** Words and colours of the payments dashboard. */
import { brandName } from "../../../../../domain/card-brand"
import { UNKNOWN_CARD_BRAND } from "../../../../../api/admin/gateway/schemas/dashboard"

const PROVIDERS: Record<string, string> = {
  pp_gateway_card: "Card",
  pp_gateway_hosted: "Hosted page",
  pp_gateway_apm: "APM",
}

export const providerLabel = (id: string) => PROVIDERS[id] ?? id
export const brandLabel = (brand: string) =>
  brand === UNKNOWN_CARD_BRAND ? "Unknown (hosted page, APM)" : brandName(brand)

/** A share as a percentage with one decimal ("-" without a base). */
export const percent = (rate: number | null | undefined, digits = 1) =>
  rate === null || rate === undefined ? "-" : `${(rate * 100).toFixed(digits)} %`

/** "2026-11-03" → "3 Nov" (the day is UTC's, shown as it is). */
export const shortDay = (date: string) =>
  new Date(`${date}T00:00:00Z`).toLocaleDateString("en-GB", { day: "numeric", month: "short", timeZone: "UTC" })

/** Medusa's own tokens, so the charts follow the admin's theme (light or dark). */
export const COLOURS = {
  approved: "var(--tag-green-icon)",
  declined: "var(--tag-red-icon)",
  open: "var(--tag-neutral-icon)",
  rate: "var(--tag-blue-icon)",
  passed: "var(--tag-green-icon)",
  failed: "var(--tag-red-icon)",
  notFinished: "var(--tag-orange-icon)",
  captured: "var(--tag-blue-icon)",
  refunded: "var(--tag-orange-icon)",
  chargedBack: "var(--tag-red-icon)",
  grid: "var(--border-base)",
  axis: "var(--fg-muted)",
}

/**
 * Four equal steps from 0 to at least `max`, each step 1, 2, 2.5 or 5 times a power of ten (a whole number for
 * counts), so a chart's grid lines fall on round values at equal distances.
 */
export function evenTicks(max: number, whole = true): number[] {
  const raw = Math.max(max, whole ? 4 : 0) / 4 || 1
  const power = 10 ** Math.floor(Math.log10(raw))
  const step = [1, 2, 2.5, 5, 10].map((m) => m * power).find((s) => s >= raw && (!whole || Number.isInteger(s)))!
  return [0, 1, 2, 3, 4].map((i) => Number((i * step).toPrecision(12)))
}
