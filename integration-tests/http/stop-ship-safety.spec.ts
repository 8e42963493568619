/**
 * The stop-ship defects, each over real sockets against the sandbox and through Medusa's HTTP API or its
 * workflows: card data never stored or returned on a repeated post; a capture takes exactly its capture's
 * amount; lost and unreadable answers to captures, refunds and payouts are unknown outcomes reconciled by the
 * jobs, never failures and never paid twice; stale and unsigned notification fields change nothing; a
 * gateway record for another amount never authorises; the card route is locked and capped.
 */
import { capturePaymentWorkflow } from "@medusajs/medusa/core-flows"
import { Modules } from "@medusajs/framework/utils"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { createAcquiringClient } from "../../src/lib/gateway"
import { seedStore, SeededStore } from "../../scripts/seed-store"
import { runOrderSync, runRefundSync } from "../../src/reconciliation"
import { createAdminHeaders } from "../helpers/admin"
import { useSandbox } from "../helpers/sandbox"
import { until } from "../helpers/until"
import { CARDS, card, Shopper } from "../helpers/shopper"
import { BENEFICIARY } from "../helpers/payouts"

jest.setTimeout(600 * 1000)

const PER_SESSION = 3
const PER_ADDRESS = 60
// Refunds stay pending at the gateway until settled through its control API.
const gateway = useSandbox(
  { GATEWAY_CARD_ATTEMPTS_PER_SESSION: String(PER_SESSION), GATEWAY_CARD_ATTEMPTS_PER_ADDRESS: String(PER_ADDRESS) },
  { refundDelayMs: 3_600_000 }
)

/** A CVV that no seeded value contains: finding it anywhere means it leaked. */
const SECRET_CVV = "7391"

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer, dbConnection }) => {
    let store: SeededStore
    let shopper: Shopper
    let admin: { headers: Record<string, string> }

    const signer = () =>
      createAcquiringClient({
        baseUrl: gateway.sandbox.url,
        merchantId: "701001",
        accountId: "701001010",
        signKey: "sandbox_sign_key",
      })
    const stats = async () =>
      (await (await fetch(`${gateway.sandbox.url}/sandbox/stats`)).json()) as { byPath: Record<string, number> }
    const paymentOf = async (sessionId: string) =>
      (await dbConnection.raw("select * from payment where payment_session_id = ? and deleted_at is null", [sessionId]))
        .rows[0]
    const capturesOf = async (paymentId: string) =>
      (await dbConnection.raw("select * from capture where payment_id = ? and deleted_at is null", [paymentId])).rows
    const refundsOf = async (paymentId: string) =>
      (await dbConnection.raw("select * from refund where payment_id = ? and deleted_at is null", [paymentId])).rows

    /** An order paid by card (authorised, not captured); returns its session and Medusa payment. */
    const paidOrder = async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      const posted = await shopper.postCard(session.id, { card: card(CARDS.approve) })
      expect(posted.data.payment_session.status).toBe("authorized")
      const done = await shopper.complete(cartId)
      expect(done.data.type).toBe("order")
      return { session, payment: await paymentOf(session.id), order: done.data.order }
    }

    /** Every row of every table, as text. */
    const dumpTables = async () => {
      const tables: { table_name: string }[] = (
        await dbConnection.raw(
          "select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'"
        )
      ).rows
      const out: string[] = []
      for (const { table_name } of tables) {
        const rows: { row: string }[] = (await dbConnection.raw(`select t::text as row from "${table_name}" t`)).rows
        out.push(...rows.map((r) => r.row))
      }
      return out.join("\n")
    }

    beforeEach(async () => {
      gateway.sandbox.reset()
      gateway.sandbox.clearFaults()
      store = await seedStore(getContainer())
      shopper = new Shopper(api as any, store)
      admin = await createAdminHeaders(getContainer(), `admin-${Date.now()}@gateway.test`)
    })

    it("1. a card posted again while 3-D Secure is open, or after a lost answer, is never stored or returned", async () => {
      const threeDS = await shopper.cartWithSession("pp_gateway_card")
      const secretCard = { ...card(CARDS.threeDS), cvv: SECRET_CVV }
      const first = await shopper.postCard(threeDS.session.id, { card: secretCard })
      expect(first.data.payment_session.status).toBe("requires_more")
      const again = await shopper.postCard(threeDS.session.id, { card: secretCard })
      expect(again.status).toBe(200)

      const lost = await shopper.cartWithSession("pp_gateway_card")
      gateway.sandbox.setFaults([{ path: "/v1/authorise", fault: "drop", times: 1 }])
      const lostFirst = await shopper.postCard(lost.session.id, { card: { ...card(CARDS.approve), cvv: SECRET_CVV } })
      expect(lostFirst.data.payment_session.data.outcome_unknown).toBe(true)
      gateway.sandbox.setFaults([{ path: "/v1/retrievalTrans", fault: "error5xx" }]) // the settling query fails too
      const lostAgain = await shopper.postCard(lost.session.id, { card: { ...card(CARDS.approve), cvv: SECRET_CVV } })
      expect(lostAgain.status).toBe(200)
      gateway.sandbox.clearFaults()

      const answers = [first, again, lostFirst, lostAgain].map((r) => JSON.stringify(r.data))
      const carts = await Promise.all(
        [threeDS.cartId, lost.cartId].map((id) =>
          api.get(`/store/carts/${id}?fields=*payment_collection.payment_sessions`, shopper.headers)
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

    it("3. captures and refunds whose answers are lost stay unknown until the jobs settle them", async () => {
      // Processed by the gateway, answers lost, and the order query down: unknown.
      const a = await paidOrder()
      gateway.sandbox.setFaults([
        { path: "/v1/capture", fault: "drop" },
        { path: "/v1/refund", fault: "drop" },
        { path: "/v1/retrievalTrans", fault: "error5xx" },
      ])
      const captured = await api
        .post(`/admin/payments/${a.payment.id}/capture`, {}, admin)
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
        .post(`/admin/payments/${a.payment.id}/refund`, { amount: 5 }, admin)
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
        (await api.post(`/admin/payments/${b.payment.id}/capture`, {}, admin).catch((e: any) => e.response)).status
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
      const { data: details } = await api.get(`/admin/gateway/payment-sessions/${b.session.id}`, admin)
      expect(details.gateway_payment.discrepancy).toMatch(/only authorized/)
      expect(details.payment.data.captures[0].status).toBe("unknown")
    })

    it("3. a refund whose answer was lost is found pending by the search; when the gateway fails it, the job reports it", async () => {
      const { payment, session } = await paidOrder()
      await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)
      gateway.sandbox.setFaults([{ path: "/v1/refund", fault: "drop", times: 1 }])
      const refunded = await api
        .post(`/admin/payments/${payment.id}/refund`, { amount: 5 }, admin)
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
      await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)
      gateway.sandbox.setFaults([
        { path: "/v1/refund", fault: "malformed", times: 1 },
        { path: "/v1/retrievalRefund", fault: "error5xx", times: 10 },
      ])
      const first = await api
        .post(`/admin/payments/${payment.id}/refund`, { amount: 4 }, admin)
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
      await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)
      const sentBefore = (await stats()).byPath["/v1/refund"] ?? 0
      expect((await api.post(`/admin/payments/${payment.id}/refund`, { amount: 5 }, admin)).status).toBe(200)

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
        .post(`/admin/payments/${payment.id}/refund`, { amount: 0.004 }, admin)
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
          headers: { ...admin.headers, "Idempotency-Key": "stop-ship-payout-4" },
        })
        .catch((e: any) => e.response)
      expect(created.status).toBe(200)
      const payout = created.data.payout
      expect(payout.status).toBe("UNKNOWN")
      gateway.sandbox.clearFaults()
      const refreshed = await api.post(`/admin/gateway/payouts/${payout.id}/refresh`, {}, admin)
      expect(refreshed.data.payout.request_id).toBe(payout.request_id)
      const made = [...(gateway.sandbox as any).store.payouts.values()]
      expect(made).toHaveLength(1)
    })

    it("5. a late notification about an earlier, declined attempt changes nothing", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      const declined = await shopper.postCard(session.id, { card: card(CARDS.decline) })
      expect(declined.data.payment_session.status).toBe("error")
      const approved = await shopper.postCard(session.id, { card: card(CARDS.approve) })
      expect(approved.data.payment_session.status).toBe("authorized")
      expect((await shopper.complete(cartId)).data.type).toBe("order")
      const [first, second] = await gateway.transactions(session.id)
      expect(first.transaction_id).not.toBe(second.transaction_id)

      // The gateway retries the first attempt's notification, hours later.
      const stale: Record<string, string> = {
        notify_type: "PAYMENT",
        notify_id: "late-1",
        merchant_id: "701001",
        account_id: "701001010",
        transaction_id: first.transaction_id,
        order_no: session.id,
        currency: first.currency,
        amount: first.amount,
        order_status: "0",
        result_info: "D0002:Card declined",
        payment_status: "6000",
      }
      stale.encryption_data = signer().signer.sign("notification", stale)
      const res = await api.post("/hooks/gateway/notifications", stale)
      expect(res.status).toBe(200)
      const row = await until("the notification processed", async () => {
        const { rows } = await dbConnection.raw("select * from gateway_notification where id = ?", [res.data.id])
        return rows[0]?.status !== "received" ? rows[0] : null
      })
      expect(row.result).toMatch(/earlier attempt/)
      const payment = await paymentOf(session.id)
      expect(payment.canceled_at).toBeNull()
      expect((await gateway.transactions(session.id))[1].payment_status).toBe("2000") // the good one was not voided
    })

    it("6. unsigned fields of a verified notification are hints: a forged payment_status or review flag changes nothing", async () => {
      const { session, payment } = await paidOrder()
      const [tx] = await gateway.transactions(session.id)
      const signed: Record<string, string> = {
        merchant_id: "701001",
        account_id: "701001010",
        transaction_id: tx.transaction_id,
        order_no: session.id,
        currency: tx.currency,
        amount: tx.amount,
        order_status: "1",
        result_info: "0000:Success",
      }
      const encryption_data = signer().signer.sign("notification", signed)
      const ids: string[] = []
      for (const unsigned of [
        { notify_type: "PAYMENT", notify_id: "x-1", payment_status: "5000" },
        { notify_type: "REVIEW RESULT", notify_id: "x-2", review_flag: "0", payment_status: "6000" },
      ]) {
        const res = await api.post("/hooks/gateway/notifications", { ...signed, ...unsigned, encryption_data })
        expect(res.status).toBe(200)
        ids.push(res.data.id)
        await until("processed", async () => {
          const { rows } = await dbConnection.raw("select status from gateway_notification where id = ?", [res.data.id])
          return rows[0]?.status !== "received"
        })
      }
      expect((await paymentOf(session.id)).canceled_at).toBeNull()
      expect((await gateway.transactions(session.id))[0].payment_status).toBe("2000")
      const { rows } = await dbConnection.raw("select review_status from gateway_payment where order_no = ?", [
        session.id,
      ])
      expect(rows[0]?.review_status ?? null).not.toBe("rejected")
      // The replay key comes from the signed content alone: other labels on the same signed body are deliveries
      // of one record (each reads the gateway again, and changes nothing).
      const again = await api.post("/hooks/gateway/notifications", {
        ...signed,
        notify_type: "DISPUTE RESULT",
        notify_id: "x-3",
        dispute_status: "LOST",
        dispute_amount: "0.01",
        encryption_data,
      })
      expect(again.data).toMatchObject({ id: ids[0], duplicate: true })
      expect(ids[1]).toBe(ids[0])
      const replay = await until("processed", async () => {
        const { rows } = await dbConnection.raw(
          "select status, deliveries, notify_type from gateway_notification where id = ?",
          [again.data.id]
        )
        return rows[0]?.status !== "received" ? rows[0] : null
      })
      expect(replay).toEqual({ status: "processed", deliveries: 3, notify_type: "PAYMENT" })
      const { rows: gp } = await dbConnection.raw("select disputes from gateway_payment where order_no = ?", [
        session.id,
      ])
      expect(gp[0]?.disputes ?? null).toBeNull()
      expect((await paymentOf(session.id)).canceled_at).toBeNull()
      expect(payment.id).toBeTruthy()
    })

    it("6. a payout notification verifies only with the payout sign key", async () => {
      const body: Record<string, string> = {
        notify_type: "PAYOUT",
        merchant_id: "701001",
        account_id: "701001010",
        request_id: "po_x",
        payment_currency: "USD",
        payment_amount: "1.00",
        status: "COMPLETED",
      }
      const wrongKey = createAcquiringClient({
        baseUrl: gateway.sandbox.url,
        merchantId: "701001",
        accountId: "701001010",
        signKey: "not_the_payout_key",
      })
      const forged = await api
        .post("/hooks/gateway/notifications", {
          ...body,
          encryption_data: wrongKey.signer.sign("payoutNotification", body),
        })
        .catch((e: any) => e.response)
      expect(forged.status).toBe(401)
      const good = await api.post("/hooks/gateway/notifications", {
        ...body,
        encryption_data: signer().signer.sign("payoutNotification", body),
      })
      expect(good.status).toBe(200)
    })

    it("7. a gateway record for another amount is a discrepancy and never authorises the session", async () => {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_hosted")
      // The hosted page passed through the shopper's browser and came back for one dollar.
      const client = signer()
      const res = await client.authorise({
        order_no: session.id,
        currency: "USD",
        amount: "1.00",
        card: CARDS.approve,
        expiration_month: "12",
        expiration_year: String(new Date().getUTCFullYear() + 2),
        security_code: "123",
        return_url: "http://localhost:8000/checkout/return",
      } as any)
      expect(res.outcome).toBe("approved")
      await client.close()
      const sync = await runOrderSync(getContainer())
      expect(sync.discrepancies.find((d) => d.order_no === session.id)?.reason).toMatch(
        /amount 1.00 USD is not the session's/
      )
      const done = await shopper.complete(cartId)
      expect(done.data.type).not.toBe("order")
      expect(await paymentOf(session.id)).toBeUndefined()
    })

    it("8. two card posts at once authorise once (the second answers the first's result); past the per-session cap the route answers 429 without calling the gateway", async () => {
      const { session } = await shopper.cartWithSession("pp_gateway_card")
      const [a, b] = await Promise.all([
        shopper.postCard(session.id, { card: card(CARDS.approve) }),
        shopper.postCard(session.id, { card: card(CARDS.approve) }),
      ])
      expect([a.status, b.status]).toEqual([200, 200])
      expect([a.data.payment_session.status, b.data.payment_session.status]).toEqual(["authorized", "authorized"])
      expect(a.data.payment_session.data.transaction_id).toBe(b.data.payment_session.data.transaction_id)
      expect(await gateway.transactions(session.id)).toHaveLength(1)

      const other = await shopper.cartWithSession("pp_gateway_card")
      for (let i = 0; i < PER_SESSION; i++) {
        expect(
          (await shopper.postCard(other.session.id, { card: card(CARDS.decline) })).data.payment_session.status
        ).toBe("error")
      }
      const before = (await stats()).byPath["/v1/authorise"]
      const capped = await shopper.postCard(other.session.id, { card: card(CARDS.approve) })
      expect(capped.status).toBe(429)
      expect(capped.data.message).toMatch(/at most 3/)
      expect((await stats()).byPath["/v1/authorise"]).toBe(before)
    })

    it("8. past the per-address cap every card post answers 429, whatever X-Forwarded-For says (runs last: it spends this address's allowance)", async () => {
      const statuses: number[] = []
      for (let i = 0; i < PER_ADDRESS + 1 && !statuses.includes(429); i++) {
        // Without a proxy configured (option client_ip), the socket's address counts: a new X-Forwarded-For per
        // post (a card tester's trick) changes nothing.
        const spoofed = { headers: { ...shopper.headers.headers, "x-forwarded-for": `198.51.100.${i % 250}` } }
        const res = await api
          .post(
            "/store/gateway/payment-sessions/payses_does_not_exist/card",
            { cart_id: "cart_nope", card: card(CARDS.approve) },
            spoofed
          )
          .catch((e: any) => e.response)
        statuses.push(res.status)
      }
      expect(statuses).toContain(429)
      expect(statuses.filter((s) => s !== 429 && s !== 404)).toEqual([])
      const { session } = await shopper.cartWithSession("pp_gateway_card")
      const refused = await shopper.postCard(session.id, { card: card(CARDS.approve) })
      expect(refused.status).toBe(429)
      expect(refused.data.message).toMatch(/this address/)
      expect(await gateway.transactions(session.id)).toHaveLength(0)
    })
  },
})
