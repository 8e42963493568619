/**
 * The one place where the gateway's states become Medusa's. The codes are the contract's
 * (docs/gateway-contract.md) and are [assumed]: a store overrides them with the provider option
 * `payment_status_codes` without a code change.
 */
import type { PaymentSessionStatus } from "@medusajs/framework/types"
import type { PaymentOutcome, TransactionRecord } from "../lib/gateway"

/** What the gateway says a transaction is, in our words. */
export const GATEWAY_STATES = [
  "pending", // awaiting 3-D Secure / APM / hosted page
  "review", // held for risk review
  "authorized",
  "captured",
  "partially_refunded",
  "refunded",
  "charged_back", // a chargeback the merchant lost: the money was taken back
  "canceled",
  "failed", // declined, review rejected, 3-D Secure failed
  "not_found",
  "unknown", // a code we do not know: never guessed, reported for reconciliation
] as const
export type GatewayState = (typeof GATEWAY_STATES)[number]

/**
 * The contract's `payment_status` codes per state (docs/gateway-contract.md, [assumed]); the first of each
 * list is the contract's own code, the one a store's `payment_status_codes` are translated to.
 */
export const DEFAULT_PAYMENT_STATUS_CODES = Object.freeze({
  pending: ["1000"],
  review: ["1100"],
  authorized: ["2000"],
  captured: ["3000"],
  partially_refunded: ["4000"],
  refunded: ["4100"],
  charged_back: ["4200"],
  canceled: ["5000"],
  failed: ["6000", "6100"],
} as const satisfies Record<Exclude<GatewayState, "not_found" | "unknown">, readonly string[]>)

/** The states a `payment_status` code can mean. */
export type PaymentStatusState = keyof typeof DEFAULT_PAYMENT_STATUS_CODES
export const PAYMENT_STATUS_STATES = Object.keys(DEFAULT_PAYMENT_STATUS_CODES) as PaymentStatusState[]

/** query_result "2": no such order. */
const QUERY_RESULT_NOT_FOUND = "2"

/**
 * A transaction record's state. Codes a store configured (`payment_status_codes`) were already translated to
 * the contract's by the client's wire map (acquiring-client.ts), so one table reads them all.
 */
export function stateOfRecord(record: Pick<TransactionRecord, "payment_status" | "query_result">): GatewayState {
  if (record.query_result === QUERY_RESULT_NOT_FOUND) return "not_found"
  const status = record.payment_status ?? ""
  for (const state of PAYMENT_STATUS_STATES) {
    if ((DEFAULT_PAYMENT_STATUS_CODES[state] as readonly string[]).includes(status)) return state
  }
  return "unknown"
}

/** A direct payment's or APM's immediate answer, read by the library's order_status table. */
export function stateOfOutcome(outcome: PaymentOutcome): GatewayState {
  switch (outcome) {
    case "approved":
      return "authorized"
    case "declined":
      return "failed"
    case "pending":
      return "pending"
    case "review":
      return "review"
    default:
      return "unknown"
  }
}

/**
 * Medusa's session status for a gateway state. A payment held for review becomes `pending_authorization`:
 * Medusa creates the order and the payment is authorized once staff approve it.
 * `pending` (an unknown outcome, or a redirect the shopper has not finished) keeps the cart open.
 */
export function sessionStatusOf(state: GatewayState, hasRedirect: boolean): PaymentSessionStatus {
  switch (state) {
    case "authorized":
      return "authorized"
    case "captured":
    case "partially_refunded":
    case "refunded":
    case "charged_back":
      return "captured"
    case "review":
      return "pending_authorization"
    case "pending":
      return hasRedirect ? "requires_more" : "pending"
    case "canceled":
      return "canceled"
    case "failed":
      return "error"
    default:
      return "pending"
  }
}

/** States from which nothing more will happen to the authorisation itself. */
export const isFinalState = (s: GatewayState) => s !== "pending" && s !== "review" && s !== "unknown"

/** States in which the gateway has taken the money (some of it may have been refunded since). */
export const CAPTURED_STATES: readonly GatewayState[] = ["captured", "partially_refunded", "refunded", "charged_back"]
export const isCapturedState = (s: GatewayState | null | undefined) => Boolean(s && CAPTURED_STATES.includes(s))
/** The money is held or was taken: authorised, or captured (also when later refunded or charged back). */
export const isPaidState = (s: GatewayState | null | undefined) => s === "authorized" || isCapturedState(s)

/** The session's money is held (also for risk review) or taken: a second card must not be charged. */
export const holdsMoney = (s: GatewayState | null | undefined) => s === "review" || isPaidState(s)

/** A store's `payment_status_codes`, by state. */
export type DeclaredStatusCodes = Partial<Record<string, readonly string[]>> | null | undefined

/** Whether the store declared, in `payment_status_codes`, which codes mean `state`: the reading is then its word. */
export const isDeclaredState = (state: GatewayState, codes: DeclaredStatusCodes) => Boolean(codes?.[state]?.length)

/**
 * The state the plugin acts on for what the gateway's `payment_status` reads as. Which codes mean captured is
 * [assumed]: the docs show 3000 on a paid order and never say whether that is authorised or captured. The plugin
 * knows what it captured, so a captured reading of a payment it never captured is taken as authorised unless the
 * store declared that state's codes. Read the other way, a gateway that means "paid" by 3000 would have every
 * payment confirmed through the order query booked as captured and never captured: the authorisation expires and
 * the store is never paid. Read this way, the worst case is a capture the gateway refuses because it already
 * captured, which the capture then books (captured by the gateway): loud and recoverable.
 */
export function actionableState(read: GatewayState, known: { capture: boolean; declared: boolean }): GatewayState {
  return isCapturedState(read) && !known.capture && !known.declared ? "authorized" : read
}

/** A refund's `refund_status` (refund answer and refund search): 1 refunded, 2 failed, anything else pending. */
export function refundStatusOf(code: string | null | undefined): "refunded" | "failed" | "pending" {
  return code === "1" ? "refunded" : code === "2" ? "failed" : "pending"
}

/**
 * Whether a gateway record is for the amount and currency of the session. The hosted page and APMs pass
 * through the shopper's browser, so a record for another amount is a discrepancy, never an authorisation.
 * Returns the difference in words, or null when they agree (or the record carries no amount).
 */
export function amountMismatch(
  record: { amount?: string | null; currency?: string | null },
  session: { amount: string; currency: string },
  toMinor: (amount: string, currency: string) => bigint
): string | null {
  if (!record.amount || !record.currency) return null
  const currency = record.currency.toUpperCase()
  if (currency !== session.currency.toUpperCase())
    return `the gateway's currency ${currency || "(none)"} is not the session's ${session.currency}`
  try {
    if (toMinor(record.amount, currency) === toMinor(session.amount, session.currency)) return null
  } catch {
    return `the gateway's amount "${record.amount}" cannot be read`
  }
  return `the gateway's amount ${record.amount} ${currency} is not the session's ${session.amount} ${session.currency}`
}
