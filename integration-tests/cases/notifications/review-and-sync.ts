// Held payments reviewed from the admin, the order and refund syncs, and Medusa's own webhook route.
import { until } from "../../helpers/until"
import { CARDS, card, completeIssuerPage } from "../../helpers/shopper"
import type { NotificationsEnv } from "./context"

export function reviewAndSyncCases(env: NotificationsEnv) {
  const { api, getContainer, gateway, notifications, sent, cartCompleted } = env

  it("approves a payment held for review from the admin, through the gateway's review", async () => {
    const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
    await env.shopper.postCard(session.id, { card: card(CARDS.review) })
    const order = await env.shopper.complete(cartId)
    expect(order.data.type).toBe("order")
    const details = await api.get(`/admin/gateway/payment-sessions/${session.id}`, env.admin)
    expect(details.data.payment_session.status).toBe("pending_authorization")
    const review = (action: string) =>
      api.post(`/admin/gateway/payment-sessions/${session.id}/review`, { action }, env.admin)

    const bad = await review("maybe").catch((e: any) => e.response)
    expect(bad.status).toBe(400)
    expect(bad.data.message).toMatch(/action/)

    const res = await review("approve")
    expect(res.data.state).toBe("authorized")
    expect((await gateway.transactions(session.id))[0].payment_status).toBe("2000")
    expect(await env.orderPayments(order.data.order.id)).toHaveLength(1)
    const again = await api.get(`/admin/gateway/payment-sessions/${session.id}`, env.admin)
    expect(again.data.gateway_payment.review_status).toBe("approved")

    const twice = await review("approve").catch((e: any) => e.response)
    expect(twice.status).toBe(400)
    expect(twice.data.message).toMatch(/not held for review/)
  })

  it("rejecting a held payment fails it and cancels the order waiting for it", async () => {
    const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
    await env.shopper.postCard(session.id, { card: card(CARDS.review) })
    const order = await env.shopper.complete(cartId)
    const res = await api.post(`/admin/gateway/payment-sessions/${session.id}/review`, { action: "reject" }, env.admin)
    expect(res.data.state).toBe("failed")
    expect(res.data.changes).toContain("order canceled")
    const { data } = await api.get(`/admin/orders/${order.data.order.id}`, env.admin)
    expect(data.order.status).toBe("canceled")
  })

  it("the order sync resolves a payment whose answer was lost and whose shopper left, and records its run", async () => {
    const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
    // The answer is lost and no notification gets through (their signatures are corrupted, so the store
    // rejects them): only the job can find out.
    gateway.sandbox.setFaults([
      { path: "/v1/authorise", fault: "drop", times: 1 },
      { path: "notifications", fault: "bad_signature" },
    ])
    const posted = await env.shopper.postCard(session.id, { card: card(CARDS.approve) })
    expect(posted.data.payment_session.status).toBe("pending")
    await until("the notification to be rejected", async () =>
      (await notifications(session.id)).some((n: any) => n.status === "rejected")
    )
    expect(await cartCompleted(cartId)).toBeNull()

    const res = await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, env.admin)
    expect(res.data.summary.error).toBeNull()
    expect(res.data.summary).toMatchObject({
      status: "succeeded",
      checked: 1,
      changed: 1,
      requests: 1,
      discrepancies: [],
    })
    expect(await cartCompleted(cartId)).toBeTruthy()

    const before = (await api.get(`/admin/gateway/payment-sessions/${session.id}`, env.admin)).data.gateway_payment
    const again = await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, env.admin)
    expect(again.data.summary).toMatchObject({ checked: 1, changed: 0, requests: 1 })
    // The gateway agreed: nothing applied, but the payment is recorded as confirmed now (one UPDATE a chunk).
    const after = (await api.get(`/admin/gateway/payment-sessions/${session.id}`, env.admin)).data.gateway_payment
    expect(new Date(after.last_reconciled_at).getTime()).toBeGreaterThan(
      new Date(before.last_reconciled_at ?? 0).getTime()
    )
    expect(after.gateway_state).toBe(before.gateway_state)
    const runs = await api.get("/admin/gateway/sync-runs", env.admin)
    expect(runs.data.sync_runs.length).toBe(2)
    expect(runs.data.sync_runs[0]).toMatchObject({ job: "order_sync", status: "succeeded" })
  })

  it("the refund sync settles refunds the gateway confirms later", async () => {
    const { session, order, payment } = await env.cardOrder()
    const paymentId = payment.id
    await api.post(`/admin/payments/${paymentId}/capture`, {}, env.admin)
    await api.post(`/admin/payments/${paymentId}/refund`, { amount: 2 }, env.admin)
    const [tx] = await gateway.transactions(session.id)
    expect(tx.refunds[0].refund_status).toBe("0")

    const pending = await api.post("/admin/gateway/sync-runs", { job: "refund_sync" }, env.admin)
    expect(pending.data.summary).toMatchObject({ checked: 1, changed: 0 })
    await fetch(`${gateway.sandbox.url}/sandbox/refunds/${tx.refunds[0].refund_reference_id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ outcome: "refunded" }),
    })
    const settled = await api.post("/admin/gateway/sync-runs", { job: "refund_sync" }, env.admin)
    expect(settled.data.summary).toMatchObject({ status: "succeeded", checked: 1, changed: 1, requests: 1 })
    expect((await env.orderPayments(order.id))[0].data.refunds[0].status).toBe("refunded")
  })

  it("serves Medusa's own webhook route: a signed notification maps to its action, a forged one to none", async () => {
    const { session } = await env.shopper.cartWithSession("pp_gateway_card")
    const posted = await env.shopper.postCard(session.id, { card: card(CARDS.threeDS) })
    await completeIssuerPage(posted.data.payment_session.data.issuer_url)
    const [approval] = (await sent("PAYMENT")).filter((n) => n.payload.order_no === session.id)
    const paymentModule = getContainer().resolve("payment") as any
    const ask = (data: Record<string, unknown>) =>
      paymentModule.getWebhookActionAndData({
        provider: "gateway_card",
        payload: { data, rawData: JSON.stringify(data), headers: {} },
      })

    expect(await ask(approval.payload)).toEqual({
      action: "authorized",
      data: { session_id: session.id, amount: Number(approval.payload.amount) },
    })
    expect(await ask({ ...approval.payload, encryption_data: "f".repeat(64) })).toEqual({ action: "not_supported" })
    const { encryption_data: _, ...unsigned } = approval.payload
    expect(await ask(unsigned)).toEqual({ action: "not_supported" })
  })
}
