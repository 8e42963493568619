/** The card bodies (zod only: see ./fields.ts). */
import { z } from "zod"
import { cardCreateRequestSchema } from "../../../../lib/gateway/issuing/schemas/card"
import { amountField } from "./fields"

export const CARD_STATUSES = ["active", "blocked", "closed"] as const

/** The gateway's `/card/create` fields that the admin body takes as they are. */
const gateway = cardCreateRequestSchema.shape
const flag = z.boolean({ error: "must be true or false" }).optional()

/**
 * POST /admin/gateway/cards: `pieces` alike cards for a cardholder, each charged `charge_amount` from the
 * group (in the group's currency; its decimals are checked against the group by the workflow). Cardholder and
 * group are the plugin's record ids; the workflow sends their gateway ids.
 */
export const AdminCreateCardsSchema = z
  .strictObject({
    cardholder_id: z.string({ error: "must be a cardholder id (gwchd_...)" }).min(1),
    group_id: z.string({ error: "must be a card group id (gwgrp_...)" }).min(1),
    charge_amount: amountField,
    pieces: z
      .number({ error: "must be a whole number from 1 to 50" })
      .int("must be a whole number from 1 to 50")
      .min(1)
      .max(50)
      .default(1),
    alias: gateway.card_alias,
    start_date: gateway.start_date,
    end_date: gateway.end_date,
    /** A shared card's limit can be changed later. */
    shared: flag,
    multi_use: flag,
    currency_check: flag,
    connector_bin_id: z
      .string()
      .regex(/^\d{1,10}$/, "must be digits")
      .optional(),
  })
  .refine((v) => !v.start_date || !v.end_date || v.end_date >= v.start_date, {
    message: "must not be before start_date",
    path: ["end_date"],
  })
export type AdminCreateCards = z.infer<typeof AdminCreateCardsSchema>

/** POST /admin/gateway/cards/:id/recharge | withdraw | limit (the card's currency is checked by the workflow). */
export const AdminCardAmountSchema = z.strictObject({ amount: amountField })
export type AdminCardAmount = z.infer<typeof AdminCardAmountSchema>

/** POST with no body fields (block, activate, close, refresh, reveal). */
export const AdminEmptyBodySchema = z.strictObject({})
