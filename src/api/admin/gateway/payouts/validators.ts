import { z } from "@medusajs/framework/zod"
import { amountField, checkExponent, currencyField, listParams, oneOrMany, ymd } from "../common-validators"

const text = (name: string, max = 255) => z.string({ error: `${name} must be a string` }).max(max, `${name} must be at most ${max} characters`)

/**
 * POST /admin/gateway/payouts. Field names are the gateway's. The parties (`beneficiary`, `payer`) are
 * objects in the gateway's shape; their fields are checked against the gateway's schema before anything is
 * recorded or sent.
 */
export const AdminCreatePayoutSchema = z
  .object({
    /** Optional id of this payout (≤ 64): a retried request with the same id is recognised, not paid twice. */
    request_id: z.string().regex(/^[A-Za-z0-9_.:-]{1,64}$/, "request_id must be 1-64 letters, digits or _ . : -").optional(),
    payment_amount: amountField("payment_amount"),
    payment_currency: currencyField("payment_currency"),
    source_amount: amountField("source_amount").optional(),
    source_currency: currencyField("source_currency").optional(),
    payment_date: ymd("payment_date").optional(),
    payment_method: text("payment_method", 50).optional(),
    fee_paid_by: z.enum(["PAYER", "BENEFICIARY", "SHARED"], { error: "fee_paid_by must be PAYER, BENEFICIARY or SHARED" }).optional(),
    swift_charge_option: text("swift_charge_option", 50).optional(),
    fund_source: text("fund_source", 50).optional(),
    reason: text("reason").optional(),
    reference: text("reference").optional(),
    beneficiary_id: text("beneficiary_id", 64).optional(),
    client_data: text("client_data", 1000).optional(),
    beneficiary: z.record(z.string(), z.unknown(), { error: "beneficiary must be an object" }),
    payer: z.record(z.string(), z.unknown(), { error: "payer must be an object" }).optional(),
  })
  .strict()
  .superRefine((v, ctx) => {
    checkExponent(v, ctx, "payment_amount", "payment_currency")
    checkExponent(v, ctx, "source_amount", "source_currency")
    if ((v.source_amount === undefined) !== (v.source_currency === undefined)) {
      ctx.addIssue({ code: "custom", message: "source_amount and source_currency go together", path: ["source_amount"] })
    }
  })
export type AdminCreatePayout = z.infer<typeof AdminCreatePayoutSchema>

const payoutStatus = z.enum(["PENDING", "UNKNOWN", "PROCESSING", "COMPLETED", "FAILED"], {
  error: "status must be PENDING, UNKNOWN, PROCESSING, COMPLETED or FAILED",
})

/** GET /admin/gateway/payouts */
export const AdminListPayoutsSchema = listParams().extend({
  id: oneOrMany(z.string()),
  status: oneOrMany(payoutStatus),
  payment_currency: oneOrMany(z.string().transform((v) => v.toUpperCase())),
  request_id: oneOrMany(z.string()),
  transaction_id: z.string().optional(),
  reference: z.string().optional(),
})

export const AdminGetPayoutSchema = z.object({ fields: z.string().optional() })

export const PAYOUT_FIELDS = [
  "id",
  "request_id",
  "status",
  "payment_amount",
  "payment_currency",
  "source_amount",
  "source_currency",
  "payment_date",
  "payment_method",
  "fee_paid_by",
  "reason",
  "reference",
  "beneficiary_id",
  "beneficiary",
  "payer",
  "amount_beneficiary_receives",
  "amount_payer_pays",
  "fee_amount",
  "fee_currency",
  "failure_reason",
  "failure_type",
  "transaction_id",
  "short_reference_id",
  "gateway_created_at",
  "gateway_updated_at",
  "last_notification_at",
  "created_by",
  "created_at",
  "updated_at",
]
