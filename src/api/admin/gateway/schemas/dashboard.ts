/**
 * The payments dashboard's query (GET /admin/gateway/dashboard), shared with its admin page: a period of whole
 * days in UTC and the filters. Zod and the pure provider and card-brand tables only (the admin imports it).
 */
import { z } from "zod"
import { BRAND_NAMES } from "../../../../domain/card-brand"
import { GATEWAY_PROVIDER_IDS } from "../../../../domain/providers"

/** The longest period the dashboard shows, in days. */
export const MAX_DASHBOARD_DAYS = 366
/** The period shown when none is asked for: the last 30 days, today included. */
export const DEFAULT_DASHBOARD_DAYS = 30

/** The brand filter's word for attempts without a known brand (hosted pages, APMs). */
export const UNKNOWN_CARD_BRAND = "unknown"
export const DASHBOARD_CARD_BRANDS: [string, ...string[]] = [UNKNOWN_CARD_BRAND, ...Object.keys(BRAND_NAMES)]

const isDay = (v: string) =>
  /^\d{4}-\d{2}-\d{2}$/.test(v) && new Date(`${v}T00:00:00Z`).toISOString().slice(0, 10) === v
/** Messages name their field: Medusa's query validation answers a rule's message alone. */
const day = (field: string) =>
  z.string({ error: `${field} must be a date YYYY-MM-DD` }).refine(isDay, `${field} must be a date YYYY-MM-DD`)

/** Days from `from` to `to`, both counted. */
export const daysBetween = (from: string, to: string) =>
  Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1

export const AdminGatewayDashboardSchema = z
  .object({
    /** First day (UTC), YYYY-MM-DD; default: 29 days before `to`. */
    from: day("from").optional(),
    /** Last day (UTC), included; default: today. */
    to: day("to").optional(),
    provider_id: z
      .enum(GATEWAY_PROVIDER_IDS as [string, ...string[]], {
        error: `provider_id must be one of ${GATEWAY_PROVIDER_IDS.join(", ")}`,
      })
      .optional(),
    card_brand: z
      .enum(DASHBOARD_CARD_BRANDS, { error: `card_brand must be one of ${DASHBOARD_CARD_BRANDS.join(", ")}` })
      .optional(),
    currency: z
      .string({ error: "currency must be a three-letter currency code" })
      .regex(/^[A-Za-z]{3}$/, "currency must be a three-letter currency code")
      .transform((v) => v.toUpperCase())
      .optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to && q.from > q.to)
      ctx.addIssue({ code: "custom", path: ["from"], message: "from must be on or before to" })
    else if (q.from && q.to && daysBetween(q.from, q.to) > MAX_DASHBOARD_DAYS)
      ctx.addIssue({
        code: "custom",
        path: ["from"],
        message: `from must be at most ${MAX_DASHBOARD_DAYS} days before to`,
      })
  })
export type AdminGatewayDashboardQuery = z.infer<typeof AdminGatewayDashboardSchema>

const dayOf = (t: number) => new Date(t).toISOString().slice(0, 10)

/** The period asked for, defaults filled in (`now` for today, UTC). */
export function dashboardPeriod(
  q: Pick<AdminGatewayDashboardQuery, "from" | "to">,
  now = Date.now()
): { from: string; to: string } {
  const to =
    q.to ?? (q.from ? dayOf(Date.parse(`${q.from}T00:00:00Z`) + (DEFAULT_DASHBOARD_DAYS - 1) * 86_400_000) : dayOf(now))
  const from = q.from ?? dayOf(Date.parse(`${to}T00:00:00Z`) - (DEFAULT_DASHBOARD_DAYS - 1) * 86_400_000)
  return { from, to }
}
