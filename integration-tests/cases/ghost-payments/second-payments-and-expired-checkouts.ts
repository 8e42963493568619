// A second session authorised beside the order's payment (N-1), and checkouts left holding money without an order (N-4).
import { endedWithin } from "../../helpers/deadline"
import { CARDS, card } from "../../helpers/shopper"
import { RELEASE_MS, SETTLE_MS, sleep, type GhostPaymentsEnv } from "./context"

export function secondPaymentAndExpiredCheckoutCases(env: GhostPaymentsEnv) {
  const { api, dbConnection } = env
  const { payments, sync, txOf, releases, expectReleasedAfter, orderOfCart, livePayments, loseNotifications } = env

  describe("a second session authorised beside the order's payment (N-1)", () => {
    it("is released (on its notification or by the order sync), never authorised into a second payment of the order", async () => {
      const { cartId, paymentCollectionId, session: a } = await env.shopper.cartWithSession("pp_gateway_card")
      // Two session creations at once (two tabs): Medusa deletes only the sessions each one read, so both stay.
      const b = await payments().createPaymentSession(paymentCollectionId, {
        provider_id: "pp_gateway_card",
        amount: a.amount,
        currency_code: "usd",
        data: {},
      })
      expect(
        (await env.shopper.postCard(a.id, { cart_id: cartId, card: card(CARDS.approve) })).data.payment_session.status
      ).toBe("authorized")
      expect(
        (await env.shopper.postCard(b.id, { cart_id: cartId, card: card(CARDS.approve) })).data.payment_session.status
      ).toBe("authorized")
      const done = await env.shopper.complete(cartId)
      expect(done.data.type).toBe("order")

      await sleep(SETTLE_MS + 300)
      await sync()
      const [txA] = await txOf(a.id)
      const [txB] = await txOf(b.id)
      const paid = await livePayments(paymentCollectionId)
      expect(paid).toHaveLength(1)
      const [kept, other] = paid[0] === txA.transaction_id ? [txA, txB] : [txB, txA]
      expect(kept.payment_status).toBe("2000") // the order's payment, untouched
      expect(other.payment_status).toBe("5000") // released
      expect(await releases("transaction_id", other.transaction_id)).toEqual([
        expect.objectContaining({
          reason: "second_payment",
          status: "released",
          how: "voided",
          order_id: done.data.order.id,
        }),
      ])
      // Nothing more on the next run.
      await sync()
      expect(await livePayments(paymentCollectionId)).toEqual([kept.transaction_id])
      expect((await txOf(kept.order_no))[0].payment_status).toBe("2000")
    })
  })

  describe("a checkout left holding money without an order (N-4)", () => {
    it("is released once past reconciliation.release_after_seconds, not completed into a late order", async () => {
      await loseNotifications()
      const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
      expect((await env.shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
        "authorized"
      )
      await expectReleasedAfter(RELEASE_MS + 300, session.id, {
        reason: "checkout_expired",
        status: "released",
        how: "voided",
        cart_id: cartId,
      })
      expect(await orderOfCart(cartId)).toBeNull()
      const [after] = await payments().listPaymentSessions({ id: [session.id] })
      expect(after.status).toBe("canceled")
      // The shopper comes back afterwards: no order, no payment.
      const late = await env.shopper.complete(cartId)
      expect(late.data.type).not.toBe("order")
      expect(await orderOfCart(cartId)).toBeNull()
      expect((await txOf(session.id))[0].payment_status).toBe("5000")
    })

    it("a completion that fails is reported as failed, never as an order created, and released at the deadline", async () => {
      await loseNotifications()
      const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
      const postedAt = Date.now()
      expect((await env.shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
        "authorized"
      )
      // The cart can no longer be completed: its shipping option was deleted meanwhile.
      await api.delete(`/admin/shipping-options/${env.store.shippingOptionId}`, env.admin)
      expect((await env.shopper.complete(cartId)).data.type).not.toBe("order")
      await sleep(SETTLE_MS + 300)
      let summary: any
      const withinRelease = await endedWithin(postedAt, RELEASE_MS, async () => (summary = await sync()))
      expect(await orderOfCart(cartId)).toBeNull()
      expect(summary.discrepancies).toEqual([
        expect.objectContaining({
          order_no: session.id,
          reason: expect.stringMatching(/completing its cart into an order failed/),
        }),
      ])
      const [row] = (await dbConnection.raw("select discrepancy from gateway_payment where order_no = ?", [session.id]))
        .rows
      expect(row.discrepancy).toMatch(/completing its cart into an order failed/)
      if (withinRelease) expect((await txOf(session.id))[0].payment_status).toBe("2000") // still held
      await expectReleasedAfter(
        RELEASE_MS - SETTLE_MS,
        session.id,
        { reason: "checkout_expired", status: "released" },
        ["order_no", session.id]
      )
    })
  })
}
