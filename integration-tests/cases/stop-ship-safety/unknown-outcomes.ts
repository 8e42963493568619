// Stop-ship 3 and 4: lost and unreadable answers to captures, refunds and payouts are unknown, settled by the jobs, never paid twice.
import { Modules } from "@medusajs/framework/utils"
import { runOrderSync, runRefundSync } from "../../../src/reconciliation"
import { BENEFICIARY } from "../../helpers/payouts"
import type { StopShipEnv } from "./context"

export function unknownOutcomeCases(env: StopShipEnv) {
  const { api, getContainer, gateway, stats, paymentOf, refundsOf, paidOrder } = env

  it("3. captures and refunds whose answers are lost stay unknown until the jobs settle them", async () => {
    // Processed by the gateway, answers lost, and the order query down: unknown.
    const a = await paidOrder()
    gateway.sandbox.setFaults([
      { path: "/v1/capture", fault: "drop" },
      { path: "/v1/refund", fault: "drop" },
      { path: "/v1/retrievalTrans", fault: "error5xx" },
    ])
    const captured = await api
      .post(`/admin/payments/${a.payment.id}/capture`, {}, env.admin)
      .catch((e: any) => e.response)
    expect(captured.status).toBe(200)
    let data = (await paymentOf(a.session.id)).data
    expect(data.captures).toEqual([expect.objectContaining({ status: "unknown" })])
    expect(data.outcome_unknown).toBe(true)

    // Not processed by the gateway (5xx before it), answers lost, refund search down: unknown too.
    gateway.sandbox.setFaults([
      { path: "/v1/refund", fault: "error5xx" },
      { path: "/v1/retrievalRefund", fault: "error5xx" },
    ])
    const refunded = await api
      .post(`/admin/payments/${a.payment.id}/refund`, { amount: 5 }, env.admin)
      .catch((e: any) => e.response)
    expect(refunded.status).toBe(200)
    data = (await paymentOf(a.session.id)).data
    expect(data.refunds).toEqual([expect.objectContaining({ status: "unknown", amount: "5.00" })])

    // A capture the gateway never made, its answer lost, then the order query down: unknown, then a discrepancy.
    const b = await paidOrder()
    gateway.sandbox.setFaults([
      { path: "/v1/capture", fault: "error5xx" },
      { path: "/v1/retrievalTrans", fault: "error5xx" },
    ])
    expect(
      (await api.post(`/admin/payments/${b.payment.id}/capture`, {}, env.admin).catch((e: any) => e.response)).status
    ).toBe(200)
    expect((await paymentOf(b.session.id)).data.captures[0].status).toBe("unknown")

    gateway.sandbox.clearFaults()
    const orders = await runOrderSync(getContainer())
    const refunds = await runRefundSync(getContainer())
    expect(orders.status).toBe("succeeded")

    // a: the gateway did capture, but its 3000 has an assumed meaning (it may mean "paid" at a real gateway), so
    // the code alone settles nothing: the whole capture is sent once more, the gateway refuses it (nothing is
    // left to capture) and reads it captured: captured by the gateway, once.
    const aData = (await paymentOf(a.session.id)).data
    const aTx = (await gateway.transactions(a.session.id)).at(-1)
    expect(aTx.captured_amount).toBe(aData.amount)
    expect(aData.captures).toEqual([expect.objectContaining({ status: "captured", by: "gateway" })])
    expect(aData.outcome_unknown).toBe(false)
    expect(orders.discrepancies.find((d) => d.order_no === a.session.id)).toBeUndefined()
    // a's refund never reached the gateway: still unknown, and reported, never guessed.
    expect(aData.refunds[0].status).toBe("unknown")
    expect(refunds.discrepancies.map((d) => d.reason).join(" ")).toMatch(/refund .* no such refund/)
    // b: Medusa captured, the gateway only authorised: a discrepancy staff can see.
    expect(orders.discrepancies.find((d) => d.order_no === b.session.id)?.reason).toMatch(/only authorized/)
    const { data: details } = await api.get(`/admin/gateway/payment-sessions/${b.session.id}`, env.admin)
    expect(details.gateway_payment.discrepancy).toMatch(/only authorized/)
    expect(details.payment.data.captures[0].status).toBe("unknown")
  })

  it("3. a refund whose answer was lost is found pending by the search; when the gateway fails it, the job reports it", async () => {
    const { payment, session } = await paidOrder()
    await api.post(`/admin/payments/${payment.id}/capture`, {}, env.admin)
    gateway.sandbox.setFaults([{ path: "/v1/refund", fault: "drop", times: 1 }])
    const refunded = await api
      .post(`/admin/payments/${payment.id}/refund`, { amount: 5 }, env.admin)
      .catch((e: any) => e.response)
    expect(refunded.status).toBe(200)
    const [rec] = (await paymentOf(session.id)).data.refunds
    expect(rec).toMatchObject({ status: "pending", amount: "5.00" })
    const settle = await fetch(`${gateway.sandbox.url}/sandbox/refunds/${rec.refund_reference_id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ outcome: "failed" }),
    })
    expect(settle.status).toBe(200)
    const sync = await runRefundSync(getContainer())
    expect((await paymentOf(session.id)).data.refunds[0].status).toBe("failed")
    expect(sync.discrepancies.map((d) => d.reason).join(" ")).toMatch(/failed at the gateway/)
    expect((await gateway.transactions(session.id))[0].refunds).toHaveLength(1)
  })

  it("4. an unreadable answer to a refund is an unknown outcome: a retry never pays twice", async () => {
    const { payment, session } = await paidOrder()
    await api.post(`/admin/payments/${payment.id}/capture`, {}, env.admin)
    gateway.sandbox.setFaults([
      { path: "/v1/refund", fault: "malformed", times: 1 },
      { path: "/v1/retrievalRefund", fault: "error5xx", times: 10 },
    ])
    const first = await api
      .post(`/admin/payments/${payment.id}/refund`, { amount: 4 }, env.admin)
      .catch((e: any) => e.response)
    expect(first.status).toBe(200) // recorded as unknown, not deleted
    gateway.sandbox.clearFaults()
    const [tx] = await gateway.transactions(session.id)
    expect(tx.refunds).toHaveLength(1)
    const refunds = await refundsOf(payment.id)
    expect(refunds).toHaveLength(1)
    expect((await paymentOf(session.id)).data.refunds[0]).toMatchObject({
      status: "unknown",
      reference: refunds[0].id,
    })
    // The job settles it from the refund search: the one refund the gateway made.
    await runRefundSync(getContainer())
    expect((await paymentOf(session.id)).data.refunds[0].status).not.toBe("unknown")
  })

  it("4. a refund of more than the provider's own records hold, or of nothing, is refused before any request", async () => {
    const { payment, session } = await paidOrder()
    await api.post(`/admin/payments/${payment.id}/capture`, {}, env.admin)
    const sentBefore = (await stats()).byPath["/v1/refund"] ?? 0
    expect((await api.post(`/admin/payments/${payment.id}/refund`, { amount: 5 }, env.admin)).status).toBe(200)

    // The provider checks what it holds itself, whoever calls it (here past Medusa's own check): 5.00 refunded of
    // the captured amount leaves less than the whole amount.
    const data = (await paymentOf(session.id)).data
    const providers = (getContainer().resolve(Modules.PAYMENT) as any).paymentProviderService_
    const over = await providers
      .refundPayment(payment.provider_id, {
        data,
        amount: Number(data.amount),
        context: { idempotency_key: "ref_outside_medusa" },
      })
      .catch((e: any) => e)
    expect((await stats()).byPath["/v1/refund"] ?? 0).toBe(sentBefore + 1) // only the 5.00
    expect(over).toBeInstanceOf(Error)
    expect(over.message).toMatch(
      /refused: the payment holds .* \(.* captured, 5\.00 USD refunded or being refunded, chargebacks included\); nothing was sent/
    )
    expect((await gateway.transactions(session.id))[0].refunds).toHaveLength(1)

    // Medusa takes 0.004 as more than nothing; in dollars it is 0.00, and a refund of 0.00 is never sent.
    const zero = await api
      .post(`/admin/payments/${payment.id}/refund`, { amount: 0.004 }, env.admin)
      .catch((e: any) => e.response)
    expect(zero.status).toBe(400)
    expect(zero.data.message).toMatch(/amount 0\.00 USD must be more than 0/)
    expect((await refundsOf(payment.id)).map((r: any) => Number(r.amount))).toEqual([5])
    expect((await stats()).byPath["/v1/refund"] ?? 0).toBe(sentBefore + 1)
  })

  it("4. an unreadable answer to a payout keeps the payout and its request_id: a refresh never pays twice", async () => {
    gateway.sandbox.setFaults([{ path: "/v1/payout", fault: "malformed", times: 1 }])
    const body = {
      payment_amount: "120.00",
      payment_currency: "USD",
      reason: "Supplier invoice",
      reference: "INV-1",
      beneficiary: BENEFICIARY,
    }
    const created = await api
      .post("/admin/gateway/payouts", body, {
        headers: { ...env.admin.headers, "Idempotency-Key": "stop-ship-payout-4" },
      })
      .catch((e: any) => e.response)
    expect(created.status).toBe(200)
    const payout = created.data.payout
    expect(payout.status).toBe("UNKNOWN")
    gateway.sandbox.clearFaults()
    const refreshed = await api.post(`/admin/gateway/payouts/${payout.id}/refresh`, {}, env.admin)
    expect(refreshed.data.payout.request_id).toBe(payout.request_id)
    const made = [...(gateway.sandbox as any).store.payouts.values()]
    expect(made).toHaveLength(1)
  })
}
