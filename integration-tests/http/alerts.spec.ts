/**
 * Alerts in Medusa's admin notification feed (GET /admin/notifications?channel=feed, what the admin's drawer
 * lists), each event made to happen twice and checked twice: a discrepancy and an unknown outcome (a capture
 * whose answer was lost), an issuing operation whose answer was lost, a chargeback, a failed payout, a failed
 * card operation, and notifications failing verification. Each kind appears once in the feed, with a link to
 * its page, and once on the e-mail channel of the `alerts` option; no key reaches any of them.
 *
 * The sandbox sends its notifications to this store (a port chosen now), so the chargeback and the payout's
 * failure arrive as they would from the gateway.
 */
import { randomUUID } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { SeededStore } from "../../scripts/seed-store"
import { checkAlerts } from "../../src/alerts"
import gatewayAlertsJob from "../../src/jobs/gateway-alerts"
import { useSandbox } from "../helpers/sandbox"
import { until } from "../helpers/until"
import { CARDS, card, Shopper } from "../helpers/shopper"
import { BENEFICIARY } from "../helpers/payouts"
import { seededOnce, freshStore, type RequestHeaders } from "../helpers/fresh-store"
import { call } from "../helpers/answer"

jest.setTimeout(300 * 1000)

// The suite's own port (integration-tests/suite-port.js), where Medusa's runner listens.
const port = Number(process.env.PORT)
const storeUrl = `http://localhost:${port}`
const gateway = useSandbox(
  {
    GATEWAY_STORE_URL: storeUrl,
    // An unknown outcome is alerted at once here (a store waits 60 minutes by default); 3 rejected notifications an hour.
    GATEWAY_ALERTS_UNKNOWN_AFTER_MINUTES: "0",
    GATEWAY_ALERTS_REJECTED_THRESHOLD: "3",
    GATEWAY_ALERTS_CHANNELS: "email",
    GATEWAY_ALERTS_TO: "ops@store.test",
  },
  { notifyBaseMs: 100, notifyAttempts: 3, refundDelayMs: 3_600_000 }
)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    const seeded = seededOnce(getContainer)
    let store: SeededStore, shopper: Shopper, admin: RequestHeaders

    beforeAll(() => expect((api as any).defaults.baseURL).toBe(storeUrl))

    beforeEach(async () => {
      ;({ store, shopper, admin } = await freshStore(
        gateway,
        seeded(),
        getContainer(),
        api,
        `admin-${Date.now()}@gateway.test`
      ))
    })

    /** The alerts of a kind in a channel, as the admin API lists them. */
    const alerts = async (kind: string, channel = "feed") => {
      const { data } = await api.get(`/admin/notifications?channel=${channel}&limit=200`, admin)
      return data.notifications.filter((n: any) => n.trigger_type === `gateway.alert.${kind}`)
    }
    /** Exactly one alert of `kind` in the feed (and one e-mail to the option's recipient); returns the feed's. */
    const oneAlert = async (kind: string) => {
      const feed = await alerts(kind)
      expect(feed).toHaveLength(1)
      expect(feed[0]).toMatchObject({
        to: "",
        channel: "feed",
        template: "admin-ui",
        data: { title: expect.any(String), description: expect.any(String), kind },
      })
      const mail = await alerts(kind, "email")
      expect(mail).toHaveLength(1)
      expect(mail[0]).toMatchObject({
        to: "ops@store.test",
        channel: "email",
        template: "gateway-alert",
        data: { subject: feed[0].data.title },
      })
      const text = JSON.stringify([feed, mail])
      for (const secret of ["sandbox_sign_key", "sandbox_api_key"]) expect(text).not.toContain(secret)
      return feed[0]
    }
    const paymentOf = async (sessionId: string) =>
      (await dbConnection.raw("select * from payment where payment_session_id = ? and deleted_at is null", [sessionId]))
        .rows[0]
    const paidOrder = async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      expect((await shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
        "authorized"
      )
      const done = await shopper.complete(cartId)
      expect(done.data.type).toBe("order")
      return { session, order: done.data.order, payment: await paymentOf(session.id) }
    }
    const runSync = async () =>
      expect((await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)).data.summary.status).toBe(
        "succeeded"
      )

    it("a capture whose answer was lost: one unknown-outcome alert, then one discrepancy alert, each linking the order", async () => {
      const { order, payment } = await paidOrder()
      // The gateway never captures (5xx before processing) and the order query is down: the capture is unknown.
      gateway.sandbox.setFaults([
        { path: "/v1/capture", fault: "error5xx" },
        { path: "/v1/retrievalTrans", fault: "error5xx" },
      ])
      expect((await call(api.post(`/admin/payments/${payment.id}/capture`, {}, admin))).status).toBe(200)
      expect((await paymentOf(payment.payment_session_id)).data.captures[0].status).toBe("unknown")
      await checkAlerts(getContainer())
      await checkAlerts(getContainer())
      const unknown = await oneAlert("unknown_outcome")
      expect(unknown.data.title).toBe(`Outcome unknown: order #${order.display_id}`)
      expect(unknown.data.url).toBe(`/app/orders/${order.id}`)
      expect(unknown.data.description).toContain(`Open: /app/orders/${order.id}`)
      expect(unknown).toMatchObject({ resource_type: "order", resource_id: order.id })

      // The order query is back: the gateway says only authorised, a discrepancy, found by two runs of the sync.
      gateway.sandbox.clearFaults()
      await runSync()
      await checkAlerts(getContainer())
      await runSync()
      await gatewayAlertsJob(getContainer())
      const discrepancy = await oneAlert("discrepancy")
      expect(discrepancy.data.description).toMatch(/only authorized/)
      expect(discrepancy.data.url).toBe(`/app/orders/${order.id}`)
      expect(await alerts("unknown_outcome")).toHaveLength(1)
    })

    it("an issuing operation whose answer was lost: one alert linking the group", async () => {
      const { group } = (await api.post("/admin/gateway/groups/track", { gateway_group_id: "7001" }, admin)).data
      gateway.sandbox.setFaults([{ path: "/api/group/refund", fault: "drop" }])
      const lost = await call(
        api.post(
          `/admin/gateway/groups/${group.id}/refund`,
          { amount: "1.00" },
          { headers: { ...admin.headers, "Idempotency-Key": randomUUID() } }
        )
      )
      expect(lost.status).toBeGreaterThanOrEqual(400)
      await checkAlerts(getContainer())
      await checkAlerts(getContainer())
      const alert = await oneAlert("unknown_outcome")
      expect(alert.data).toMatchObject({
        title: "Outcome unknown: group.refund",
        url: `/app/gateway/groups/${group.id}`,
      })
    })

    it("a chargeback the gateway reports twice: one alert linking the order", async () => {
      const { session, order, payment } = await paidOrder()
      await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)
      const [tx] = await gateway.transactions(session.id)
      const dispute = await gateway.control("/sandbox/disputes", {
        transaction_id: tx.transaction_id,
        amount: "10.00",
        reason: "Fraudulent transaction",
      })
      await gateway.control(`/sandbox/disputes/${dispute.dispute_id}`, { outcome: "lost" })
      const charged = async () =>
        (await dbConnection.raw("select gateway_state from gateway_payment where order_no = ?", [session.id])).rows[0]
          ?.gateway_state === "charged_back"
      await until("the chargeback applied", charged)
      await checkAlerts(getContainer())
      // The gateway delivers its result again.
      const sent = (await (await fetch(`${gateway.sandbox.url}/sandbox/notifications`)).json()) as any[]
      const result = sent.find((n) => n.notify_type === "DISPUTE RESULT" && n.payload.order_no === session.id)
      const again = await fetch(`${storeUrl}/hooks/gateway/notifications`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(result.payload),
      })
      expect(again.status).toBe(200)
      await checkAlerts(getContainer())
      const alert = await oneAlert("chargeback")
      expect(alert.data).toMatchObject({
        title: `Chargeback: order #${order.display_id}`,
        url: `/app/orders/${order.id}`,
      })
      expect(alert.data.description).toContain(tx.transaction_id)
    })

    it("a payout the gateway fails, read twice: one alert linking the payout", async () => {
      const res = await api.post(
        "/admin/gateway/payouts",
        {
          payment_amount: "25.00",
          payment_currency: "USD",
          reference: "INV-FAIL-9",
          beneficiary: BENEFICIARY,
        },
        { headers: { ...admin.headers, "Idempotency-Key": randomUUID() } }
      )
      const id = res.data.payout.id
      const failed = async () => (await api.get(`/admin/gateway/payouts/${id}`, admin)).data.payout.status === "FAILED"
      // the gateway's PAYOUT notification reaches the store, which reads the payout again
      await until("the payout failed", failed)
      await checkAlerts(getContainer())
      // A FAILED payout is never re-sent (a refresh is refused); the check reads it again all the same.
      expect((await call(api.post(`/admin/gateway/payouts/${id}/refresh`, {}, admin))).status).toBe(400)
      await checkAlerts(getContainer())
      const alert = await oneAlert("payout_failed")
      expect(alert.data).toMatchObject({ title: "Payout failed: 25.00 USD", url: `/app/gateway/payouts/${id}` })
      expect(alert.data.description).toContain("Beneficiary account closed")
    })

    it("a card operation the gateway refuses, sent twice with its key: one alert", async () => {
      const { group } = (await api.post("/admin/gateway/groups/track", { gateway_group_id: "7001" }, admin)).data
      const key = { headers: { ...admin.headers, "Idempotency-Key": randomUUID() } }
      for (let i = 0; i < 2; i++) {
        // More than the group holds: the gateway refuses (1005); a refused request frees its key, so the retry is sent.
        expect(
          (await call(api.post(`/admin/gateway/groups/${group.id}/refund`, { amount: "999999.00" }, key))).status
        ).toBe(400)
        await checkAlerts(getContainer())
      }
      const alert = await oneAlert("operation_failed")
      expect(alert.data).toMatchObject({ title: "Failed: group.refund", url: `/app/gateway/groups/${group.id}` })
      expect(alert.data.description).toContain("1005")
    })

    it("notifications failing verification again and again: one alert that day, pointing at the go-live check", async () => {
      const forged = {
        notify_type: "PAYMENT",
        merchant_id: "701001",
        account_id: "701001010",
        order_no: "payses_x",
        transaction_id: "tx_x",
        encryption_data: "0".repeat(64),
      }
      const post = () =>
        fetch(`${storeUrl}/hooks/gateway/notifications`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify(forged),
        })
      for (let i = 0; i < 2; i++) expect((await post()).status).toBe(401)
      await checkAlerts(getContainer())
      expect(await alerts("notifications_rejected")).toHaveLength(0) // under the threshold of 3
      for (let i = 0; i < 4; i++) await post()
      await checkAlerts(getContainer())
      await post()
      await checkAlerts(getContainer())
      const alert = await oneAlert("notifications_rejected")
      expect(alert.data.url).toBe("/app/gateway/go-live")
      expect(alert.data.description).toMatch(
        /^\d+ requests to the notification address in the last 60 minutes did not verify/
      )
    })
  },
})
