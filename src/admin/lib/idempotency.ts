import { useState } from "react"

/** The header the admin API's money-moving routes require (payout, card recharge and withdraw, group refund, card and group creation). */
export const IDEMPOTENCY_HEADER = "Idempotency-Key"

/**
 * A new idempotency key (a UUID v4). `crypto.randomUUID` exists only in secure contexts (https, localhost); an
 * admin opened over plain http elsewhere still has `crypto.getRandomValues`.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID()
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const hex = Array.from(b, (x) => x.toString(16).padStart(2, "0")).join("")
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`
}

/**
 * One key for the life of a form or prompt: every submit of it (a retry after an error, a double click) sends
 * the same key, so the API answers the first request instead of paying twice; opening the form again makes a
 * new one.
 */
export function useIdempotencyKey(): string {
  const [key] = useState(newIdempotencyKey)
  return key
}
