/** The payout body (zod only: see ./fields.ts). */
import { z } from "zod"
import {
  payoutBeneficiarySchema,
  payoutPayerSchema,
  payoutRequestSchema,
} from "../../../../lib/gateway/acquiring/schemas/payout"
import { checkAmounts, optText } from "../../../../lib/gateway/schema-helpers"
import { amountField, currencyField } from "./fields"

export const PAYOUT_STATUSES = ["PENDING", "UNKNOWN", "PROCESSING", "COMPLETED", "FAILED"] as const
export const FEE_PAYERS = ["PAYER", "BENEFICIARY", "SHARED"] as const

/** The gateway's `/v1/payout` fields that the admin body takes as they are. */
const gateway = payoutRequestSchema.shape

/**
 * POST /admin/gateway/payouts. Field names are the gateway's; the parties (`beneficiary`, `payer`) are the
 * gateway's party schemas, so a wrong party field is refused before anything is recorded or sent.
 */
export const AdminCreatePayoutSchema = z
  .strictObject({
    /** Optional id of this payout (≤ 64): a retried request with the same id is recognised, not paid twice. */
    request_id: z
      .string()
      .regex(/^[A-Za-z0-9_.:-]{1,64}$/, "must be 1-64 letters, digits or _ . : -")
      .optional(),
    payment_amount: amountField,
    payment_currency: currencyField,
    source_amount: amountField.optional(),
    source_currency: currencyField.optional(),
    payment_date: gateway.payment_date,
    payment_method: optText(50),
    fee_paid_by: z.enum(FEE_PAYERS, { error: "must be PAYER, BENEFICIARY or SHARED" }).optional(),
    swift_charge_option: optText(50),
    fund_source: optText(50),
    reason: optText(255),
    reference: optText(255),
    beneficiary_id: optText(64),
    client_data: optText(1000),
    beneficiary: payoutBeneficiarySchema,
    payer: payoutPayerSchema.optional(),
  })
  .superRefine((v, ctx) => {
    checkAmounts(v, ctx, [
      ["payment_amount", "payment_currency"],
      ["source_amount", "source_currency"],
    ])
    if ((v.source_amount === undefined) !== (v.source_currency === undefined)) {
      ctx.addIssue({
        code: "custom",
        message: "goes with source_currency (give both or neither)",
        path: ["source_amount"],
      })
    }
  })
export type AdminCreatePayout = z.infer<typeof AdminCreatePayoutSchema>
