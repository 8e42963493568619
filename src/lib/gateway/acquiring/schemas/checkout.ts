/**
 * `/v1/checkout`: the hosted (redirect / iFrame) payment page. The request is the payment request without
 * card, accept and secure_payment, plus the hosted page's own fields; the answer is an HTML loading page whose
 * form (action + hidden inputs) the shopper's browser posts to the gateway.
 */
import { z } from "zod"
import { httpUrl, optText } from "../../schema-helpers"
import { LIMITS } from "./common"
import { checkPaymentAmounts, checkReturnUrl, paymentFields } from "./payment"

export const checkoutRequestSchema = z
  .strictObject({
    ...paymentFields,
    /** 1 Visa, 2 Mastercard, 3 JCB, 4 Amex, 5 Diners, 6 Maestro */
    card_type: z.enum(["1", "2", "3", "4", "5", "6"], { error: "must be one of 1 (Visa) to 6 (Maestro)" }).optional(),
    payment_method: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,50}$/, "must be a method name such as alipay")
      .optional(),
    default_lang: optText(10),
    cancel_url: httpUrl(LIMITS.return_url).optional(),
  })
  .superRefine((v, ctx) => {
    checkPaymentAmounts(v, ctx)
    checkReturnUrl(v, ctx)
  })

export type CheckoutRequest = Omit<z.input<typeof checkoutRequestSchema>, "merchant_id" | "account_id">

/** The hosted page answer: the raw HTML and its form, ready to render or auto-post. */
export interface CheckoutResult {
  /** The HTML exactly as received: unsigned; never render it in the merchant's origin (post `action` + `inputs` instead). */
  html: string
  /** The form's action URL (absolute). */
  action: string
  /** The form's method (upper case; POST in practice). */
  method: string
  /** Hidden inputs, static ones and those the page's script appends, by name. */
  inputs: Record<string, string>
  /** `gbc_id`: the gateway's one-time id of this payment page, when present. */
  gbcId: string | null
}
