/**
 * The gateway talking back: notifications (real ones, sent by the sandbox to the store's notify_url, and
 * forged, unsigned, replayed, late and duplicated ones), the reconciliation jobs, and the review of held
 * payments. Medusa must end up agreeing with the gateway.
 */
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { seedStore, SeededStore } from "../../scripts/seed-store"
import { createAdminHeaders } from "../helpers/admin"
import { useSandbox } from "../helpers/sandbox"
import { until } from "../helpers/until"
import { CARDS, card, completeIssuerPage, Shopper } from "../helpers/shopper"

jest.setTimeout(300 * 1000)

// The store listens on a port chosen now, so that the sandbox can send notifications to it.
const port = 20000 + Math.floor(Math.random() * 20000)
process.env.PORT = String(port)
const storeUrl = `http://localhost:${port}`
const gateway = useSandbox({ GATEWAY_STORE_URL: storeUrl }, { notifyBaseMs: 100, notifyAttempts: 5, refundDelayMs: 3_600_000 })


medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    let store: SeededStore
    let shopper: Shopper
    let admin: { headers: Record<string, string> }

    beforeAll(() => {
      // Sanity: the port we promised the sandbox is the one the store listens on.
      expect((api as any).defaults.baseURL).toBe(storeUrl)
    })

    beforeEach(async () => {
      gateway.sandbox.reset()
      store = await seedStore(getContainer())
      shopper = new Shopper(api as any, store)
      admin = await createAdminHeaders(getContainer())
    })

    const notifications = async (orderNo: string) =>
      (await dbConnection.raw("select * from gateway_notification where order_no = ? order by received_at", [orderNo])).rows
    const sent = async (type?: string) =>
      (await (await fetch(`${gateway.sandbox.url}/sandbox/notifications${type ? `?notify_type=${encodeURIComponent(type)}` : ""}`)).json()) as any[]
    const post = (body: unknown, form = false) =>
      fetch(`${storeUrl}/hooks/gateway/notifications`, {
        method: "POST",
        headers: { "content-type": form ? "application/x-www-form-urlencoded" : "application/json" },
        body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
      })
    const cartCompleted = async (cartId: string) => {
      const { data } = await api.get(`/store/carts/${cartId}`, shopper.headers)
      return data.cart.completed_at ? data.cart : null
    }
    const orderOfCart = async (cartId: string) => {
      const { rows } = await dbConnection.raw("select order_id from order_cart where cart_id = ? and deleted_at is null", [cartId])
      return rows[0]?.order_id as string | undefined
    }

    it("completes the order from the notification when the shopper never came back from 3-D Secure", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      const posted = await shopper.postCard(session.id, { card: card(CARDS.threeDS) })
      await completeIssuerPage(posted.data.payment_session.data.issuer_url)
      // No complete call: the gateway's notification alone must create the order.
      await until("the order", () => cartCompleted(cartId))
      expect(await orderOfCart(cartId)).toBeTruthy()
      const rows = await until("a processed notification", async () => {
        const r = await notifications(session.id)
        return r.some((n: any) => n.status === "processed") ? r : null
      })
      expect(rows[0]).toMatchObject({ verified: true, notify_type: "PAYMENT", content_type: "application/json" })
      // The signature is not kept: the log holds the payload with secrets redacted.
      expect(rows[0].payload.encryption_data).toBe("[REDACTED]")
      expect(rows[0].payload.order_no).toBe(session.id)
    })

    it("rejects forged and unsigned notifications with 401, logs them, and changes nothing", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      const posted = await shopper.postCard(session.id, { card: card(CARDS.threeDS) })
      const base = {
        notify_type: "PAYMENT",
        notify_id: "forged-1",
        merchant_id: "701001",
        account_id: "701001010",
        transaction_id: posted.data.payment_session.data.transaction_id,
        order_no: session.id,
        currency: "USD",
        amount: "28.29",
        order_status: "1",
        result_info: "0000:Success",
        payment_status: "2000",
      }
      const forged = await post({ ...base, encryption_data: "0".repeat(64) })
      expect(forged.status).toBe(401)
      const unsigned = await post({ ...base, notify_id: "forged-2" }, true)
      expect(unsigned.status).toBe(401)

      const rows = await notifications(session.id)
      expect(rows.map((r: any) => [r.status, r.verified, r.result])).toEqual([
        ["rejected", false, "signature did not verify"],
        ["rejected", false, "unsigned"],
      ])
      expect(await cartCompleted(cartId)).toBeNull()
      const [tx] = await gateway.transactions(session.id)
      expect(tx.payment_status).toBe("1000")
    })

    it("acknowledges a replayed notification without acting on it again", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      const posted = await shopper.postCard(session.id, { card: card(CARDS.threeDS) })
      await completeIssuerPage(posted.data.payment_session.data.issuer_url)
      await until("the original notification to be processed", async () =>
        (await notifications(session.id)).some((n: any) => n.status === "processed")
      )
      const [original] = await sent("PAYMENT")
      expect(original.payload.order_no).toBe(session.id)

      const replay = await post(original.payload)
      expect(replay.status).toBe(200)
      const rows = await until("the replay to be handled", async () => {
        const r = await notifications(session.id)
        return r.length === 2 && r[1].status !== "received" ? r : null
      })
      expect(rows[1].status).toBe("ignored")
      expect(rows[1].result).toBe(`replay of ${rows[0].id}`)
      const { rows: orders } = await dbConnection.raw("select count(*)::int as n from order_cart where cart_id = ?", [cartId])
      expect(orders[0].n).toBe(1)
    })

    it("never moves a captured payment back when a late 'authorized' notification arrives, and survives duplicates", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      await shopper.postCard(session.id, { card: card(CARDS.approve) })
      const order = await shopper.complete(cartId)
      const { data } = await api.get(`/admin/orders/${order.data.order.id}?fields=*payment_collections.payments`, admin)
      const payment = data.order.payment_collections[0].payments[0]
      await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)
      const capture = (await sent("CAPTURE")).find((n) => n.payload.order_no === session.id)
      expect(capture).toBeTruthy()

      // The approval notification of the card payment, arriving late and twice at once.
      const [approval] = (await sent("PAYMENT")).filter((n) => n.payload.order_no === session.id)
      const late = { ...approval.payload, notify_id: `${approval.payload.notify_id}-late` }
      const answers = await Promise.all([post(late), post(late)])
      expect(answers.map((a) => a.status)).toEqual([200, 200])
      await until("the late notifications to be handled", async () => {
        const r = await notifications(session.id)
        return r.filter((n: any) => n.payload?.notify_id === late.notify_id && n.status !== "received").length === 2 ? r : null
      })
      const after = await api.get(`/admin/orders/${order.data.order.id}?fields=*payment_collections.payments`, admin)
      const p = after.data.order.payment_collections[0].payments[0]
      expect(p.captured_at).toBeTruthy()
      expect(p.canceled_at).toBeFalsy()
      expect(after.data.order.payment_collections[0].payments).toHaveLength(1)
      expect((await gateway.transactions(session.id))[0].payment_status).toBe("3000")
    })

    it("approves a payment held for review from the admin, through the gateway's review", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      await shopper.postCard(session.id, { card: card(CARDS.review) })
      const order = await shopper.complete(cartId)
      expect(order.data.type).toBe("order")
      const details = await api.get(`/admin/gateway/payment-sessions/${session.id}`, admin)
      expect(details.data.payment_session.status).toBe("pending_authorization")

      const bad = await api.post(`/admin/gateway/payment-sessions/${session.id}/review`, { action: "maybe" }, admin).catch((e: any) => e.response)
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/action/)

      const res = await api.post(`/admin/gateway/payment-sessions/${session.id}/review`, { action: "approve" }, admin)
      expect(res.data.state).toBe("authorized")
      expect((await gateway.transactions(session.id))[0].payment_status).toBe("2000")
      const { data } = await api.get(`/admin/orders/${order.data.order.id}?fields=*payment_collections.payments`, admin)
      expect(data.order.payment_collections[0].payments).toHaveLength(1)
      const again = await api.get(`/admin/gateway/payment-sessions/${session.id}`, admin)
      expect(again.data.gateway_payment.review_status).toBe("approved")

      const twice = await api.post(`/admin/gateway/payment-sessions/${session.id}/review`, { action: "approve" }, admin).catch((e: any) => e.response)
      expect(twice.status).toBe(400)
      expect(twice.data.message).toMatch(/not held for review/)
    })

    it("rejecting a held payment fails it and cancels the order waiting for it", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      await shopper.postCard(session.id, { card: card(CARDS.review) })
      const order = await shopper.complete(cartId)
      const res = await api.post(`/admin/gateway/payment-sessions/${session.id}/review`, { action: "reject" }, admin)
      expect(res.data.state).toBe("failed")
      expect(res.data.changes).toContain("order canceled")
      const { data } = await api.get(`/admin/orders/${order.data.order.id}`, admin)
      expect(data.order.status).toBe("canceled")
    })

    it("the order sync resolves a payment whose answer was lost and whose shopper left, and records its run", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      // The answer is lost and no notification gets through (their signatures are corrupted, so the store
      // rejects them): only the job can find out.
      gateway.sandbox.setFaults([
        { path: "/v1/authorise", fault: "drop", times: 1 },
        { path: "notifications", fault: "bad_signature" },
      ])
      const posted = await shopper.postCard(session.id, { card: card(CARDS.approve) })
      expect(posted.data.payment_session.status).toBe("pending")
      await until("the notification to be rejected", async () => (await notifications(session.id)).some((n: any) => n.status === "rejected"))
      expect(await cartCompleted(cartId)).toBeNull()

      const res = await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
      expect(res.data.summary.error).toBeNull()
      expect(res.data.summary).toMatchObject({ status: "succeeded", checked: 1, changed: 1, requests: 1, discrepancies: [] })
      expect(await cartCompleted(cartId)).toBeTruthy()

      const before = (await api.get(`/admin/gateway/payment-sessions/${session.id}`, admin)).data.gateway_payment
      const again = await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
      expect(again.data.summary).toMatchObject({ checked: 1, changed: 0, requests: 1 })
      // The gateway agreed: nothing applied, but the payment is recorded as confirmed now (one UPDATE a chunk).
      const after = (await api.get(`/admin/gateway/payment-sessions/${session.id}`, admin)).data.gateway_payment
      expect(new Date(after.last_reconciled_at).getTime()).toBeGreaterThan(new Date(before.last_reconciled_at ?? 0).getTime())
      expect(after.gateway_state).toBe(before.gateway_state)
      const runs = await api.get("/admin/gateway/sync-runs", admin)
      expect(runs.data.sync_runs.length).toBe(2)
      expect(runs.data.sync_runs[0]).toMatchObject({ job: "order_sync", status: "succeeded" })
    })

    it("the refund sync settles refunds the gateway confirms later", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      await shopper.postCard(session.id, { card: card(CARDS.approve) })
      const order = await shopper.complete(cartId)
      const { data } = await api.get(`/admin/orders/${order.data.order.id}?fields=*payment_collections.payments`, admin)
      const paymentId = data.order.payment_collections[0].payments[0].id
      await api.post(`/admin/payments/${paymentId}/capture`, {}, admin)
      await api.post(`/admin/payments/${paymentId}/refund`, { amount: 2 }, admin)
      const [tx] = await gateway.transactions(session.id)
      expect(tx.refunds[0].refund_status).toBe("0")

      const pending = await api.post("/admin/gateway/sync-runs", { job: "refund_sync" }, admin)
      expect(pending.data.summary).toMatchObject({ checked: 1, changed: 0 })
      await fetch(`${gateway.sandbox.url}/sandbox/refunds/${tx.refunds[0].refund_reference_id}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ outcome: "refunded" }),
      })
      const settled = await api.post("/admin/gateway/sync-runs", { job: "refund_sync" }, admin)
      expect(settled.data.summary).toMatchObject({ status: "succeeded", checked: 1, changed: 1, requests: 1 })
      const after = await api.get(`/admin/orders/${order.data.order.id}?fields=*payment_collections.payments`, admin)
      expect(after.data.order.payment_collections[0].payments[0].data.refunds[0].status).toBe("refunded")
    })

    it("serves Medusa's own webhook route: a signed notification maps to its action, a forged one to none", async () => {
      const { session } = await shopper.cartWithSession("pp_gateway_card")
      const posted = await shopper.postCard(session.id, { card: card(CARDS.threeDS) })
      await completeIssuerPage(posted.data.payment_session.data.issuer_url)
      const [approval] = (await sent("PAYMENT")).filter((n) => n.payload.order_no === session.id)
      const paymentModule = getContainer().resolve("payment") as any
      const ask = (data: Record<string, unknown>) =>
        paymentModule.getWebhookActionAndData({ provider: "gateway_card", payload: { data, rawData: JSON.stringify(data), headers: {} } })

      expect(await ask(approval.payload)).toEqual({ action: "authorized", data: { session_id: session.id, amount: Number(approval.payload.amount) } })
      expect(await ask({ ...approval.payload, encryption_data: "f".repeat(64) })).toEqual({ action: "not_supported" })
      const { encryption_data: _, ...unsigned } = approval.payload
      expect(await ask(unsigned)).toEqual({ action: "not_supported" })
    })

    it("a lost chargeback reaches Medusa as one refund naming it; a repeat or a later merchant refund never books it twice; a won one changes nothing", async () => {
      const paid = async () => {
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
        expect((await shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe("authorized")
        const order = await shopper.complete(cartId)
        const { rows } = await dbConnection.raw("select id, amount from payment where payment_session_id = ? and deleted_at is null", [session.id])
        await api.post(`/admin/payments/${rows[0].id}/capture`, {}, admin)
        const [tx] = await gateway.transactions(session.id)
        return { session, order: order.data.order, payment: rows[0], tx }
      }
      const control = async (path: string, body: unknown) => {
        const res = await fetch(`${gateway.sandbox.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) })
        expect(res.status).toBeLessThan(300)
        return res.json()
      }
      const processed = (orderNo: string, type: string) =>
        until(`a processed ${type}`, async () => (await notifications(orderNo)).find((n: any) => n.notify_type === type && n.status !== "received"))
      const refundsOf = async (paymentId: string) =>
        (await dbConnection.raw("select r.amount, r.note, rr.code from refund r left join refund_reason rr on rr.id = r.refund_reason_id where r.payment_id = ? and r.deleted_at is null", [paymentId])).rows

      const lost = await paid()
      const refundCalls = gateway.sandbox.stats().byPath["/v1/refund"] ?? 0
      const dispute = await control("/sandbox/disputes", { transaction_id: lost.tx.transaction_id, amount: "10.00", reason: "Fraudulent transaction" })
      await processed(lost.session.id, "DISPUTE RECEIVED")
      expect(await refundsOf(lost.payment.id)).toEqual([]) // an open dispute moves no money
      await control(`/sandbox/disputes/${dispute.dispute_id}`, { outcome: "lost" })
      await processed(lost.session.id, "DISPUTE RESULT")
      const booked = await until("the chargeback booked", async () => {
        const r = await refundsOf(lost.payment.id)
        return r.length ? r : null
      })
      expect(booked).toHaveLength(1)
      expect(Number(booked[0].amount)).toBe(10)
      expect(booked[0].note).toContain(dispute.dispute_id)
      expect(booked[0].code).toBe("chargeback")
      expect(gateway.sandbox.stats().byPath["/v1/refund"] ?? 0).toBe(refundCalls) // nothing was refunded at the gateway

      // The gateway delivers the same result again, and the order sync looks again: still one refund.
      const [result] = (await sent("DISPUTE RESULT")).filter((n) => n.payload.order_no === lost.session.id)
      await post(result.payload)
      await until("the repeat handled", async () => (await notifications(lost.session.id)).filter((n: any) => n.notify_type === "DISPUTE RESULT").length > 1)
      await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
      expect(await refundsOf(lost.payment.id)).toHaveLength(1)
      // The merchant can refund what is left, and not one cent more.
      const left = Number(lost.payment.amount) - 10
      const tooMuch = await api.post(`/admin/payments/${lost.payment.id}/refund`, { amount: left + 1 }, admin).catch((e: any) => e.response)
      expect(tooMuch.status).toBe(400)
      const rest = await api.post(`/admin/payments/${lost.payment.id}/refund`, { amount: left }, admin).catch((e: any) => e.response)
      expect(rest.status).toBe(200)
      expect((await refundsOf(lost.payment.id)).reduce((s: number, r: any) => s + Number(r.amount), 0)).toBe(Number(lost.payment.amount))
      // The order widget's data shows the dispute as decided.
      const details = await api.get(`/admin/gateway/payment-sessions/${lost.session.id}`, admin)
      expect(details.data.gateway_payment.disputes).toEqual([expect.objectContaining({ dispute_id: dispute.dispute_id, status: "LOST" })])

      const won = await paid()
      const d2 = await control("/sandbox/disputes", { transaction_id: won.tx.transaction_id })
      await control(`/sandbox/disputes/${d2.dispute_id}`, { outcome: "won" })
      await processed(won.session.id, "DISPUTE RESULT")
      expect(await refundsOf(won.payment.id)).toEqual([])
    })

    it("a lost chargeback whose notification could not be processed reaches Medusa through the order sync", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      await shopper.postCard(session.id, { card: card(CARDS.approve) })
      const order = await shopper.complete(cartId)
      expect(order.data.type).toBe("order")
      const { rows } = await dbConnection.raw("select id from payment where payment_session_id = ? and deleted_at is null", [session.id])
      await api.post(`/admin/payments/${rows[0].id}/capture`, {}, admin)
      const [tx] = await gateway.transactions(session.id)
      const control = (path: string, body: unknown) =>
        fetch(`${gateway.sandbox.url}${path}`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) }).then((r) => r.json())
      const dispute = await control("/sandbox/disputes", { transaction_id: tx.transaction_id, amount: "3.00" })
      await until("the dispute recorded", async () => (await notifications(session.id)).find((n: any) => n.notify_type === "DISPUTE RECEIVED" && n.status !== "received"))
      // The result arrives while the order query is down: nothing can be confirmed, nothing is booked.
      gateway.sandbox.setFaults([{ path: "/v1/retrievalTrans", fault: "error5xx" }])
      await control(`/sandbox/disputes/${dispute.dispute_id}`, { outcome: "lost" })
      const failed = await until("the result handled", async () =>
        (await notifications(session.id)).find((n: any) => n.notify_type === "DISPUTE RESULT" && n.status !== "received")
      )
      expect(failed.status).toBe("failed")
      const refunds = async () => (await dbConnection.raw("select amount from refund where payment_id = ? and deleted_at is null", [rows[0].id])).rows
      expect(await refunds()).toEqual([])
      gateway.sandbox.clearFaults()
      await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
      expect((await refunds()).map((r: any) => Number(r.amount))).toEqual([3])
      await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
      expect(await refunds()).toHaveLength(1)
    })

    it("refuses sync runs and reviews without an admin session", async () => {
      const res = await api.post("/admin/gateway/sync-runs", { job: "order_sync" }).catch((e: any) => e.response)
      expect(res.status).toBe(401)
      const bad = await api.post("/admin/gateway/sync-runs", { job: "everything" }, admin).catch((e: any) => e.response)
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/job/)
    })
  },
})

