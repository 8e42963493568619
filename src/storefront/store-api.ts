/**
 * The plugin's store routes and Medusa's checkout calls a storefront makes, over `@medusajs/js-sdk`
 * (`sdk.client.fetch`, so the sdk's publishable key and, when it holds one, the customer's token go along).
 * The card goes only to the plugin's card route, in the body of one POST; nothing here keeps or logs it.
 */
import { gatewayProviderId, isGatewayProvider } from "../domain/providers.js"
import { browserData } from "./browser-data.js"
import { redirectOf } from "./redirect.js"
import type {
  BrowserData,
  CardDetails,
  CardOutcome,
  CompletionResult,
  ExtraHeaders,
  GatewayMethod,
  GatewaySdk,
  PaymentMethodRanking,
  PaymentSession,
  SavedCard,
  SavedCardSource,
} from "./types.js"

export { gatewayProviderId, isGatewayProvider }

/** Per-call options: extra headers (e.g. a customer's `authorization` the sdk does not hold). */
export interface CallOptions {
  headers?: ExtraHeaders
}

const withHeaders = (options?: CallOptions) => (options?.headers ? { headers: options.headers } : {})

/** What the storefront does after a card post, read from the session the card route answered. */
export function outcomeOf(session: PaymentSession): CardOutcome {
  switch (session.status) {
    case "authorized":
    case "pending_authorization":
    case "pending":
      return { status: session.status, session }
    case "requires_more":
      return { status: "requires_more", session, redirect: redirectOf(session.data) }
    default:
      return {
        status: "declined",
        session,
        decline: session.data?.decline ?? { code: "", message: "The payment was declined." },
      }
  }
}

/**
 * Creates (or re-creates) the cart's payment session for one of the plugin's providers and answers it. The
 * APM takes `data: { payment_method: "alipay" }` (or another method); card and hosted page take none.
 */
export async function startPaymentSession(
  sdk: GatewaySdk,
  cart: { id: string; payment_collection?: { id: string } | null },
  method: GatewayMethod,
  options: CallOptions & { data?: Record<string, unknown> } = {}
): Promise<PaymentSession> {
  const provider_id = gatewayProviderId(method)
  let collectionId = cart.payment_collection?.id
  if (!collectionId) {
    const created = await sdk.client.fetch<{ payment_collection: { id: string } }>("/store/payment-collections", {
      method: "POST",
      body: { cart_id: cart.id },
      ...withHeaders(options),
    })
    collectionId = created.payment_collection.id
  }
  const { payment_collection } = await sdk.client.fetch<{
    payment_collection: { payment_sessions?: PaymentSession[] }
  }>(`/store/payment-collections/${collectionId}/payment-sessions`, {
    method: "POST",
    body: { provider_id, ...(options.data ? { data: options.data } : {}) },
    ...withHeaders(options),
  })
  const session = payment_collection.payment_sessions?.find((s) => s.provider_id === provider_id)
  if (!session) throw new Error(`The store did not create a ${provider_id} payment session`)
  return session
}

const postToCardRoute = async (
  sdk: GatewaySdk,
  sessionId: string,
  body: Record<string, unknown>,
  options?: CallOptions
): Promise<CardOutcome> => {
  const { payment_session } = await sdk.client.fetch<{ payment_session: PaymentSession }>(
    `/store/gateway/payment-sessions/${encodeURIComponent(sessionId)}/card`,
    {
      method: "POST",
      body,
      ...withHeaders(options),
    }
  )
  return outcomeOf(payment_session)
}

/**
 * Posts a card for a `pp_gateway_card` session (once per attempt; the plugin authorises at once), with the id of
 * the cart the session pays (`cart_id`, required: the route refuses a session posted without its cart).
 * A registered customer's cart needs that customer: their auth in `headers`, or a `card_grant` that server code
 * made with it (`createCardGrant`), so the browser never holds the token. `save_card` keeps the card for that
 * customer. Browser data is collected unless given.
 */
export function postCard(
  sdk: GatewaySdk,
  sessionId: string,
  input: {
    cart_id: string
    card: CardDetails
    save_card?: boolean
    card_grant?: string | null
    browser?: BrowserData
  } & CallOptions
): Promise<CardOutcome> {
  const { number, exp_month, exp_year, cvv, holder_name } = input.card
  const card = { number, exp_month, exp_year, cvv, ...(holder_name ? { holder_name } : {}) }
  return postToCardRoute(
    sdk,
    sessionId,
    {
      cart_id: input.cart_id,
      card,
      ...(input.save_card ? { save_card: true } : {}),
      ...(input.card_grant ? { card_grant: input.card_grant } : {}),
      browser: input.browser ?? browserData(),
    },
    input
  )
}

/**
 * Server code: a card grant for session `sessionId` of the signed-in customer's cart `cartId` (send the customer's
 * auth in `headers`). Hand only the grant to the browser's card form (`CardForm`'s `cardGrant`).
 */
export async function createCardGrant(
  sdk: GatewaySdk,
  sessionId: string,
  cartId: string,
  options?: CallOptions
): Promise<{ grant: string; expires_at: string }> {
  const res = await sdk.client.fetch<{ card_grant: { grant: string; expires_at: string } }>(
    `/store/gateway/payment-sessions/${encodeURIComponent(sessionId)}/card-grant`,
    {
      method: "POST",
      body: { cart_id: cartId },
      ...withHeaders(options),
    }
  )
  return res.card_grant
}

/** A `SavedCardSource` over an sdk whose calls carry the customer's auth (or `headers` that do). */
export function savedCardsOf(sdk: GatewaySdk, options?: CallOptions): SavedCardSource {
  return {
    list: () => listSavedCards(sdk, options),
    pay: ({ sessionId, cartId, ...rest }) => payWithSavedCard(sdk, sessionId, { cart_id: cartId, ...rest, ...options }),
    remove: (id) => deleteSavedCard(sdk, id, options),
  }
}

/** Pays a `pp_gateway_card` session of cart `cart_id` with one of the logged-in customer's saved cards (send the customer's auth). */
export function payWithSavedCard(
  sdk: GatewaySdk,
  sessionId: string,
  input: { cart_id: string; saved_card_id: string; security_code?: string; browser?: BrowserData } & CallOptions
): Promise<CardOutcome> {
  const code = input.security_code?.trim()
  return postToCardRoute(
    sdk,
    sessionId,
    {
      cart_id: input.cart_id,
      saved_card_id: input.saved_card_id,
      ...(code ? { security_code: code } : {}),
      browser: input.browser ?? browserData(),
    },
    input
  )
}

/** The logged-in customer's saved cards (send the customer's auth); expired ones are listed with `expired: true`. */
export async function listSavedCards(sdk: GatewaySdk, options?: CallOptions): Promise<SavedCard[]> {
  const { saved_cards } = await sdk.client.fetch<{ saved_cards: SavedCard[] }>("/store/gateway/saved-cards", {
    method: "GET",
    ...withHeaders(options),
  })
  return saved_cards
}

/** Deletes one of the logged-in customer's saved cards (another customer's card answers 404). */
export async function deleteSavedCard(
  sdk: GatewaySdk,
  id: string,
  options?: CallOptions
): Promise<{ id: string; deleted: boolean }> {
  const res = await sdk.client.fetch<{ id: string; object: string; deleted: boolean }>(
    `/store/gateway/saved-cards/${encodeURIComponent(id)}`,
    {
      method: "DELETE",
      ...withHeaders(options),
    }
  )
  return { id: res.id, deleted: res.deleted }
}

/** The gateway's ranking of payment methods for a cart, best first; `source: "default"` (empty) when it had none. */
export async function rankPaymentMethods(
  sdk: GatewaySdk,
  cartId: string,
  options?: CallOptions
): Promise<PaymentMethodRanking> {
  const res = await sdk.client.fetch<PaymentMethodRanking>("/store/gateway/payment-methods", {
    method: "GET",
    query: { cart_id: cartId },
    ...withHeaders(options),
  })
  return {
    payment_methods: [...(res.payment_methods ?? [])].sort((a, b) => a.rank - b.rank),
    source: res.source === "gateway" ? "gateway" : "default",
  }
}

/**
 * Orders the storefront's choices by a ranking: ranked ones first (best first), then the others in their own
 * order. `methodOf` names a choice's gateway method ("card", "alipay", ...).
 */
export function orderByRank<T>(
  choices: readonly T[],
  methodOf: (choice: T) => string,
  ranking: PaymentMethodRanking
): T[] {
  const rank = new Map(ranking.payment_methods.map((m) => [m.payment_method, m.rank]))
  return choices
    .map((choice, index) => ({ choice, index, rank: rank.get(methodOf(choice)) ?? Number.POSITIVE_INFINITY }))
    .sort((a, b) => a.rank - b.rank || a.index - b.index)
    .map((x) => x.choice)
}

const REQUIRES_MORE = "payment_requires_more_error"

/**
 * Completes the cart: the order, or why not. The plugin confirms every redirect payment with the gateway
 * here (the shopper's return is never trusted). A store that does not answer, or fails (5xx), is "not confirmed
 * yet" (`requires_more`), never a decline. When no order is made, the gateway session's decline (a
 * shopper's category, never the gateway's own reason) is read back from the cart, so the shopper sees why.
 */
export async function completeCart(sdk: GatewaySdk, cartId: string, options?: CallOptions): Promise<CompletionResult> {
  let failure: string | null = null
  try {
    const res = await sdk.client.fetch<
      | { type: "order"; order: any }
      | { type: "cart"; cart?: unknown; error?: { type?: string; name?: string; message?: string } }
    >(`/store/carts/${encodeURIComponent(cartId)}/complete`, { method: "POST", ...withHeaders(options) })
    if (res.type === "order") return { type: "order", order: res.order }
    if (res.error?.type === REQUIRES_MORE || res.error?.name === REQUIRES_MORE) {
      return { type: "requires_more", message: res.error.message ?? "The payment is not finished yet." }
    }
    failure = res.error?.message ?? null
  } catch (err) {
    // No answer, or the store's own failure (5xx): nothing says the payment failed, and the shopper may have paid.
    // "Not confirmed yet" lets them check again; a decline would invite a second payment.
    const status = (err as { status?: unknown })?.status
    if (typeof status !== "number" || status >= 500) {
      return { type: "requires_more", message: "The payment could not be confirmed yet." }
    }
    failure = err instanceof Error ? err.message : String(err)
  }
  // Only a definite decline invites the shopper to pay again (a second payment while the first may hold money).
  const verdict = await verdictOfCart(sdk, cartId, options).catch(() => ({ open: true }) as const)
  if ("decline" in verdict)
    return {
      type: "declined",
      message: verdict.decline.message,
      ...(verdict.decline.code ? { code: verdict.decline.code } : {}),
    }
  if (verdict.open) return { type: "requires_more", message: "The payment could not be confirmed yet." }
  return { type: "declined", message: failure ?? "The payment was not completed." }
}

/**
 * What the cart's gateway sessions say after a completion that made no order: a decline (recorded on a session, or
 * a session failed or released), `open` when a gateway session may still hold money or the cart could not be read
 * (not confirmed yet), or neither when the cart has no gateway session (another provider's failure).
 */
async function verdictOfCart(
  sdk: GatewaySdk,
  cartId: string,
  options?: CallOptions
): Promise<{ decline: { code: string; message: string } } | { open: boolean }> {
  const { cart } = await sdk.client.fetch<{
    cart: { payment_collection?: { payment_sessions?: PaymentSession[] } | null }
  }>(`/store/carts/${encodeURIComponent(cartId)}`, {
    method: "GET",
    query: { fields: "id,*payment_collection,*payment_collection.payment_sessions" },
    ...withHeaders(options),
  })
  const sessions = (cart.payment_collection?.payment_sessions ?? []).filter((s) => isGatewayProvider(s.provider_id))
  const declined = sessions.find((s) => s.data?.decline?.message)
  if (declined) return { decline: declined.data.decline! }
  // Failed without a reason (e.g. the gateway's notification of a failed 3-D Secure said only "failed"), or released.
  if (sessions.some((s) => s.status === "error" || s.data?.gateway_state === "failed"))
    return { decline: { code: "", message: NOT_APPROVED } }
  if (sessions.length && sessions.every((s) => s.status === "canceled"))
    return { decline: { code: "not_completed", message: NOT_COMPLETED } }
  return { open: sessions.length > 0 }
}

const NOT_COMPLETED = "The payment was not completed in time, and nothing is held for it. You can pay again."
const NOT_APPROVED = "The payment was not approved by the bank or the payment method."
