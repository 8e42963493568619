/**
 * The shoppers: what real ones do at a checkout, each journey on its own cart (or carts), with every choice drawn
 * from the journey's own seeded generator (SHOPPERS_SEED and the journey's number), so that a journey does the same
 * whatever runs beside it. Each journey records what its shopper was SHOWN at the end of each checkout:
 * - "order": complete-cart answered an order;
 * - "declined": a definite decline (the card route's session in error with its decline, or a completion whose cart
 *   reads back a declined / failed gateway session, as the storefront kit's completeCart shows it);
 * - "processing": requires_more, still pending, an error that is not a decline, no answer, or the shopper left;
 * with the cart, every payment session the journey saw created (the gateway's order_no) and the order id.
 */
import { CARDS, card } from "../../integration-tests/helpers/shopper"
import { rng } from "../crash/driver"
import { Answer, bankPage, hostedPage, ShopperClient } from "./client"
import type { CrashSeed } from "../crash/store-process"

export type Shown = "order" | "declined" | "processing"

export type JourneyKind =
  | "card_plain"
  | "decline_retry"
  | "threeds_pass"
  | "threeds_fail_retry"
  | "risk_review"
  | "apm"
  | "hosted"
  | "switch_methods"
  | "two_tabs"
  | "double_click"
  | "back_after_pay"
  | "late_after_cart_change"
  | "late_after_ttl"
  | "abandon"
  | "saved_card"
  | "subscription"

/** How often each journey is picked (all appear in a run of 40 or more with most seeds). */
export const JOURNEY_WEIGHTS: [JourneyKind, number][] = [
  ["card_plain", 7],
  ["decline_retry", 6],
  ["threeds_pass", 5],
  ["threeds_fail_retry", 5],
  ["risk_review", 4],
  ["apm", 5],
  ["hosted", 5],
  ["switch_methods", 12],
  ["two_tabs", 7],
  ["double_click", 6],
  ["back_after_pay", 6],
  ["late_after_cart_change", 7],
  ["late_after_ttl", 3],
  ["abandon", 7],
  ["saved_card", 4],
  ["subscription", 4],
]

/** The order in which a run's first journeys are dealt, so that a short run still has every kind. */
export function journeyPlan(count: number, seed: number): JourneyKind[] {
  const r = rng(seed * 7919 + 17)
  const total = JOURNEY_WEIGHTS.reduce((s, [, w]) => s + w, 0)
  const draw = (): JourneyKind => {
    let x = r.next() * total
    return JOURNEY_WEIGHTS.find(([, w]) => (x -= w) < 0)![0]
  }
  const kinds = JOURNEY_WEIGHTS.map(([k]) => k)
  // Every kind once (shuffled), then weighted draws.
  for (let i = kinds.length - 1; i > 0; i--) {
    const j = r.int(0, i)
    ;[kinds[i], kinds[j]] = [kinds[j]!, kinds[i]!]
  }
  const out = kinds.slice(0, Math.min(count, kinds.length))
  while (out.length < count) out.push(draw())
  return out
}

export interface SessionSeen {
  id: string
  provider: string
  /** What the journey did with it (e.g. "3ds started", "paid", "replaced"). */
  note: string
}

export interface Checkout {
  cart_id: string
  collection_id: string
  email: string
  sessions: SessionSeen[]
  /** The sessions of the attempt whose outcome the shopper was shown last. */
  final_sessions: string[]
  shown: Shown
  /** Why (the answer that decided `shown`). */
  shown_by: string
  order_id: string | null
  /** What the storefront kit's completeCart would have told the shopper, when it differs (N-5: it shows non-declines as declines). */
  kit_shown?: string
}

export interface JourneyRecord {
  n: number
  kind: JourneyKind
  variant: string
  customer_id: string | null
  checkouts: Checkout[]
  steps: string[]
  /** A failure of the harness's own set-up calls (cart, shipping...): the journey stopped there. */
  error?: string
  ms: number
}

export interface JourneyEnv {
  storeUrl: string
  seeded: CrashSeed
  seed: number
  /** The store's `reconciliation.release_after_seconds` (a journey waits past it). */
  releaseAfterSeconds: number
}

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

const REDIRECTS = ["apm", "3ds", "hosted"] as const

/** A new cart and a card session with `number` posted to it; null when no session could be made. */
async function cardOnNewCart(t: Trip, number: string) {
  await t.newCart()
  const s = await t.session("card")
  if (!s) return null
  return { s, posted: await t.post(s.id, number) }
}

/** After a refusal, the good card on the same session, then complete; a refused retry ends the journey. */
async function retryOnSameSession(t: Trip, sessionId: string) {
  const again = await t.post(sessionId, CARDS.approve)
  if (again.view !== "declined") await t.complete([sessionId])
}

/** The journeys. Each runs on its own cart(s) and records what its shopper was shown. */
export const JOURNEYS: Record<JourneyKind, (t: Trip) => Promise<void>> = {
  async card_plain(t) {
    await t.newCart()
    t.variant(t.pick(["visa", "mastercard"]))
    await t.payAndComplete("card")
  },

  async decline_retry(t) {
    const declined = await cardOnNewCart(t, CARDS.decline)
    if (declined?.posted.view !== "declined") return
    const { s } = declined
    // Declined: the shopper gives up, tries another card on the same session, or picks a method again (new session).
    const how = t.pick([
      "same_session",
      "same_session",
      "new_session",
      "new_session_3ds",
      "other_method",
      "gives_up",
    ] as const)
    t.variant(how)
    if (how === "gives_up") return
    if (how === "same_session") return retryOnSameSession(t, s.id)
    await t.payAndComplete(
      how === "new_session" ? "card" : how === "new_session_3ds" ? "3ds" : t.pick(["apm", "hosted"] as const)
    )
  },

  async threeds_pass(t) {
    await t.newCart()
    t.variant(t.chance(0.3) ? "complete_before_bank" : "straight")
    const s = await t.session("card")
    if (!s) return
    const posted = await t.post(s.id, CARDS.threeDS)
    if (posted.view !== "redirect") return
    // Some shoppers come back (or a tab reloads) before finishing at the bank: not yet.
    if (t.rec.variant === "complete_before_bank") await t.complete([s.id])
    await t.bank(posted.issuerUrl, "pass")
    await t.complete([s.id])
  },

  async threeds_fail_retry(t) {
    const redirected = await cardOnNewCart(t, CARDS.threeDS)
    if (redirected?.posted.view !== "redirect") return
    const { s, posted } = redirected
    await t.bank(posted.issuerUrl, "fail")
    const shown = await t.complete([s.id])
    if (shown === "order") return
    const how = t.pick(["same_session_card", "new_card_session", "other_method", "gives_up"] as const)
    t.variant(how)
    if (how === "gives_up") return
    if (how === "same_session_card") return retryOnSameSession(t, s.id)
    await t.payAndComplete(how === "new_card_session" ? "card" : t.pick(["apm", "hosted"] as const))
  },

  async risk_review(t) {
    const held = await cardOnNewCart(t, CARDS.review)
    if (!held || held.posted.view === "declined") return
    await t.complete([held.s.id])
  },

  async apm(t) {
    await t.newCart()
    const outcome = t.chance(0.2) ? "fail" : "pass"
    t.variant(outcome)
    const s = await t.session("apm")
    if (!s || s.status === "error") return
    await t.bank(s.data?.issuer_url, outcome, "APM page")
    await t.complete([s.id])
  },

  async hosted(t) {
    await t.newCart()
    const number = t.pick([CARDS.approve, CARDS.approve, CARDS.threeDS, CARDS.decline])
    t.variant(number === CARDS.approve ? "approve" : number === CARDS.threeDS ? "3ds" : "decline")
    const s = await t.session("hosted")
    if (!s || s.status === "error") return
    await t.hosted(s, number)
    await t.complete([s.id])
  },

  async switch_methods(t) {
    await t.newCart()
    // Mostly at the bank (APM, 3-D Secure, hosted page); now and then a card already authorised (its void on the
    // session's deletion meets the faults on /v1/cancel).
    const old = t.pick([...REDIRECTS, ...REDIRECTS, "card"] as const)
    const next = t.pick((["card", "3ds", "apm", "hosted"] as const).filter((m) => m !== old))
    const when =
      old === "card"
        ? "card_authorised"
        : t.pick(["after_order", "after_order", "before_complete", "after_order_then_return"] as const)
    t.variant(`${old}->${next}/${when}`)
    const started = old === "card" ? await t.authorisedCard() : await t.startRedirect(old)
    if (!started) return
    // Back button: another method; creating its session deletes the old one (Medusa).
    const s = await t.session(next)
    t.note(started.sessionId, "replaced (back button, another method)")
    if (!s || s.status === "error") {
      if (when === "before_complete" || when === "after_order_then_return") await started.finish("pass")
      return
    }
    let paidNew = true
    if (next === "card" || next === "3ds") {
      const posted = await t.post(s.id, next === "card" ? CARDS.approve : CARDS.threeDS)
      if (posted.view === "redirect") await t.bank(posted.issuerUrl, "pass")
      paidNew = posted.view !== "declined"
    } else if (next === "apm") {
      await t.bank(s.data?.issuer_url, "pass", "APM page")
    } else {
      await t.hosted(s, CARDS.approve)
    }
    // The old one finished at the bank after all: before the new one's completion, or after the order.
    if (when === "before_complete") await started.finish("pass")
    if (paidNew) await t.complete([s.id])
    if (when === "after_order" || when === "after_order_then_return") {
      await t.sleep(t.random.int(0, 1500))
      const finished = await started.finish("pass")
      // The bank sends the shopper back to the store's return page, which completes the cart again.
      if (finished && when === "after_order_then_return") await t.complete([s.id], t.checkout, "return page")
    }
  },

  async two_tabs(t) {
    const c = await t.newCart()
    const second = t.pick(["card", "card", "apm"] as const)
    t.variant(`card+${second}`)
    // Two tabs create their sessions at once on one collection. Each answer lists the collection's sessions as its
    // workflow left them, the other tab's too when it was quicker: tab 1 pays the oldest card session it was
    // answered, tab 2 the newest, so that two sessions made at once are both paid (one session if only one survived).
    const [a, b] = await Promise.all([t.session("card", c, (all) => all[all.length - 1] ?? null), t.session(second, c)])
    const paying: Promise<string | null>[] = []
    if (a && a.status !== "error") {
      paying.push(
        t.post(a.id, CARDS.approve).then(async (p) => {
          if (p.view === "redirect") await t.bank(p.issuerUrl, "pass")
          return p.view === "declined" ? null : a.id
        })
      )
    }
    if (b && b.status !== "error") {
      paying.push(
        second === "apm"
          ? t.bank(b.data?.issuer_url, "pass", "APM page (tab 2)").then(() => b.id)
          : t.post(b.id, CARDS.approve).then((p) => (p.view === "declined" ? null : b.id))
      )
    }
    const paid = (await Promise.all(paying)).filter((x): x is string => Boolean(x))
    if (!paid.length) return
    // Both tabs complete; the shopper saw whatever the last answer of either tab said, an order if any did.
    const results = await Promise.all([t.complete(paid, c, "tab 1"), t.complete(paid, c, "tab 2")])
    if (results.includes("order")) t.show("order", "one of the tabs: order", paid, c)
  },

  async double_click(t) {
    await t.newCart()
    const number = t.chance(0.75) ? CARDS.approve : CARDS.threeDS
    t.variant(number === CARDS.approve ? "card" : "3ds")
    const s = await t.session("card")
    if (!s) return
    const [p1, p2] = await Promise.all([t.post(s.id, number), t.post(s.id, number)])
    // The browser shows the answer of the second click.
    const seen = p2.answer.status === 200 ? p2 : p1
    if (seen.view === "redirect") await t.bank(seen.issuerUrl, "pass")
    if (seen.view === "declined") return
    const [c1, c2] = await Promise.all([
      t.complete([s.id], t.checkout, "click 1"),
      t.complete([s.id], t.checkout, "click 2"),
    ])
    if (c1 === "order" || c2 === "order") t.show("order", "one of the clicks: order", [s.id])
  },

  async back_after_pay(t) {
    await t.newCart()
    const method = t.pick(["card", "card", "3ds"] as const)
    const after = t.pick(["complete_again", "card_again", "new_session_and_card"] as const)
    t.variant(`${method}/${after}`)
    const s = await t.session(method)
    if (!s) return
    const posted = await t.post(s.id, method === "card" ? CARDS.approve : CARDS.threeDS)
    if (posted.view === "redirect") await t.bank(posted.issuerUrl, "pass")
    if (posted.view === "declined") return
    const shown = await t.complete([s.id])
    if (shown !== "order") return
    const c = t.checkout
    const order = { shown: c.shown, by: c.shown_by, sessions: c.final_sessions }
    // Back button on the confirmation: the payment step again.
    await t.complete([s.id], c, "back button")
    if (after !== "complete_again") {
      if (after === "card_again") {
        await t.post(s.id, CARDS.approve)
      } else {
        const again = await t.session("card")
        if (again) await t.post(again.id, CARDS.approve)
      }
      await t.complete([s.id], c, "back button, pay again")
    }
    // What the shopper was shown first stands: the order (later pages say the same or refuse).
    t.show(order.shown, order.by, order.sessions)
  },

  async late_after_cart_change(t) {
    await t.newCart()
    // At the bank (or, now and then, a card already authorised) when the cart changes.
    const kind = t.pick([...REDIRECTS, ...REDIRECTS, "card"] as const)
    const then = t.pick(["pays_again", "pays_again", "returns_only", "leaves"] as const)
    t.variant(`${kind}/${then}`)
    const started = kind === "card" ? await t.authorisedCard() : await t.startRedirect(kind)
    if (!started) return
    // The shopper adds an item in another tab: Medusa refreshes the collection and deletes its sessions.
    const added = await t.shop.addItem(t.checkout.cart_id, t.env.seeded.variants.mug, 1)
    t.log(`add item: HTTP ${added.status}`)
    t.note(started.sessionId, "cart changed (sessions deleted)")
    await t.sleep(t.random.int(0, 1500))
    await started.finish("pass")
    if (then === "leaves") {
      t.show("processing", kind === "card" ? "left after the cart changed" : "finished at the bank, never came back", [
        started.sessionId,
      ])
      return
    }
    await t.complete([started.sessionId], t.checkout, "return page")
    if (then === "pays_again" && t.checkout.shown !== "order")
      await t.payAndComplete(t.pick(["card", "3ds", "apm", "hosted"] as const))
  },

  async late_after_ttl(t) {
    await t.newCart()
    const kind = t.pick(REDIRECTS)
    t.variant(kind)
    const started = await t.startRedirect(kind)
    if (!started) return
    // The shopper finishes at the bank only after the store's release time has passed.
    await t.sleep((t.env.releaseAfterSeconds + 3) * 1000 + t.random.int(0, 2000))
    await started.finish("pass")
    await t.complete([started.sessionId], t.checkout, "return page")
  },

  async abandon(t) {
    await t.newCart()
    const how = t.pick([
      "card_authorised",
      "apm_never_finished",
      "threeds_passed_never_back",
      "hosted_paid_never_back",
    ] as const)
    t.variant(how)
    if (how === "card_authorised") {
      const s = await t.session("card")
      if (!s) return
      await t.post(s.id, CARDS.approve)
    } else {
      const started = await t.startRedirect(
        how === "apm_never_finished" ? "apm" : how === "hosted_paid_never_back" ? "hosted" : "3ds"
      )
      if (!started) return
      if (how !== "apm_never_finished") await started.finish("pass")
    }
    // The shopper closes the tab: whatever they saw last, nothing told them it was done.
    const c = t.checkout
    if (c.shown !== "declined") t.show("processing", `abandoned (${how})`, c.sessions.map((s) => s.id).slice(-1))
  },

  async saved_card(t) {
    await t.register()
    // First purchase: the card is saved with it.
    const first = await t.newCart()
    const firstCard = t.chance(0.25) ? CARDS.threeDS : CARDS.approve
    const s = await t.session("card", first)
    if (!s) return
    const posted = await t.post(s.id, firstCard, { save_card: true }, first)
    if (posted.view === "redirect") await t.bank(posted.issuerUrl, "pass")
    if (posted.view === "declined") return
    await t.complete([s.id], first)
    const list = await t.shop.call("GET", "/store/gateway/saved-cards")
    const saved = list.status === 200 ? list.data?.saved_cards?.[0] : null
    t.log(`saved cards: HTTP ${list.status} ${saved ? saved.id : "none"}`)
    if (!saved) {
      t.variant("not_saved")
      return
    }
    // Second purchase with the saved card (a double click now and then).
    const second = await t.newCart()
    const s2 = await t.session("card", second)
    if (!s2) return
    const twice = t.chance(0.25)
    t.variant(twice ? "saved_card_double_click" : "saved_card")
    const pays = twice
      ? await Promise.all([
          t.post(s2.id, null, { saved_card_id: saved.id }, second),
          t.post(s2.id, null, { saved_card_id: saved.id }, second),
        ])
      : [await t.post(s2.id, null, { saved_card_id: saved.id }, second)]
    const seen = pays[pays.length - 1]!
    if (seen.view === "redirect") await t.bank(seen.issuerUrl, "pass")
    if (seen.view === "declined") return
    await t.complete([s2.id], second)
  },

  async subscription(t) {
    await t.register()
    const v = t.env.seeded.variants
    await t.newCart([
      { variant_id: v.coffeeClub, quantity: 2 },
      { variant_id: v.mug, quantity: 1 },
    ])
    const number = t.chance(0.25) ? CARDS.threeDS : CARDS.approve
    t.variant(number === CARDS.approve ? "card" : "3ds")
    const s = await t.session("card")
    if (!s) return
    const posted = await t.post(s.id, number)
    if (posted.view === "redirect") await t.bank(posted.issuerUrl, "pass")
    if (posted.view === "declined") return
    await t.complete([s.id])
  },
}

/** Runs journey `n` of kind `kind`; never throws (a set-up failure is recorded as the journey's error). */
export async function runJourney(env: JourneyEnv, n: number, kind: JourneyKind): Promise<JourneyRecord> {
  const t = new Trip(env, n, kind)
  const t0 = Date.now()
  try {
    await JOURNEYS[kind](t)
  } catch (e) {
    t.rec.error = (e as Error).message.slice(0, 300)
    t.log(`stopped: ${t.rec.error}`)
    for (const c of t.rec.checkouts)
      if (c.shown !== "order" && c.shown !== "declined")
        t.show("processing", `harness call failed: ${t.rec.error}`, c.final_sessions, c)
  }
  t.rec.ms = Date.now() - t0
  return t.rec
}
