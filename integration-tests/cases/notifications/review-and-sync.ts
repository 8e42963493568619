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

  /** The session's status and what its data records of the attempt, read from Medusa's table. */
  const sessionRow = async (id: string) =>
    (
      await env.dbConnection.raw(
        "select status, data->>'gateway_state' as gateway_state, data->>'transaction_id' as transaction_id, data->>'outcome_unknown' as outcome_unknown from payment_session where id = ?",
        [id]
      )
    ).rows[0]

  it("a hold for review whose answer was lost: its notification records the transaction, and the shopper's completion makes the order waiting for the review", async () => {
    const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
    gateway.sandbox.setFaults([{ path: "/v1/authorise", fault: "drop", times: 1 }])
    const posted = await env.shopper.postCard(session.id, { card: card(CARDS.review) })
    expect(posted.data.payment_session.status).toBe("pending")
    const [tx] = await gateway.transactions(session.id)
    expect(tx.payment_status).toBe("1100")
    // The gateway's notification of the hold is what tells the store first.
    const held = await until("the hold's notification applied", async () => {
      const row = await sessionRow(session.id)
      return row.status === "pending_authorization" ? row : null
    })
    expect(held).toMatchObject({ gateway_state: "review", transaction_id: tx.transaction_id, outcome_unknown: "false" })

    // Before, the session kept no transaction id, read as one still waiting for a card: "not authorized", the cart
    // no order, the hold kept at the gateway for nobody (a CI shopper run found it).
    const order = await env.shopper.complete(cartId)
    expect(order.data.type).toBe("order")
    expect(await env.orderOfCart(cartId)).toBe(order.data.order.id)
    expect(await sessionRow(session.id)).toMatchObject({
      status: "pending_authorization",
      transaction_id: tx.transaction_id,
    })
    const ledger = await gateway.transactions(session.id)
    expect(ledger.map((t: any) => [t.transaction_id, t.payment_status])).toEqual([[tx.transaction_id, "1100"]])
  })

  it("the order sync reads a held card session that lost its transaction id (as earlier versions left it) instead of taking it for one with no card posted", async () => {
    const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
    gateway.sandbox.setFaults([
      { path: "/v1/authorise", fault: "drop", times: 1 },
      { path: "notifications", fault: "bad_signature" },
    ])
    expect((await env.shopper.postCard(session.id, { card: card(CARDS.review) })).data.payment_session.status).toBe(
      "pending"
    )
    const [tx] = await gateway.transactions(session.id)
    // What a completion racing the hold's notification left before this fix: pending, the review recorded, no id.
    await env.dbConnection.raw(
      `update payment_session set status = 'pending',
         data = jsonb_set(jsonb_set(jsonb_set(data::jsonb, '{gateway_state}', '"review"'), '{outcome_unknown}', 'false'), '{transaction_id}', 'null')
       where id = ?`,
      [session.id]
    )
    const res = await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, env.admin)
    expect(res.data.summary).toMatchObject({ status: "succeeded", checked: 1, changed: 1, discrepancies: [] })
    expect(await sessionRow(session.id)).toMatchObject({
      status: "pending_authorization",
      gateway_state: "review",
      transaction_id: tx.transaction_id,
    })
    // Nothing was released or paid twice: the one hold, which the cart's completion now takes.
    expect((await gateway.transactions(session.id)).map((t: any) => t.payment_status)).toEqual(["1100"])
    expect((await env.shopper.complete(cartId)).data.type).toBe("order")
  })

  it("an order query handed on by a completion Medusa refused before authorising never fails a card posted since: its completion asks the gateway again", async () => {
    const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
    // No notification gets through: only the requests below move the session.
    gateway.sandbox.setFaults([{ path: "notifications", fault: "bad_signature" }])
    const first = await env.shopper.postCard(session.id, { card: card(CARDS.threeDS) })
    expect(first.data.payment_session.status).toBe("requires_more")
    await completeIssuerPage(first.data.payment_session.data.issuer_url, "fail")
    const [failed] = await gateway.transactions(session.id)
    // The complete-cart check reads the failed 3-D Secure attempt and hands it on; Medusa then refused that
    // completion before authorising (as when a notification turned the session to error in between).
    await getContainer().resolve("gateway").waitingSessionTransaction(session.id, failed.transaction_id)
    // The shopper pays again with another card at once; its answer is lost.
    gateway.sandbox.setFaults([
      { path: "notifications", fault: "bad_signature" },
      { path: "/v1/authorise", fault: "drop", times: 1 },
    ])
    const again = await env.shopper.postCard(session.id, { card: card(CARDS.approve) })
    expect(again.data.payment_session.status).toBe("pending")
    const paid = (await gateway.transactions(session.id)).find((t: any) => t.transaction_id !== failed.transaction_id)
    expect(paid.payment_status).toBe("2000")

    // Before, the completion took the handed answer (only the superseded attempt in it) for "never reached the
    // gateway": the session failed, the cart no order, the authorisation held for nobody (a shopper run found it).
    const order = await env.shopper.complete(cartId)
    expect(order.data.type).toBe("order")
    expect(await sessionRow(session.id)).toMatchObject({ status: "authorized", transaction_id: paid.transaction_id })
    expect(await env.orderPayments(order.data.order.id)).toHaveLength(1)
  })

  it("a paid attempt the session recorded as failed (read before the gateway had it) is recorded and completed by its notification, not left failed", async () => {
    const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
    gateway.sandbox.setFaults([
      { path: "notifications", fault: "bad_signature" },
      { path: "/v1/authorise", fault: "drop", times: 1 },
    ])
    expect((await env.shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
      "pending"
    )
    const [tx] = await gateway.transactions(session.id)
    // What a query too early left: the attempt failed, no transaction, the session in error.
    await env.dbConnection.raw(
      `update payment_session set status = 'error',
         data = jsonb_set(jsonb_set(data::jsonb, '{gateway_state}', '"failed"'), '{outcome_unknown}', 'false')
       where id = ?`,
      [session.id]
    )
    const [notification] = await until("the payment's notification", async () =>
      (await sent("PAYMENT")).filter((n) => n.payload.order_no === session.id)
    )
    gateway.sandbox.clearFaults()
    const delivered = await env.post(await env.signedCopy(notification.payload))
    expect(delivered.status).toBe(200)
    // The order's link to its cart is written before its payment: wait for both.
    const orderId = await until("the cart completed into an order with its payment", async () => {
      const id = await env.orderOfCart(cartId)
      return id && (await env.orderPayments(id)).length ? id : null
    })
    expect(await sessionRow(session.id)).toMatchObject({ status: "authorized", transaction_id: tx.transaction_id })
    expect(await env.orderPayments(orderId)).toHaveLength(1)
    expect((await gateway.transactions(session.id)).map((t: any) => t.payment_status)).toEqual(["2000"])
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
