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
import { CARDS } from "../helpers/shopper"
import { seededOnce, freshStore, type RequestHeaders } from "../helpers/fresh-store"
import { payTheMonth, type Day } from "../cases/dashboard/month-of-payments"
import { CARD, expectedOf, expectEqual, pick } from "../cases/dashboard/ledger-counts"

jest.setTimeout(420 * 1000)

// The suite's own port (integration-tests/suite-port.js), where Medusa's runner listens.
const port = Number(process.env.PORT)
const storeUrl = `http://localhost:${port}`
// The store's chargeback threshold: 12.5 % (the plugin's default is 1 %).
const gateway = useSandbox(
  { GATEWAY_STORE_URL: storeUrl, GATEWAY_CHARGEBACK_THRESHOLD_PERCENT: "12.5" },
  { notifyBaseMs: 100, notifyAttempts: 3, refundDelayMs: 3_600_000 }
)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    const seeded = seededOnce(getContainer)
    let store: SeededStore, admin: RequestHeaders

    beforeEach(async () => {
      ;({ store, admin } = await freshStore(
        gateway,
        seeded(),
        getContainer(),
        api,
        `admin-dash-${Date.now()}@gateway.test`
      ))
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

      const { sessionDay, captureDay, refundDay, chargebackDay, p3 } = await payTheMonth({
        api,
        dbConnection,
        getContainer,
        gateway,
        store,
        admin,
        sandboxGet,
      })

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
