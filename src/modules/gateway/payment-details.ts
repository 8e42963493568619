/**
 * The plugin's details of a payment (`gateway_payment`, one row per order_no): when the gateway last confirmed
 * the state Medusa holds, and the gateway's reason of a refused attempt for staff.
 */
import type { Knex } from "@medusajs/framework/mikro-orm/knex"
import { redact } from "../../lib/gateway"
import { GatewayDecline } from "../../domain"
import type { Crud } from "./crud"
import type { GatewayPayment } from "./models/gateway-payment"

/** The gateway's reason as it may be kept: redacted, like every text the plugin stores. */
export const redactedDecline = (d: GatewayDecline): GatewayDecline => ({
  code: String(redact(d.code)),
  message: String(redact(d.message)),
})

/** Sets `last_reconciled_at` of these payments to now in one statement (the generic update would first read every row). */
export async function markReconciled(knex: Knex, orderNos: readonly string[]): Promise<void> {
  if (!orderNos.length) return
  const now = new Date()
  await knex("gateway_payment")
    .whereIn("order_no", [...orderNos])
    .whereNull("deleted_at")
    .update({ last_reconciled_at: now, updated_at: now })
}

/** Keeps the gateway's reason of a refused payment attempt on the payment's row (created if there is none), redacted. */
export async function recordDecline(
  store: Pick<
    Crud<{ GatewayPayment: typeof GatewayPayment }>,
    "listGatewayPayments" | "updateGatewayPayments" | "createGatewayPayments"
  >,
  orderNo: string,
  decline: GatewayDecline
): Promise<void> {
  const clean = redactedDecline(decline)
  const fields = { decline_code: clean.code.slice(0, 100), decline_message: clean.message.slice(0, 1000) }
  const [existing] = await store.listGatewayPayments({ order_no: orderNo }, { select: ["id"] })
  if (existing) await store.updateGatewayPayments({ id: existing.id, ...fields })
  else await store.createGatewayPayments({ order_no: orderNo, ...fields })
}
