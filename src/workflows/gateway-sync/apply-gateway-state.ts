/**
 * Moves Medusa to what the gateway says about one payment session (order_no = session id). The one place used
 * by the notification processor, the order-sync job and the review route, so that all three agree.
 *
 * Forward only: a payment is never moved back (a late "authorized" for a captured payment changes nothing).
 * Medusa's own workflows and module methods make every change; a difference that cannot be resolved safely
 * (e.g. a refund made outside Medusa) is reported as a discrepancy, never guessed.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { cancelOrderWorkflow, processPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { fromGatewayAmount, redact, TransactionRecord } from "../../lib/gateway"
import { GATEWAY_MODULE } from "../../modules/gateway"
import type GatewayModuleService from "../../modules/gateway/service"
import { GatewayState, stateOfRecord } from "../../providers/gateway/core/status"

export interface ApplyResult {
  order_no: string
  state: GatewayState
  /** What changed in Medusa, in words; empty when nothing had to. */
  changes: string[]
  discrepancy: string | null
}

const CAPTURED: GatewayState[] = ["captured", "partially_refunded", "refunded"]

export async function applyGatewayState(
  container: MedusaContainer,
  orderNo: string,
  record: TransactionRecord | null,
  extra: { risk?: { action?: string | null; score?: string | null; reasons?: unknown } | null; review_status?: string | null } = {}
): Promise<ApplyResult> {
  const paymentModule = container.resolve(Modules.PAYMENT)
  const query = container.resolve(ContainerRegistrationKeys.QUERY)
  const locking = container.resolve(Modules.LOCKING)
  const gatewayModule = container.resolve<GatewayModuleService>(GATEWAY_MODULE)
  const state: GatewayState = record ? stateOfRecord(record) : "not_found"
  const changes: string[] = []
  let discrepancy: string | null = null

  // A notification and a job run may handle the same session at once.
  return locking.execute(`gateway:payment:${orderNo}`, async () => {
    const [session] = await paymentModule.listPaymentSessions({ id: [orderNo] }, { relations: ["payment"] })
    if (!session || !session.provider_id.startsWith("pp_gateway_")) {
      return { order_no: orderNo, state, changes, discrepancy: session ? null : "no Medusa payment session has this order number" }
    }
    const payment = session.payment ?? null
    const amount = record?.amount && record.currency ? fromGatewayAmount(record.amount, record.currency) : Number(session.amount)

    const { data: links } = await query.graph({
      entity: "cart_payment_collection",
      fields: ["cart_id"],
      filters: { payment_collection_id: session.payment_collection_id },
    })
    const cartId = (links[0] as { cart_id?: string } | undefined)?.cart_id ?? null
    let orderId: string | null = null
    if (cartId) {
      const { data: orders } = await query.graph({ entity: "order_cart", fields: ["order_id"], filters: { cart_id: cartId } })
      orderId = (orders[0] as { order_id?: string } | undefined)?.order_id ?? null
    }

    if (state === "authorized" || CAPTURED.includes(state)) {
      const captured = CAPTURED.includes(state)
      if (!payment || (captured && !payment.captured_at)) {
        // Medusa's own path for a payment the provider confirmed: authorises the session, completes the cart
        // into an order when the shopper never came back, and captures when the gateway captured.
        await processPaymentWorkflow(container).run({
          input: { action: captured ? "captured" : "authorized", data: { session_id: orderNo, amount } },
        })
        changes.push(!payment ? `authorized${captured ? " and captured" : ""}${orderId ? "" : " (order created)"}` : "captured")
      }
      if (payment?.canceled_at) discrepancy = `the gateway says ${state} but Medusa's payment is canceled`
    } else if (state === "canceled") {
      if (payment && !payment.canceled_at && !payment.captured_at) {
        await paymentModule.cancelPayment(payment.id)
        changes.push("payment canceled")
      } else if (payment?.captured_at) {
        discrepancy = "the gateway says canceled but Medusa's payment is captured"
      } else if (!payment && session.status !== "canceled") {
        await paymentModule.updatePaymentSession({
          id: session.id,
          amount: session.amount,
          currency_code: session.currency_code,
          data: { ...session.data, gateway_state: "canceled" },
          status: "canceled",
        })
        changes.push("session canceled")
      }
    } else if (state === "failed") {
      if (payment) {
        discrepancy = payment.captured_at ? "the gateway says failed but Medusa's payment is captured" : null
        if (!payment.captured_at && !payment.canceled_at) {
          await paymentModule.cancelPayment(payment.id)
          changes.push("payment canceled (failed at the gateway)")
        }
      } else if (session.status !== "error") {
        await paymentModule.updatePaymentSession({
          id: session.id,
          amount: session.amount,
          currency_code: session.currency_code,
          data: { ...session.data, gateway_state: "failed", outcome_unknown: false, issuer_url: null },
          status: "error",
        })
        changes.push("session failed")
        // An order created while the payment was held for review has nothing to pay it now.
        if (orderId) {
          await cancelOrderWorkflow(container).run({ input: { order_id: orderId } })
          changes.push("order canceled")
        }
      }
    } else if (state === "review" && session.status !== "pending_authorization" && !payment) {
      await paymentModule.updatePaymentSession({
        id: session.id,
        amount: session.amount,
        currency_code: session.currency_code,
        data: { ...session.data, gateway_state: "review", outcome_unknown: false },
        status: "pending_authorization",
      })
      changes.push("held for review")
    }

    await upsertGatewayPayment(gatewayModule, orderNo, {
      transaction_id: record?.transaction_id ?? null,
      payment_id: payment?.id ?? null,
      provider_id: session.provider_id,
      gateway_state: state,
      payment_status: record?.payment_status ?? null,
      ...(extra.risk ? { risk_action: extra.risk.action ?? null, risk_score: extra.risk.score ?? null, risk_reasons: extra.risk.reasons ?? null } : {}),
      ...(extra.review_status !== undefined ? { review_status: extra.review_status } : state === "review" ? { review_status: "held" } : {}),
      last_reconciled_at: new Date(),
      discrepancy,
    })
    if (changes.length) {
      container.resolve(ContainerRegistrationKeys.LOGGER).info(String(redact(`Gateway payment ${orderNo} is ${state}: ${changes.join(", ")}`)))
    }
    return { order_no: orderNo, state, changes, discrepancy }
  }, { timeout: 30 })
}

export async function upsertGatewayPayment(service: GatewayModuleService, orderNo: string, fields: Record<string, unknown>) {
  const [existing] = await service.listGatewayPayments({ order_no: orderNo })
  const clean = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined))
  if (existing) {
    await service.updateGatewayPayments({ id: existing.id, ...clean })
    return existing.id
  }
  const created = await service.createGatewayPayments({ order_no: orderNo, ...clean })
  return created.id
}
