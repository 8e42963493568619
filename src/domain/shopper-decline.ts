/**
 * What a shopper is told when a card payment does not go through: one of three categories, never the
 * gateway's own code and message. A detailed reason ("CVV wrong" vs "insufficient funds" vs "do not honour")
 * tells a card tester which part of a stolen card is right; the shopper needs only what to do next.
 *
 * The category is what the session's `data.decline` holds (Medusa's store API serves session data to the
 * browser) and what the card route answers for a refusal. The gateway's code and message go to the server log
 * and to the plugin's module (`gateway_payment.decline_code` / `decline_message`, through a `DeclineStore`),
 * which only staff read (the admin order widget).
 */
import { GatewayApiError } from "../lib/gateway"

export const SHOPPER_DECLINES = Object.freeze({
  declined: "The card was declined. Use another card or payment method.",
  check_card_details: "The card details were not accepted. Check them and try again.",
  try_again_later: "The payment could not be made just now. Try again later.",
})
export type ShopperDeclineCode = keyof typeof SHOPPER_DECLINES

export interface ShopperDecline {
  code: ShopperDeclineCode
  message: string
}

/** The gateway's own reason, for the log and staff. */
export interface GatewayDecline {
  code: string
  message: string
}

export function shopperDecline(code: ShopperDeclineCode): ShopperDecline {
  return { code, message: SHOPPER_DECLINES[code] }
}

/** A stored decline read back as a category (anything else, e.g. a gateway code written before, is "declined"). */
export function asShopperDecline(code: unknown): ShopperDecline {
  return shopperDecline(
    typeof code === "string" && code in SHOPPER_DECLINES ? (code as ShopperDeclineCode) : "declined"
  )
}

/** Card fields a gateway refusal may name. */
const CARD_FIELDS = new Set(["card", "expiration_month", "expiration_year", "security_code", "token_id"])

/**
 * The category of a gateway refusal of a card payment (a non-2xx answer). A refusal naming a card field (or the
 * saved card's token) is "declined", like a signed decline: telling "check the details" for a security code or
 * expiry the gateway refused would tell a card tester which part of a stolen card is wrong. "Check the card
 * details" is kept for the plugin's own format checks (the card route's validation), which see only what the
 * shopper typed. The gateway down or anything else (its signature, the store's configuration) → try again later.
 */
export function shopperCategoryOf(err: unknown): ShopperDeclineCode {
  if (err instanceof GatewayApiError && err.httpStatus < 500 && err.source && CARD_FIELDS.has(err.source))
    return "declined"
  return "try_again_later"
}

/**
 * A card post's refusal that proves the gateway made nothing: its own 4xx answer (a refusal, not a lost or failed
 * request). Marked on the error the provider throws, read by the card route, which then takes back the post's
 * card-sent trace; a refusal without it (a transport failure, a 5xx) may have reached the gateway and keeps it.
 */
const GATEWAY_REFUSED = "gateway_refused"
export const markGatewayRefused = <E extends object>(err: E, original: unknown): E =>
  original instanceof GatewayApiError && original.httpStatus < 500
    ? Object.assign(err, { [GATEWAY_REFUSED]: true })
    : err
export const wasGatewayRefused = (err: unknown): boolean =>
  Boolean(err && typeof err === "object" && (err as Record<string, unknown>)[GATEWAY_REFUSED] === true)

/** Where the gateway's reason is kept for staff (the plugin module's service is one). */
export interface DeclineStore {
  recordDecline(orderNo: string, decline: GatewayDecline): Promise<void>
}
