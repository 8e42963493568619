/**
 * Refund, with `refund_reference` = Medusa's refund id. A definite refusal or failure is an error (Medusa then
 * deletes its refund); a lost answer the refund search cannot settle is recorded as unknown and left to the
 * refund sync, never guessed either way. A lost chargeback the order sync books as a refund is recorded without
 * a request: the gateway already took the money back.
 */
import { MedusaError } from "@medusajs/framework/utils"
import { GatewayOutcomeUnknownError, redact, toMinorUnits } from "../../../lib/gateway"
import { GatewaySessionData, RefundRecord, refundStatusOf, describeEntry, toMedusaError } from "../../../domain"
import { SessionGateway } from "./session-gateway"

export async function refund(gw: SessionGateway, data: GatewaySessionData, reference: string, amount: string): Promise<GatewaySessionData> {
  const recorded = (status: RefundRecord["status"], refund_reference_id: string | null, extra: Partial<GatewaySessionData> = {}) => ({
    ...data,
    ...extra,
    refunds: [...data.refunds, { reference, refund_reference_id, amount, status }],
  })
  const minor = (a: string) => toMinorUnits(a, data.currency)
  const chargeback = data.chargebacks.find((c) => !c.refund_id && minor(c.amount) === minor(amount))
  if (chargeback) {
    return recorded("refunded", null, { chargebacks: data.chargebacks.map((c) => (c === chargeback ? { ...c, refund_id: reference } : c)) })
  }
  try {
    const res = await gw.client.refund({
      refund_orders: [
        {
          transaction_id: data.transaction_id!,
          order_no: data.order_no,
          currency: data.currency,
          amount: data.amount,
          refund_amount: amount,
          refund_reason: "requested by merchant",
          refund_reference: reference,
        },
      ],
    })
    const out = res.refund_orders.find((r) => r.refund_reference === reference) ?? res.refund_orders[0]
    if (!out || out.outcome === "unknown") {
      throw new GatewayOutcomeUnknownError("refund", out ? `refund_status "${out.refund_status}"` : "no entry for the refund")
    }
    if (out.outcome === "refused") {
      throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway refund refused: ${describeEntry(out.result, out.refund_message)}`)
    }
    return recorded("pending", out.refund_reference_id ?? null)
  } catch (err) {
    if (!(err instanceof GatewayOutcomeUnknownError)) throw toMedusaError(err, "Gateway refund")
    // The refund may have been made: the refund search by our reference tells.
    const found = await searchRefund(gw, reference)
    if (found) {
      const status = refundStatusOf(found.refund_status)
      if (status === "failed") {
        throw new MedusaError(MedusaError.Types.NOT_ALLOWED, `Gateway refund ${reference}: the gateway reports it failed; nothing was refunded`)
      }
      return recorded(status, found.refund_reference_id ?? null)
    }
    gw.logger?.warn(`Gateway refund ${reference} of ${data.order_no}: outcome unknown; recorded as unknown for the refund sync`)
    return recorded("unknown", null)
  }
}

/** The gateway's record of our refund `reference`; null when it has none or the search failed. */
async function searchRefund(gw: SessionGateway, reference: string) {
  try {
    const res = await gw.client.refundSearch({ merchant_refunds: [reference] })
    return res.refund_orders.find((r) => r.refund_reference === reference) ?? null
  } catch (err) {
    gw.logger?.warn(`Gateway refund search for ${reference} failed: ${String(redact((err as Error).message))}`)
    return null
  }
}
