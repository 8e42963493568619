/**
 * Staff's side of a gateway payment through Medusa's admin API: capture (full and partial), cancel, partial and
 * repeated refunds. After each step the sandbox's state must agree with Medusa's, and refused actions change
 * nothing at either end. Every test runs against both readings of the gateway's paid code (helpers/money-paths.ts).
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { useSandbox } from "../helpers/sandbox"
import { PAID_MODES } from "../helpers/money-paths"
import { CARDS, card, Shopper } from "../helpers/shopper"
import { seededOnce, freshStore, type RequestHeaders } from "../helpers/fresh-store"
import { call } from "../helpers/answer"

jest.setTimeout(240 * 1000)

const gateway = useSandbox()

const gatewayTx = async (orderNo: string) => (await gateway.transactions(orderNo)).at(-1)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const seeded = seededOnce(getContainer)
    let admin: RequestHeaders, shopper: Shopper

    beforeEach(async () => ({ shopper, admin } = await freshStore(gateway, seeded(), getContainer(), api)))

    /** An order paid by card, and its payment as the admin API shows it. */
    async function paidOrder() {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      const posted = await shopper.postCard(session.id, { card: card(CARDS.approve) })
      expect(posted.data.payment_session.status).toBe("authorized")
      const done = await shopper.complete(cartId)
      expect(done.data.type).toBe("order")
      const orderId: string = done.data.order.id
      return { orderId, sessionId: session.id as string, payment: await paymentOf(orderId) }
    }

    async function paymentOf(orderId: string) {
      const { data } = await api.get(
        `/admin/orders/${orderId}?fields=*payment_collections,*payment_collections.payments,*payment_collections.payments.captures,*payment_collections.payments.refunds`,
        admin
      )
      return data.order.payment_collections[0].payments[0]
    }

    // Both readings of the gateway's paid code: distinct codes, and 3000 for authorised and captured alike.
    for (const [mode, paidStatus] of PAID_MODES) {
      describe(`sandbox with ${mode}`, () => {
        beforeAll(() => gateway.sandbox.setPaidStatus(paidStatus))
        afterAll(() => gateway.sandbox.setPaidStatus(null))

        it("captures the full amount and the gateway shows it captured", async () => {
          const { orderId, sessionId, payment } = await paidOrder()
          expect((await gatewayTx(sessionId)).payment_status).toBe("2000")

          const res = await call(api.post(`/admin/payments/${payment.id}/capture`, {}, admin))
          expect(res.status).toBe(200)
          const tx = await gatewayTx(sessionId)
          expect(tx.payment_status).toBe("3000")
          expect(tx.captured_amount).toBe(tx.amount)
          const after = await paymentOf(orderId)
          expect(after.captured_at).toBeTruthy()
          expect(after.data.gateway_state).toBe("captured")
        })

        it("captures part of the amount, and refuses a second capture the gateway does not allow without changing anything", async () => {
          const { orderId, sessionId, payment } = await paidOrder()
          const res = await call(api.post(`/admin/payments/${payment.id}/capture`, { amount: 10 }, admin))
          expect(res.status).toBe(200)
          let tx = await gatewayTx(sessionId)
          expect(tx.captured_amount).toBe("10.00")
          const afterFirst = await paymentOf(orderId)
          expect(afterFirst.captures).toHaveLength(1)
          expect(Number(afterFirst.captures[0].amount)).toBe(10)

          const second = await call(api.post(`/admin/payments/${payment.id}/capture`, { amount: 5 }, admin))
          expect(second.status).toBeGreaterThanOrEqual(400)
          expect(second.data.message).toMatch(/Gateway capture refused: C0002/)
          tx = await gatewayTx(sessionId)
          expect(tx.captured_amount).toBe("10.00")
          expect((await paymentOf(orderId)).captures).toHaveLength(1)
        })

        it("refunds twice in part and then the rest, each refund once at the gateway with Medusa's refund id", async () => {
          const { orderId, sessionId, payment } = await paidOrder()
          await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)

          await api.post(`/admin/payments/${payment.id}/refund`, { amount: 5 }, admin)
          await api.post(`/admin/payments/${payment.id}/refund`, { amount: 3 }, admin)
          let p = await paymentOf(orderId)
          expect(p.refunds).toHaveLength(2)
          let tx = await gatewayTx(sessionId)
          expect(tx.refunds.map((r: any) => r.refund_amount).sort()).toEqual(["3.00", "5.00"])
          expect(tx.refunds.map((r: any) => r.refund_reference).sort()).toEqual(p.refunds.map((r: any) => r.id).sort())
          expect(p.data.refunds.map((r: any) => r.status)).toEqual(["pending", "pending"])

          const rest = Number(p.amount) - 8
          const res = await call(api.post(`/admin/payments/${payment.id}/refund`, { amount: rest }, admin))
          expect(res.status).toBe(200)
          tx = await gatewayTx(sessionId)
          expect(tx.refunds).toHaveLength(3)
          expect(tx.payment_status).toBe("4100")
          expect(tx.refunded_amount).toBe(tx.amount)

          // Nothing is left: Medusa refuses, and the gateway sees no new refund.
          const over = await call(api.post(`/admin/payments/${payment.id}/refund`, { amount: 1 }, admin))
          expect(over.status).toBe(400)
          expect(over.data.message).toMatch(/refund more than the captured amount/)
          expect((await gatewayTx(sessionId)).refunds).toHaveLength(3)
          p = await paymentOf(orderId)
          expect(p.refunds).toHaveLength(3)
        })

        it("cancelling the order voids the authorisation at the gateway, and a capture afterwards is refused", async () => {
          const { orderId, sessionId, payment } = await paidOrder()
          const res = await call(api.post(`/admin/orders/${orderId}/cancel`, {}, admin))
          expect(res.status).toBe(200)
          expect((await gatewayTx(sessionId)).payment_status).toBe("5000")
          expect((await paymentOf(orderId)).canceled_at).toBeTruthy()

          const before = gateway.sandbox.stats().byPath["/v1/capture"] ?? 0
          const capture = await call(api.post(`/admin/payments/${payment.id}/capture`, {}, admin))
          expect(capture.status).toBe(400)
          expect(capture.data.message).toMatch(/has been canceled/)
          expect(gateway.sandbox.stats().byPath["/v1/capture"] ?? 0).toBe(before)
          expect((await gatewayTx(sessionId)).payment_status).toBe("5000")
        })

        it("a capture whose answer is lost is confirmed with the order query instead of guessed", async () => {
          const { orderId, sessionId, payment } = await paidOrder()
          gateway.sandbox.setFaults([{ path: "/v1/capture", fault: "drop", times: 1 }])
          const res = await call(api.post(`/admin/payments/${payment.id}/capture`, {}, admin))
          expect(res.status).toBe(200)
          expect((await gatewayTx(sessionId)).payment_status).toBe("3000")
          const p = await paymentOf(orderId)
          expect(p.captured_at).toBeTruthy()
          expect(p.data.gateway_state).toBe("captured")
          expect(p.data.outcome_unknown).toBe(false)
        })

        it("a refund whose answer is lost is found by its reference and not paid twice", async () => {
          const { orderId, sessionId, payment } = await paidOrder()
          await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)
          gateway.sandbox.setFaults([{ path: "/v1/refund", fault: "drop", times: 1 }])
          const res = await call(api.post(`/admin/payments/${payment.id}/refund`, { amount: 4 }, admin))
          expect(res.status).toBe(200)
          const tx = await gatewayTx(sessionId)
          expect(tx.refunds).toHaveLength(1)
          const p = await paymentOf(orderId)
          expect(p.refunds).toHaveLength(1)
          expect(p.data.refunds[0]).toMatchObject({ reference: p.refunds[0].id, amount: "4.00" })
          expect(p.data.refunds[0].refund_reference_id).toBe(tx.refunds[0].refund_reference_id)
        })
      })
    }
  },
})
