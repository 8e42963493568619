/**
 * The shapes the storefront kit reads and sends: what the plugin's store routes answer (a payment session's
 * `data` as the plugin writes it, saved cards, the payment-method ranking) and what the card route takes.
 * Only the fields a storefront needs; the plugin's session data has more (see docs/storefront.md).
 */
import type { GatewayMethod } from "../domain/providers.js"

export type { GatewayMethod }

/** The subset of `@medusajs/js-sdk`'s `Medusa` the kit uses: pass your `sdk` (only `sdk.client.fetch` is called). */
export interface GatewaySdk {
  client: {
    fetch<T>(
      path: string,
      init?: { method?: string; body?: Record<string, any>; headers?: Record<string, any>; query?: Record<string, any> }
    ): Promise<T>
  }
}

/** Extra headers for one call, e.g. a logged-in customer's `{ authorization: "Bearer ..." }` when the sdk does not hold it. */
export type ExtraHeaders = Record<string, string>

/** The 3-D Secure / APM hand-off the plugin puts in `data.redirect`: POST `fields` (return_url, notify_url) to `url`. */
export interface RedirectForm {
  url: string
  method: "POST" | "GET"
  fields: Record<string, string>
}

/**
 * Why a payment did not go through, as the plugin tells the shopper: `code` is a category (`declined`,
 * `check_card_details`, `try_again_later`) and `message` its text, never the gateway's own code or reason.
 */
export interface Decline {
  code: string
  message: string
}

/** What the kit reads of a gateway payment session's `data`. */
export interface GatewaySessionData {
  order_no?: string
  method?: GatewayMethod
  gateway_state?: string | null
  card_mask?: string | null
  issuer_url?: string | null
  redirect?: RedirectForm | null
  payment_method?: string | null
  /** The hosted page's form (never its HTML): `HostedPaymentFrame` posts it into a sandboxed frame. */
  hosted?: { action: string; inputs: Record<string, string> } | null
  decline?: Decline | null
  saved_card?: SavedCardUse | null
  [key: string]: unknown
}

export interface PaymentSession {
  id: string
  provider_id?: string
  status: string
  data: GatewaySessionData
}

/** A card as the card route takes it: digits only, `exp_month` two digits, `exp_year` four. */
export interface CardDetails {
  number: string
  exp_month: string
  exp_year: string
  cvv: string
  holder_name?: string
}

/** Browser and device data for 3-D Secure and risk checks (the card route's `browser`). */
export interface BrowserData {
  user_agent?: string
  browser_lang?: string
  time_zone?: string
  resolution?: string
  color_depth?: string
  challenge_window_size?: string
}

/** `data.saved_card` after a post: the card was saved (`save`) or a saved one was used (`pay`). */
export interface SavedCardUse {
  use: "save" | "pay"
  id: string
  brand: string | null
  last4: string
}

/** One of the logged-in customer's saved cards (GET /store/gateway/saved-cards). */
export interface SavedCard {
  id: string
  /** null when the gateway did not say. */
  brand: string | null
  last4: string
  exp_month: string | number
  exp_year: string | number
  expired: boolean
  created_at: string
  last_used_at: string | null
}

/** One ranked method (GET /store/gateway/payment-methods): `payment_method` is the gateway's name, e.g. "card", "alipay". */
export interface RankedPaymentMethod {
  payment_method: string
  acceptance_rate: number
  rank: number
}

export interface PaymentMethodRanking {
  payment_methods: RankedPaymentMethod[]
  /** "gateway" when the gateway ranked them; "default" (and no methods) when it did not answer: keep your own order. */
  source: "gateway" | "default"
}

/**
 * What a card post (new or saved card) came to, and what the storefront does next:
 * - `authorized`, `pending_authorization` (held for the gateway's review), `pending` (the answer was lost; the
 *   plugin confirms it at completion): complete the cart;
 * - `requires_more`: send the shopper to `redirect` (3-D Secure), then complete the cart on the return page;
 * - `declined`: show `decline.message` and let the shopper try again (same session).
 */
export type CardOutcome =
  | { status: "authorized" | "pending_authorization" | "pending"; session: PaymentSession }
  | { status: "requires_more"; session: PaymentSession; redirect: RedirectForm | null }
  | { status: "declined"; session: PaymentSession; decline: Decline }

/**
 * Where the one payment control gets a signed-in customer's saved cards and pays with one. In a storefront that
 * keeps the customer's token in an httpOnly cookie (Medusa's Next.js starter), these are server actions that add
 * the token on the server: the token never reaches page scripts. `savedCardsOf(sdk, { headers })` builds one from
 * the browser's sdk for a storefront whose browser holds the auth itself.
 */
export interface SavedCardSource {
  /**
   * The customer's saved cards; `null` when no customer is signed in (a guest: no saved cards and no "save this
   * card"), so a server action can answer a guest without throwing (a thrown error is logged by the server).
   */
  list(): Promise<SavedCard[] | null>
  /** Pays session `sessionId` of cart `cartId` with the saved card (optional security code). */
  pay(input: {
    sessionId: string
    cartId: string
    saved_card_id: string
    security_code?: string
    browser?: BrowserData
  }): Promise<CardOutcome>
  /** Removes one (leave out to offer no "Remove"). */
  remove?(id: string): Promise<unknown>
}

/**
 * A card grant (`POST /store/gateway/payment-sessions/:id/card-grant`, made by server code with the customer's
 * token): lets the browser post a card typed for a registered customer's cart, and save it, without holding the
 * customer's token. Bound to one session, its cart and the customer; short-lived.
 */
export interface CardGrant {
  grant: string
  expires_at: string
}

/** What completing the cart came to. */
export type CompletionResult =
  | {
      type: "order"
      order: { id: string; display_id?: number; total?: number; currency_code?: string; [key: string]: unknown }
    }
  /** The shopper has not finished 3-D Secure, the APM or the hosted page yet. */
  | { type: "requires_more"; message: string }
  /** Not paid: `message` says why, as the plugin tells a shopper (a category, see `Decline`). */
  | { type: "declined"; message: string; code?: string }
