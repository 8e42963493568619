import { z } from "@medusajs/framework/zod"
import { isCardExpired } from "../../../domain/saved-cards"

const digits = (name: string, pattern: RegExp, rule: string) =>
  z.preprocess(
    (v) => (typeof v === "string" ? v.replace(/[\s-]/g, "") : v),
    z.string({ error: `${name} must be a string` }).regex(pattern, `${name} ${rule}`)
  )

/** The session's cart: Medusa's guest credential for paying into it (the card route and its grant both ask for it). */
const cartIdField = z
  .string({ error: "cart_id is required (the id of the cart this payment session pays)" })
  .min(1, "cart_id is required (the id of the cart this payment session pays)")
  .max(100, "cart_id must be at most 100 characters")

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

const CardSchema = z
  .object({
    number: digits("card.number", /^\d{12,19}$/, "must be 12 to 19 digits"),
    exp_month: digits("card.exp_month", /^(0[1-9]|1[0-2])$/, "must be two digits 01-12"),
    exp_year: digits("card.exp_year", /^\d{4}$/, "must be four digits"),
    cvv: digits("card.cvv", /^\d{3,4}$/, "must be 3 or 4 digits"),
    holder_name: z.string().max(100).optional(),
  })
  .strict()
  .refine((c) => !isCardExpired(c.exp_month, c.exp_year), {
    message: "card.exp_year/exp_month: the card has expired",
    path: ["exp_year"],
  })

/**
 * POST /store/gateway/payment-sessions/:id/card: the session's `cart_id` (Medusa's guest credential: a session
 * id alone does not let anyone pay into it), and a typed `card` (with `save_card: true` to save it for the
 * logged-in customer) or a `saved_card_id` of theirs (with `security_code` when the store asks for it).
 * Error messages name the field and never echo a value.
 */
export const StoreGatewayCardSchema = z
  .object({
    cart_id: cartIdField,
    card: CardSchema.optional(),
    save_card: z.boolean({ error: "save_card must be true or false" }).optional(),
    saved_card_id: z
      .string({ error: "saved_card_id must be a string" })
      .regex(/^gwsc_[A-Za-z0-9]{1,60}$/, "saved_card_id must be the id of a saved card (gwsc_...)")
      .optional(),
    security_code: digits("security_code", /^\d{3,4}$/, "must be 3 or 4 digits").optional(),
    browser: BrowserDataSchema.optional(),
    card_grant: z
      .string({ error: "card_grant must be a string" })
      .min(1)
      .max(1000, "card_grant must be at most 1000 characters")
      .optional(),
  })
  .strict()
  .superRefine((b, ctx) => {
    if (b.card_grant && !b.card)
      ctx.addIssue({
        code: "custom",
        path: ["card_grant"],
        message: "card_grant: goes with a typed card (a saved card needs the customer's own auth)",
      })
    if (!b.card === !b.saved_card_id) {
      ctx.addIssue({ code: "custom", path: ["card"], message: "card or saved_card_id: send exactly one of them" })
    }
    if (b.save_card && !b.card)
      ctx.addIssue({ code: "custom", path: ["save_card"], message: "save_card: goes with a typed card" })
    if (b.security_code && !b.saved_card_id) {
      ctx.addIssue({
        code: "custom",
        path: ["security_code"],
        message: "security_code: goes with saved_card_id (a typed card has card.cvv)",
      })
    }
  })
export type StoreGatewayCard = z.infer<typeof StoreGatewayCardSchema>

export const StoreGatewayCardGrantSchema = z
  .object({
    cart_id: cartIdField,
  })
  .strict()
export type StoreGatewayCardGrant = z.infer<typeof StoreGatewayCardGrantSchema>

export const StoreGatewayPaymentMethodsSchema = z.object({ cart_id: z.string().min(1) }).strict()
export type StoreGatewayPaymentMethods = z.infer<typeof StoreGatewayPaymentMethodsSchema>
