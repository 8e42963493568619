/**
 * A storefront over Medusa's store API with plain fetch: a cart with items, addresses, shipping and a payment
 * collection; then the payment step's calls one by one: a payment session, the card posted to the plugin's
 * route (the gateway's card provider), complete-cart.
 */
import type { SeededStore } from "../../scripts/seed-store"
import fixtures from "../../scripts/shopper-fixtures.json"
import { card } from "../../integration-tests/helpers/shopper"

// The shopper's address and test cards shared with the demo and the tests.
const ADDRESS = fixtures.address
const CARD = card(fixtures.cards.approve)
/** The sandbox's test card that asks for 3-D Secure. */
export const THREE_DS_CARD = fixtures.cards.threeDS

export class StoreClient {
  #carts = 0

  constructor(
    readonly baseUrl: string,
    readonly store: SeededStore
  ) {}

  async call(method: "GET" | "POST", path: string, body?: unknown): Promise<{ status: number; data: any }> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: { "content-type": "application/json", "x-publishable-api-key": this.store.publishableKey },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    const text = await res.text()
    return { status: res.status, data: text ? JSON.parse(text) : null }
  }

  async ok(method: "GET" | "POST", path: string, body?: unknown): Promise<any> {
    const r = await this.call(method, path, body)
    if (r.status < 200 || r.status >= 300)
      throw new Error(`${method} ${path}: HTTP ${r.status} ${JSON.stringify(r.data).slice(0, 300)}`)
    return r.data
  }

  /** A cart with items, addresses, shipping and a payment collection (no session yet): the ids. */
  async cartWithCollection(): Promise<{ cartId: string; collectionId: string }> {
    const { cart } = await this.ok("POST", "/store/carts", {
      region_id: this.store.regions.usd,
      // One shopper per cart: carts made at once with one new email race to create the same customer.
      email: `shopper-${process.pid}-${++this.#carts}@example.com`,
      items: [{ variant_id: this.store.variants.tshirt, quantity: 2 }],
      shipping_address: ADDRESS,
      billing_address: ADDRESS,
    })
    await this.ok("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: this.store.shippingOptionId })
    const { payment_collection: pc } = await this.ok("POST", "/store/payment-collections", { cart_id: cart.id })
    return { cartId: cart.id, collectionId: pc.id }
  }

  /** A payment session of `providerId` on the collection; returns its id. */
  async startSession(collectionId: string, providerId: string): Promise<string> {
    const { payment_collection: withSession } = await this.ok(
      "POST",
      `/store/payment-collections/${collectionId}/payment-sessions`,
      { provider_id: providerId }
    )
    return withSession.payment_sessions.find((s: { provider_id: string }) => s.provider_id === providerId).id
  }

  /** Posts the test card to the plugin's card route for cart `cartId`; throws unless the session is authorised. */
  async postCard(cartId: string, sessionId: string): Promise<void> {
    const { payment_session } = await this.ok("POST", `/store/gateway/payment-sessions/${sessionId}/card`, {
      cart_id: cartId,
      card: CARD,
    })
    if (payment_session.status !== "authorized") throw new Error(`card session is ${payment_session.status}`)
  }

  /**
   * Posts the 3-D Secure test card for cart `cartId`, then passes 3-D Secure on the sandbox's issuer page as a
   * browser would (the gateway then notifies the store); throws unless the card asked for it and the page answered.
   */
  async postCardWithThreeDS(cartId: string, sessionId: string): Promise<void> {
    const { payment_session } = await this.ok("POST", `/store/gateway/payment-sessions/${sessionId}/card`, {
      cart_id: cartId,
      card: { ...CARD, number: THREE_DS_CARD },
    })
    const issuerUrl = payment_session.data?.issuer_url
    if (payment_session.status !== "requires_more" || typeof issuerUrl !== "string")
      throw new Error(`3-D Secure session is ${payment_session.status}`)
    const res = await fetch(issuerUrl, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams({ outcome: "pass" }).toString(),
      redirect: "manual",
    })
    await res.arrayBuffer()
    if (res.status !== 303) throw new Error(`issuer page answered ${res.status}`)
  }

  /** Completes a cart; throws unless it became an order. */
  async complete(cartId: string): Promise<void> {
    const r = await this.call("POST", `/store/carts/${cartId}/complete`, {})
    if (r.status !== 200 || r.data?.type !== "order")
      throw new Error(`complete ${cartId}: HTTP ${r.status} ${JSON.stringify(r.data).slice(0, 300)}`)
  }
}
