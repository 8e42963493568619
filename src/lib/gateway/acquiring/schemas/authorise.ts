/**
 * `/v1/authorise`: the direct card payment and the APM payment (same endpoint with `payment_method`), and
 * its XML answer `respon`.
 */
import { z } from "zod"
import { luhnValid } from "../../redact"
import { optText, resText } from "../../schema-helpers"
import { LIMITS } from "./common"
import { checkPaymentAmounts, checkReturnUrl, paymentFields } from "./payment"

/**
 * Card fields of the direct payment, as the public docs' direct-payment sample names them: card (the PAN),
 * expiration_month (2 digits), expiration_year (4 digits), security_code (3–4 digits).
 */
export const cardFields = {
  /** "" with `token_id`: a payment with a stored card sends its token and leaves the card empty (gateway notes). */
  card: z
    .string()
    .superRefine((v, ctx) => {
      if (v === "") return
      if (!/^\d{12,19}$/.test(v) || v.length > LIMITS.card)
        ctx.addIssue({ code: "custom", message: "must be 12 to 19 digits" })
      else if (!luhnValid(v)) ctx.addIssue({ code: "custom", message: "must be a valid card number (Luhn check)" })
    })
    .optional(),
  expiration_month: z
    .string()
    .regex(/^(0[1-9]|1[0-2])$/, "must be 2 digits 01-12")
    .optional(),
  expiration_year: z
    .string()
    .regex(/^\d{4}$/, "must be 4 digits")
    .optional(),
  security_code: z
    .string()
    .regex(/^\d{3,4}$/, "must be 3 or 4 digits")
    .optional(),
}

export const authoriseRequestSchema = z
  .strictObject({
    ...paymentFields,
    ...cardFields,
    accept: optText(),
    secure_payment: optText(),
  })
  .superRefine((v, ctx) => {
    checkPaymentAmounts(v, ctx)
    checkReturnUrl(v, ctx)
    if (!v.card && !v.token_id) {
      ctx.addIssue({ code: "custom", path: ["card"], message: "is required (or token_id for a stored card)" })
    }
    if (v.card) {
      for (const f of ["expiration_month", "expiration_year", "security_code"] as const) {
        if (!v[f]) ctx.addIssue({ code: "custom", path: [f], message: "is required with card" })
      }
    }
  })

export const authoriseApmRequestSchema = z
  .strictObject({
    ...paymentFields,
    payment_method: z.string().regex(/^[A-Za-z0-9_-]{1,50}$/, "must be a method name such as alipay"),
  })
  .superRefine((v, ctx) => {
    checkPaymentAmounts(v, ctx)
    checkReturnUrl(v, ctx)
  })

/** What the caller passes for a direct card payment (the client adds merchant_id, account_id, encryption_data). */
export type AuthoriseRequest = Omit<z.input<typeof authoriseRequestSchema>, "merchant_id" | "account_id">
/** What the caller passes for an APM payment. */
export type AuthoriseApmRequest = Omit<z.input<typeof authoriseApmRequestSchema>, "merchant_id" | "account_id">

export const riskReasonSchema = z.object({ name: z.string(), status: z.string() })

/** The direct-payment answer (XML root `respon`), after XML parsing into text values. */
export const authoriseResponseSchema = z.looseObject({
  merchant_id: z.string(),
  account_id: z.string(),
  order_no: z.string(),
  amount: resText,
  currency: resText,
  transaction_id: resText,
  card: resText,
  order_status: z.string().min(1),
  result_info: z.string(),
  contract_name: resText,
  recurring_id: resText,
  recurring_deduction_period: resText,
  recurring_deduction_time: z
    .string()
    .regex(/^(\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2})?$/, "must be YYYY-MM-DD hh:mm:ss")
    .nullish(),
  note: resText,
  token_id: resText,
  connector: resText,
  threeds_result: resText,
  risk_action: resText,
  risk_score: resText,
  risk_reasons: z.array(riskReasonSchema).default([]),
  issuer_url: resText,
  encryption_data: resText,
})
export type AuthoriseResponse = z.output<typeof authoriseResponseSchema>

/** How a direct/APM payment came out, from `order_status` (mapping configurable in the client options). */
export type PaymentOutcome = "approved" | "declined" | "pending" | "review" | "unknown"

export interface AuthoriseResult extends AuthoriseResponse {
  /** order_status read through the client's status table. */
  outcome: PaymentOutcome
  /** result_info split into code and message (`0000:Success` → { code: "0000", message: "Success" }). */
  result: { code: string; message: string } | null
}
