// Stop-ship 1 and 2: card data never stored or returned on a repeated post; a capture takes exactly its amount.
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import { Modules } from "@medusajs/framework/utils"
import { CARDS, card } from "../../helpers/shopper"
import type { StopShipEnv } from "./context"

export function cardDataAndCaptureCases(env: StopShipEnv) {
  const { api, getContainer, gateway, stats, capturesOf, paidOrder, dumpTables } = env

  /** A CVV that no seeded value contains: finding it anywhere means it leaked. */
  const SECRET_CVV = "7391"

  it("1. a card posted again while 3-D Secure is open, or after a lost answer, is never stored or returned", async () => {
    const threeDS = await env.shopper.cartWithSession("pp_gateway_card")
    const secretCard = { ...card(CARDS.threeDS), cvv: SECRET_CVV }
    const first = await env.shopper.postCard(threeDS.session.id, { card: secretCard })
    expect(first.data.payment_session.status).toBe("requires_more")
    const again = await env.shopper.postCard(threeDS.session.id, { card: secretCard })
    expect(again.status).toBe(200)

    const lost = await env.shopper.cartWithSession("pp_gateway_card")
    gateway.sandbox.setFaults([{ path: "/v1/authorise", fault: "drop", times: 1 }])
    const lostFirst = await env.shopper.postCard(lost.session.id, { card: { ...card(CARDS.approve), cvv: SECRET_CVV } })
    expect(lostFirst.data.payment_session.data.outcome_unknown).toBe(true)
    gateway.sandbox.setFaults([{ path: "/v1/retrievalTrans", fault: "error5xx" }]) // the settling query fails too
    const lostAgain = await env.shopper.postCard(lost.session.id, { card: { ...card(CARDS.approve), cvv: SECRET_CVV } })
    expect(lostAgain.status).toBe(200)
    gateway.sandbox.clearFaults()

    const answers = [first, again, lostFirst, lostAgain].map((r) => JSON.stringify(r.data))
    const carts = await Promise.all(
      [threeDS.cartId, lost.cartId].map((id) =>
        api.get(`/store/carts/${id}?fields=*payment_collection.payment_sessions`, env.shopper.headers)
      )
    )
    const everything = [...answers, ...carts.map((c) => JSON.stringify(c.data)), await dumpTables()].join("\n")
    for (const secret of [CARDS.threeDS, CARDS.approve, "card_submission", "order_context"]) {
      expect(everything).not.toContain(secret)
    }
    // The code as a value of its own: four digits turn up by chance inside timestamps' fractions and ids.
    expect(everything).not.toMatch(new RegExp(`(?<![\\w.:+-])${SECRET_CVV}(?![\\w.:+-])`))
    // What the shopper sees is the provider's own keys.
    expect(Object.keys(again.data.payment_session.data).sort()).toEqual(
      Object.keys(first.data.payment_session.data).sort()
    )
    expect(again.data.payment_session.data.redirect).toMatchObject({
      method: "POST",
      url: first.data.payment_session.data.issuer_url,
    })
  })

  it("2. a capture made through capturePaymentWorkflow captures exactly its amount, and two at once never take more", async () => {
    const { session, payment } = await paidOrder()
    await capturePaymentWorkflow(getContainer()).run({ input: { payment_id: payment.id, amount: 10 } })
    const [tx] = await gateway.transactions(session.id)
    expect(tx.captured_amount).toBe("10.00")

    const other = await paidOrder()
    const both = await Promise.allSettled([
      capturePaymentWorkflow(getContainer()).run({ input: { payment_id: other.payment.id, amount: 5 } }),
      capturePaymentWorkflow(getContainer()).run({ input: { payment_id: other.payment.id, amount: 7 } }),
    ])
    const [otherTx] = await gateway.transactions(other.session.id)
    const medusaCaptured = (await capturesOf(other.payment.id)).reduce((s: number, c: any) => s + Number(c.amount), 0)
    expect(both.some((r) => r.status === "fulfilled")).toBe(true)
    expect(Number(otherTx.captured_amount)).toBe(medusaCaptured)
    expect([5, 7, 12]).toContain(medusaCaptured)
  })

  it("2. a capture whose amount cannot be established is refused and nothing reaches the gateway", async () => {
    const { payment } = await paidOrder()
    const providers = (getContainer().resolve(Modules.PAYMENT) as any).paymentProviderService_
    const before = (await stats()).byPath["/v1/capture"] ?? 0
    await expect(
      providers.capturePayment("pp_gateway_card", {
        data: payment.data,
        context: { idempotency_key: "capt_not_a_medusa_capture" },
      })
    ).rejects.toThrow(/cannot be established/)
    expect((await stats()).byPath["/v1/capture"] ?? 0).toBe(before)
  })
}
