/**
 * What the provider keeps in a Medusa payment session's / payment's `data`. The store API returns a session's
 * data to the shopper's browser, so it holds only what the shopper may see: never card data, keys,
 * signatures, risk details or raw gateway answers.
 *
 * Medusa hands the provider back whatever was stored or passed in (the card route passes the card in `data`),
 * so data is read key by key into this shape (`readSessionData`) and written back from this shape only
 * (`toProviderData`): a key the provider does not own never survives a round trip.
 */
import { GATEWAY_METHODS, GatewayMethod } from "./providers"
import {
  actionableState,
  DeclaredStatusCodes,
  GATEWAY_STATES,
  GatewayState,
  isDeclaredState,
  stateOfRecord,
} from "./status"
import type { TransactionRecord } from "../lib/gateway"
import { asShopperDecline, ShopperDecline } from "./shopper-decline"
import { SessionSubscription, SUBSCRIPTION_INTERVALS } from "./subscriptions"

export type { GatewayMethod }

export interface RefundRecord {
  /** Medusa's refund id, sent as `refund_reference`. */
  reference: string
  refund_reference_id: string | null
  amount: string
  /** pending until the refund search confirms it; unknown when the answer was lost and the search could not tell. */
  status: "pending" | "refunded" | "failed" | "unknown"
}

/**
 * A chargeback the gateway confirmed (the order query: charged back) to book in Medusa as a refund; the refund
 * that books it is never sent to the gateway. The booking path gives its Medusa refund the record's `marker`
 * (refund metadata `gateway_chargeback`), and the provider takes a refund for this record only when it carries
 * that marker: never by its amount, so a staff refund never consumes it (../reconciliation/chargebacks.ts).
 * While a booking is under way (`booking_until`) a refund of its amount without the marker is refused, never
 * sent: it may be the booking itself, from a Medusa that dropped the refund's metadata (fail closed).
 */
export interface ChargebackRecord {
  /** `chargeback-<transaction_id>` (records of earlier versions: the dispute id a notification reported). */
  dispute_id: string
  /** The amount to book; "0.00" once Medusa held nothing more to book. */
  amount: string
  /** Medusa's refund id once booked. */
  refund_id: string | null
  /** A random text made when the record is, carried by the booking's refund; null on records of earlier versions. */
  marker: string | null
  /** While its booking runs: until when (ISO time); null otherwise. */
  booking_until: string | null
}

export interface CaptureRecord {
  /** Medusa's capture id. */
  id: string
  amount: string
  /** unknown: the answer was lost and the gateway could not tell; the order sync reports or resolves it. */
  status: "captured" | "unknown"
  /**
   * plugin: the gateway accepted our capture. gateway: the gateway refused it because the payment was already
   * captured (automatic capture at the gateway, its portal), as the order query confirmed.
   */
  by: "plugin" | "gateway"
}

/** The documented 3-D Secure hand-off: the browser POSTs `fields` to `url` (public docs, 3-D Secure page). */
export interface RedirectForm {
  url: string
  method: "POST"
  fields: Record<string, string>
}

/**
 * A saved card in this payment: one being saved by it (`save`: kept once the payment is authorised) or the one
 * it was paid with (`pay`). Our id and what may be shown, never the token.
 */
export interface SessionSavedCard {
  use: "save" | "pay"
  id: string | null
  brand: string | null
  last4: string
}

export interface GatewaySessionData {
  /** The gateway's order_no = the Medusa payment session id. */
  order_no: string
  method: GatewayMethod
  /** Amount and currency of the authorisation, as sent to the gateway (decimal text). */
  amount: string
  currency: string
  /**
   * Our id of the current payment attempt (a card post, an APM redirect, a hosted page): its row in the plugin's
   * record of attempts (the payments dashboard). Set when the attempt is sent; not secret.
   */
  attempt_id: string | null
  /** The current attempt's transaction. */
  transaction_id: string | null
  /** Earlier attempts on this session (declined, failed): their notifications and records are ignored. */
  superseded_transaction_ids: string[]
  gateway_state: GatewayState | null
  card_mask: string | null
  threeds_result: string | null
  /** Where the shopper must go (3-D Secure, APM), and the form to post there. */
  issuer_url: string | null
  redirect: RedirectForm | null
  payment_method: string | null
  /**
   * The hosted page's form: its action (checked by redirect-policy.ts) and hidden inputs, which the shopper's
   * browser posts into a sandboxed frame. Never the page's HTML: unsigned, it would run as the store if rendered.
   */
  hosted: { action: string; inputs: Record<string, string> } | null
  /**
   * Why the payment did not go through, as the shopper may be told: a category and its message
   * (shopper-decline.ts), never the gateway's code or message (those are kept for staff in the plugin's module).
   */
  decline: ShopperDecline | null
  /** A request was sent but its answer lost: reconciliation decides. */
  outcome_unknown: boolean
  /** The gateway's record disagrees with the session (amount or currency): never authorised. */
  discrepancy: string | null
  /** Captures made at the gateway, by Medusa capture id, and the total of those known to be captured. */
  captures: CaptureRecord[]
  captured_amount: string | null
  refunds: RefundRecord[]
  chargebacks: ChargebackRecord[]
  saved_card: SessionSavedCard | null
  /** The subscription this payment sells (card payments only), with the gateway's contract id once known. */
  subscription: SessionSubscription | null
}

/** Names that look like card data: refused in session data, which Medusa stores as given at creation. */
const CARD_LIKE_KEY =
  /^(card(_?number)?|pan|(card_?)?(cvv2?|cvc|security_?code)|(card_?)?exp(iry|iration)?(_?(month|year|date))?)$/i

export function findCardLikeKey(data: Record<string, unknown> | undefined): string | null {
  if (!data) return null
  for (const key of Object.keys(data)) if (CARD_LIKE_KEY.test(key)) return key
  return null
}

/**
 * Keys only the card route may pass to the provider (`updatePayment` authorises a `card_submission`, for the
 * customer in its `save_for`, with the cart's `order_context`). Medusa keeps a new session's data as the
 * storefront sent it besides the provider's keys, so a shopper who put them there could have a card authorised
 * outside the card route (no caps, a customer of their choosing): refused when a session is created.
 */
export const CARD_ROUTE_KEYS = ["card_submission", "order_context", "save_for"] as const

export function findCardRouteKey(data: Record<string, unknown> | undefined): string | null {
  if (!data) return null
  return CARD_ROUTE_KEYS.find((key) => Object.prototype.hasOwnProperty.call(data, key)) ?? null
}

/**
 * Whether a card session waits for a card: no attempt of it is known to the gateway or open (none made, or the last
 * one failed or was canceled before the gateway made a transaction). A session the gateway holds money for, or one
 * whose attempt is pending, is never waiting, even when its transaction id is not recorded (an answer was lost and a
 * notification or the order sync recorded the state): it is read at the gateway, never taken for "no card posted".
 */
export const waitsForCard = (d: Pick<GatewaySessionData, "transaction_id" | "outcome_unknown" | "gateway_state">) =>
  !d.transaction_id &&
  !d.outcome_unknown &&
  (d.gateway_state === null ||
    d.gateway_state === "failed" ||
    d.gateway_state === "canceled" ||
    d.gateway_state === "not_found")

export function emptySessionData(
  order_no: string,
  method: GatewayMethod,
  amount: string,
  currency: string
): GatewaySessionData {
  return {
    order_no,
    method,
    amount,
    currency,
    attempt_id: null,
    transaction_id: null,
    superseded_transaction_ids: [],
    gateway_state: null,
    card_mask: null,
    threeds_result: null,
    issuer_url: null,
    redirect: null,
    payment_method: null,
    hosted: null,
    decline: null,
    outcome_unknown: false,
    discrepancy: null,
    captures: [],
    captured_amount: null,
    refunds: [],
    chargebacks: [],
    saved_card: null,
    subscription: null,
  }
}

const REFUND_STATUSES: RefundRecord["status"][] = ["pending", "refunded", "failed", "unknown"]

const str = (v: unknown): string | null => (typeof v === "string" ? v : null)
const obj = (v: unknown): Record<string, unknown> | null =>
  v && typeof v === "object" && !Array.isArray(v) ? (v as Record<string, unknown>) : null
const list = (v: unknown): unknown[] => (Array.isArray(v) ? v : [])

/**
 * The entries of a stored money list (captures, refunds, chargebacks): objects with their id under `idKey` and an
 * `amount`, each read by `read`; any other entry is dropped.
 */
function moneyEntries<T>(
  v: unknown,
  idKey: string,
  read: (o: Record<string, unknown>, id: string, amount: string) => T
): T[] {
  return list(v).flatMap((e) => {
    const o = obj(e)
    const id = str(o?.[idKey])
    const amount = str(o?.amount)
    return o && id && amount ? [read(o, id, amount)] : []
  })
}

const stringMap = (v: unknown): Record<string, string> => {
  const out: Record<string, string> = {}
  for (const [k, x] of Object.entries(obj(v) ?? {})) if (typeof x === "string") out[k] = x
  return out
}

function readRedirect(v: unknown): RedirectForm | null {
  const o = obj(v)
  const url = str(o?.url)
  return o && url ? { url, method: "POST", fields: stringMap(o.fields) } : null
}

function readHosted(v: unknown): GatewaySessionData["hosted"] {
  const o = obj(v)
  if (!o || typeof o.action !== "string") return null
  return { action: o.action, inputs: stringMap(o.inputs) }
}

/** Read back as a category with its own message: a gateway reason stored by an older version never goes out again. */
function readDecline(v: unknown): GatewaySessionData["decline"] {
  const o = obj(v)
  return o ? asShopperDecline(o.code) : null
}

function readSavedCard(v: unknown): SessionSavedCard | null {
  const o = obj(v)
  if (!o || (o.use !== "save" && o.use !== "pay") || typeof o.last4 !== "string") return null
  return { use: o.use, id: str(o.id), brand: str(o.brand), last4: o.last4 }
}

const count = (v: unknown): number | null => (typeof v === "number" && Number.isInteger(v) && v >= 0 ? v : null)

/** The subscription's keys, one by one (also what is written back). */
function readSubscription(v: unknown): SessionSubscription | null {
  const o = obj(v)
  const interval = o?.interval as SessionSubscription["interval"]
  const contract_name = str(o?.contract_name)
  const amount = str(o?.amount)
  if (!o || !contract_name || !amount || !SUBSCRIPTION_INTERVALS.includes(interval)) return null
  return {
    contract_name,
    interval,
    interval_count: count(o.interval_count) ?? 1,
    billing_cycles: count(o.billing_cycles),
    promotion_cycles: count(o.promotion_cycles),
    amount,
    variant_id: str(o.variant_id),
    customer_id: str(o.customer_id),
    cart_id: str(o.cart_id),
    recurring_id: str(o.recurring_id),
  }
}

/** Reads our data back from what Medusa stored or passed in, key by key; null when it is not ours. */
export function readSessionData(data: Record<string, unknown> | undefined): GatewaySessionData | null {
  if (!data || typeof data.order_no !== "string" || !GATEWAY_METHODS.includes(data.method as GatewayMethod)) return null
  const d = emptySessionData(
    data.order_no,
    data.method as GatewayMethod,
    String(data.amount ?? ""),
    String(data.currency ?? "")
  )
  d.attempt_id = str(data.attempt_id)
  d.transaction_id = str(data.transaction_id)
  d.superseded_transaction_ids = list(data.superseded_transaction_ids).filter((x): x is string => typeof x === "string")
  d.gateway_state = GATEWAY_STATES.includes(data.gateway_state as GatewayState)
    ? (data.gateway_state as GatewayState)
    : null
  d.card_mask = str(data.card_mask)
  d.threeds_result = str(data.threeds_result)
  d.issuer_url = str(data.issuer_url)
  d.redirect = readRedirect(data.redirect)
  d.payment_method = str(data.payment_method)
  d.hosted = readHosted(data.hosted)
  d.decline = readDecline(data.decline)
  d.outcome_unknown = data.outcome_unknown === true
  d.discrepancy = str(data.discrepancy)
  d.captures = moneyEntries(data.captures, "id", (o, id, amount) => ({
    id,
    amount,
    status: o.status === "unknown" ? ("unknown" as const) : ("captured" as const),
    by: o.by === "gateway" ? ("gateway" as const) : ("plugin" as const),
  }))
  d.captured_amount = str(data.captured_amount)
  d.refunds = moneyEntries(data.refunds, "reference", (o, reference, amount) => {
    const status = REFUND_STATUSES.includes(o.status as RefundRecord["status"])
      ? (o.status as RefundRecord["status"])
      : "unknown"
    return { reference, refund_reference_id: str(o.refund_reference_id), amount, status }
  })
  d.chargebacks = moneyEntries(data.chargebacks, "dispute_id", (o, dispute_id, amount) => ({
    dispute_id,
    amount,
    refund_id: str(o.refund_id),
    marker: str(o.marker),
    booking_until: str(o.booking_until),
  }))
  d.saved_card = readSavedCard(data.saved_card)
  d.subscription = readSubscription(data.subscription)
  return d
}

/** The object the provider returns to Medusa: our keys only, each copied explicitly (never a spread of input). */
export function toProviderData(d: GatewaySessionData): Record<string, unknown> {
  return {
    order_no: d.order_no,
    method: d.method,
    amount: d.amount,
    currency: d.currency,
    attempt_id: d.attempt_id,
    transaction_id: d.transaction_id,
    superseded_transaction_ids: [...d.superseded_transaction_ids],
    gateway_state: d.gateway_state,
    card_mask: d.card_mask,
    threeds_result: d.threeds_result,
    issuer_url: d.issuer_url,
    redirect: d.redirect ? { url: d.redirect.url, method: "POST", fields: { ...d.redirect.fields } } : null,
    payment_method: d.payment_method,
    hosted: d.hosted ? { action: d.hosted.action, inputs: { ...d.hosted.inputs } } : null,
    decline: d.decline ? { code: d.decline.code, message: d.decline.message } : null,
    outcome_unknown: d.outcome_unknown,
    discrepancy: d.discrepancy,
    captures: d.captures.map((c) => ({ id: c.id, amount: c.amount, status: c.status, by: c.by })),
    captured_amount: d.captured_amount,
    refunds: d.refunds.map((r) => ({
      reference: r.reference,
      refund_reference_id: r.refund_reference_id,
      amount: r.amount,
      status: r.status,
    })),
    chargebacks: d.chargebacks.map((c) => ({
      dispute_id: c.dispute_id,
      amount: c.amount,
      refund_id: c.refund_id,
      marker: c.marker,
      booking_until: c.booking_until,
    })),
    saved_card: d.saved_card
      ? { use: d.saved_card.use, id: d.saved_card.id, brand: d.saved_card.brand, last4: d.saved_card.last4 }
      : null,
    subscription: d.subscription ? readSubscription(d.subscription) : null,
  }
}

/** Whether a capture of this payment is known to have been made (ours, or one the gateway refused as made already). */
export const hasKnownCapture = (d: GatewaySessionData | null | undefined) =>
  Boolean(d?.captures.some((c) => c.status === "captured"))

/**
 * What the gateway's record of a session says (`read`) and the state the plugin acts on (`state`, see
 * actionableState): they differ when the record reads as captured for a payment with no known capture and the
 * store did not declare what that code means.
 */
export function sessionStateOf(
  record: Pick<TransactionRecord, "payment_status" | "query_result">,
  data: GatewaySessionData | null | undefined,
  codes: DeclaredStatusCodes
): { read: GatewayState; state: GatewayState } {
  const read = stateOfRecord(record)
  return {
    read,
    state: actionableState(read, { capture: hasKnownCapture(data), declared: isDeclaredState(read, codes) }),
  }
}
