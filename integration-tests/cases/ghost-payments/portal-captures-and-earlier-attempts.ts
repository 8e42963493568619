// A partial capture made in the gateway's portal (N-10), and earlier attempts of a session finished at the bank after it went on.
import { createAcquiringClient } from "../../../src/lib/gateway"
import { until } from "../../helpers/until"
import { CARDS, card, completeIssuerPage } from "../../helpers/shopper"
import { SETTLE_MS, sleep, type GhostPaymentsEnv } from "./context"

export function portalCaptureAndEarlierAttemptCases(env: GhostPaymentsEnv) {
  const { gateway, storeUrl, payments, sync, txOf, releases, expectReleasedAfter, livePayments, loseNotifications } =
    env

  describe("a capture the gateway made by itself (its portal), of part of a payment (N-10)", () => {
    it("is not booked in Medusa for the whole amount: staff are told to capture what was taken", async () => {
      const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
      expect((await env.shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
        "authorized"
      )
      const done = await env.shopper.complete(cartId)
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
        capture_orders: [{ transaction_id: tx.transaction_id, order_no: session.id, currency: "USD", amount: "10.00" }],
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
      const { session } = await env.shopper.cartWithSession("pp_gateway_card")
      const posted = await env.shopper.postCard(session.id, { card: card(CARDS.threeDS) })
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
      const { cartId, paymentCollectionId, session } = await env.shopper.cartWithSession("pp_gateway_card")
      const paid = await env.shopper.postCard(session.id, { card: card(CARDS.approve) })
      expect(paid.data.payment_session.status).toBe("authorized")
      expect((await env.shopper.complete(cartId)).data.type).toBe("order")
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
}
