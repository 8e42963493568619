/**
 * A storefront's side of checkout, through Medusa's store API and the plugin's store routes, plus a browser's
 * side of the sandbox's 3-D Secure, APM and hosted pages (plain HTTP, as a browser would post them).
 */
import type { AxiosInstance } from "axios"
import type { SeededStore } from "../../scripts/seed-store"
import fixtures from "../../scripts/shopper-fixtures.json"

export const ADDRESS = fixtures.address
export const CARDS = fixtures.cards as { approve: string; decline: string; threeDS: string; review: string }

export function card(number: string) {
  return {
    number,
    exp_month: "12",
    exp_year: String(new Date().getUTCFullYear() + 3),
    cvv: "123",
    holder_name: "Ada Lovelace",
  }
}

/** The cart of every payment session the helpers created (a card post names its cart), whoever posts to it. */
const cartOfSession = new Map<string, string>()
const cartOfCollection = new Map<string, string>()

export class Shopper {
  constructor(
    private readonly api: AxiosInstance,
    private readonly store: SeededStore,
    /** A logged-in customer's token and email; a guest without. */
    readonly customer: { token: string; email: string; id: string } | null = null
  ) {}

  /** More headers on every request, e.g. the `x-forwarded-for` a proxy would write. */
  extraHeaders: Record<string, string> = {}

  get headers() {
    return {
      headers: {
        "x-publishable-api-key": this.store.publishableKey,
        ...(this.customer ? { authorization: `Bearer ${this.customer.token}` } : {}),
        ...this.extraHeaders,
      },
    }
  }

  /** Registers a customer account with Medusa's auth routes and returns a shopper logged in as them. */
  static async register(api: AxiosInstance, store: SeededStore, email: string): Promise<Shopper> {
    const password = "correct-horse-battery"
    const { data: registered } = await api.post("/auth/customer/emailpass/register", { email, password })
    const { data: created } = await api.post(
      "/store/customers",
      { email, first_name: "Ada", last_name: "Lovelace" },
      { headers: { "x-publishable-api-key": store.publishableKey, authorization: `Bearer ${registered.token}` } }
    )
    const { data: login } = await api.post("/auth/customer/emailpass", { email, password })
    return new Shopper(api, store, { token: login.token, email, id: created.customer.id })
  }

  /** A cart with items, addresses and shipping, and a payment session of `provider_id`. */
  async cartWithSession(
    provider_id: string,
    opts: {
      currency?: keyof SeededStore["regions"]
      items?: { variant_id: string; quantity: number }[]
      data?: Record<string, unknown>
      country?: string
      /** A guest's email (default ada@example.com); a logged-in customer's own is always used. */
      email?: string
    } = {}
  ) {
    const currency = opts.currency ?? "usd"
    const country = opts.country ?? { usd: "us", eur: "de", jpy: "jp", kwd: "kw" }[currency]
    const address = { ...ADDRESS, country_code: country }
    const items = opts.items ?? [{ variant_id: this.store.variants.tshirt, quantity: 2 }]
    const { data: created } = await this.api.post(
      "/store/carts",
      {
        region_id: this.store.regions[currency],
        email: this.customer?.email ?? opts.email ?? "ada@example.com",
        items,
        shipping_address: address,
        billing_address: address,
      },
      this.headers
    )
    const cartId: string = created.cart.id
    await this.api.post(
      `/store/carts/${cartId}/shipping-methods`,
      { option_id: this.store.shippingOptionId },
      this.headers
    )
    const { data: pc } = await this.api.post("/store/payment-collections", { cart_id: cartId }, this.headers)
    cartOfCollection.set(pc.payment_collection.id, cartId)
    const session = await this.createSession(pc.payment_collection.id, provider_id, opts.data)
    const { data: cart } = await this.api.get(`/store/carts/${cartId}`, this.headers)
    return { cartId, cart: cart.cart, paymentCollectionId: pc.payment_collection.id as string, session }
  }

  async createSession(paymentCollectionId: string, provider_id: string, data?: Record<string, unknown>) {
    const { data: res } = await this.api.post(
      `/store/payment-collections/${paymentCollectionId}/payment-sessions`,
      { provider_id, ...(data ? { data } : {}) },
      this.headers
    )
    const session = res.payment_collection.payment_sessions.find(
      (s: { provider_id: string }) => s.provider_id === provider_id
    )
    const cartId = cartOfCollection.get(paymentCollectionId)
    if (session && cartId) cartOfSession.set(session.id, cartId)
    return session
  }

  /** Posts to the card route with the session's `cart_id` (unless the body names one, or the session is unknown). */
  async postCard(sessionId: string, body: Record<string, unknown>) {
    const cartId = cartOfSession.get(sessionId)
    const withCart = "cart_id" in body || !cartId ? body : { cart_id: cartId, ...body }
    return this.api
      .post(`/store/gateway/payment-sessions/${sessionId}/card`, withCart, this.headers)
      .catch((e) => e.response)
  }

  async complete(cartId: string) {
    return this.api.post(`/store/carts/${cartId}/complete`, {}, this.headers).catch((e) => e.response)
  }
}

/** Posts a form like a browser and returns the answer without following redirects. */
export async function postForm(url: string, fields: Record<string, string>) {
  return fetch(url, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams(fields).toString(),
    redirect: "manual",
  })
}

/** The shopper finishes 3-D Secure or the APM on the sandbox's issuer page. */
export async function completeIssuerPage(issuerUrl: string, outcome: "pass" | "fail" = "pass") {
  const res = await postForm(issuerUrl, { outcome })
  if (res.status !== 303) throw new Error(`issuer page answered ${res.status}: ${await res.text()}`)
  return res.headers.get("location")
}

/** Reads every `<form ... action=...>` and its named inputs from an HTML page. */
export function formsOf(html: string) {
  const forms: { action: string; inputs: Record<string, string> }[] = []
  for (const m of html.matchAll(/<form\b[^>]*action="([^"]*)"[^>]*>([\s\S]*?)<\/form>/gi)) {
    const inputs: Record<string, string> = {}
    for (const i of m[2]!.matchAll(/<input\b[^>]*>/gi)) {
      const name = /name="([^"]*)"/i.exec(i[0])?.[1]
      const value = /value="([^"]*)"/i.exec(i[0])?.[1] ?? ""
      if (name)
        inputs[name] = value
          .replace(/&amp;/g, "&")
          .replace(/&quot;/g, '"')
          .replace(/&lt;/g, "<")
          .replace(/&gt;/g, ">")
    }
    forms.push({ action: m[1]!.replace(/&amp;/g, "&"), inputs })
  }
  return forms
}

/** The shopper pays on the hosted page: loading form -> card-entry page -> 303 back to the store. */
export async function payOnHostedPage(hosted: { action: string; inputs: Record<string, string> }, cardNumber: string) {
  const page = await postForm(hosted.action, hosted.inputs)
  if (page.status !== 200) throw new Error(`hosted page answered ${page.status}`)
  const [entry] = formsOf(await page.text())
  if (!entry) throw new Error("hosted page has no card form")
  const c = card(cardNumber)
  const res = await postForm(new URL(entry.action, hosted.action).toString(), {
    ...entry.inputs,
    card: c.number,
    expiration_month: c.exp_month,
    expiration_year: c.exp_year,
    security_code: c.cvv,
  })
  return res
}
