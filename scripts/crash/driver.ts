/**
 * The crash harness's client: a shopper (Medusa's store API and the plugin's card route, the sandbox's 3-D Secure
 * and hosted pages as a browser posts them) and staff (Medusa's admin API: capture, refund, cancel, payouts, card
 * recharge and withdraw). Each operation is a plain sequence of HTTP calls that a SIGKILL of the store may cut
 * anywhere; what it acts on is chosen from the database (read only), so that a kill never leaves the driver with a
 * stale idea of the store.
 */
import { randomUUID } from "node:crypto"
import { Client } from "pg"
import { jsonAnswer } from "../../bench/lib/json-answer"
import { StoreClient } from "../../bench/lib/store-client"
import { completeIssuerPage, payOnHostedPage, CARDS, card } from "../../integration-tests/helpers/shopper"
import type { CrashSeed } from "./store-process"
import { BENEFICIARY } from "../../integration-tests/helpers/payouts"

export type OperationKind =
  "pay_card" | "pay_3ds" | "pay_hosted" | "capture" | "refund" | "cancel" | "payout" | "card_recharge" | "card_withdraw"

export interface Operation {
  kind: OperationKind
  /** The gateway path whose request the operation sends (a kill "in flight" waits for the sandbox to receive it). */
  gatewayPath: string
  run(): Promise<void>
  /** What a client does after the store came back: repeat a keyed admin request with its key (never a new key). */
  retry?: () => Promise<void>
}

/** A seeded PRNG (mulberry32), so that a run is reproducible from its seed. */
export function rng(seed: number) {
  let a = seed >>> 0
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0
    let t = a
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
  return {
    next,
    int: (lo: number, hi: number) => lo + Math.floor(next() * (hi - lo + 1)),
    pick: <T>(xs: readonly T[]) => xs[Math.floor(next() * xs.length)]!,
  }
}

const money = (minor: number) => (minor / 100).toFixed(2)

export class CrashDriver {
  readonly shop: StoreClient
  readonly cards: string[] = []
  #payoutCount = 0

  constructor(
    readonly storeUrl: string,
    readonly seeded: CrashSeed,
    readonly db: Client,
    readonly random: ReturnType<typeof rng>
  ) {
    this.shop = new StoreClient(storeUrl, seeded)
  }

  /** An admin API call with the harness's secret key; answers status and body (never throws on an HTTP status). */
  async admin(
    method: "GET" | "POST",
    path: string,
    body?: unknown,
    key?: string
  ): Promise<{ status: number; data: any }> {
    const res = await fetch(`${this.storeUrl}${path}`, {
      method,
      headers: {
        "content-type": "application/json",
        authorization: `Basic ${Buffer.from(`${this.seeded.adminToken}:`).toString("base64")}`,
        ...(key ? { "idempotency-key": key } : {}),
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    })
    return jsonAnswer(res)
  }

  async adminOk(method: "GET" | "POST", path: string, body?: unknown, key?: string) {
    const r = await this.admin(method, path, body, key)
    if (r.status >= 300) throw new Error(`${method} ${path}: HTTP ${r.status} ${JSON.stringify(r.data).slice(0, 300)}`)
    return r.data
  }

  /** Staff capture or refund `minor` of a payment through Medusa's admin API. */
  private paymentOperation(kind: OperationKind, action: "capture" | "refund", paymentId: string, minor: number) {
    return {
      kind,
      gatewayPath: `/v1/${action}`,
      run: () =>
        this.adminOk("POST", `/admin/payments/${paymentId}/${action}`, { amount: Number(money(minor)) }).then(
          () => undefined
        ),
    }
  }

  /** Card issuing for the recharges and withdrawals: the sandbox's group 7001 tracked, a cardholder, two cards. */
  async setupIssuing(): Promise<void> {
    const { group } = await this.adminOk("POST", "/admin/gateway/groups/track", { gateway_group_id: "7001" })
    const { cardholder } = await this.adminOk("POST", "/admin/gateway/cardholders", {
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@example.com",
      billing_country: "US",
      birth_date: "1990-01-31",
    })
    const made = await this.adminOk(
      "POST",
      "/admin/gateway/cards",
      { cardholder_id: cardholder.id, group_id: group.id, charge_amount: "50.00", pieces: 2 },
      randomUUID()
    )
    const ids = JSON.stringify(made).match(/gwcard_[A-Za-z0-9]+/g) ?? []
    this.cards.push(...new Set(ids))
    if (!this.cards.length) throw new Error(`no card made: ${JSON.stringify(made).slice(0, 300)}`)
  }

  /** The operations possible now, by kind (capture needs an authorised payment, refund a captured one, ...). */
  async next(): Promise<Operation> {
    const r = this.random
    const weights: [OperationKind, number][] = [
      ["pay_card", 3],
      ["pay_3ds", 2],
      ["pay_hosted", 2],
      ["capture", 4],
      ["refund", 4],
      ["cancel", 1],
      ["payout", 2],
      ["card_recharge", 2],
      ["card_withdraw", 1],
    ]
    const total = weights.reduce((s, [, w]) => s + w, 0)
    for (let tries = 0; tries < 20; tries++) {
      let x = r.next() * total
      const kind = weights.find(([, w]) => (x -= w) < 0)![0]
      const op = await this.operation(kind)
      if (op) return op
    }
    return (await this.operation("pay_card"))!
  }

  async operation(kind: OperationKind): Promise<Operation | null> {
    switch (kind) {
      case "pay_card":
        return { kind, gatewayPath: "/v1/authorise", run: () => this.payWithCard(CARDS.approve) }
      case "pay_3ds":
        return { kind, gatewayPath: "/v1/authorise", run: () => this.payWithCard(CARDS.threeDS) }
      case "pay_hosted":
        return { kind, gatewayPath: "/v1/checkout", run: () => this.payHosted() }
      case "capture": {
        const p = await this.one(`select p.id, round(p.amount * 100)::int as minor from payment p
          where p.provider_id like 'pp_gateway_%' and p.canceled_at is null and p.deleted_at is null and p.captured_at is null
            and not exists (select 1 from capture c where c.payment_id = p.id and c.deleted_at is null)`)
        if (!p) return null
        // Whole or a part (the gateway allows one capture a payment and releases the rest).
        const amount = this.random.next() < 0.5 ? p.minor : Math.max(1, Math.floor(p.minor * 0.6))
        return this.paymentOperation(kind, "capture", p.id, amount)
      }
      case "refund": {
        const p = await this.one(
          `select p.id, (round(coalesce((select sum(amount) from capture c where c.payment_id = p.id and c.deleted_at is null), 0) * 100)
            - round(coalesce((select sum(amount) from refund f where f.payment_id = p.id and f.deleted_at is null), 0) * 100))::int as left
          from payment p where p.provider_id like 'pp_gateway_%' and p.deleted_at is null
          and exists (select 1 from capture c where c.payment_id = p.id and c.deleted_at is null)`,
          (row) => row.left > 0
        )
        if (!p) return null
        const amount = Math.min(p.left, this.random.int(100, 900))
        return this.paymentOperation(kind, "refund", p.id, amount)
      }
      case "cancel": {
        const o = await this
          .one(`select opc.order_id from payment p join order_payment_collection opc on opc.payment_collection_id = p.payment_collection_id and opc.deleted_at is null
          join "order" o on o.id = opc.order_id and o.status <> 'canceled'
          where p.provider_id like 'pp_gateway_%' and p.canceled_at is null and p.deleted_at is null and p.captured_at is null
            and not exists (select 1 from capture c where c.payment_id = p.id and c.deleted_at is null)`)
        if (!o) return null
        return {
          kind,
          gatewayPath: "/v1/cancel",
          run: () => this.adminOk("POST", `/admin/orders/${o.order_id}/cancel`, {}).then(() => undefined),
        }
      }
      case "payout": {
        const key = randomUUID()
        const body = {
          payment_amount: money(this.random.int(1000, 50000)),
          payment_currency: "USD",
          beneficiary: BENEFICIARY,
          reference: `crash-${++this.#payoutCount}`,
        }
        const send = () => this.admin("POST", "/admin/gateway/payouts", body, key).then(expectKeyed)
        return { kind, gatewayPath: "/v1/payout", run: send, retry: send }
      }
      case "card_recharge":
      case "card_withdraw": {
        if (!this.cards.length) return null
        const id = this.random.pick(this.cards)
        const key = randomUUID()
        const amount = money(this.random.int(100, kind === "card_recharge" ? 999 : 600))
        const send = () =>
          this.admin(
            "POST",
            `/admin/gateway/cards/${id}/${kind === "card_recharge" ? "recharge" : "withdraw"}`,
            { amount },
            key
          ).then(expectKeyed)
        return {
          kind,
          gatewayPath: kind === "card_recharge" ? "/api/card/charge" : "/api/card/refund",
          run: send,
          retry: send,
        }
      }
    }
  }

  async one(sql: string, keep: (row: any) => boolean = () => true): Promise<any | null> {
    const rows = (await this.db.query(sql)).rows.filter(keep)
    return rows.length ? this.random.pick(rows) : null
  }

  /** Card or 3-D Secure: a cart, a session, the card posted to the plugin's route, the issuer page, complete-cart. */
  async payWithCard(number: string): Promise<void> {
    const { cartId, collectionId } = await this.shop.cartWithCollection()
    const sessionId = await this.shop.startSession(collectionId, "pp_gateway_card")
    const { payment_session } = await this.shop.ok("POST", `/store/gateway/payment-sessions/${sessionId}/card`, {
      cart_id: cartId,
      card: card(number),
    })
    if (payment_session.status === "requires_more") await completeIssuerPage(payment_session.data.issuer_url)
    await this.shop.complete(cartId)
  }

  /** The hosted page: a session (the gateway's page made), the shopper pays there, complete-cart. */
  async payHosted(): Promise<void> {
    const { cartId, collectionId } = await this.shop.cartWithCollection()
    const { payment_collection } = await this.shop.ok(
      "POST",
      `/store/payment-collections/${collectionId}/payment-sessions`,
      { provider_id: "pp_gateway_hosted" }
    )
    const session = payment_collection.payment_sessions.find(
      (s: { provider_id: string }) => s.provider_id === "pp_gateway_hosted"
    )
    const paid = await payOnHostedPage(session.data.hosted, CARDS.approve)
    if (paid.status !== 303) throw new Error(`hosted page answered ${paid.status}`)
    await this.shop.complete(cartId)
  }
}

/** A keyed admin request's answers that are not errors of the harness: done, refused by the gateway, or held (409). */
function expectKeyed(r: { status: number; data: any }): void {
  if (r.status === 200 || r.status === 409 || r.status === 400) return
  throw new Error(`HTTP ${r.status} ${JSON.stringify(r.data).slice(0, 300)}`)
}
