/**
 * The payments dashboard (GET /admin/gateway/dashboard) against the sandbox's own ledger, for a seeded month of
 * payments made through the real flows: cards approved and declined (and a retry on the same session) in four
 * currencies and five brands, 3-D Secure passed, failed and abandoned, hosted pages paid, declined, abandoned and
 * paid after 3-D Secure, an APM completed and one failed, a payment held for review, staff captures, partial
 * refunds (one the gateway fails), and a chargeback through the sandbox's dispute control. The sandbox sends its
 * notifications to this store, so late outcomes and reasons arrive as they would from the gateway.
 *
 * Every figure the dashboard shows is counted again here from the ledger alone (GET /sandbox/transactions, their
 * refunds and chargebacks, GET /sandbox/pages for the hosted pages made), never from the plugin's tables.
 *
 * Nobody waits a month: the payments are made now, and the test then moves each recorded attempt and movement to
 * the day of the month it stands for (SQL on the plugin's rows, by session and by Medusa's refund id) and has the
 * roll-ups counted again (rebuildPaymentDays, what an operator runs after changing rows). Before that, the
 * roll-ups kept as the payments happened are checked against the ledger and against a recount, and a replay of
 * every notification and two more syncs change nothing.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { SeededStore } from "../../scripts/seed-store"
import { runOrderSync, runRefundSync } from "../../src/reconciliation"
import { useSandbox } from "../helpers/sandbox"
import { until } from "../helpers/until"
import { CARDS, card, completeIssuerPage, payOnHostedPage, Shopper } from "../helpers/shopper"
import { freshStore, type RequestHeaders } from "../helpers/fresh-store"

jest.setTimeout(420 * 1000)

// The suite's own port (integration-tests/suite-port.js), where Medusa's runner listens.
const port = Number(process.env.PORT)
const storeUrl = `http://localhost:${port}`
// The store's chargeback threshold: 12.5 % (the plugin's default is 1 %).
const gateway = useSandbox(
  { GATEWAY_STORE_URL: storeUrl, GATEWAY_CHARGEBACK_THRESHOLD_PERCENT: "12.5" },
  { notifyBaseMs: 100, notifyAttempts: 3, refundDelayMs: 3_600_000 }
)

const CARD = {
  visa: CARDS.approve,
  mastercard: "5555555555554444",
  amex: "378282246310005",
  discover: "6011111111111117",
  jcb: "3530111333300000",
}
// The test's own reading of the test cards' brands from the ledger's masks (independent of the plugin's table).
const brandOfMask = (mask: string) =>
  mask.startsWith("37")
    ? "amex"
    : mask.startsWith("35")
      ? "jcb"
      : mask.startsWith("6011")
        ? "discover"
        : mask.startsWith("5")
          ? "mastercard"
          : mask.startsWith("4")
            ? "visa"
            : "unknown"
const EXPONENT: Record<string, number> = { USD: 2, EUR: 2, JPY: 0, KWD: 3 }
const minor = (amount: string, currency: string) => {
  const [int, frac = ""] = amount.split(".")
  return BigInt(int! + frac.padEnd(EXPONENT[currency]!, "0"))
}
const decimal = (m: bigint, currency: string) => {
  const e = EXPONENT[currency]!
  if (!e) return m.toString()
  const s = m.toString().padStart(e + 1, "0")
  return `${s.slice(0, -e)}.${s.slice(-e)}`
}

type Day = number // the day of the seeded month

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    let store: SeededStore, admin: RequestHeaders

    beforeEach(async () => {
      ;({ store, admin } = await freshStore(gateway, getContainer(), api, `admin-dash-${Date.now()}@gateway.test`))
    })

    const sandboxGet = async (path: string) => (await fetch(`${gateway.sandbox.url}${path}`)).json()
    const dashboard = async (query: Record<string, string>) => {
      const res = await api.get(`/admin/gateway/dashboard?${new URLSearchParams(query)}`, admin)
      return res.data.dashboard
    }

    it("shows for a seeded month exactly what the sandbox's ledger counts, per day, per currency, by provider, brand and currency", async () => {
      const now = new Date()
      const month = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1))
      const dayOf = (d: Day) =>
        new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth(), d)).toISOString().slice(0, 10)
      const monthEnd = new Date(Date.UTC(month.getUTCFullYear(), month.getUTCMonth() + 1, 0)).toISOString().slice(0, 10)
      const today = now.toISOString().slice(0, 10)
      const yesterday = new Date(now.getTime() - 86_400_000).toISOString().slice(0, 10)

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
        expect((await s.postCard(ps.id, { card: card(CARDS.threeDS) })).data.payment_session.status).toBe(
          "requires_more"
        )
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
        const {
          s,
          cartId,
          session: ps,
        } = await session(16, "pp_gateway_apm", { data: { payment_method: "wechatpay" } })
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
          (
            await dbConnection.raw("select 1 from gateway_money_movement where order_no = ? and kind = 'chargeback'", [
              p6,
            ])
          ).rows.length > 0,
        60_000
      )
      await runRefundSync(getContainer())

      /** Every notification the sandbox sent was acknowledged, and the store processed each one. */
      const settled = async () => {
        const sent = (await sandboxGet("/sandbox/notifications")) as any[]
        const open = await dbConnection.raw(
          "select count(*)::int as n from gateway_notification where verified = true and status = 'received' and deleted_at is null"
        )
        return sent.every((n) => n.state !== "sending") && open.rows[0].n === 0
      }
      await until("the notifications processed", settled, 60_000)

      // ---- what the ledger says, counted here from the sandbox alone
      const ledger = async () => ({
        txs: (await sandboxGet("/sandbox/transactions")) as any[],
        pages: (await sandboxGet("/sandbox/pages")) as any[],
      })
      type Expected = ReturnType<typeof expectedOf>
      /** The dashboard's figures as the ledger counts them; `day` maps a session or movement to the day counted (or null: all in one). */
      function expectedOf(
        { txs, pages }: { txs: any[]; pages: any[] },
        placed: { session: (orderNo: string) => string; movement: (kind: string, key: string) => string }
      ) {
        const direct = txs.filter((t) => t.channel === "direct")
        const hostedTx = new Map(txs.filter((t) => t.channel === "hosted").map((t) => [t.transaction_id, t]))
        const approved = (t: any) =>
          t &&
          (t.history.some((h: any) => h.payment_status === "2000") ||
            ["3000", "4000", "4100", "4200"].includes(t.payment_status))
        const declined = (t: any) => t && ["6000", "6100"].includes(t.payment_status)
        type A = { day: string; provider: string; brand: string; currency: string; tx: any | null }
        const attempts: A[] = [
          ...direct.map((t) => ({
            day: placed.session(t.order_no),
            provider: t.payment_method ? "pp_gateway_apm" : "pp_gateway_card",
            brand: t.payment_method ? "unknown" : brandOfMask(t.card),
            currency: t.currency,
            tx: t,
          })),
          ...pages.map((p) => ({
            day: placed.session(p.order_no),
            provider: "pp_gateway_hosted",
            brand: "unknown",
            currency: p.currency,
            tx: p.transaction_id ? hostedTx.get(p.transaction_id) : null,
          })),
        ]
        const counts = (list: A[]) => ({
          attempts: list.length,
          approved: list.filter((a) => approved(a.tx)).length,
          declined: list.filter((a) => declined(a.tx)).length,
          pending: list.filter((a) => !a.tx || a.tx.payment_status === "1000").length,
          review: list.filter((a) => a.tx?.payment_status === "1100").length,
        })
        const by = (key: (a: A) => string) => {
          const groups = new Map<string, A[]>()
          for (const a of attempts) groups.set(key(a), [...(groups.get(key(a)) ?? []), a])
          return Object.fromEntries([...groups].map(([k, list]) => [k, counts(list)]))
        }
        const threeds = (list: A[]) => {
          const started = list.filter((a) => a.tx?.is3ds === "1")
          return {
            started: started.length,
            passed: started.filter((a) => a.tx.threeds_result === "Y").length,
            failed: started.filter((a) => a.tx.threeds_result === "N").length,
            not_finished: started.filter((a) => a.tx.payment_status === "1000").length,
          }
        }
        const completion = (list: A[]) => ({
          started: list.length,
          completed: list.filter((a) => approved(a.tx)).length,
        })
        const declines = new Map<string, number>()
        for (const a of attempts.filter((x) => declined(x.tx)))
          declines.set(a.tx.result_info, (declines.get(a.tx.result_info) ?? 0) + 1)
        // Money: per currency and per day and currency, exact.
        const money = new Map<
          string,
          {
            captured: bigint
            refunded: bigint
            charged_back: bigint
            captures: number
            refunds: number
            chargebacks: number
          }
        >()
        const moneyDays = new Map<string, { captured: bigint; refunded: bigint; charged_back: bigint }>()
        const add = (
          day: string,
          currency: string,
          field: "captured" | "refunded" | "charged_back",
          count: "captures" | "refunds" | "chargebacks",
          amount: string
        ) => {
          const m = money.get(currency) ?? {
            captured: 0n,
            refunded: 0n,
            charged_back: 0n,
            captures: 0,
            refunds: 0,
            chargebacks: 0,
          }
          m[field] += minor(amount, currency)
          m[count] += 1
          money.set(currency, m)
          const d = moneyDays.get(`${day}|${currency}`) ?? { captured: 0n, refunded: 0n, charged_back: 0n }
          d[field] += minor(amount, currency)
          moneyDays.set(`${day}|${currency}`, d)
        }
        for (const t of txs) {
          if (minor(t.captured_amount, t.currency) > 0n)
            add(placed.movement("capture", t.order_no), t.currency, "captured", "captures", t.captured_amount)
          for (const r of t.refunds.filter((x: any) => x.refund_status !== "2"))
            add(placed.movement("refund", r.refund_reference), t.currency, "refunded", "refunds", r.refund_amount)
          if (minor(t.chargeback_amount, t.currency) > 0n)
            add(
              placed.movement("chargeback", t.order_no),
              t.currency,
              "charged_back",
              "chargebacks",
              t.chargeback_amount
            )
        }
        const perDay = (list: A[], day: string) => {
          const of = list.filter((a) => a.day === day)
          const t3 = threeds(of)
          const h = completion(of.filter((a) => a.provider === "pp_gateway_hosted"))
          const p = completion(of.filter((a) => a.provider === "pp_gateway_apm"))
          const { attempts: n, approved: ok, declined: no } = counts(of)
          return {
            attempts: n,
            approved: ok,
            declined: no,
            threeds_started: t3.started,
            threeds_passed: t3.passed,
            threeds_failed: t3.failed,
            hosted_started: h.started,
            hosted_completed: h.completed,
            apm_started: p.started,
            apm_completed: p.completed,
          }
        }
        return {
          attempts,
          totals: counts(attempts),
          threeds: threeds(attempts),
          hosted: completion(attempts.filter((a) => a.provider === "pp_gateway_hosted")),
          apm: completion(attempts.filter((a) => a.provider === "pp_gateway_apm")),
          declines: [...declines]
            .map(([info, count]) => ({ code: info.split(":")[0], message: info.split(":").slice(1).join(":"), count }))
            .sort((a, b) => a.code.localeCompare(b.code)),
          money: [...money]
            .map(([currency, m]) => ({
              currency,
              captured: decimal(m.captured, currency),
              refunded: decimal(m.refunded, currency),
              charged_back: decimal(m.charged_back, currency),
              captures: m.captures,
              refunds: m.refunds,
              chargebacks: m.chargebacks,
            }))
            .sort((a, b) => a.currency.localeCompare(b.currency)),
          moneyDays: [...moneyDays].map(([k, m]) => ({
            date: k.split("|")[0],
            currency: k.split("|")[1],
            captured: decimal(m.captured, k.split("|")[1]!),
            refunded: decimal(m.refunded, k.split("|")[1]!),
            charged_back: decimal(m.charged_back, k.split("|")[1]!),
          })),
          by: { provider: by((a) => a.provider), card_brand: by((a) => a.brand), currency: by((a) => a.currency) },
          perDay: (day: string) => perDay(attempts, day),
          chargebacks: money.size ? [...money.values()].reduce((s, m) => s + m.chargebacks, 0) : 0,
        }
      }
      const pick = (b: any) => ({
        attempts: b.attempts,
        approved: b.approved,
        declined: b.declined,
        pending: b.pending,
        review: b.review,
      })
      /** The dashboard's figures equal the ledger's. */
      function expectEqual(d: any, e: Expected) {
        expect(pick(d.totals)).toEqual(e.totals)
        expect(d.threeds).toEqual(e.threeds)
        expect([
          d.completion.hosted.started,
          d.completion.hosted.completed,
          d.completion.apm.started,
          d.completion.apm.completed,
        ]).toEqual([e.hosted.started, e.hosted.completed, e.apm.started, e.apm.completed])
        expect([...d.declines].sort((a: any, b: any) => a.code.localeCompare(b.code))).toEqual(e.declines)
        expect(d.money).toEqual(e.money)
        for (const dim of ["provider", "card_brand", "currency"] as const) {
          expect(Object.fromEntries(d.by[dim].map((b: any) => [b.key, pick(b)]))).toEqual(e.by[dim])
        }
        expect(d.chargeback_ratio).toMatchObject({
          chargebacks: e.chargebacks,
          approved: e.totals.approved,
          threshold: 0.125,
        })
        expect(d.chargeback_ratio.ratio).toBeCloseTo(e.chargebacks / e.totals.approved, 12)
      }

      const L = await ledger()
      // The ledger holds what was planned (so the comparison below is not of two empty lists).
      expect(L.txs).toHaveLength(17)
      expect(L.pages).toHaveLength(4)

      // ---- as the payments happened: every attempt and movement on the day it was recorded (today)
      const asRecorded = expectedOf(L, { session: () => "now", movement: () => "now" })
      const live = await dashboard({ from: yesterday, to: today })
      expectEqual(live, asRecorded)
      expect(live.totals).toMatchObject({ attempts: 18, approved: 10, declined: 5, pending: 2, review: 1 })
      expect(live.threeds).toEqual({ started: 4, passed: 2, failed: 1, not_finished: 1 })
      expect(live.declines.map((x: any) => [x.code, x.count])).toEqual(
        expect.arrayContaining([
          ["D0002", 3],
          ["D0005", 1],
          ["D0006", 1],
        ])
      )
      expect(live.chargeback_ratio).toMatchObject({ chargebacks: 1, approved: 10, ratio: 0.1, over: false })
      // The roll-ups kept as the payments happened are what a recount from the rows gives.
      await getContainer().resolve("gateway").rebuildPaymentDays(yesterday, today)
      expect(await dashboard({ from: yesterday, to: today })).toEqual(live)

      // ---- a replay of every notification, and two more runs of each sync, count nothing twice
      const sent = (await sandboxGet("/sandbox/notifications")) as any[]
      for (const id of new Set(sent.map((n) => n.notify_id)))
        await gateway.control(`/sandbox/notifications/${id}/resend`, {})
      await until("the replays processed", settled, 90_000)
      for (let i = 0; i < 2; i++) {
        await runOrderSync(getContainer())
        await runRefundSync(getContainer())
      }
      expect(await dashboard({ from: yesterday, to: today })).toEqual(live)

      // ---- spread over the month: each attempt and movement moved to its day, the roll-ups counted again
      const at = (d: Day, hour = 12) => `${dayOf(d)}T${String(hour).padStart(2, "0")}:00:00Z`
      for (const [sessionId, d] of sessionDay)
        await dbConnection.raw("update gateway_payment_attempt set attempted_at = ? where order_no = ?", [
          at(d),
          sessionId,
        ])
      for (const [sessionId, d] of captureDay)
        await dbConnection.raw(
          "update gateway_money_movement set occurred_at = ? where order_no = ? and kind = 'capture'",
          [at(d, 13), sessionId]
        )
      for (const [reference, d] of refundDay)
        await dbConnection.raw(
          "update gateway_money_movement set occurred_at = ? where kind = 'refund' and reference = ?",
          [at(d, 14), reference]
        )
      for (const [sessionId, d] of chargebackDay)
        await dbConnection.raw(
          "update gateway_money_movement set occurred_at = ? where order_no = ? and kind = 'chargeback'",
          [at(d, 15), sessionId]
        )
      await getContainer().resolve("gateway").rebuildPaymentDays(dayOf(1), today)

      // A movement's key: its session for a capture or a chargeback, the ledger's refund_reference (Medusa's refund id) for a refund.
      const seeded = expectedOf(L, {
        session: (orderNo) => dayOf(sessionDay.get(orderNo)!),
        movement: (kind, key) =>
          dayOf((kind === "capture" ? captureDay : kind === "refund" ? refundDay : chargebackDay).get(key)!),
      })
      const month_ = await dashboard({ from: dayOf(1), to: monthEnd })
      expect(month_.days).toHaveLength(Number(monthEnd.slice(8)))
      expectEqual(month_, seeded)
      for (const day of month_.days) {
        // Each day's attempt counts, and only those, as seeded on that day.
        const seededDay = seeded.perDay(day.date)
        expect(Object.fromEntries(Object.keys(seededDay).map((k) => [k, day[k]]))).toEqual(seededDay)
        expect(day.chargebacks).toBe(day.date === dayOf(20) ? 1 : 0)
      }
      expect(month_.money_days).toEqual(
        seeded.moneyDays.sort((a, b) => a.date!.localeCompare(b.date!) || a.currency!.localeCompare(b.currency!))
      )
      // Nothing is left on today.
      expect((await dashboard({ from: today, to: today })).totals.attempts).toBe(0)

      // ---- one week of it, and filters: a provider, a brand, a currency (the ratio over the threshold in USD)
      const week = await dashboard({ from: dayOf(1), to: dayOf(7) })
      expect(week.totals.attempts).toBe(seeded.attempts.filter((a) => a.day <= dayOf(7)).length)
      const hosted = await dashboard({ from: dayOf(1), to: monthEnd, provider_id: "pp_gateway_hosted" })
      expect(pick(hosted.totals)).toEqual(seeded.by.provider.pp_gateway_hosted)
      const amex = await dashboard({ from: dayOf(1), to: monthEnd, card_brand: "amex" })
      expect(pick(amex.totals)).toEqual(seeded.by.card_brand.amex)
      const [p3tx] = await gateway.transactions(p3)
      expect(amex.money).toEqual([
        {
          currency: "JPY",
          captured: p3tx.captured_amount,
          refunded: "0",
          charged_back: "0",
          captures: 1,
          refunds: 0,
          chargebacks: 0,
        },
      ])
      const usd = await dashboard({ from: dayOf(1), to: monthEnd, currency: "usd" })
      expect(pick(usd.totals)).toEqual(seeded.by.currency.USD)
      expect(usd.chargeback_ratio).toMatchObject({
        chargebacks: 1,
        approved: seeded.by.currency.USD.approved,
        over: true,
      })
      expect(usd.money).toEqual(seeded.money.filter((m) => m.currency === "USD"))
      expect(month_.options).toEqual({
        providers: ["pp_gateway_apm", "pp_gateway_card", "pp_gateway_hosted"],
        card_brands: ["amex", "discover", "jcb", "mastercard", "unknown", "visa"],
        currencies: ["EUR", "JPY", "KWD", "USD"],
      })
      // Never card data: no number and no mask of any card paid this month.
      const rows =
        JSON.stringify((await dbConnection.raw("select * from gateway_payment_attempt")).rows) + JSON.stringify(month_)
      for (const n of [...Object.values(CARD), ...Object.values(CARDS)]) expect(rows).not.toContain(n.slice(-8))
    })

    it("needs an admin, and refuses a bad period or filter naming the field", async () => {
      expect((await api.get("/admin/gateway/dashboard").catch((e: any) => e.response)).status).toBe(401)
      const bad = async (query: string) =>
        await api.get(`/admin/gateway/dashboard?${query}`, admin).catch((e: any) => e.response)
      for (const [query, field] of [
        ["from=2026-02-30", "from"],
        ["from=2026-03-02&to=2026-03-01", "from"],
        ["from=2024-01-01&to=2026-01-01", "from"],
        ["provider_id=pp_system_default", "provider_id"],
        ["card_brand=diners_club", "card_brand"],
        ["currency=dollars", "currency"],
      ]) {
        const res = await bad(query!)
        expect([query, res.status]).toEqual([query, 400])
        expect(res.data.message).toContain(field)
      }
      const d = (await api.get("/admin/gateway/dashboard", admin)).data.dashboard
      expect(d).toMatchObject({
        time_zone: "UTC",
        totals: { attempts: 0, approval_rate: null },
        chargeback_ratio: { ratio: null, threshold: 0.125, over: false },
      })
      expect(d.days).toHaveLength(30)
      expect(d.to).toBe(new Date().toISOString().slice(0, 10))
    })
  },
})
