// The dashboard suite's month of payments, made now through the real flows, with the day each one stands for.
import type { MedusaContainer } from "@medusajs/framework/types"
import type { SeededStore } from "../../../scripts/seed-store"
import { runRefundSync } from "../../../src/reconciliation"
import type { useSandbox } from "../../helpers/sandbox"
import { until } from "../../helpers/until"
import { CARDS, card, completeIssuerPage, payOnHostedPage, Shopper } from "../../helpers/shopper"
import type { RequestHeaders } from "../../helpers/fresh-store"
import { CARD } from "./ledger-counts"

export type Day = number // the day of the seeded month

type Deps = {
  api: any
  dbConnection: any
  getContainer: () => MedusaContainer
  gateway: ReturnType<typeof useSandbox>
  store: SeededStore
  admin: RequestHeaders
  /** GET of one of the sandbox's control routes, its JSON answer. */
  sandboxGet: (path: string) => Promise<any>
}

/**
 * Makes the month's payments through the store API, the sandbox's pages and Medusa's admin API; has the gateway
 * settle the refunds (all refunded but one JPY refund, failed) and a chargeback lost on the 3-D Secure payment,
 * booked by the plugin. Answers the day each session, capture, refund (by Medusa's refund id) and chargeback
 * (by session) stands for, and `p3`, the JPY payment's session.
 */
export async function payTheMonth({ api, dbConnection, getContainer, gateway, store, admin, sandboxGet }: Deps) {
  /** Sessions by the day they stand for; Medusa's refund ids and the chargebacks' sessions by theirs. */
  const sessionDay = new Map<string, Day>()
  const captureDay = new Map<string, Day>()
  const refundDay = new Map<string, Day>()
  const chargebackDay = new Map<string, Day>()

  const shopper = () => new Shopper(api as any, store)
  const paymentOf = async (sessionId: string) =>
    (
      await dbConnection.raw("select id, data from payment where payment_session_id = ? and deleted_at is null", [
        sessionId,
      ])
    ).rows[0]
  const session = async (day: Day, provider: string, opts: Parameters<Shopper["cartWithSession"]>[1] = {}) => {
    const s = shopper()
    const c = await s.cartWithSession(provider, opts)
    sessionDay.set(c.session.id, day)
    return { s, ...c }
  }
  const completed = async (s: Shopper, cartId: string) => {
    const done = await s.complete(cartId)
    expect(done.data.type).toBe("order")
  }
  const capture = async (sessionId: string, day: Day) => {
    const payment = await paymentOf(sessionId)
    expect((await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)).status).toBe(200)
    captureDay.set(sessionId, day)
  }
  const refund = async (sessionId: string, amount: number, day: Day) => {
    const payment = await paymentOf(sessionId)
    const before = new Set((payment.data.refunds ?? []).map((r: any) => r.reference))
    expect((await api.post(`/admin/payments/${payment.id}/refund`, { amount }, admin)).status).toBe(200)
    const made = (await paymentOf(sessionId)).data.refunds.find((r: any) => !before.has(r.reference))
    refundDay.set(made.reference, day)
  }
  const cardPaid = async (day: Day, currency: "usd" | "eur" | "jpy" | "kwd", number: string) => {
    const { s, cartId, session: ps } = await session(day, "pp_gateway_card", { currency })
    expect((await s.postCard(ps.id, { card: card(number) })).data.payment_session.status).toBe("authorized")
    await completed(s, cartId)
    return ps.id as string
  }

  // ---- the month, through the store API, the sandbox's pages and Medusa's admin API
  const p1 = await cardPaid(1, "usd", CARD.visa)
  await capture(p1, 1)
  await refund(p1, 3, 4)
  const p2 = await cardPaid(2, "eur", CARD.mastercard)
  await capture(p2, 2)
  const p3 = await cardPaid(3, "jpy", CARD.amex)
  await capture(p3, 3)
  await refund(p3, 500, 10) // the gateway fails this one below

  {
    // declined, then another card on the same session
    const { s, cartId, session: ps } = await session(5, "pp_gateway_card")
    expect((await s.postCard(ps.id, { card: card(CARDS.decline) })).data.payment_session.status).toBe("error")
    expect((await s.postCard(ps.id, { card: card(CARD.discover) })).data.payment_session.status).toBe("authorized")
    await completed(s, cartId)
    await capture(ps.id, 5)
  }
  {
    const { s, session: ps } = await session(6, "pp_gateway_card", { currency: "eur" })
    expect((await s.postCard(ps.id, { card: card(CARDS.decline) })).data.payment_session.status).toBe("error")
  }
  let p6 = ""
  {
    // 3-D Secure passed; charged back on day 20
    const { s, cartId, session: ps } = await session(7, "pp_gateway_card")
    const posted = await s.postCard(ps.id, { card: card(CARDS.threeDS) })
    await completeIssuerPage(posted.data.payment_session.data.issuer_url, "pass")
    await completed(s, cartId)
    await capture(ps.id, 7)
    p6 = ps.id
  }
  {
    // 3-D Secure failed, the shopper comes back
    const { s, cartId, session: ps } = await session(8, "pp_gateway_card", { currency: "eur" })
    const posted = await s.postCard(ps.id, { card: card(CARDS.threeDS) })
    await completeIssuerPage(posted.data.payment_session.data.issuer_url, "fail")
    expect((await s.complete(cartId)).data.type).not.toBe("order")
  }
  {
    // 3-D Secure never finished
    const { s, session: ps } = await session(9, "pp_gateway_card")
    expect((await s.postCard(ps.id, { card: card(CARDS.threeDS) })).data.payment_session.status).toBe("requires_more")
  }
  {
    const { s, cartId, session: ps } = await session(11, "pp_gateway_hosted")
    expect((await payOnHostedPage(ps.data.hosted, CARDS.approve)).status).toBe(303)
    await completed(s, cartId)
    await capture(ps.id, 11)
    await refund(ps.id, 2, 12)
  }
  await session(12, "pp_gateway_hosted", { currency: "eur" }) // a page never paid
  {
    const { s, cartId, session: ps } = await session(13, "pp_gateway_hosted")
    expect((await payOnHostedPage(ps.data.hosted, CARDS.decline)).status).toBe(303)
    expect((await s.complete(cartId)).data.type).not.toBe("order")
  }
  {
    const {
      s,
      cartId,
      session: ps,
    } = await session(14, "pp_gateway_apm", { currency: "eur", data: { payment_method: "alipay" } })
    await completeIssuerPage(ps.data.issuer_url, "pass")
    await completed(s, cartId)
    await capture(ps.id, 15)
  }
  {
    const { s, cartId, session: ps } = await session(16, "pp_gateway_apm", { data: { payment_method: "wechatpay" } })
    await completeIssuerPage(ps.data.issuer_url, "fail")
    expect((await s.complete(cartId)).data.type).not.toBe("order")
  }
  {
    // held for the gateway's risk review, and left there
    const { s, cartId, session: ps } = await session(17, "pp_gateway_card")
    expect((await s.postCard(ps.id, { card: card(CARDS.review) })).data.payment_session.status).toBe(
      "pending_authorization"
    )
    await completed(s, cartId)
  }
  const p15 = await cardPaid(18, "kwd", CARD.visa)
  await capture(p15, 18)
  await refund(p15, 1.25, 18)
  await cardPaid(21, "jpy", CARD.jcb) // authorised, never captured
  {
    // the hosted page's 3-D Secure, passed
    const { s, cartId, session: ps } = await session(25, "pp_gateway_hosted", { currency: "jpy" })
    const paid = await payOnHostedPage(ps.data.hosted, CARDS.threeDS)
    await completeIssuerPage(paid.headers.get("location")!, "pass")
    await completed(s, cartId)
    await capture(ps.id, 25)
  }

  // The gateway settles the refunds: all refunded but the JPY one, which fails.
  const p3Refund = (await gateway.transactions(p3))[0].refunds[0]
  for (const tx of await sandboxGet("/sandbox/transactions")) {
    for (const r of tx.refunds)
      await gateway.control(`/sandbox/refunds/${r.refund_reference_id}`, {
        outcome: r.refund_reference_id === p3Refund.refund_reference_id ? "failed" : "refunded",
      })
  }
  // A chargeback on the 3-D Secure payment: opened and lost at the sandbox, booked by the plugin.
  const [p6tx] = await gateway.transactions(p6)
  const dispute = await gateway.control("/sandbox/disputes", {
    transaction_id: p6tx.transaction_id,
    reason: "Fraudulent transaction",
  })
  await gateway.control(`/sandbox/disputes/${dispute.dispute_id}`, { outcome: "lost" })
  chargebackDay.set(p6, 20)
  await until(
    "the chargeback booked",
    async () =>
      (await dbConnection.raw("select 1 from gateway_money_movement where order_no = ? and kind = 'chargeback'", [p6]))
        .rows.length > 0,
    60_000
  )
  await runRefundSync(getContainer())

  return { sessionDay, captureDay, refundDay, chargebackDay, p3 }
}
