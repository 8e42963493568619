/**
 * The gateway talking back: notifications (real ones, sent by the sandbox to the store's notify_url, and
 * forged, unsigned, replayed, re-labelled, late, concurrent and flooding ones), chargebacks, the
 * reconciliation jobs, and the review of held payments. Medusa must end up agreeing with the gateway.
 */
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { SeededStore } from "../../scripts/seed-store"
import { useSandbox } from "../helpers/sandbox"
import { until } from "../helpers/until"
import { CARDS, card, completeIssuerPage, Shopper } from "../helpers/shopper"
import { freshStore, type RequestHeaders } from "../helpers/fresh-store"

jest.setTimeout(300 * 1000)

// The store listens on a port chosen now, so that the sandbox can send notifications to it.
// The suite's own port (integration-tests/suite-port.js), where Medusa's runner listens.
const port = Number(process.env.PORT)
const storeUrl = `http://localhost:${port}`
const gateway = useSandbox(
  { GATEWAY_STORE_URL: storeUrl },
  { notifyBaseMs: 100, notifyAttempts: 5, refundDelayMs: 3_600_000 }
)

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    let store: SeededStore, shopper: Shopper, admin: RequestHeaders

    // Sanity: the port we promised the sandbox is the one the store listens on.
    beforeAll(() => expect((api as any).defaults.baseURL).toBe(storeUrl))

    beforeEach(async () => ({ store, shopper, admin } = await freshStore(gateway, getContainer(), api)))

    const notifications = async (orderNo: string) =>
      (await dbConnection.raw("select * from gateway_notification where order_no = ? order by received_at", [orderNo]))
        .rows
    const sent = async (type?: string) =>
      (await (
        await fetch(
          `${gateway.sandbox.url}/sandbox/notifications${type ? `?notify_type=${encodeURIComponent(type)}` : ""}`
        )
      ).json()) as any[]
    const post = (body: unknown, form = false) =>
      fetch(`${storeUrl}/hooks/gateway/notifications`, {
        method: "POST",
        headers: { "content-type": form ? "application/x-www-form-urlencoded" : "application/json" },
        body: form ? new URLSearchParams(body as Record<string, string>).toString() : JSON.stringify(body),
      })
    /** The store's records of the signed notifications about an order (one per signed content, each delivery counted). */
    const verifiedRows = async (orderNo: string) => (await notifications(orderNo)).filter((n: any) => n.verified)
    /**
     * Waits until every notification the sandbox sent about an order was acknowledged and each delivery was
     * processed; `extra` more deliveries than the sandbox sent when a test posted some itself.
     */
    const caughtUp = (orderNo: string, extra = 0) =>
      until(`the notifications of ${orderNo} handled`, async () => {
        const fromGateway = (await sent()).filter((n) => n.payload.order_no === orderNo)
        if (fromGateway.some((n) => !n.acknowledged)) return null
        const rows = await verifiedRows(orderNo)
        const delivered = rows.reduce((sum: number, r: any) => sum + (r.deliveries ?? 1), 0)
        return delivered >= fromGateway.length + extra && rows.every((r: any) => r.status !== "received") ? rows : null
      })
    const stats = async () =>
      ((await (await fetch(`${gateway.sandbox.url}/sandbox/stats`)).json()) as { byPath: Record<string, number> })
        .byPath
    const control = async (path: string, body: unknown) => {
      const res = await fetch(`${gateway.sandbox.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })
      expect(res.status).toBeLessThan(300)
      return res.json()
    }
    const refundsOf = async (paymentId: string) =>
      (
        await dbConnection.raw(
          "select r.id, r.amount, r.note, r.metadata, rr.code from refund r left join refund_reason rr on rr.id = r.refund_reason_id where r.payment_id = ? and r.deleted_at is null order by r.created_at",
          [paymentId]
        )
      ).rows
    /** A notification's payload signed as the gateway signs it (the sandbox's own copy here has a broken signature). */
    const signedCopy = async ({ encryption_data: _, ...fields }: Record<string, unknown>) => {
      const signer = gateway.merchant()
      const genuine = { ...fields, encryption_data: signer.signer.sign("notification", fields) }
      await signer.close()
      return genuine
    }
    /** The chargebacks the plugin recorded on the payment of `orderNo`. */
    const disputesOf = async (orderNo: string) =>
      (await dbConnection.raw("select disputes from gateway_payment where order_no = ?", [orderNo])).rows[0].disputes
    /** An order paid by card and captured: its session, order, Medusa payment and gateway transaction. */
    const paid = async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      expect((await shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
        "authorized"
      )
      const order = await shopper.complete(cartId)
      const { rows } = await dbConnection.raw(
        "select id, amount from payment where payment_session_id = ? and deleted_at is null",
        [session.id]
      )
      await api.post(`/admin/payments/${rows[0].id}/capture`, {}, admin)
      const [tx] = await gateway.transactions(session.id)
      return { session, order: order.data.order, payment: rows[0], tx }
    }
    /**
     * After a staff refund of 10 on `paid()`'s order: the order sync (run twice) books the lost chargeback once, for
     * what Medusa still holds, and sends no refund for it (`refundCalls`: the gateway's refund calls before the
     * staff refund). Answers Medusa's refunds.
     */
    const chargebackBookedOnceAfterStaffRefund = async (
      { session, payment, tx }: Pick<Awaited<ReturnType<typeof paid>>, "session" | "payment" | "tx">,
      refundCalls: number
    ) => {
      await caughtUp(session.id)
      await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
      await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
      const refunds = await refundsOf(payment.id)
      expect(refunds.map((r: any) => [Number(r.amount), r.code ?? null])).toEqual([
        [10, null],
        [Number((Number(tx.amount) - 10).toFixed(2)), "chargeback"],
      ])
      expect((await stats())["/v1/refund"]).toBe(refundCalls + 1)
      return refunds
    }
    const cartCompleted = async (cartId: string) => {
      const { data } = await api.get(`/store/carts/${cartId}`, shopper.headers)
      return data.cart.completed_at ? data.cart : null
    }
    const orderOfCart = async (cartId: string) => {
      const { rows } = await dbConnection.raw(
        "select order_id from order_cart where cart_id = ? and deleted_at is null",
        [cartId]
      )
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
      // A sample without the body: type, order number, content type, size and client address only.
      expect(rows.map((r: any) => [r.payload, r.notify_id, r.notify_type, r.content_type])).toEqual([
        [null, null, "PAYMENT", "application/json"],
        [null, null, "PAYMENT", "application/x-www-form-urlencoded"],
      ])
      expect(rows.every((r: any) => r.size > 0 && r.source)).toBe(true)
      expect(await cartCompleted(cartId)).toBeNull()
      const [tx] = await gateway.transactions(session.id)
      expect(tx.payment_status).toBe("1000")
    })

    it("a replayed notification is the same record delivered again: answered as a duplicate, read again, applied once", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      const posted = await shopper.postCard(session.id, { card: card(CARDS.threeDS) })
      await completeIssuerPage(posted.data.payment_session.data.issuer_url)
      const [first] = await caughtUp(session.id)
      const [original] = await sent("PAYMENT")
      expect(original.payload.order_no).toBe(session.id)

      const replay = await post(original.payload)
      expect(replay.status).toBe(200)
      expect(await replay.json()).toEqual({ received: true, id: first.id, duplicate: true })
      const rows = await caughtUp(session.id, 1)
      expect(rows).toHaveLength(1)
      expect(rows[0]).toMatchObject({ id: first.id, deliveries: 2, status: "processed" })
      const { rows: orders } = await dbConnection.raw("select count(*)::int as n from order_cart where cart_id = ?", [
        cartId,
      ])
      expect(orders[0].n).toBe(1)
    })

    it("one signed notification re-posted in a loop has the gateway read at most once per interval (2 s here): every delivery counted, none lost; a real later notification within it is applied after it", async () => {
      const { session, payment, tx } = await paid()
      await caughtUp(session.id)
      const [approval] = (await sent("PAYMENT")).filter((n) => n.payload.order_no === session.id)
      const queries = async () => (await stats())["/v1/retrievalTrans"] ?? 0
      const before = await queries()
      // Five replays, a quarter of a second apart: each one is answered and counted at once.
      for (let i = 0; i < 5; i++) {
        const res = await post(approval.payload)
        expect(res.status).toBe(200)
        expect((await res.json()).duplicate).toBe(true)
        await new Promise((r) => setTimeout(r, 250))
      }
      const [row] = await caughtUp(session.id, 5)
      expect(row.status).toBe("processed")
      // Read once the interval was over, for all of them (one more when the burst straddled two intervals).
      expect((await queries()) - before).toBeLessThanOrEqual(2)
      expect((await queries()) - before).toBeGreaterThanOrEqual(1)

      // The gateway's next notification of the transaction (the same signed fields) right after a read: still
      // applied, once the interval is over.
      const d = await control("/sandbox/disputes", { transaction_id: tx.transaction_id })
      await control(`/sandbox/disputes/${d.dispute_id}`, { outcome: "lost" })
      await caughtUp(session.id)
      expect((await refundsOf(payment.id)).map((r: any) => Number(r.amount))).toEqual([Number(tx.amount)])
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
      // The same signed content as the approval (and the capture's notification): deliveries of one record.
      expect((await Promise.all(answers.map((a) => a.json()))).map((a) => a.duplicate)).toEqual([true, true])
      const rows = await caughtUp(session.id, 2)
      expect(rows).toHaveLength(1)
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
      const review = (action: string) =>
        api.post(`/admin/gateway/payment-sessions/${session.id}/review`, { action }, admin)

      const bad = await review("maybe").catch((e: any) => e.response)
      expect(bad.status).toBe(400)
      expect(bad.data.message).toMatch(/action/)

      const res = await review("approve")
      expect(res.data.state).toBe("authorized")
      expect((await gateway.transactions(session.id))[0].payment_status).toBe("2000")
      const { data } = await api.get(`/admin/orders/${order.data.order.id}?fields=*payment_collections.payments`, admin)
      expect(data.order.payment_collections[0].payments).toHaveLength(1)
      const again = await api.get(`/admin/gateway/payment-sessions/${session.id}`, admin)
      expect(again.data.gateway_payment.review_status).toBe("approved")

      const twice = await review("approve").catch((e: any) => e.response)
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
      await until("the notification to be rejected", async () =>
        (await notifications(session.id)).some((n: any) => n.status === "rejected")
      )
      expect(await cartCompleted(cartId)).toBeNull()

      const res = await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
      expect(res.data.summary.error).toBeNull()
      expect(res.data.summary).toMatchObject({
        status: "succeeded",
        checked: 1,
        changed: 1,
        requests: 1,
        discrepancies: [],
      })
      expect(await cartCompleted(cartId)).toBeTruthy()

      const before = (await api.get(`/admin/gateway/payment-sessions/${session.id}`, admin)).data.gateway_payment
      const again = await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
      expect(again.data.summary).toMatchObject({ checked: 1, changed: 0, requests: 1 })
      // The gateway agreed: nothing applied, but the payment is recorded as confirmed now (one UPDATE a chunk).
      const after = (await api.get(`/admin/gateway/payment-sessions/${session.id}`, admin)).data.gateway_payment
      expect(new Date(after.last_reconciled_at).getTime()).toBeGreaterThan(
        new Date(before.last_reconciled_at ?? 0).getTime()
      )
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

    it("a lost chargeback reaches Medusa as one refund of what the gateway confirms; a repeat or the order sync never books it twice; a won one changes nothing", async () => {
      const lost = await paid()
      await caughtUp(lost.session.id)
      const refundCalls = (await stats())["/v1/refund"] ?? 0
      const dispute = await control("/sandbox/disputes", {
        transaction_id: lost.tx.transaction_id,
        reason: "Fraudulent transaction",
      })
      await caughtUp(lost.session.id)
      expect(await refundsOf(lost.payment.id)).toEqual([]) // an open dispute moves no money
      await control(`/sandbox/disputes/${dispute.dispute_id}`, { outcome: "lost" })
      await caughtUp(lost.session.id)
      const booked = await refundsOf(lost.payment.id)
      expect(booked).toHaveLength(1)
      expect(Number(booked[0].amount)).toBe(Number(lost.tx.amount)) // what the gateway took: the transaction's amount
      expect(booked[0].note).toContain(lost.tx.transaction_id)
      expect(booked[0].code).toBe("chargeback")
      expect((await stats())["/v1/refund"] ?? 0).toBe(refundCalls) // nothing was refunded at the gateway

      // The gateway delivers the same result again, and the order sync looks again: still one refund.
      const [result] = (await sent("DISPUTE RESULT")).filter((n) => n.payload.order_no === lost.session.id)
      expect((await post(result.payload, true)).status).toBe(200)
      await caughtUp(lost.session.id, 1)
      await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
      expect(await refundsOf(lost.payment.id)).toHaveLength(1)
      // Medusa holds nothing more: a staff refund is refused before the gateway.
      const more = await api
        .post(`/admin/payments/${lost.payment.id}/refund`, { amount: 1 }, admin)
        .catch((e: any) => e.response)
      expect(more.status).toBe(400)
      // The order widget's data shows the chargeback as the order query confirmed it, booked.
      const details = await api.get(`/admin/gateway/payment-sessions/${lost.session.id}`, admin)
      const [entry, ...others] = details.data.gateway_payment.disputes
      expect(others).toEqual([])
      expect(entry).toMatchObject({ transaction_id: lost.tx.transaction_id, status: "LOST", booked: true })
      expect(Number(entry.amount)).toBe(Number(lost.tx.amount))

      const won = await paid()
      const d2 = await control("/sandbox/disputes", { transaction_id: won.tx.transaction_id })
      await control(`/sandbox/disputes/${d2.dispute_id}`, { outcome: "won" })
      await caughtUp(won.session.id)
      expect(await refundsOf(won.payment.id)).toEqual([])
    })

    it("a signed message re-posted as disputes is one notification: its unsigned dispute fields are never stored, and the real chargeback is booked from the order query", async () => {
      const { session, payment, tx } = await paid()
      await caughtUp(session.id)
      const [approval] = (await sent("PAYMENT")).filter((n) => n.payload.order_no === session.id)
      const queries = (await stats())["/v1/retrievalTrans"] ?? 0
      // Anyone holding one signed message can change what its signature does not cover.
      const relabelled = ["DISPUTE RECEIVED", "DISPUTE RESULT", "DISPUTE x1", "DISPUTE x2"].map((notify_type, i) => ({
        ...approval.payload,
        notify_type,
        notify_id: `forged-${i}`,
        dispute_id: `D-forged-${i}`,
        dispute_status: "LOST",
        dispute_amount: "0.01",
        dispute_reason: "forged",
      }))
      for (const body of relabelled) {
        const res = await post(body, true)
        expect(res.status).toBe(200)
        expect((await res.json()).duplicate).toBe(true)
      }
      const rows = await caughtUp(session.id, relabelled.length)
      expect(rows).toHaveLength(1) // one record for the signed content, whatever the labels
      expect(rows[0].notify_type).toBe("PAYMENT")
      // Each delivery had the gateway read at most once more; nothing of the labels was kept or acted on.
      expect(((await stats())["/v1/retrievalTrans"] ?? 0) - queries).toBeLessThanOrEqual(relabelled.length)
      expect(await disputesOf(session.id)).toBeNull()
      expect(await refundsOf(payment.id)).toEqual([])
      await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
      expect(await refundsOf(payment.id)).toEqual([])

      // The real chargeback: booked once, for what the order query confirms (never 0.01, never split).
      const d = await control("/sandbox/disputes", { transaction_id: tx.transaction_id })
      await control(`/sandbox/disputes/${d.dispute_id}`, { outcome: "lost" })
      await caughtUp(session.id, relabelled.length)
      expect((await refundsOf(payment.id)).map((r: any) => Number(r.amount))).toEqual([Number(tx.amount)])
    })

    it("a chargeback booking is recognised by its marker, never by its amount: a staff refund while it is open is sent, and the booking retried after a failure books once without a refund at the gateway", async () => {
      const { session, payment, tx } = await paid()
      await caughtUp(session.id)
      const d = await control("/sandbox/disputes", { transaction_id: tx.transaction_id, amount: "10.00" })
      await caughtUp(session.id)
      // Medusa's refunds cannot be written for a while (another transaction holds the table): the booking fails.
      const blocker = await dbConnection.transaction()
      try {
        await blocker.raw("lock table refund in share mode")
        await control(`/sandbox/disputes/${d.dispute_id}`, { outcome: "lost" })
        await caughtUp(session.id)
      } finally {
        await blocker.rollback()
      }
      expect(await refundsOf(payment.id)).toEqual([])
      const open = (await dbConnection.raw("select data from payment where id = ?", [payment.id])).rows[0].data
        .chargebacks
      const before = await disputesOf(session.id)

      // Staff refund the disputed amount while the chargeback is open: it is a refund, sent to the gateway.
      const refundCalls = (await stats())["/v1/refund"] ?? 0
      const staff = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 10 }, admin)
      expect(staff.status).toBe(200)
      const [staffRefund] = await refundsOf(payment.id)
      expect((await stats())["/v1/refund"]).toBe(refundCalls + 1)
      const [ledger] = await gateway.transactions(session.id)
      expect(ledger.refunds).toEqual([
        expect.objectContaining({ refund_reference: staffRefund.id, refund_amount: "10.00" }),
      ])
      // It was open then, with the marker its booking carries.
      expect(open).toEqual([expect.objectContaining({ refund_id: null, marker: expect.any(String) })])
      expect(before).toEqual([
        expect.objectContaining({ transaction_id: tx.transaction_id, status: "LOST", booked: false }),
      ])

      // The next run (the refund's notification, then the order sync twice) books the chargeback once, for what
      // Medusa still holds, and sends nothing.
      const refunds = await chargebackBookedOnceAfterStaffRefund({ session, payment, tx }, refundCalls)
      expect(refunds[1].metadata).toEqual({ gateway_chargeback: open[0].marker })
      expect((await gateway.transactions(session.id))[0].refunds).toHaveLength(1)
      expect(await disputesOf(session.id)).toEqual([expect.objectContaining({ booked: true })])
    })

    it("a chargeback booking fails closed: when Medusa does not keep the refund's marker, the booking is refused and nothing is sent; a staff refund afterwards is sent; the booking retried with its marker books once", async () => {
      const { session, payment, tx } = await paid()
      await caughtUp(session.id)
      const refundCalls = (await stats())["/v1/refund"] ?? 0
      // A Medusa that drops the refund's metadata (the marker is not in refundPaymentWorkflow's input type):
      // every refund is stored without it.
      await dbConnection.raw(`
        create or replace function test_drop_refund_metadata() returns trigger as $$ begin new.metadata := null; return new; end $$ language plpgsql;
        create trigger test_drop_refund_metadata before insert on refund for each row execute function test_drop_refund_metadata();
      `)
      try {
        // A partial chargeback (the gateway keeps the rest refundable); Medusa books it whole.
        const d = await control("/sandbox/disputes", { transaction_id: tx.transaction_id, amount: "10.00" })
        await caughtUp(session.id)
        await control(`/sandbox/disputes/${d.dispute_id}`, { outcome: "lost" })
        await caughtUp(session.id)
        // The booking arrived without its marker while it was under way: refused, never sent as a refund.
        expect(await refundsOf(payment.id)).toEqual([])
        expect((await stats())["/v1/refund"] ?? 0).toBe(refundCalls)
        expect((await gateway.transactions(session.id))[0].refunds).toEqual([])
        const [row] = await verifiedRows(session.id)
        expect(row.result).toMatch(/could not be booked.*being booked on this payment right now.*nothing was sent/)
        expect(await disputesOf(session.id)).toEqual([expect.objectContaining({ booked: false })])
        // The failed booking is no longer under way: a staff refund (even of the booking's amount) is not held back.
        const [open] = (await dbConnection.raw("select data from payment where id = ?", [payment.id])).rows[0].data
          .chargebacks
        expect(open).toMatchObject({ refund_id: null, booking_until: null, amount: tx.amount })
        const staff = await api
          .post(`/admin/payments/${payment.id}/refund`, { amount: 10 }, admin)
          .catch((e: any) => e.response)
        expect([staff.status, staff.data?.message]).toEqual([200, undefined])
        expect((await stats())["/v1/refund"]).toBe(refundCalls + 1)
        expect((await gateway.transactions(session.id))[0].refunds).toEqual([
          expect.objectContaining({ refund_amount: "10.00" }),
        ])
      } finally {
        await dbConnection.raw(
          "drop trigger if exists test_drop_refund_metadata on refund; drop function if exists test_drop_refund_metadata();"
        )
      }
      // Medusa keeps the marker again: the order sync books the chargeback once, for what Medusa still holds.
      const refunds = await chargebackBookedOnceAfterStaffRefund({ session, payment, tx }, refundCalls)
      expect(refunds[1].metadata).toEqual({ gateway_chargeback: expect.any(String) })
      expect(await disputesOf(session.id)).toEqual([expect.objectContaining({ booked: true })])
    })

    it("a lost chargeback whose notification could not be processed reaches Medusa through the order sync", async () => {
      const { session, payment, tx } = await paid()
      await caughtUp(session.id)
      const dispute = await control("/sandbox/disputes", { transaction_id: tx.transaction_id })
      await caughtUp(session.id)
      // The result arrives while the order query is down: nothing can be confirmed, nothing is booked.
      gateway.sandbox.setFaults([{ path: "/v1/retrievalTrans", fault: "error5xx" }])
      await control(`/sandbox/disputes/${dispute.dispute_id}`, { outcome: "lost" })
      const [failed] = await caughtUp(session.id)
      expect(failed.status).toBe("failed")
      expect(await refundsOf(payment.id)).toEqual([])
      gateway.sandbox.clearFaults()
      await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
      expect((await refundsOf(payment.id)).map((r: any) => Number(r.amount))).toEqual([Number(tx.amount)])
      await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, admin)
      expect(await refundsOf(payment.id)).toHaveLength(1)
      const [settled] = await verifiedRows(session.id)
      expect(settled).toMatchObject({ status: "processed", result: "read again and applied by the order sync" })
    })

    it("copies of one signed notification arriving together are one record, processed once", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      // The sandbox's own notification never verifies here, so the copies below are the first of their content.
      gateway.sandbox.setFaults([{ path: "notifications", fault: "bad_signature" }])
      const posted = await shopper.postCard(session.id, { card: card(CARDS.threeDS) })
      await completeIssuerPage(posted.data.payment_session.data.issuer_url)
      const [notice] = await until("the notification", async () =>
        (await sent("PAYMENT")).filter((n) => n.payload.order_no === session.id)
      )
      gateway.sandbox.clearFaults()
      const genuine = await signedCopy(notice.payload)

      const answers = await Promise.all(Array.from({ length: 4 }, () => post(genuine)))
      expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
      const bodies = await Promise.all(answers.map((a) => a.json()))
      expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1)
      expect(new Set(bodies.map((b) => b.id)).size).toBe(1)
      const row = await until("the copies handled", async () => {
        const [r] = await verifiedRows(session.id)
        return r && r.status !== "received" ? r : null
      })
      expect(row).toMatchObject({ deliveries: 4, status: "processed" })
      expect(await verifiedRows(session.id)).toHaveLength(1)
      await until("the order", () => cartCompleted(cartId))
      const { rows: orders } = await dbConnection.raw("select count(*)::int as n from order_cart where cart_id = ?", [
        cartId,
      ])
      expect(orders[0].n).toBe(1)
    })

    it("one signed notification posted more than notifications.max_deliveries_per_minute (10) times in a minute: the first 10 are handled, the rest answered as duplicates without an event, covered by the read already due; a later one to a settled record is handled", async () => {
      const limit = getContainer().resolve("gateway").moduleOptions().notifications?.max_deliveries_per_minute ?? 10
      expect(limit).toBe(10) // the plugin's default: this store does not set it
      // The sandbox's own notifications never verify here, so the posts below are the record's only deliveries.
      gateway.sandbox.setFaults([{ path: "notifications", fault: "bad_signature" }])
      const eventBus = getContainer().resolve(Modules.EVENT_BUS)
      const emitted: string[] = []
      const counter = async ({ data }: { data: { id: string } }) => void emitted.push(data.id)
      const subscriber = { subscriberId: "test-notification-events" }
      try {
        const { session } = await paid()
        const [notice] = await until("the sandbox's notifications given up", async () => {
          const mine = (await sent()).filter((n) => n.payload.order_no === session.id)
          return mine.length && mine.every((n) => n.state !== "sending")
            ? mine.filter((n) => n.notify_type === "PAYMENT")
            : null
        })
        expect(await verifiedRows(session.id)).toHaveLength(0)
        const genuine = await signedCopy(notice.payload)
        eventBus.subscribe("gateway.notification.received", counter as never, subscriber)

        const queries = async () => (await stats())["/v1/retrievalTrans"] ?? 0
        const before = await queries()
        const first = await post(genuine)
        expect(first.status).toBe(200)
        const { id, duplicate } = await first.json()
        expect(duplicate).toBe(false)
        const row = async () =>
          (
            await dbConnection.raw(
              "select status, deliveries, delivery_window_count, (processed_at > now() - interval '2 seconds') as read_lately from gateway_notification where id = ?",
              [id]
            )
          ).rows[0]
        const settled = (what: string) =>
          until(what, async () => {
            const r = await row()
            return r.status !== "received" ? r : null
          })
        await settled("the first delivery read")
        const afterFirstRead = await queries()
        expect(afterFirstRead - before).toBeGreaterThanOrEqual(1)

        // 14 more at once, one after another, within the read interval (2 s here) that follows the first read.
        const answers: unknown[] = []
        for (let i = 1; i < limit + 5; i++) {
          const res = await post(genuine)
          answers.push([res.status, await res.json()])
        }
        expect(answers).toEqual(Array.from({ length: limit + 4 }, () => [200, { received: true, id, duplicate: true }]))
        // The first 10 counted, each with its event; the 5 beyond them counted in the minute only, without one.
        expect(await row()).toMatchObject({
          status: "received",
          deliveries: limit,
          delivery_window_count: limit + 5,
          read_lately: true,
        })
        await until("the events of the handled deliveries", async () => emitted.filter((e) => e === id).length >= limit)
        // One read at the interval's end covers all 14, the dropped ones with them: the gateway saw no other.
        expect(await settled("the deliveries read")).toMatchObject({ status: "processed", deliveries: limit })
        expect(emitted.filter((e) => e === id)).toHaveLength(limit)
        expect((await queries()) - afterFirstRead).toBe(1)

        // Over the limit in the same minute, but the record is settled (no read due after it): handled, read again.
        const later = await post(genuine)
        expect(await later.json()).toEqual({ received: true, id, duplicate: true })
        expect(await settled("the later delivery read")).toMatchObject({
          status: "processed",
          deliveries: limit + 1,
          delivery_window_count: limit + 6,
        })
        expect(emitted.filter((e) => e === id)).toHaveLength(limit + 1)
        expect((await queries()) - afterFirstRead).toBe(2)
      } finally {
        eventBus.unsubscribe("gateway.notification.received", counter as never, subscriber)
        gateway.sandbox.clearFaults()
      }
    })

    it("a storm of notifications is processed at most notifications.concurrency (8) at once: the gateway never sees more order queries in flight, copies of a waiting record queue nothing more, and each is processed", async () => {
      // A genuine notification's fields (one 3-D Secure payment), re-signed for each payment below as the gateway would.
      const { session: first } = await shopper.cartWithSession("pp_gateway_card")
      const started = await shopper.postCard(first.id, { card: card(CARDS.threeDS) })
      await completeIssuerPage(started.data.payment_session.data.issuer_url)
      const [template] = await until("the notification", async () =>
        (await sent("PAYMENT")).filter((n) => n.payload.order_no === first.id)
      )
      await caughtUp(first.id)
      // 16 payments waiting for 3-D Secure: each notification has the gateway read (the order query), slowly here.
      const waiting: { id: string; tx: string }[] = []
      for (let i = 0; i < 16; i++) {
        const { session } = await shopper.cartWithSession("pp_gateway_card")
        const posted = await shopper.postCard(session.id, { card: card(CARDS.threeDS) })
        expect(posted.data.payment_session.status).toBe("requires_more")
        waiting.push({ id: session.id, tx: posted.data.payment_session.data.transaction_id })
      }
      // The sandbox's counters started at this test (beforeEach resets it); the reads so far came one at a time.
      expect(gateway.sandbox.stats().mostInFlight["/v1/retrievalTrans"] ?? 0).toBeLessThanOrEqual(1)
      const signer = gateway.merchant()
      const { encryption_data: _, ...fields } = template.payload
      const bodies = waiting.map(({ id, tx }) => {
        const f = { ...fields, order_no: id, transaction_id: tx }
        return { ...f, encryption_data: signer.signer.sign("notification", f) }
      })
      await signer.close()
      gateway.sandbox.setFaults([{ path: "/v1/retrievalTrans", fault: "latency", ms: 1500 }])
      // Each delivered three times at once (the gateway's retries and replays): a record's copies queue one run.
      const queue = () => (getContainer().resolve("gateway") as any).notificationQueue()
      let mostWaiting = 0
      const sampler = setInterval(() => (mostWaiting = Math.max(mostWaiting, queue().waiting)), 10)
      const answers = await Promise.all([...bodies, ...bodies, ...bodies].map((b) => post(b)))
      expect(answers.map((a) => a.status)).toEqual([...bodies, ...bodies, ...bodies].map(() => 200))
      const rows = await until("every notification processed", async () => {
        const all = (await Promise.all(waiting.map(({ id }) => verifiedRows(id)))).flat()
        return all.length === waiting.length && all.every((r: any) => r.status !== "received") ? all : null
      })
      clearInterval(sampler)
      gateway.sandbox.clearFaults()
      expect(rows.map((r: any) => [r.status, r.deliveries])).toEqual(waiting.map(() => ["processed", 3]))
      expect(mostWaiting).toBeGreaterThan(0)
      expect(mostWaiting).toBeLessThanOrEqual(waiting.length) // at most one waiting run per record, not one per copy
      const { byPath, mostInFlight } = gateway.sandbox.stats()
      expect(byPath["/v1/retrievalTrans"]).toBeGreaterThanOrEqual(waiting.length) // every one read the gateway
      expect(mostInFlight["/v1/retrievalTrans"]).toBeLessThanOrEqual(8)
    })

    it("a flood of forged posts leaves a bounded sample without bodies and a count per minute; old ones are pruned; a body over 16 kB is refused unread", async () => {
      const { rows: clock } = await dbConnection.raw("select now() as now")
      const start = clock[0].now
      // Rejections per minute since the test began (the table is new: none before this version).
      const counted = async () =>
        (
          await dbConnection
            .raw(
              "select coalesce(sum(rejected), 0)::int as rejected, coalesce(sum(bad_signature), 0)::int as bad_signature from gateway_notification_rejection where period_start >= date_trunc('minute', ?::timestamptz)",
              [start]
            )
            .catch(() => ({ rows: [{ rejected: 0, bad_signature: 0 }] }))
        ).rows[0]
      const before = await counted()
      // A sample and a count of eight days ago, beyond the default retention of 7 days.
      await dbConnection.raw(
        "insert into gateway_notification (id, notify_id, notify_type, content_type, payload, verified, status, received_at) values ('gwntf_old', 'old', 'PAYMENT', 'application/json', '{}', false, 'rejected', now() - interval '8 days')"
      )
      await dbConnection
        .raw(
          "insert into gateway_notification_rejection (id, period_start, rejected) values ('gwnrj_old', date_trunc('minute', now() - interval '8 days'), 5)"
        )
        .catch(() => undefined)
      const base = {
        notify_type: "PAYMENT",
        merchant_id: "701001",
        account_id: "701001010",
        transaction_id: "T-forged",
        order_no: "payses_forged",
        currency: "USD",
        amount: "1.00",
        order_status: "1",
        result_info: "0000:Success",
        card: CARDS.approve,
      }
      const flood = Array.from({ length: 60 }, (_, i) => ({
        ...base,
        notify_id: `flood-${i}`,
        ...(i % 2 ? { encryption_data: "0".repeat(64) } : {}),
      }))
      const answers = await Promise.all(flood.map((body, i) => post(body, i % 3 === 0)))
      expect(answers.every((a) => a.status === 401)).toBe(true)

      const { rows: samples } = await dbConnection.raw(
        "select * from gateway_notification where status = 'rejected' and received_at >= ?",
        [start]
      )
      // At most 10 a minute (the flood may straddle two minutes), none with its body.
      expect(samples.length).toBeGreaterThan(0)
      expect(samples.length).toBeLessThanOrEqual(20)
      expect(
        samples.every(
          (r: any) =>
            r.payload === null && r.verified === false && r.size > 0 && r.source && r.order_no === "payses_forged"
        )
      ).toBe(true)
      const { rows: leaked } = await dbConnection.raw(
        "select count(*)::int as n from gateway_notification t where t::text like ?",
        [`%${CARDS.approve}%`]
      )
      expect(leaked[0].n).toBe(0)
      // Every one is counted, per minute: what an alert on repeated verification failures reads.
      const after = await counted()
      expect({
        rejected: after.rejected - before.rejected,
        bad_signature: after.bad_signature - before.bad_signature,
      }).toEqual({ rejected: 60, bad_signature: 30 })
      const { rows: old } = await dbConnection.raw(
        "select (select count(*)::int from gateway_notification where id = 'gwntf_old') as samples, (select count(*)::int from gateway_notification_rejection where id = 'gwnrj_old') as counts"
      )
      expect(old[0]).toEqual({ samples: 0, counts: 0 })

      const big = await post({ ...base, padding: "x".repeat(20_000) })
      expect(big.status).toBe(413)
      expect((await counted()).rejected).toBe(after.rejected)
    })

    it("a payout's notifications re-read an open payout at most once a minute and never a final one (no re-send per delivery or replay)", async () => {
      const payouts = async () => (await stats())["/v1/payout"] ?? 0
      const payoutRows = async () =>
        (
          await dbConnection.raw(
            "select * from gateway_notification where notify_type = 'PAYOUT' and verified order by received_at"
          )
        ).rows
      const handled = (deliveries: number) =>
        until(`${deliveries} payout notification deliveries handled`, async () => {
          const rows = await payoutRows()
          const n = rows.reduce((sum: number, r: any) => sum + (r.deliveries ?? 1), 0)
          return n >= deliveries && rows.every((r: any) => r.status !== "received") ? rows : null
        })
      const create = async (reference: string) =>
        (
          await api.post(
            "/admin/gateway/payouts",
            {
              payment_amount: "10.00",
              payment_currency: "USD",
              reference,
              beneficiary: {
                entity_type: "COMPANY",
                company_name: "Acme",
                address: { city: "London", country_code: "GB", street_address: "1 King St" },
                bank_details: {
                  account_name: "Acme",
                  account_number: "12345678",
                  bank_country_code: "GB",
                  account_currency: "USD",
                  swift_code: "BARCGB22",
                },
              },
            },
            { headers: { ...admin.headers, "Idempotency-Key": `po-${reference}` } }
          )
        ).data.payout

      // An open payout (PROCESSING after its answer): its COMPLETED notification re-reads it once; the same
      // notification delivered twice more (the gateway's retry, a replay) sends nothing: the payout is final.
      const payout = await create("N-1")
      expect(payout.status).toBe("PROCESSING")
      await handled(1)
      expect(await payouts()).toBe(2)
      const [notice] = await sent("PAYOUT")
      for (let i = 0; i < 2; i++) expect((await post(notice.payload)).status).toBe(200)
      await handled(3)
      expect(await payouts()).toBe(2)
      expect((await api.get(`/admin/gateway/payouts/${payout.id}`, admin)).data.payout.status).toBe("COMPLETED")
      expect((await payoutRows())[0].result).toMatch(/COMPLETED \(final\): not sent again/)

      // A payout still open after its re-read (both answers lost): a second delivery within the minute sends nothing.
      gateway.sandbox.setFaults([{ path: "/v1/payout", fault: "drop", times: 2 }])
      const lost = await create("N-2")
      expect(lost.status).toBe("UNKNOWN")
      await until("the second payout's notification", async () => ((await sent("PAYOUT")).length >= 2 ? true : null))
      await handled(4)
      expect(await payouts()).toBe(4)
      const second = (await sent("PAYOUT")).find((n) => n.payload.request_id === lost.request_id)
      expect((await post(second.payload)).status).toBe(200)
      await handled(5)
      expect(await payouts()).toBe(4)
      expect((await api.get(`/admin/gateway/payouts/${lost.id}`, admin)).data.payout.status).toBe("UNKNOWN")
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
