/**
 * Where every payment ends up (docs/payments-and-safety.md): a transaction the plugin started ends as a payment of one order, released
 * (voided while authorised, refunded once captured), or shown to staff. Shoppers off the happy path, against the
 * sandbox over a real socket, each checked on the sandbox's ledger: a method switched mid-redirect and finished at
 * the bank afterwards (N-2), a second session authorised beside the order's payment (N-1), a checkout left past
 * reconciliation.release_after_seconds (N-4), an earlier attempt finished after the session went on.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { Modules } from "@medusajs/framework/utils"
import { SeededStore } from "../../scripts/seed-store"
import { createAcquiringClient } from "../../src/lib/gateway"
import { checkAlerts } from "../../src/alerts"
import { releaseTransaction } from "../../src/reconciliation/release"
import { useSandbox } from "../helpers/sandbox"
import { until } from "../helpers/until"
import { endedWithin } from "../helpers/deadline"
import { CARDS, card, completeIssuerPage, payOnHostedPage, Shopper } from "../helpers/shopper"
import { freshStore, type RequestHeaders } from "../helpers/fresh-store"

jest.setTimeout(300 * 1000)

// The store listens on a port chosen now, so that the sandbox can send notifications to it.
// The suite's own port (integration-tests/suite-port.js), where Medusa's runner listens.
const port = Number(process.env.PORT)
const storeUrl = `http://localhost:${port}`
// Deadlines short enough to wait for: settling 3 s (the least the shortened timeouts allow), release 10 s.
const SETTLE_MS = 3000
const RELEASE_MS = 10_000
const gateway = useSandbox(
  {
    GATEWAY_STORE_URL: storeUrl,
    GATEWAY_SETTLE_AFTER_SECONDS: String(SETTLE_MS / 1000),
    GATEWAY_RELEASE_AFTER_SECONDS: String(RELEASE_MS / 1000),
    GATEWAY_TIMEOUT_CONNECT_MS: "500",
    GATEWAY_TIMEOUT_TOTAL_MS: "1000",
    GATEWAY_CARD_ATTEMPTS_PER_ADDRESS: "10000",
    // The store declares 3000 as captured (N-10 below: a capture the gateway made by itself is then read as one).
    GATEWAY_PAYMENT_STATUS_CODES: JSON.stringify({ captured: ["3000"] }),
  },
  { notifyBaseMs: 100, notifyAttempts: 5 }
)

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    let store: SeededStore, shopper: Shopper, admin: RequestHeaders

    beforeAll(() => expect((api as any).defaults.baseURL).toBe(storeUrl))

    beforeEach(async () => ({ store, shopper, admin } = await freshStore(gateway, getContainer(), api)))

    const payments = () => getContainer().resolve(Modules.PAYMENT)
    const sync = async () => (await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)).data.summary
    const txOf = async (orderNo: string) => (await gateway.transactions(orderNo)) as any[]
    const releases = async (where: string, value: string) =>
      (await dbConnection.raw(`select * from gateway_release where ${where} = ? and deleted_at is null`, [value]))
        .rows as any[]
    /**
     * Waits `ms`, runs the order sync, and expects `orderNo`'s transaction voided at the gateway (5000) and one release
     * recorded matching `release`, found by that transaction (or by `where`). Answers the transaction.
     */
    const expectReleasedAfter = async (
      ms: number,
      orderNo: string,
      release: Record<string, unknown>,
      where?: [column: string, value: string]
    ) => {
      await sleep(ms)
      await sync()
      const [tx] = await txOf(orderNo)
      expect(tx.payment_status).toBe("5000")
      expect(await releases(...(where ?? ["transaction_id", tx.transaction_id]))).toEqual([
        expect.objectContaining(release),
      ])
      return tx
    }
    const orderOfCart = async (cartId: string): Promise<string | null> => {
      const { data } = await (getContainer().resolve("query") as any).graph({
        entity: "order_cart",
        fields: ["order_id"],
        filters: { cart_id: cartId },
      })
      return data[0]?.order_id ?? null
    }
    /** A shopper who starts an APM, comes back with the back button and takes a card session instead. */
    const apmThenCardSession = async () => {
      const { cartId, paymentCollectionId, session } = await shopper.cartWithSession("pp_gateway_apm", {
        data: { payment_method: "alipay" },
      })
      const cardSession = await shopper.createSession(paymentCollectionId, "pp_gateway_card")
      return { cartId, paymentCollectionId, apm: session, cardSession }
    }
    /** The live payments of an order's collection (not canceled), with the transaction each is. */
    const livePayments = async (collectionId: string) =>
      (await payments().listPayments({ payment_collection_id: collectionId } as never))
        .filter((p: any) => !p.canceled_at)
        .map((p: any) => p.data?.transaction_id)

    describe("a method switched mid-redirect, finished at the bank afterwards (N-2)", () => {
      it("an APM finished after the cart became an order by card is voided on its notification, and shown to staff", async () => {
        // Back from the bank with the back button: the card instead (Medusa deletes the APM session).
        const { cartId, paymentCollectionId, apm, cardSession } = await apmThenCardSession()
        expect(apm.status).toBe("requires_more")
        const [kept] = (await dbConnection.raw("select * from gateway_deleted_session where order_no = ?", [apm.id]))
          .rows
        expect(kept).toMatchObject({ method: "apm", payment_collection_id: paymentCollectionId, settled_at: null })
        expect(
          (await shopper.postCard(cardSession.id, { card: card(CARDS.approve) })).data.payment_session.status
        ).toBe("authorized")
        const done = await shopper.complete(cartId)
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
        const listed = await api.get("/admin/gateway/releases", admin)
        expect(listed.data.releases.map((r: any) => r.transaction_id)).toContain(apmTx.transaction_id)
        const ofOrder = await api.get(`/admin/gateway/releases?order_id=${done.data.order.id}`, admin)
        expect(ofOrder.data.releases).toEqual([
          expect.objectContaining({ transaction_id: apmTx.transaction_id, status: "released", how: "voided" }),
        ])
        const [settled] = (await dbConnection.raw("select * from gateway_deleted_session where order_no = ?", [apm.id]))
          .rows
        expect(settled.settled_at).toBeTruthy()
      })

      it("a 3-D Secure payment finished after the hosted page paid is released by the order sync when its notification never arrives", async () => {
        const { cartId, paymentCollectionId, session: first } = await shopper.cartWithSession("pp_gateway_card")
        const posted = await shopper.postCard(first.id, { card: card(CARDS.threeDS) })
        expect(posted.data.payment_session.status).toBe("requires_more")
        const issuer = posted.data.payment_session.data.issuer_url
        const deletedAt = Date.now() // the hosted session replaces the card's: Medusa deletes it
        const hosted = await shopper.createSession(paymentCollectionId, "pp_gateway_hosted")
        expect((await payOnHostedPage(hosted.data.hosted, CARDS.approve)).status).toBe(303)
        const done = await shopper.complete(cartId)
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
        const { cartId, paymentCollectionId, session } = await shopper.cartWithSession("pp_gateway_card")
        expect((await shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
          "authorized"
        )
        const done = await shopper.complete(cartId)
        expect(done.data.type).toBe("order")
        // The storefront, back on the checkout page, starts a new session on the completed cart's collection.
        await shopper.createSession(paymentCollectionId, "pp_gateway_hosted").catch(() => undefined)
        await sleep(SETTLE_MS + 300)
        await sync()
        await sync()
        expect((await txOf(session.id))[0].payment_status).toBe("2000")
        expect(await releases("order_no", session.id)).toEqual([])
        expect(await livePayments(paymentCollectionId)).toEqual([(await txOf(session.id))[0].transaction_id])
        const deleted = (
          await dbConnection.raw("select * from gateway_deleted_session where order_no = ?", [session.id])
        ).rows
        if (deleted.length) expect(deleted[0].note).toMatch(/is the payment/)
      })

      it("a cart changed after the card was authorised: the authorisation is voided once past the settling deadline", async () => {
        // Without notifications: the authorisation's own would complete the cart at once (the shopper never came back).
        await loseNotifications()
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
        await shopper.postCard(session.id, { card: card(CARDS.approve) })
        expect((await txOf(session.id))[0].payment_status).toBe("2000")
        const added = await api
          .post(`/store/carts/${cartId}/line-items`, { variant_id: store.variants.mug, quantity: 1 }, shopper.headers)
          .catch((e: any) => e.response)
        expect([added.status, added.data?.message]).toEqual([200, undefined])
        const { data } = await api.get(
          `/store/carts/${cartId}?fields=*payment_collection.payment_sessions`,
          shopper.headers
        )
        expect(
          data.cart.payment_collection.payment_sessions.find((s: any) => s.status === "authorized")
        ).toBeUndefined()
        await expectReleasedAfter(SETTLE_MS + 300, session.id, {
          reason: "session_replaced",
          status: "released",
          how: "voided",
          cart_id: cartId,
          order_id: null,
        })
      })
    })

    describe("a release decided while a completion made the transaction the order's payment", () => {
      it("is kept, never sent: a release left unknown is not retried against the order's payment", async () => {
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
        expect((await shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
          "authorized"
        )
        expect((await shopper.complete(cartId)).data.type).toBe("order")
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
          (await shopper.postCard(cardSession.id, { card: card(CARDS.approve) })).data.payment_session.status
        ).toBe("authorized")
        const done = await shopper.complete(cartId)
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
        const { data } = await api.get("/admin/notifications?channel=feed&limit=200", admin)
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

    describe("a second session authorised beside the order's payment (N-1)", () => {
      it("is released (on its notification or by the order sync), never authorised into a second payment of the order", async () => {
        const { cartId, paymentCollectionId, session: a } = await shopper.cartWithSession("pp_gateway_card")
        // Two session creations at once (two tabs): Medusa deletes only the sessions each one read, so both stay.
        const b = await payments().createPaymentSession(paymentCollectionId, {
          provider_id: "pp_gateway_card",
          amount: a.amount,
          currency_code: "usd",
          data: {},
        })
        expect(
          (await shopper.postCard(a.id, { cart_id: cartId, card: card(CARDS.approve) })).data.payment_session.status
        ).toBe("authorized")
        expect(
          (await shopper.postCard(b.id, { cart_id: cartId, card: card(CARDS.approve) })).data.payment_session.status
        ).toBe("authorized")
        const done = await shopper.complete(cartId)
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

    /** Notifications lost on the way (their signature broken), as when the gateway cannot reach the store. */
    const loseNotifications = () =>
      fetch(`${gateway.sandbox.url}/sandbox/faults`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ rules: [{ path: "notifications", fault: "bad_signature" }] }),
      })

    describe("a checkout left holding money without an order (N-4)", () => {
      it("is released once past reconciliation.release_after_seconds, not completed into a late order", async () => {
        await loseNotifications()
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
        expect((await shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
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
        const late = await shopper.complete(cartId)
        expect(late.data.type).not.toBe("order")
        expect(await orderOfCart(cartId)).toBeNull()
        expect((await txOf(session.id))[0].payment_status).toBe("5000")
      })

      it("a completion that fails is reported as failed, never as an order created, and released at the deadline", async () => {
        await loseNotifications()
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
        const postedAt = Date.now()
        expect((await shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
          "authorized"
        )
        // The cart can no longer be completed: its shipping option was deleted meanwhile.
        await api.delete(`/admin/shipping-options/${store.shippingOptionId}`, admin)
        expect((await shopper.complete(cartId)).data.type).not.toBe("order")
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
        const [row] = (
          await dbConnection.raw("select discrepancy from gateway_payment where order_no = ?", [session.id])
        ).rows
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

    describe("a capture the gateway made by itself (its portal), of part of a payment (N-10)", () => {
      it("is not booked in Medusa for the whole amount: staff are told to capture what was taken", async () => {
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
        expect((await shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
          "authorized"
        )
        const done = await shopper.complete(cartId)
        expect(done.data.type).toBe("order")
        const [tx] = await txOf(session.id)
        // Staff capture 10.00 of 28.29 in the gateway's portal (the same request, signed, sent from outside Medusa).
        const portal = createAcquiringClient({
          baseUrl: gateway.sandbox.url,
          merchantId: "701001",
          accountId: "701001010",
          signKey: "sandbox_sign_key",
        })
        const res = await portal.capture({
          capture_orders: [
            { transaction_id: tx.transaction_id, order_no: session.id, currency: "USD", amount: "10.00" },
          ],
        })
        await portal.close()
        expect(res.capture_orders[0]!.outcome).toBe("done")
        expect((await txOf(session.id))[0].payment_status).toBe("3000")

        await sleep(SETTLE_MS + 300)
        const summary = await sync()
        const [payment] = await payments().listPayments({ payment_session_id: session.id } as never, {
          relations: ["captures"],
        })
        expect(payment.captured_at).toBeNull()
        expect(payment.captures).toHaveLength(0)
        expect(summary.discrepancies).toEqual([
          expect.objectContaining({
            order_no: session.id,
            reason: expect.stringMatching(/does not say how much was taken/),
          }),
        ])
        expect((await txOf(session.id))[0].captured_amount).toBe("10.00") // the gateway's ledger: nothing more taken
      })
    })

    describe("an attempt replaced when its session's amount changed, finished at the bank afterwards", () => {
      it("is released by the order sync although the session waits for a new card", async () => {
        await loseNotifications()
        const { session } = await shopper.cartWithSession("pp_gateway_card")
        const posted = await shopper.postCard(session.id, { card: card(CARDS.threeDS) })
        expect(posted.data.payment_session.status).toBe("requires_more")
        const [pending] = await txOf(session.id)
        // Medusa updates the session for another amount: the 3-D Secure attempt is replaced (nothing to void yet).
        const [current] = await payments().listPaymentSessions({ id: [session.id] })
        const updated = await payments().updatePaymentSession({
          id: session.id,
          amount: Number(current.amount) + 1,
          currency_code: "usd",
          data: current.data,
        })
        expect(updated.status).toBe("pending")
        expect(updated.data).toMatchObject({
          transaction_id: null,
          superseded_transaction_ids: [pending.transaction_id],
        })
        await completeIssuerPage(posted.data.payment_session.data.issuer_url)
        expect((await txOf(session.id))[0].payment_status).toBe("2000")
        await expectReleasedAfter(
          SETTLE_MS + 300,
          session.id,
          { reason: "earlier_attempt", status: "released", how: "voided" },
          ["transaction_id", pending.transaction_id]
        )
      })
    })

    describe("another transaction of a session's order number finished after the session was paid", () => {
      it("is released on its notification; the order keeps the transaction that paid it", async () => {
        const { cartId, paymentCollectionId, session } = await shopper.cartWithSession("pp_gateway_card")
        const paid = await shopper.postCard(session.id, { card: card(CARDS.approve) })
        expect(paid.data.payment_session.status).toBe("authorized")
        expect((await shopper.complete(cartId)).data.type).toBe("order")
        // Another attempt of the same order number waiting for 3-D Secure at the gateway (the sandbox refuses a
        // second payment request for an order number that has a live one, so it is put there directly).
        const seeded = await fetch(`${gateway.sandbox.url}/sandbox/transactions`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            transactions: [
              {
                order_no: session.id,
                currency: "USD",
                amount: Number(session.amount).toFixed(2),
                state: "pending_3ds",
              },
            ],
          }),
        })
        const [earlier] = (await seeded.json()).transactions

        // The shopper passes the earlier attempt's 3-D Secure in a tab left open.
        const passed = await fetch(`${gateway.sandbox.url}/sandbox/issuer/${earlier.transaction_id}`, {
          method: "POST",
          headers: { "content-type": "application/x-www-form-urlencoded" },
          body: new URLSearchParams({
            outcome: "pass",
            return_url: "http://localhost:8000/checkout/return",
            notify_url: `${storeUrl}/hooks/gateway/notifications`,
          }).toString(),
          redirect: "manual",
        })
        expect(passed.status).toBe(303)
        await until(
          "the earlier attempt voided",
          async () =>
            (await fetch(`${gateway.sandbox.url}/sandbox/transactions/${earlier.transaction_id}`).then((r) => r.json()))
              .payment_status === "5000"
        )
        const current = paid.data.payment_session.data.transaction_id
        expect((await txOf(session.id)).find((t) => t.transaction_id === current).payment_status).toBe("2000")
        expect(await releases("transaction_id", earlier.transaction_id)).toEqual([
          expect.objectContaining({ reason: "earlier_attempt", status: "released", how: "voided" }),
        ])
        expect(await livePayments(paymentCollectionId)).toEqual([current])
      })
    })
  },
})
