// One journey's shopper (Trip): its store client, its seeded choices, its record, and the checkout steps journeys are made of.
import { CARDS, card } from "../../../integration-tests/helpers/shopper"
import { rng } from "../../crash/driver"
import { Answer, bankPage, hostedPage, ShopperClient } from "../client"
import type { Checkout, JourneyEnv, JourneyKind, JourneyRecord, Shown } from "./record"

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))
const REQUIRES_MORE = "payment_requires_more_error"

type CardView = "authorized" | "review" | "redirect" | "declined" | "processing"
type Method = "card" | "3ds" | "apm" | "hosted"

/** One journey's shopper: its browser, its record, its generator. */
export class Trip {
  readonly shop: ShopperClient
  readonly random: ReturnType<typeof rng>
  readonly rec: JourneyRecord
  #carts = 0

  constructor(
    readonly env: JourneyEnv,
    n: number,
    kind: JourneyKind
  ) {
    this.shop = new ShopperClient(env.storeUrl, env.seeded)
    this.random = rng((env.seed * 1_000_003 + n * 7_777) >>> 0)
    this.rec = { n, kind, variant: "", customer_id: null, checkouts: [], steps: [], ms: 0 }
  }

  get checkout(): Checkout {
    const c = this.rec.checkouts[this.rec.checkouts.length - 1]
    if (!c) throw new Error("no checkout yet")
    return c
  }

  log(step: string) {
    this.rec.steps.push(step)
  }

  variant(v: string) {
    this.rec.variant = this.rec.variant ? `${this.rec.variant}/${v}` : v
  }

  pick<T>(xs: readonly T[]): T {
    return this.random.pick(xs)
  }

  chance(p: number): boolean {
    return this.random.next() < p
  }

  email(): string {
    return `shopper-s${this.env.seed}-j${this.rec.n}-${++this.#carts}@example.com`
  }

  async register(): Promise<void> {
    const email = `customer-s${this.env.seed}-j${this.rec.n}@example.com`
    await this.shop.register(email)
    this.rec.customer_id = this.shop.customerId
    this.log(`registered ${this.shop.customerId}`)
  }

  /** A new cart (a new checkout of this journey). */
  async newCart(items?: { variant_id: string; quantity: number }[]): Promise<Checkout> {
    const email = this.shop.token ? `customer-s${this.env.seed}-j${this.rec.n}@example.com` : this.email()
    const { cartId, collectionId } = await this.shop.newCart(
      email,
      items ?? [{ variant_id: this.env.seeded.variants.tshirt, quantity: this.random.int(1, 3) }]
    )
    const c: Checkout = {
      cart_id: cartId,
      collection_id: collectionId,
      email,
      sessions: [],
      final_sessions: [],
      shown: "processing",
      shown_by: "left before paying",
      order_id: null,
    }
    this.rec.checkouts.push(c)
    this.log(`cart ${cartId}`)
    return c
  }

  show(shown: Shown, by: string, sessions: string[], c: Checkout = this.checkout) {
    delete c.kit_shown
    c.shown = shown
    c.shown_by = by
    c.final_sessions = sessions
  }

  /**
   * Creates a session of `method`'s provider (APM with a payment method); null when the store refused or did not
   * answer. `choose` picks this tab's own session among the collection's sessions of the provider (newest first).
   */
  async session(method: Method, c: Checkout = this.checkout, choose?: (all: any[]) => any | null): Promise<any | null> {
    const provider = method === "apm" ? "pp_gateway_apm" : method === "hosted" ? "pp_gateway_hosted" : "pp_gateway_card"
    const data = method === "apm" ? { payment_method: this.pick(["alipay", "wechatpay"]) } : undefined
    const created = await this.shop.createSession(c.collection_id, provider, data)
    const answer = created.answer
    const session = choose ? choose(created.all) : created.session
    if (!session) {
      this.log(`session ${provider}: HTTP ${answer.status} ${brief(answer)}`)
      this.show("processing", `session creation answered ${answer.status}`, [], c)
      return null
    }
    c.sessions.push({ id: session.id, provider, note: `created (${session.status})` })
    this.log(`session ${session.id} ${provider} ${session.status}`)
    if (session.status === "error")
      this.show(session.data?.decline ? "declined" : "processing", `session created in error`, [session.id], c)
    return session
  }

  note(sessionId: string, note: string, c: Checkout = this.checkout) {
    const s = c.sessions.find((x) => x.id === sessionId)
    if (s) s.note += `; ${note}`
  }

  /** A card post (typed card, or `body` such as a saved card); what the shopper sees of it. */
  async post(
    sessionId: string,
    number: string | null,
    body: Record<string, unknown> = {},
    c: Checkout = this.checkout
  ): Promise<{ view: CardView; issuerUrl: string | null; answer: Answer }> {
    const answer = await this.shop.postCardTo(c.cart_id, sessionId, number ? { card: card(number), ...body } : body)
    const s = answer.status === 200 ? answer.data?.payment_session : null
    let view: CardView = "processing"
    if (s?.status === "authorized") view = "authorized"
    else if (s?.status === "pending_authorization") view = "review"
    else if (s?.status === "requires_more" && s.data?.issuer_url) view = "redirect"
    else if (s?.status === "error" && s.data?.decline) view = "declined"
    this.log(
      `card ${number ? number.slice(-4) : "saved"} → ${sessionId}: HTTP ${answer.status} ${s?.status ?? brief(answer)} (${view})`
    )
    if (view === "declined") this.show("declined", "card route: session error with a decline", [sessionId], c)
    else this.show("processing", `card route: ${s?.status ?? `HTTP ${answer.status}`}`, [sessionId], c)
    return { view, issuerUrl: s?.data?.issuer_url ?? null, answer }
  }

  /** The shopper at the bank (issuer page). */
  async bank(issuerUrl: string | null | undefined, outcome: "pass" | "fail", what = "issuer page"): Promise<boolean> {
    if (!issuerUrl) {
      this.log(`${what}: no issuer_url`)
      return false
    }
    const status = await bankPage(issuerUrl, outcome)
    this.log(`${what} ${outcome}: HTTP ${status}`)
    return status === 303
  }

  /** The shopper on the hosted page with `number`; a 3-D Secure card then passes (or fails) the issuer page. */
  async hosted(session: any, number: string, threeDS: "pass" | "fail" = "pass"): Promise<boolean> {
    const r = await hostedPage(session?.data?.hosted, number)
    this.log(`hosted page ${number.slice(-4)} for ${session?.id}: ${r.result} (HTTP ${r.status})`)
    if (r.result === "issuer") return this.bank(r.location, threeDS, "hosted 3-D Secure")
    return r.result === "paid"
  }

  /** Complete-cart, read as the shopper sees it; sets the checkout's shown outcome. */
  async complete(finalSessions: string[], c: Checkout = this.checkout, tab = ""): Promise<Shown> {
    const answer = await this.shop.completeCart(c.cart_id)
    const prefix = tab ? `${tab} ` : ""
    if (answer.status === 200 && answer.data?.type === "order") {
      c.order_id = answer.data.order?.id ?? c.order_id
      this.log(`${prefix}complete: order ${c.order_id}`)
      this.show("order", `${prefix}complete-cart: order`, finalSessions, c)
      return "order"
    }
    const error = answer.data?.error ?? answer.data
    const requiresMore = error?.type === REQUIRES_MORE || error?.name === REQUIRES_MORE
    if (answer.status === 0 || answer.status >= 500 || requiresMore) {
      this.log(`${prefix}complete: HTTP ${answer.status} ${requiresMore ? "requires_more" : brief(answer)}`)
      this.show(
        "processing",
        `${prefix}complete-cart: ${requiresMore ? "requires_more" : `HTTP ${answer.status}`}`,
        finalSessions,
        c
      )
      return "processing"
    }
    // Not an order, not "not yet": a decline only when the cart reads back a declined or failed gateway session.
    const sessions = (await this.shop.cartSessions(c.cart_id)) ?? []
    const gatewaySessions = sessions.filter((s) => String(s.provider_id).startsWith("pp_gateway_"))
    const declined = gatewaySessions.filter(
      (s) => s.data?.decline?.message || s.status === "error" || s.data?.gateway_state === "failed"
    )
    this.log(
      `${prefix}complete: HTTP ${answer.status} ${brief(answer)}; sessions ${gatewaySessions.map((s) => `${s.id}:${s.status}`).join(",") || "none"}`
    )
    if (declined.length) {
      this.show(
        "declined",
        `${prefix}complete-cart: not an order, the cart's session declined`,
        declined.map((s) => s.id),
        c
      )
      return "declined"
    }
    this.show(
      "processing",
      `${prefix}complete-cart: HTTP ${answer.status} ${String(error?.type ?? error?.message ?? "").slice(0, 80)}`,
      finalSessions,
      c
    )
    c.kit_shown = "declined (the kit shows any other failure as a decline)"
    return "processing"
  }

  /**
   * A redirect payment started and left at the bank: APM (issuer page), 3-D Secure (card session, issuer page) or the
   * hosted page (its form). `finish` completes it at the bank later.
   */
  async startRedirect(
    kind: "apm" | "3ds" | "hosted",
    c: Checkout = this.checkout
  ): Promise<{ sessionId: string; finish: (outcome?: "pass" | "fail") => Promise<boolean> } | null> {
    if (kind === "hosted") {
      const s = await this.session("hosted", c)
      if (!s || !s.data?.hosted) return null
      this.note(s.id, "hosted page open", c)
      const number = this.chance(0.2) ? CARDS.threeDS : CARDS.approve
      return {
        sessionId: s.id,
        finish: async (outcome = "pass") => this.hosted(s, outcome === "pass" ? number : CARDS.decline),
      }
    }
    if (kind === "apm") {
      const s = await this.session("apm", c)
      if (!s) return null
      this.note(s.id, "at the APM's page", c)
      if (!s.data?.issuer_url) return null
      return { sessionId: s.id, finish: (outcome = "pass") => this.bank(s.data.issuer_url, outcome, "APM page") }
    }
    const s = await this.session("card", c)
    if (!s) return null
    const posted = await this.post(s.id, CARDS.threeDS, {}, c)
    if (posted.view !== "redirect") return null
    this.note(s.id, "at the 3-D Secure page", c)
    return { sessionId: s.id, finish: (outcome = "pass") => this.bank(posted.issuerUrl, outcome, "3-D Secure page") }
  }

  /** A card session authorised (not completed): the shopper may still change their mind. `finish` does nothing. */
  async authorisedCard(
    c: Checkout = this.checkout
  ): Promise<{ sessionId: string; finish: (outcome?: "pass" | "fail") => Promise<boolean> } | null> {
    const s = await this.session("card", c)
    if (!s) return null
    const posted = await this.post(s.id, CARDS.approve, {}, c)
    if (posted.view !== "authorized") return null
    this.note(s.id, "authorised", c)
    return { sessionId: s.id, finish: async () => false }
  }

  /** Pays the current cart with `method` on a new session, then completes. */
  async payAndComplete(method: Method, c: Checkout = this.checkout): Promise<Shown> {
    const s = await this.session(method, c)
    if (!s) return c.shown
    if (s.status === "error") return c.shown
    if (method === "card" || method === "3ds") {
      const posted = await this.post(
        s.id,
        method === "card" ? this.pick([CARDS.approve, CARDS.approve, "5555555555554444"]) : CARDS.threeDS,
        {},
        c
      )
      if (posted.view === "declined") return "declined"
      if (posted.view === "redirect") await this.bank(posted.issuerUrl, "pass")
    } else if (method === "apm") {
      await this.bank(s.data?.issuer_url, "pass", "APM page")
    } else {
      await this.hosted(s, this.chance(0.2) ? CARDS.threeDS : CARDS.approve)
    }
    return this.complete([s.id], c)
  }

  sleep(ms: number) {
    return sleep(ms)
  }
}

function brief(a: Answer): string {
  const d = a.data
  const text = typeof d === "string" ? d : (d?.message ?? d?.error?.message ?? d?.type ?? JSON.stringify(d))
  return String(text ?? "")
    .replace(/\s+/g, " ")
    .slice(0, 120)
}

/** The redirect methods: the shopper leaves the store for the bank (APM, 3-D Secure) or the gateway's page. */
export const REDIRECTS = ["apm", "3ds", "hosted"] as const

/** A journey: what one shopper does, on its own cart(s), recording what it was shown. */
export type Journey = (t: Trip) => Promise<void>
