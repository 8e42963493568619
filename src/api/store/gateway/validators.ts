import { z } from "@medusajs/framework/zod"

const digits = (name: string, pattern: RegExp, rule: string) =>
  z.preprocess((v) => (typeof v === "string" ? v.replace(/[\s-]/g, "") : v), z.string({ error: `${name} must be a string` }).regex(pattern, `${name} ${rule}`))

/** Browser and device data for 3-D Secure and risk checks; all optional. */
export const BrowserDataSchema = z
  .object({
    user_agent: z.string().max(500).optional(),
    accept: z.string().max(500).optional(),
    browser_lang: z.string().max(50).optional(),
    time_zone: z.string().max(50).optional(),
    resolution: z.string().max(50).optional(),
    color_depth: z.string().max(10).optional(),
    os: z.string().max(100).optional(),
    browser: z.string().max(100).optional(),
    device_fingerprint: z.string().max(500).optional(),
    session_id: z.string().max(200).optional(),
    challenge_window_size: z.string().max(10).optional(),
  })
  .strict()

/** POST /store/gateway/payment-sessions/:id/card. Error messages name the field and never echo a value. */
export const StoreGatewayCardSchema = z
  .object({
    card: z
      .object({
        number: digits("card.number", /^\d{12,19}$/, "must be 12 to 19 digits"),
        exp_month: digits("card.exp_month", /^(0[1-9]|1[0-2])$/, "must be two digits 01-12"),
        exp_year: digits("card.exp_year", /^\d{4}$/, "must be four digits"),
        cvv: digits("card.cvv", /^\d{3,4}$/, "must be 3 or 4 digits"),
        holder_name: z.string().max(100).optional(),
      })
      .strict()
      .refine(
        (c) => {
          const now = new Date()
          const y = Number(c.exp_year)
          const m = Number(c.exp_month)
          return y > now.getUTCFullYear() || (y === now.getUTCFullYear() && m >= now.getUTCMonth() + 1)
        },
        { message: "card.exp_year/exp_month: the card has expired", path: ["exp_year"] }
      ),
    browser: BrowserDataSchema.optional(),
  })
  .strict()
export type StoreGatewayCard = z.infer<typeof StoreGatewayCardSchema>

export const StoreGatewayPaymentMethodsSchema = z.object({ cart_id: z.string().min(1) }).strict()
export type StoreGatewayPaymentMethods = z.infer<typeof StoreGatewayPaymentMethodsSchema>

