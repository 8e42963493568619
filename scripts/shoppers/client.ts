/**
 * The shopper harness's browser: Medusa's store API and the plugin's card route (bench/lib/store-client.ts's
 * StoreClient, with a customer's token when logged in and network failures answered as status 0 instead of
 * thrown, as a browser shows "no answer"), plus the sandbox's 3-D Secure / APM issuer page and hosted page as a
 * browser posts them (integration-tests/helpers/shopper.ts). And staff's side: the admin API with the harness's
 * secret key (the sync-runs route).
 */
import { Answer, requestJson } from "../../bench/lib/json-answer"
import { StoreClient } from "../../bench/lib/store-client"
import { ADDRESS, payOnHostedPage, postForm } from "../../integration-tests/helpers/shopper"
import type { CrashSeed } from "../crash/store-process"

export type { Answer } from "../../bench/lib/json-answer"

/** What a call is allowed to take before the browser gives up (a shopper does not wait forever). */
const CALL_TIMEOUT_MS = 90_000

export class ShopperClient extends StoreClient {
  /** A logged-in customer's token (Medusa's emailpass auth); null for a guest. */
  token: string | null = null
  customerId: string | null = null

  constructor(
    baseUrl: string,
    readonly seeded: CrashSeed
  ) {
    super(baseUrl, seeded)
  }

  /** Never throws: status 0 for no answer (refused, reset, timed out), `data` the JSON or text of the answer. */
  override async call(method: "GET" | "POST" | "DELETE", path: string, body?: unknown): Promise<Answer> {
    return requestJson(`${this.baseUrl}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        "x-publishable-api-key": this.seeded.publishableKey,
        ...(this.token ? { authorization: `Bearer ${this.token}` } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      signal: AbortSignal.timeout(CALL_TIMEOUT_MS),
    })
  }

  /** Registers a customer (emailpass) and logs in as them, as Shopper.register does over axios. */
  async register(email: string): Promise<void> {
    const password = "correct-horse-battery"
    const reg = await this.raw("POST", "/auth/customer/emailpass/register", { email, password })
    if (reg.status !== 200 || !reg.data?.token)
      throw new Error(`register ${email}: HTTP ${reg.status} ${JSON.stringify(reg.data).slice(0, 200)}`)
    this.token = reg.data.token
    const created = await this.ok("POST", "/store/customers", { email, first_name: "Ada", last_name: "Lovelace" })
    this.customerId = created.customer.id
    const login = await this.raw("POST", "/auth/customer/emailpass", { email, password })
    if (login.status !== 200 || !login.data?.token) throw new Error(`login ${email}: HTTP ${login.status}`)
    this.token = login.data.token
  }

  /** An auth route (no publishable key needed, but harmless). */
  private async raw(method: "POST", path: string, body: unknown): Promise<Answer> {
    const saved = this.token
    this.token = null
    try {
      return await this.call(method, path, body)
    } finally {
      this.token = saved
    }
  }

  /** A cart with `items`, addresses and shipping, and its payment collection (no session yet). */
  async newCart(
    email: string,
    items: { variant_id: string; quantity: number }[]
  ): Promise<{ cartId: string; collectionId: string }> {
    const { cart } = await this.ok("POST", "/store/carts", {
      region_id: this.seeded.regions.usd,
      email,
      items,
      shipping_address: ADDRESS,
      billing_address: ADDRESS,
    })
    await this.ok("POST", `/store/carts/${cart.id}/shipping-methods`, { option_id: this.seeded.shippingOptionId })
    const { payment_collection: pc } = await this.ok("POST", "/store/payment-collections", { cart_id: cart.id })
    return { cartId: cart.id, collectionId: pc.id }
  }

  /** Creates a payment session of `providerId` (Medusa deletes the collection's other sessions); the answer and the session. */
  async createSession(
    collectionId: string,
    providerId: string,
    data?: Record<string, unknown>
  ): Promise<{ answer: Answer; session: any | null; all: any[] }> {
    const answer = await this.call("POST", `/store/payment-collections/${collectionId}/payment-sessions`, {
      provider_id: providerId,
      ...(data ? { data } : {}),
    })
    const sessions: any[] = answer.status === 200 ? (answer.data?.payment_collection?.payment_sessions ?? []) : []
    // The collection's sessions of that provider, newest first (another tab's may be among them); a storefront takes
    // the one of its provider, which is the one it created unless two tabs created theirs at once (see two_tabs).
    const mine = sessions
      .filter((s) => s.provider_id === providerId)
      .sort(
        (a, b) =>
          String(b.created_at ?? "").localeCompare(String(a.created_at ?? "")) ||
          String(b.id).localeCompare(String(a.id))
      )
    return { answer, session: mine[0] ?? null, all: mine }
  }

  /** The plugin's card route. */
  postCardTo(cartId: string, sessionId: string, body: Record<string, unknown>): Promise<Answer> {
    return this.call("POST", `/store/gateway/payment-sessions/${sessionId}/card`, { cart_id: cartId, ...body })
  }

  completeCart(cartId: string): Promise<Answer> {
    return this.call("POST", `/store/carts/${cartId}/complete`, {})
  }

  /** The cart with its payment collection's sessions (what the kit reads back after a failed completion). */
  async cartSessions(cartId: string): Promise<any[] | null> {
    const r = await this.call(
      "GET",
      `/store/carts/${cartId}?fields=id,completed_at,*payment_collection,*payment_collection.payment_sessions`
    )
    return r.status === 200 ? (r.data?.cart?.payment_collection?.payment_sessions ?? []) : null
  }

  addItem(cartId: string, variantId: string, quantity = 1): Promise<Answer> {
    return this.call("POST", `/store/carts/${cartId}/line-items`, { variant_id: variantId, quantity })
  }
}

/** A browser at the bank: the issuer page (3-D Secure, APM) answered pass or fail. Never throws: the HTTP status (0: no answer). */
export async function bankPage(issuerUrl: string, outcome: "pass" | "fail"): Promise<number> {
  try {
    const res = await postForm(issuerUrl, { outcome })
    await res.arrayBuffer()
    return res.status
  } catch {
    return 0
  }
}

/**
 * A browser on the hosted page: loading form → card page → card posted. Answers where it ended: `paid` (303 back
 * to the store), `issuer` (303 to the 3-D Secure page, its URL), or `failed` with the status. Never throws.
 */
export async function hostedPage(
  hosted: { action: string; inputs: Record<string, string> } | null | undefined,
  cardNumber: string
): Promise<{ result: "paid" | "issuer" | "failed"; status: number; location?: string }> {
  if (!hosted?.action) return { result: "failed", status: 0 }
  try {
    const res = await payOnHostedPage(hosted, cardNumber)
    await res.arrayBuffer()
    const location = res.headers.get("location") ?? undefined
    if (res.status === 303 && location?.includes("/sandbox/issuer/")) return { result: "issuer", status: 303, location }
    return { result: res.status === 303 ? "paid" : "failed", status: res.status, location }
  } catch {
    // No page, no card form, or no answer.
    return { result: "failed", status: 0 }
  }
}

/** Staff: the admin API with the harness's secret key; never throws on an HTTP status. */
export async function adminCall(
  storeUrl: string,
  seeded: CrashSeed,
  method: "GET" | "POST",
  path: string,
  body?: unknown
): Promise<Answer> {
  return requestJson(`${storeUrl}${path}`, {
    method,
    headers: {
      "content-type": "application/json",
      authorization: `Basic ${Buffer.from(`${seeded.adminToken}:`).toString("base64")}`,
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
}

/** The sandbox's control routes (JSON). */
export async function sandboxCall(
  url: string,
  method: "GET" | "POST" | "DELETE",
  path: string,
  body?: unknown
): Promise<any> {
  const res = await fetch(`${url}${path}`, {
    method,
    headers: { "content-type": "application/json" },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  const text = await res.text()
  if (!res.ok) throw new Error(`sandbox ${method} ${path}: HTTP ${res.status} ${text.slice(0, 200)}`)
  return text ? JSON.parse(text) : null
}
