/**
 * What the plugin records of each payment attempt and of the money it moved, for the payments dashboard. Read
 * from the provider's own session data (what it sent and what the gateway answered) and, where the order query
 * says more, from the gateway's record; never card data (a brand, at most).
 *
 * An attempt is one payment request: a card post (`/v1/authorise`), an APM redirect, a hosted page
 * (`/v1/checkout`). It is written when its answer comes and moved forward as its outcome becomes known:
 * approved, declined and canceled are final, so a late or replayed report never moves it back. Money is
 * recorded per capture, refund and chargeback the plugin booked, each once (by Medusa's capture or refund id,
 * the chargeback's id), never from a status code alone.
 */
import { toMinorUnits } from "../lib/gateway"
import { cardBrand } from "./card-brand"
import type { GatewayMethod } from "./providers"
import type { GatewaySessionData } from "./session-data"
import type { GatewayDecline } from "./shopper-decline"
import { GatewayState, isPaidState } from "./status"

/** An attempt's outcome: the first three may still change, the last three never do. */
export const ATTEMPT_OUTCOMES = ["pending", "review", "unknown", "approved", "declined", "canceled"] as const
export type AttemptOutcome = (typeof ATTEMPT_OUTCOMES)[number]
const FINAL_OUTCOMES: readonly AttemptOutcome[] = ["approved", "declined", "canceled"]

/**
 * 3-D Secure of an attempt: started (the shopper was sent to the issuer, or the gateway says it was performed),
 * then passed or failed. The gateway's own result (`threeds_result` Y / N) says which when it gives one;
 * otherwise an attempt that went to 3-D Secure and was then approved passed it, and one then declined failed it.
 * Still "started" once final means the shopper never finished it.
 */
export type ThreeDs = "started" | "passed" | "failed"

/** An attempt as recorded: what the dashboard counts. */
export interface AttemptFacts {
  outcome: AttemptOutcome
  threeds: ThreeDs | null
  transaction_id: string | null
  card_brand: string | null
  /** The gateway's code and words of a declined attempt (null otherwise). */
  decline_code: string | null
  decline_message: string | null
}

/** What one look at a session tells of its current attempt; null fields tell nothing new. */
export interface AttemptSeen {
  id: string
  order_no: string
  method: GatewayMethod
  currency: string
  amount: string
  outcome: AttemptOutcome | null
  threeds: ThreeDs | null
  transaction_id: string | null
  card_brand: string | null
  decline: GatewayDecline | null
}

/** What the gateway's record adds to a session's data: its transaction and whether 3-D Secure was performed. */
export interface RecordFacts {
  transaction_id?: string | null
  /** The order query's `is3ds` ("1" when 3-D Secure was performed, docs/gateway-contract.md). */
  is3ds?: string | null
}

/** The attempt outcome a gateway state means; null for none yet (nothing sent, or the gateway has no record). */
export function attemptOutcomeOf(state: GatewayState | null): AttemptOutcome | null {
  if (!state || state === "not_found") return null
  if (isPaidState(state)) return "approved"
  if (state === "failed") return "declined"
  return state === "canceled" || state === "pending" || state === "review" || state === "unknown" ? state : null
}

/** The session's current attempt as its data shows it (null when no attempt was sent on it by this version). */
export function observeAttempt(
  data: GatewaySessionData,
  extra: RecordFacts & { decline?: GatewayDecline | null; card_brand?: string | null } = {}
): AttemptSeen | null {
  if (!data.attempt_id) return null
  let threeds: ThreeDs | null = null
  if (data.threeds_result === "Y") threeds = "passed"
  else if (data.threeds_result === "N") threeds = "failed"
  else if ((data.method === "card" && data.gateway_state === "pending" && data.issuer_url) || extra.is3ds === "1")
    threeds = "started"
  return {
    id: data.attempt_id,
    order_no: data.order_no,
    method: data.method,
    currency: data.currency,
    amount: data.amount,
    outcome: attemptOutcomeOf(data.gateway_state),
    threeds,
    transaction_id: data.transaction_id ?? extra.transaction_id ?? null,
    card_brand: extra.card_brand ?? brandOf(data),
    decline: extra.decline ?? null,
  }
}

const brandOf = (data: GatewaySessionData): string | null => cardBrand(data.card_mask) ?? data.saved_card?.brand ?? null

/**
 * An attempt after a new look (`seen`) at it; `known` is what was recorded before (null: nothing yet). Final
 * outcomes stay; the gateway's own 3-D Secure result beats an inference; the first brand stays.
 */
export function mergeAttempt(
  known: AttemptFacts | null,
  seen: Omit<AttemptSeen, "id" | "order_no" | "method" | "currency" | "amount">
): AttemptFacts {
  const outcome: AttemptOutcome =
    known && FINAL_OUTCOMES.includes(known.outcome) ? known.outcome : (seen.outcome ?? known?.outcome ?? "pending")
  let threeds = seen.threeds === "passed" || seen.threeds === "failed" ? seen.threeds : (known?.threeds ?? seen.threeds)
  if (threeds === "started" && outcome === "approved") threeds = "passed"
  if (threeds === "started" && outcome === "declined") threeds = "failed"
  const declined = outcome === "declined"
  const decline = declined && seen.decline ? seen.decline : null
  return {
    outcome,
    threeds,
    transaction_id: seen.transaction_id ?? known?.transaction_id ?? null,
    card_brand: known?.card_brand ?? seen.card_brand,
    decline_code: !declined ? null : decline ? clip(decline.code, 100) : (known?.decline_code ?? null),
    decline_message: !declined ? null : decline ? clip(decline.message, 200) : (known?.decline_message ?? null),
  }
}

const clip = (text: string, max: number) => String(text ?? "").slice(0, max)

export const sameAttempt = (a: AttemptFacts, b: AttemptFacts) =>
  a.outcome === b.outcome &&
  a.threeds === b.threeds &&
  a.transaction_id === b.transaction_id &&
  a.card_brand === b.card_brand &&
  a.decline_code === b.decline_code &&
  a.decline_message === b.decline_message

// ------------------------------------------------------------------ money

export type MoneyKind = "capture" | "refund" | "chargeback"

/** A refund's status as the provider records it; a capture is "captured", a chargeback "booked". */
export type MoneyStatus = "captured" | "booked" | "pending" | "refunded" | "failed" | "unknown"

/** Money that moved (or is moving, a refund pending at the gateway): a failed refund, or one whose outcome is not known yet, is not counted. */
export const COUNTED_MONEY_STATUSES: readonly MoneyStatus[] = ["captured", "booked", "pending", "refunded"]
export const countsAsMoved = (status: MoneyStatus) => COUNTED_MONEY_STATUSES.includes(status)

export interface MoneySeen {
  kind: MoneyKind
  /** Medusa's capture or refund id, or the chargeback's id: one movement each. */
  reference: string
  amount: string
  status: MoneyStatus
}

/** What a payment's movements are filed under (the dashboard's filters), from its data. */
export interface MoneyDimensions {
  order_no: string
  attempt_id: string | null
  transaction_id: string | null
  method: GatewayMethod
  currency: string
  card_brand: string | null
}

/**
 * The money the provider booked on a payment, from its data: captures (made, or unknown while the answer is lost),
 * refunds (a chargeback's booking is its chargeback, not a refund), and chargebacks booked with an amount.
 */
export function observeMoney(data: GatewaySessionData): { dimensions: MoneyDimensions; movements: MoneySeen[] } {
  const bookings = new Set(data.chargebacks.map((c) => c.refund_id).filter(Boolean))
  const movements: MoneySeen[] = [
    // A capture whose outcome is not known yet is recorded (audited) as unknown, not counted, until it is settled.
    ...data.captures.map((c) => ({
      kind: "capture" as const,
      reference: c.id,
      amount: c.amount,
      status: c.status === "captured" ? ("captured" as const) : ("unknown" as const),
    })),
    ...data.refunds
      .filter((r) => !bookings.has(r.reference))
      .map((r) => ({ kind: "refund" as const, reference: r.reference, amount: r.amount, status: r.status })),
    ...data.chargebacks
      .filter((c) => c.refund_id && toMinorUnits(c.amount, data.currency) > 0n)
      .map((c) => ({
        kind: "chargeback" as const,
        reference: c.dispute_id,
        amount: c.amount,
        status: "booked" as const,
      })),
  ]
  return {
    dimensions: {
      order_no: data.order_no,
      attempt_id: data.attempt_id,
      transaction_id: data.transaction_id,
      method: data.method,
      currency: data.currency,
      card_brand: brandOf(data),
    },
    movements,
  }
}

/** A refund's status only moves forward: refunded and failed are final. */
export function mergeMoneyStatus(known: MoneyStatus, seen: MoneyStatus): MoneyStatus {
  return known === "refunded" || known === "failed" || known === "captured" || known === "booked" ? known : seen
}

/** Everything one look at a payment's data records (what the provider and reconciliation hand the module). */
export interface PaymentSnapshot {
  attempt: AttemptSeen | null
  money: ReturnType<typeof observeMoney>
}

export function paymentSnapshot(
  data: GatewaySessionData,
  extra: Parameters<typeof observeAttempt>[1] = {}
): PaymentSnapshot {
  return { attempt: observeAttempt(data, extra), money: observeMoney(data) }
}

/** Where the provider records its snapshots (the plugin's module). */
export interface PaymentRecordStore {
  recordPayment(snapshot: PaymentSnapshot): Promise<void>
}
