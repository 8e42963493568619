/**
 * Card grants: how a storefront that keeps the customer's token in an httpOnly cookie (Medusa's Next.js starter)
 * lets the shopper's browser post a card for that customer's cart without ever holding the token. Server code
 * asks for a grant with the token (`POST /store/gateway/payment-sessions/:id/card-grant`); the browser sends the
 * grant with the card (`card_grant`), straight to the card route, so the card passes through no other server.
 *
 * A grant names one payment session, its cart and the customer, and expires (15 minutes). It pays only that
 * session with a card typed in the browser (and saves it for that customer when asked): never a saved card, and
 * it reads nothing. It is an HMAC-SHA256 over those values with a key derived from the store's JWT secret:
 * stateless, valid on every instance that shares the secret, and unforgeable without it.
 */
import { createHmac, timingSafeEqual } from "node:crypto"

export const CARD_GRANT_TTL_SECONDS = 15 * 60
const PREFIX = "cg1"

export interface CardGrantClaims {
  session_id: string
  cart_id: string
  customer_id: string
}

const b64 = (text: string | Buffer) => Buffer.from(text).toString("base64url")
const keyOf = (secret: string) => createHmac("sha256", secret).update("gateway-card-grant").digest()
const mac = (secret: string, body: string) => createHmac("sha256", keyOf(secret)).update(`${PREFIX}.${body}`).digest()

export function signCardGrant(
  secret: string,
  claims: CardGrantClaims,
  now = new Date(),
  ttlSeconds = CARD_GRANT_TTL_SECONDS
): { grant: string; expires_at: string } {
  if (!secret) throw new Error("card grants need the store's JWT secret (projectConfig.http.jwtSecret)")
  const exp = Math.floor(now.getTime() / 1000) + ttlSeconds
  const body = b64(JSON.stringify({ s: claims.session_id, c: claims.cart_id, u: claims.customer_id, e: exp }))
  return {
    grant: `${PREFIX}.${body}.${mac(secret, body).toString("base64url")}`,
    expires_at: new Date(exp * 1000).toISOString(),
  }
}

/** The customer a grant speaks for, when it is intact, unexpired and for this session and cart; null otherwise. */
export function verifyCardGrant(
  secret: string,
  grant: string,
  expected: { session_id: string; cart_id: string },
  now = new Date()
): string | null {
  const parts = grant.split(".")
  if (!secret || parts.length !== 3 || parts[0] !== PREFIX) return null
  const [, body, signature] = parts
  const given = Buffer.from(signature, "base64url")
  const wanted = mac(secret, body)
  if (given.length !== wanted.length || !timingSafeEqual(given, wanted)) return null
  let claims: { s?: unknown; c?: unknown; u?: unknown; e?: unknown }
  try {
    claims = JSON.parse(Buffer.from(body, "base64url").toString("utf8"))
  } catch {
    return null
  }
  if (claims.s !== expected.session_id || claims.c !== expected.cart_id || typeof claims.u !== "string" || !claims.u)
    return null
  if (typeof claims.e !== "number" || claims.e * 1000 <= now.getTime()) return null
  return claims.u
}
