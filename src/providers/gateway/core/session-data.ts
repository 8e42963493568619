/**
 * What the provider keeps in a Medusa payment session's / payment's `data`. The store API returns a session's
 * data to the shopper's browser, so it holds only what the shopper may see: never card data, keys,
 * signatures, risk details or raw gateway answers.
 */
import type { GatewayState } from "./status"

export type GatewayMethod = "card" | "hosted" | "apm"

export interface RefundRecord {
  /** Medusa's refund id, sent as `refund_reference`. */
  reference: string
  refund_reference_id: string | null
  amount: string
  /** pending until the refund search confirms it; unknown when the answer was lost. */
  status: "pending" | "refunded" | "failed" | "unknown"
}

export interface GatewaySessionData {
  /** The gateway's order_no = the Medusa payment session id. */
  order_no: string
  method: GatewayMethod
  /** Amount and currency of the authorisation, as sent to the gateway (decimal text). */
  amount: string
  currency: string
  transaction_id: string | null
  gateway_state: GatewayState | null
  card_mask: string | null
  threeds_result: string | null
  /** Where the shopper must go (3-D Secure, APM) and what to post there. */
  issuer_url: string | null
  payment_method: string | null
  /** The hosted page: its form's action and hidden inputs, and the page itself for an iFrame. */
  hosted: { action: string; inputs: Record<string, string>; html: string } | null
  /** The gateway's decline code and message. */
  decline: { code: string; message: string } | null
  /** A request was sent but its answer lost: reconciliation decides. */
  outcome_unknown: boolean
  /** Captures made at the gateway, by Medusa capture id, and their total. */
  captures: { id: string; amount: string }[]
  captured_amount: string | null
  /** Written by the admin capture middleware so that a partial capture knows its amount. */
  capture_request: { amount: string | null; requested_at: string } | null
  refunds: RefundRecord[]
}

/** Keys a storefront may pass when it creates a session. Anything else it sends is overwritten or ignored. */
export const SHOPPER_INPUT_KEYS = ["payment_method", "session_id"] as const

/** Names that look like card data: refused in session data, which Medusa stores as given. */
const CARD_LIKE_KEY = /^(card|card_?number|pan|cvv|cvc|cvv2|card_cvv|security_?code|exp(iry|iration)?(_?(month|year|date))?|card_exp_(month|year))$/i

export function findCardLikeKey(data: Record<string, unknown> | undefined): string | null {
  if (!data) return null
  for (const key of Object.keys(data)) if (CARD_LIKE_KEY.test(key)) return key
  return null
}

export function emptySessionData(order_no: string, method: GatewayMethod, amount: string, currency: string): GatewaySessionData {
  return {
    order_no,
    method,
    amount,
    currency,
    transaction_id: null,
    gateway_state: null,
    card_mask: null,
    threeds_result: null,
    issuer_url: null,
    payment_method: null,
    hosted: null,
    decline: null,
    outcome_unknown: false,
    captures: [],
    captured_amount: null,
    capture_request: null,
    refunds: [],
  }
}

/** Reads our data back from what Medusa stored (which may also hold keys a storefront sent). */
export function readSessionData(data: Record<string, unknown> | undefined): GatewaySessionData | null {
  if (!data || typeof data.order_no !== "string" || typeof data.method !== "string") return null
  return { ...emptySessionData(data.order_no, data.method as GatewayMethod, String(data.amount ?? ""), String(data.currency ?? "")), ...(data as Partial<GatewaySessionData>) } as GatewaySessionData
}
