// Releases that are not sent or not answered: one decided while a completion made the transaction the order's payment, one the gateway never answers.
import { checkAlerts } from "../../../src/alerts"
import { releaseTransaction } from "../../../src/reconciliation/release"
import { until } from "../../helpers/until"
import { CARDS, card, completeIssuerPage } from "../../helpers/shopper"
import { SETTLE_MS, sleep, type GhostPaymentsEnv } from "./context"

export function keptAndUnknownReleaseCases(env: GhostPaymentsEnv) {
  const { api, getContainer, dbConnection, gateway, txOf, expectReleasedAfter, apmThenCardSession } = env

  describe("a release decided while a completion made the transaction the order's payment", () => {
    it("is kept, never sent: a release left unknown is not retried against the order's payment", async () => {
      const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
      expect((await env.shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
        "authorized"
      )
      expect((await env.shopper.complete(cartId)).data.type).toBe("order")
      const [tx] = await txOf(session.id)
      const record = {
        order_no: session.id,
        transaction_id: tx.transaction_id,
        amount: tx.amount,
        currency: "USD",
        payment_status: "2000",
        query_result: "1",
      } as never
      const cancels = () => gateway.sandbox.stats().byPath["/v1/cancel"] ?? 0
      const before = cancels()
      // Decided (e.g. an expired checkout) but not sent: the completion won the race.
      expect(await releaseTransaction(getContainer(), { record, reason: "checkout_expired" })).toBeNull()
      // A row left unknown by an earlier try: settled as kept.
      await getContainer().resolve("gateway").createGatewayReleases({
        transaction_id: tx.transaction_id,
        order_no: session.id,
        reason: "checkout_expired",
        status: "unknown",
        how: "voided",
        amount: tx.amount,
        currency: "USD",
      })
      expect(await releaseTransaction(getContainer(), { record, reason: "checkout_expired" })).toMatchObject({
        status: "kept",
      })
      expect(cancels()).toBe(before)
      expect((await txOf(session.id))[0].payment_status).toBe("2000")
    })
  })

  describe("a release the gateway does not answer", () => {
    it("is shown to staff (an alert naming the transaction, amount and cart), then settled by the order sync", async () => {
      const { cartId, apm, cardSession } = await apmThenCardSession()
      expect(
        (await env.shopper.postCard(cardSession.id, { card: card(CARDS.approve) })).data.payment_session.status
      ).toBe("authorized")
      const done = await env.shopper.complete(cartId)
      expect(done.data.type).toBe("order")
      // The gateway answers every void with a 5xx: the outcome is unknown.
      gateway.sandbox.setFaults([{ path: "/v1/cancel", fault: "error5xx" }])
      await sleep(SETTLE_MS + 300)
      await completeIssuerPage(apm.data.issuer_url)
      const [row] = await until("the release recorded as unknown", async () => {
        const rows = (await dbConnection.raw("select * from gateway_release where order_no = ?", [apm.id])).rows
        return rows[0]?.status === "unknown" ? rows : null
      })
      expect((await txOf(apm.id))[0].payment_status).toBe("2000")
      // Still unknown past alerts.unknown_after_minutes: one alert, naming what a person needs.
      await checkAlerts(getContainer(), new Date(Date.now() + 2 * 3600_000))
      await checkAlerts(getContainer(), new Date(Date.now() + 2 * 3600_000))
      const { data } = await api.get("/admin/notifications?channel=feed&limit=200", env.admin)
      const feed = data.notifications.filter((n: any) => n.trigger_type === "gateway.alert.payment_not_released")
      expect(feed).toHaveLength(1)
      expect(feed[0].data.title).toBe(`Payment not given back: ${row.amount} USD`)
      expect(feed[0].data.description).toContain(row.transaction_id)
      expect(feed[0].data.description).toContain(cartId)
      expect(feed[0]).toMatchObject({ resource_type: "order", resource_id: done.data.order.id })
      // The gateway answers again: the next order sync past the settling deadline voids it.
      gateway.sandbox.clearFaults()
      await expectReleasedAfter(SETTLE_MS + 300, apm.id, { status: "released", how: "voided" }, [
        "transaction_id",
        row.transaction_id,
      ])
    })
  })
}
