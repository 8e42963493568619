import { z } from "@medusajs/framework/zod"
import { amountField, listParams, oneOrMany, ymd } from "../common-validators"

/**
 * POST /admin/gateway/cards: `pieces` alike cards for a cardholder, each charged `charge_amount` from the
 * group (in the group's currency; its exponent is checked against the group).
 */
export const AdminCreateCardsSchema = z
  .object({
    cardholder_id: z.string({ error: "cardholder_id must be a cardholder id (gwchd_...)" }).min(1),
    group_id: z.string({ error: "group_id must be a card group id (gwgrp_...)" }).min(1),
    charge_amount: amountField("charge_amount"),
    pieces: z
      .number({ error: "pieces must be an integer from 1 to 50" })
      .int("pieces must be an integer from 1 to 50")
      .min(1, "pieces must be an integer from 1 to 50")
      .max(50, "pieces must be an integer from 1 to 50")
      .default(1),
    alias: z.string().max(64, "alias must be at most 64 characters").optional(),
    start_date: ymd("start_date").optional(),
    end_date: ymd("end_date").optional(),
    /** A shared card's limit can be changed later. */
    shared: z.boolean({ error: "shared must be true or false" }).optional(),
    multi_use: z.boolean({ error: "multi_use must be true or false" }).optional(),
    currency_check: z.boolean({ error: "currency_check must be true or false" }).optional(),
    connector_bin_id: z.string().regex(/^\d{1,10}$/, "connector_bin_id must be digits").optional(),
  })
  .strict()
  .refine((v) => !v.start_date || !v.end_date || v.end_date >= v.start_date, { message: "end_date must not be before start_date", path: ["end_date"] })
export type AdminCreateCards = z.infer<typeof AdminCreateCardsSchema>

/** POST /admin/gateway/cards/:id/recharge | withdraw | limit */
export const AdminCardAmountSchema = z.object({ amount: amountField("amount") }).strict()
export type AdminCardAmount = z.infer<typeof AdminCardAmountSchema>

/** POST with no body fields (block, activate, close, refresh, reveal). */
export const AdminEmptyBodySchema = z.object({}).strict()

/** GET /admin/gateway/cards */
export const AdminListCardsSchema = listParams().extend({
  id: oneOrMany(z.string()),
  status: oneOrMany(z.enum(["active", "blocked", "closed"], { error: "status must be active, blocked or closed" })),
  cardholder_id: oneOrMany(z.string()),
  group_id: oneOrMany(z.string()),
  last4: z.string().regex(/^\d{4}$/, "last4 must be 4 digits").optional(),
  gateway_card_id: oneOrMany(z.string()),
})

export const AdminGetCardSchema = z.object({ fields: z.string().optional() })

export const CARD_FIELDS = [
  "id",
  "gateway_card_id",
  "cardholder_id",
  "gateway_cardholder_id",
  "group_id",
  "gateway_group_id",
  "alias",
  "last4",
  "expiry_month",
  "expiry_year",
  "currency",
  "charge_amount",
  "amount_limit",
  "balance",
  "card_type",
  "is_one_time",
  "status",
  "application_date",
  "valid_start_date",
  "valid_end_date",
  "request_id",
  "last_synced_at",
  "created_at",
  "updated_at",
]
