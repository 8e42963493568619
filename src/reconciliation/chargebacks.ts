/**
 * A chargeback the merchant lost takes the money back at the gateway; Medusa's order must then show it as
 * refunded. Each lost chargeback is booked once as a Medusa refund (reason "Chargeback", note naming the
 * dispute) through Medusa's refund workflow; the provider recognises the chargeback in the payment's data and
 * sends nothing to the gateway. Called by applyGatewayState when the order query reports the transaction
 * charged back, under the payment's lock.
 *
 * The amount: the dispute's amount as the gateway reported it (its dispute notifications are not signed, so
 * the state that triggers booking comes from the order query), capped by what Medusa still holds (captured
 * less refunded), so a merchant refund made before never leads to booking the same money twice; without a
 * reported dispute, everything Medusa still holds.
 */
import type { MedusaContainer } from "@medusajs/framework/types"
import { Modules } from "@medusajs/framework/utils"
import { refundPaymentWorkflow } from "@medusajs/medusa/core-flows"
import { AmountInput, fromMinorUnits, toMinorUnits } from "../lib/gateway"
import { ChargebackRecord, readSessionData } from "../domain"
import type GatewayModuleService from "../modules/gateway/service"

type Money = { amount?: unknown; raw_amount?: unknown }

export interface ChargebackBooking {
  changes: string[]
  discrepancy: string | null
}

export async function bookLostChargebacks(
  container: MedusaContainer,
  gatewayModule: GatewayModuleService,
  paymentId: string,
  orderNo: string
): Promise<ChargebackBooking> {
  const paymentModule = container.resolve(Modules.PAYMENT)
  const payment = await paymentModule.retrievePayment(paymentId, {
    select: ["id", "data", "currency_code"],
    relations: ["captures", "refunds"],
  })
  const ours = readSessionData(payment.data ?? undefined)
  if (!ours) return { changes: [], discrepancy: null }
  const currency = ours.currency
  const minor = (m: Money) => toMinorUnits((m.raw_amount ?? m.amount ?? 0) as AmountInput, currency, { rounding: "half-up" })
  const captured = ((payment.captures ?? []) as Money[]).reduce((s, c) => s + minor(c), 0n)
  const refunded = ((payment.refunds ?? []) as Money[]).reduce((s, r) => s + minor(r), 0n)
  let holding = captured - refunded

  const [gp] = await gatewayModule.listGatewayPayments({ order_no: orderNo })
  const lost = ((gp?.disputes as Record<string, unknown>[] | null) ?? []).filter((d) => String(d.status ?? "").toUpperCase() === "LOST" && d.dispute_id)
  const reported = lost.length
    ? lost.map((d) => ({ dispute_id: String(d.dispute_id), amount: d.amount ? String(d.amount) : null }))
    : [{ dispute_id: `chargeback-${ours.transaction_id ?? orderNo}`, amount: null }]

  const chargebacks: ChargebackRecord[] = [...ours.chargebacks]
  const notes: string[] = []
  for (const r of reported) {
    if (chargebacks.some((c) => c.dispute_id === r.dispute_id)) continue
    let amount: bigint
    try {
      amount = r.amount ? toMinorUnits(r.amount, currency, { rounding: "half-up" }) : holding
    } catch {
      amount = holding
    }
    if (amount > holding) amount = holding
    if (amount <= 0n) {
      notes.push(`chargeback ${r.dispute_id} was lost but Medusa holds nothing more on this payment (already refunded)`)
      continue
    }
    chargebacks.push({ dispute_id: r.dispute_id, amount: fromMinorUnits(amount, currency), refund_id: null })
    holding -= amount
  }
  const open = chargebacks.filter((c) => !c.refund_id)
  if (!open.length) return { changes: [], discrepancy: notes.join("; ") || null }

  // Recorded first, so the provider recognises each refund below as a chargeback and never sends it.
  await paymentModule.updatePayment({ id: payment.id, data: { ...payment.data, chargebacks } } as { id: string })
  const reasonId = await chargebackReasonId(container)
  const changes: string[] = []
  for (const c of open) {
    await refundPaymentWorkflow(container).run({
      input: {
        payment_id: payment.id,
        amount: Number(c.amount),
        note: `Chargeback ${c.dispute_id} lost at the gateway: the money was taken back`,
        ...(reasonId ? { refund_reason_id: reasonId } : {}),
      },
    })
    changes.push(`chargeback ${c.dispute_id} booked as a refund of ${c.amount} ${currency}`)
  }
  return { changes, discrepancy: notes.join("; ") || null }
}

/** Medusa's refund reason "Chargeback", created once; null when the store's refund reasons cannot be used. */
async function chargebackReasonId(container: MedusaContainer): Promise<string | null> {
  const paymentModule = container.resolve(Modules.PAYMENT) as unknown as {
    listRefundReasons(f: Record<string, unknown>): Promise<{ id: string }[]>
    createRefundReasons(d: Record<string, unknown>): Promise<{ id: string }>
  }
  try {
    const [existing] = await paymentModule.listRefundReasons({ code: "chargeback" })
    if (existing) return existing.id
    return (await paymentModule.createRefundReasons({ label: "Chargeback", code: "chargeback", description: "The gateway took the money back after a lost dispute" })).id
  } catch {
    return null
  }
}
