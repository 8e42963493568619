/**
 * Refund, with `refund_reference` = Medusa's refund id. A definite refusal or failure is an error (Medusa then
 * deletes its refund); a lost answer the refund search cannot settle is recorded as unknown and left to the
 * refund sync, never guessed either way.
 *
 * Before anything is sent: the amount must be more than 0 in the currency's decimals and at most what the
 * payment still holds by the provider's own records (its captures, less its refunds that did not fail,
 * chargeback bookings included), in exact minor units.
 *
 * A chargeback the order sync books (../../../reconciliation/chargebacks.ts) is a Medusa refund whose metadata
 * carries the chargeback record's marker: recorded without a request (the gateway already took the money
 * back). Only that marker makes a refund a booking, never its amount: a staff refund is sent. Fail closed: while
 * a booking is under way (its record's `booking_until`), a refund of its amount that carries no marker is refused
 * and never sent, for it may be the booking itself from a Medusa that did not pass its metadata on (staff retry
 * a moment later, once the booking is over).
 */
import { MedusaError } from "@medusajs/framework/utils"
import { fromMinorUnits, GatewayOutcomeUnknownError, redact, toMinorUnits } from "../../../lib/gateway"
import {
  ChargebackRecord,
  GatewaySessionData,
  RefundRecord,
  refundEntry,
  refundStatusOf,
  describeEntry,
  toMedusaError,
} from "../../../domain"
import { SessionGateway } from "./session-gateway"

/** The refund metadata key that names the chargeback record a booking refund is for. */
export const CHARGEBACK_MARKER_KEY = "gateway_chargeback"

/** Medusa's refund records, read from the payment module's container (the provider lives in it). */
export type RefundReader = {
  retrieve(
    id: string,
    config?: { select?: string[] }
  ): Promise<{ id: string; metadata?: Record<string, unknown> | null }>
}

export async function refund(
  gw: SessionGateway,
  data: GatewaySessionData,
  reference: string,
  amount: string,
  refunds: RefundReader | undefined
): Promise<GatewaySessionData> {
  const recorded = (
    status: RefundRecord["status"],
    refund_reference_id: string | null,
    extra: Partial<GatewaySessionData> = {}
  ) => ({
    ...data,
    ...extra,
    refunds: [...data.refunds, { reference, refund_reference_id, amount, status }],
  })
  assertRefundable(data, amount)

  const chargeback = await bookedChargeback(data, reference, amount, refunds)
  if (chargeback) {
    return recorded("refunded", null, {
      chargebacks: data.chargebacks.map((c) =>
        c === chargeback ? { ...c, refund_id: reference, booking_until: null } : c
      ),
    })
  }
  try {
    const res = await gw.client.refund({
      refund_orders: [refundEntry(data, amount, reference)],
    })
    const out = res.refund_orders.find((r) => r.refund_reference === reference) ?? res.refund_orders[0]
    if (!out || out.outcome === "unknown") {
      throw new GatewayOutcomeUnknownError(
        "refund",
        out ? `refund_status "${out.refund_status}"` : "no entry for the refund"
      )
    }
    if (out.outcome === "refused") {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Gateway refund refused: ${describeEntry(out.result, out.refund_message)}`
      )
    }
    return recorded("pending", out.refund_reference_id ?? null)
  } catch (err) {
    if (!(err instanceof GatewayOutcomeUnknownError)) throw toMedusaError(err, "Gateway refund")
    // The refund may have been made: the refund search by our reference tells.
    const found = await searchRefund(gw, reference)
    if (found) {
      const status = refundStatusOf(found.refund_status)
      if (status === "failed") {
        throw new MedusaError(
          MedusaError.Types.NOT_ALLOWED,
          `Gateway refund ${reference}: the gateway reports it failed; nothing was refunded`
        )
      }
      return recorded(status, found.refund_reference_id ?? null)
    }
    gw.logger?.warn(
      `Gateway refund ${reference} of ${data.order_no}: outcome unknown; recorded as unknown for the refund sync`
    )
    return recorded("unknown", null)
  }
}

/** Refuses a refund of nothing, or of more than the payment holds by the provider's own records. */
function assertRefundable(data: GatewaySessionData, amount: string): void {
  const minor = (a: string) => toMinorUnits(a, data.currency)
  const wanted = minor(amount)
  if (wanted <= 0n) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Gateway refund: amount ${amount} ${data.currency} must be more than 0 in the currency's decimals`
    )
  }
  // A capture whose answer was lost counts: the gateway refuses a refund of money it did not capture, while
  // refusing here would leave staff no way to refund a part capture the order sync can only report.
  const captured = data.captures.reduce((s, c) => s + minor(c.amount), 0n)
  const refunded = data.refunds.filter((r) => r.status !== "failed").reduce((s, r) => s + minor(r.amount), 0n)
  if (wanted > captured - refunded) {
    const money = (m: bigint) => `${fromMinorUnits(m, data.currency)} ${data.currency}`
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Gateway refund of ${money(wanted)} refused: the payment holds ${money(captured - refunded > 0n ? captured - refunded : 0n)} (${money(captured)} captured, ${money(refunded)} refunded or being refunded, chargebacks included); nothing was sent`
    )
  }
}

/**
 * The chargeback record this refund books, when Medusa's refund carries a record's marker; null for any other
 * refund. When the refund cannot be read while a booking is open, or carries no marker while a booking of its
 * amount is under way, nothing is sent: a booking sent as a refund would pay the money back twice.
 */
async function bookedChargeback(
  data: GatewaySessionData,
  reference: string,
  amount: string,
  refunds: RefundReader | undefined
): Promise<ChargebackRecord | null> {
  const open = data.chargebacks.some((c) => !c.refund_id && c.marker && toMinorUnits(c.amount, data.currency) > 0n)
  let marker: unknown
  try {
    marker = refunds
      ? (await refunds.retrieve(reference, { select: ["id", "metadata"] })).metadata?.[CHARGEBACK_MARKER_KEY]
      : undefined
  } catch (err) {
    if (open)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Gateway refund ${reference}: Medusa's refund could not be read to tell it from the chargeback booking (${(err as Error).message}); nothing was sent`
      )
    return null
  }
  if (marker === undefined || marker === null) {
    if (!refunds && open)
      throw new MedusaError(
        MedusaError.Types.UNEXPECTED_STATE,
        `Gateway refund ${reference}: Medusa's refunds cannot be read to tell this one from the chargeback booking; nothing was sent`
      )
    const now = Date.now()
    const booking = data.chargebacks.find(
      (c) =>
        !c.refund_id &&
        c.booking_until &&
        Date.parse(c.booking_until) > now &&
        toMinorUnits(c.amount, data.currency) === toMinorUnits(amount, data.currency)
    )
    if (booking) {
      throw new MedusaError(
        MedusaError.Types.NOT_ALLOWED,
        `Gateway refund ${reference}: chargeback ${booking.dispute_id} of ${booking.amount} ${data.currency} is being booked on this payment right now, and this refund of the same amount ` +
          `carries no booking marker, so it cannot be told from the booking; nothing was sent. Retry the refund in a minute.`
      )
    }
    return null
  }
  const chargeback = data.chargebacks.find((c) => c.marker === marker)
  if (!chargeback) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Gateway refund ${reference} is marked as a chargeback booking that this payment does not have; nothing was sent`
    )
  }
  if (chargeback.refund_id) {
    throw new MedusaError(
      MedusaError.Types.NOT_ALLOWED,
      `Gateway refund ${reference}: chargeback ${chargeback.dispute_id} is already booked by refund ${chargeback.refund_id}`
    )
  }
  if (toMinorUnits(chargeback.amount, data.currency) !== toMinorUnits(amount, data.currency)) {
    throw new MedusaError(
      MedusaError.Types.INVALID_DATA,
      `Gateway refund ${reference}: chargeback ${chargeback.dispute_id} is booked for ${chargeback.amount} ${data.currency}, not ${amount}`
    )
  }
  return chargeback
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
