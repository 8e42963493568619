// Sessions Medusa deletes or replaces: a method switched mid-redirect and finished at the bank afterwards (N-2), the back button, a changed cart.
import { until } from "../../helpers/until"
import { endedWithin } from "../../helpers/deadline"
import { CARDS, card, completeIssuerPage, payOnHostedPage } from "../../helpers/shopper"
import { SETTLE_MS, sleep, type GhostPaymentsEnv } from "./context"

export function replacedSessionCases(env: GhostPaymentsEnv) {
  const { api, dbConnection, gateway } = env
  const { sync, txOf, releases, expectReleasedAfter, apmThenCardSession, livePayments, loseNotifications } = env

  describe("a method switched mid-redirect, finished at the bank afterwards (N-2)", () => {
    it("an APM finished after the cart became an order by card is voided on its notification, and shown to staff", async () => {
      // Back from the bank with the back button: the card instead (Medusa deletes the APM session).
      const { cartId, paymentCollectionId, apm, cardSession } = await apmThenCardSession()
      expect(apm.status).toBe("requires_more")
      const [kept] = (await dbConnection.raw("select * from gateway_deleted_session where order_no = ?", [apm.id])).rows
      expect(kept).toMatchObject({ method: "apm", payment_collection_id: paymentCollectionId, settled_at: null })
      expect(
        (await env.shopper.postCard(cardSession.id, { card: card(CARDS.approve) })).data.payment_session.status
      ).toBe("authorized")
      const done = await env.shopper.complete(cartId)
      expect(done.data.type).toBe("order")

      // Minutes later the shopper finishes the APM at the bank after all: the gateway authorises it and notifies.
      // (Nothing of a deleted session is released within the settling deadline: a completion under way may still
      // make it the order's payment.)
      await sleep(SETTLE_MS + 300)
      await completeIssuerPage(apm.data.issuer_url)
      const [apmTx] = await until("the APM voided", async () => {
        const txs = await txOf(apm.id)
        return txs[0]?.payment_status === "5000" &&
          (await releases("transaction_id", txs[0].transaction_id))[0]?.status === "released"
          ? txs
          : null
      })
      const [release] = await releases("transaction_id", apmTx.transaction_id)
      expect(release).toMatchObject({
        order_no: apm.id,
        reason: "session_replaced",
        status: "released",
        how: "voided",
        cart_id: cartId,
        order_id: done.data.order.id,
      })
      // The order is paid once, by the card, which the gateway still holds.
      expect(await livePayments(paymentCollectionId)).toEqual([(await txOf(cardSession.id))[0].transaction_id])
      expect((await txOf(cardSession.id))[0].payment_status).toBe("2000")
      // Staff see it: the Reconciliation page's list and the order's widget.
      const listed = await api.get("/admin/gateway/releases", env.admin)
      expect(listed.data.releases.map((r: any) => r.transaction_id)).toContain(apmTx.transaction_id)
      const ofOrder = await api.get(`/admin/gateway/releases?order_id=${done.data.order.id}`, env.admin)
      expect(ofOrder.data.releases).toEqual([
        expect.objectContaining({ transaction_id: apmTx.transaction_id, status: "released", how: "voided" }),
      ])
      const [settled] = (await dbConnection.raw("select * from gateway_deleted_session where order_no = ?", [apm.id]))
        .rows
      expect(settled.settled_at).toBeTruthy()
    })

    it("a 3-D Secure payment finished after the hosted page paid is released by the order sync when its notification never arrives", async () => {
      const { cartId, paymentCollectionId, session: first } = await env.shopper.cartWithSession("pp_gateway_card")
      const posted = await env.shopper.postCard(first.id, { card: card(CARDS.threeDS) })
      expect(posted.data.payment_session.status).toBe("requires_more")
      const issuer = posted.data.payment_session.data.issuer_url
      const deletedAt = Date.now() // the hosted session replaces the card's: Medusa deletes it
      const hosted = await env.shopper.createSession(paymentCollectionId, "pp_gateway_hosted")
      expect((await payOnHostedPage(hosted.data.hosted, CARDS.approve)).status).toBe(303)
      const done = await env.shopper.complete(cartId)
      expect(done.data.type).toBe("order")

      // The shopper passes 3-D Secure in the other tab; the notification is lost (its signature is broken on the way).
      await fetch(`${gateway.sandbox.url}/sandbox/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ rules: [{ path: "notifications", fault: "bad_signature" }] }),
      })
      await completeIssuerPage(issuer)
      expect((await txOf(first.id))[0].payment_status).toBe("2000")
      await fetch(`${gateway.sandbox.url}/sandbox/faults`, { method: "DELETE" })
      if (await endedWithin(deletedAt, SETTLE_MS, sync)) expect((await txOf(first.id))[0].payment_status).toBe("2000") // watched
      await expectReleasedAfter(SETTLE_MS + 300, first.id, {
        reason: "session_replaced",
        status: "released",
        how: "voided",
      })
      expect(await livePayments(paymentCollectionId)).toHaveLength(1)
    })
  })

  describe("a session Medusa deletes that is, or may still become, an order's payment", () => {
    it("the back button on a completed cart (a new session deletes the paid one): the order's payment is never released", async () => {
      const { cartId, paymentCollectionId, session } = await env.shopper.cartWithSession("pp_gateway_card")
      expect((await env.shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
        "authorized"
      )
      const done = await env.shopper.complete(cartId)
      expect(done.data.type).toBe("order")
      // The storefront, back on the checkout page, starts a new session on the completed cart's collection.
      await env.shopper.createSession(paymentCollectionId, "pp_gateway_hosted").catch(() => undefined)
      await sleep(SETTLE_MS + 300)
      await sync()
      await sync()
      expect((await txOf(session.id))[0].payment_status).toBe("2000")
      expect(await releases("order_no", session.id)).toEqual([])
      expect(await livePayments(paymentCollectionId)).toEqual([(await txOf(session.id))[0].transaction_id])
      const deleted = (await dbConnection.raw("select * from gateway_deleted_session where order_no = ?", [session.id]))
        .rows
      if (deleted.length) expect(deleted[0].note).toMatch(/is the payment/)
    })

    it("a cart changed after the card was authorised: the authorisation is voided once past the settling deadline", async () => {
      // Without notifications: the authorisation's own would complete the cart at once (the shopper never came back).
      await loseNotifications()
      const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
      await env.shopper.postCard(session.id, { card: card(CARDS.approve) })
      expect((await txOf(session.id))[0].payment_status).toBe("2000")
      const added = await api
        .post(
          `/store/carts/${cartId}/line-items`,
          { variant_id: env.store.variants.mug, quantity: 1 },
          env.shopper.headers
        )
        .catch((e: any) => e.response)
      expect([added.status, added.data?.message]).toEqual([200, undefined])
      const { data } = await api.get(
        `/store/carts/${cartId}?fields=*payment_collection.payment_sessions`,
        env.shopper.headers
      )
      expect(data.cart.payment_collection.payment_sessions.find((s: any) => s.status === "authorized")).toBeUndefined()
      await expectReleasedAfter(SETTLE_MS + 300, session.id, {
        reason: "session_replaced",
        status: "released",
        how: "voided",
        cart_id: cartId,
        order_id: null,
      })
    })
  })
}
