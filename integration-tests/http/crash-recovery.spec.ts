/**
 * Operations cut short by a crash (issue 26; found by the crash harness, scripts/crash): the process stopped
 * between sending a request and recording its answer, leaving what it wrote before the request and nothing after.
 * Each case builds exactly that state in the database (the record Medusa or the plugin commits before it sends,
 * and for a request that reached the gateway, the gateway's side made through the same client), then runs the
 * reconciliation job past the settling deadline (GATEWAY_SETTLE_AFTER_SECONDS=3, the least the shortened timeouts allow) and checks the sandbox's ledger:
 * what the gateway did is recorded once, what it never received is sent once under its own reference.
 */
import { randomUUID } from "node:crypto"
import { medusaIntegrationTestRunner } from "@medusajs/test-utils"
import { ContainerRegistrationKeys, Modules } from "@medusajs/framework/utils"
import { servicePages, sqlPages } from "../../src/reconciliation/open-payment-pages"
import { endedWithin } from "../helpers/deadline"
import { useSandbox } from "../helpers/sandbox"
import { CARDS, card, Shopper } from "../helpers/shopper"
import { MINIMAL_BENEFICIARY } from "../helpers/payouts"
import { seededOnce, freshStore, type RequestHeaders } from "../helpers/fresh-store"

jest.setTimeout(240 * 1000)

const SETTLE_MS = 3000
const gateway = useSandbox({
  GATEWAY_SETTLE_AFTER_SECONDS: String(SETTLE_MS / 1000),
  GATEWAY_TIMEOUT_CONNECT_MS: "500",
  GATEWAY_TIMEOUT_TOTAL_MS: "1000",
})

const pastDeadline = () => new Promise((r) => setTimeout(r, SETTLE_MS + 200))

medusaIntegrationTestRunner({
  testSuite: ({ api, getContainer }) => {
    const seeded = seededOnce(getContainer)
    let admin: RequestHeaders, shopper: Shopper

    beforeEach(async () => ({ shopper, admin } = await freshStore(gateway, seeded(), getContainer(), api)))

    const payments = () => getContainer().resolve(Modules.PAYMENT) as any
    const gatewayModule = () => getContainer().resolve("gateway") as any
    const sync = async (job: "order_sync" | "refund_sync") =>
      (await api.post("/admin/gateway/sync-runs", { job }, admin)).data.summary
    const tx = async (orderNo: string) => (await gateway.transactions(orderNo)).at(-1)
    const requests = (path: string) => gateway.sandbox.stats().byPath[path] ?? 0

    /** A cart whose card the gateway authorised, not completed; `postedAt`: a time before its session changed. */
    async function authorisedCart() {
      const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
      const postedAt = Date.now()
      const posted = await shopper.postCard(session.id, { card: card(CARDS.approve) })
      expect(posted.data.payment_session.status).toBe("authorized")
      return { cartId, session, postedAt }
    }
    /** Runs `job` and answers whether it ended within the settling deadline of a record written after `since`. */
    const syncWithin = (since: number, job: "order_sync" | "refund_sync") =>
      endedWithin(since, SETTLE_MS, () => sync(job))

    /** The id of the order made from `cartId`, or null. */
    const orderOfCart = async (cartId: string) => {
      const { data } = await (getContainer().resolve("query") as any).graph({
        entity: "order_cart",
        fields: ["order_id"],
        filters: { cart_id: cartId },
      })
      return data[0]?.order_id ?? null
    }

    /** An order paid by card (authorised), and its Medusa payment. */
    async function paidOrder() {
      const { cartId, session } = await authorisedCart()
      expect((await shopper.complete(cartId)).data.type).toBe("order")
      const [payment] = await payments().listPayments({ payment_session_id: session.id })
      return { sessionId: session.id as string, payment }
    }

    /** The gateway's order behind a payment, as a capture or refund names it: what the provider would send. */
    const gatewayOrderOf = (sessionId: string, data: Record<string, any>) => ({
      transaction_id: data.transaction_id,
      order_no: sessionId,
      currency: data.currency,
      amount: data.amount,
    })
    const paymentNow = async (id: string) =>
      (await payments().listPayments({ id: [id] }, { relations: ["captures", "refunds"] }))[0]
    /** The payment collection as the order's payment status reads it: Medusa's recompute had not run before the stop. */
    const collectionOf = async (payment: { payment_collection_id: string }) => {
      const c = await payments().retrievePaymentCollection(payment.payment_collection_id)
      return { status: c.status, captured: Number(c.captured_amount), refunded: Number(c.refunded_amount) }
    }

    describe("a capture cut short (Medusa's capture record committed, the provider's answer never recorded)", () => {
      it("is sent by the order sync once past the deadline when the gateway never got it, and recorded", async () => {
        const { sessionId, payment } = await paidOrder()
        // What Medusa commits before it calls the provider (capturePayment_), then the process stops.
        const since = Date.now()
        const [capture] = await payments().createCaptures([{ payment: payment.id, amount: payment.amount }])
        expect(await collectionOf(payment)).toEqual({ status: "authorized", captured: 0, refunded: 0 })
        if (await syncWithin(since, "order_sync")) expect(requests("/v1/capture")).toBe(0) // a live request may still be under way
        await pastDeadline()
        await sync("order_sync")
        expect(requests("/v1/capture")).toBe(1)
        expect((await tx(sessionId)).captured_amount).toBe(String(Number(payment.amount).toFixed(2)))
        const after = await paymentNow(payment.id)
        expect(after.data.captures).toEqual([
          expect.objectContaining({ id: capture.id, status: "captured", by: "plugin" }),
        ])
        expect(after.captured_at).toBeTruthy()
        expect(after.captures).toHaveLength(1)
        const [movement] = await gatewayModule().listGatewayMoneyMovements({ kind: "capture", reference: capture.id })
        expect(movement).toMatchObject({ status: "captured" })
        expect(await collectionOf(payment)).toEqual({
          status: "completed",
          captured: Number(payment.amount),
          refunded: 0,
        })
      })

      it("is recorded, never sent to be taken twice, when the gateway made it before the process stopped", async () => {
        const { sessionId, payment } = await paidOrder()
        const [capture] = await payments().createCaptures([{ payment: payment.id, amount: payment.amount }])
        // The request reached the gateway (the same client the provider uses); its answer was never recorded.
        const data = payment.data
        await gatewayModule()
          .acquiring()
          .capture({
            capture_orders: [gatewayOrderOf(sessionId, data)],
          })
        await pastDeadline()
        const summary = await sync("order_sync")
        expect(summary.status).toBe("succeeded")
        const t = await tx(sessionId)
        expect(t.captured_amount).toBe(data.amount) // captured once
        const after = await paymentNow(payment.id)
        expect(after.captures).toHaveLength(1)
        // the code cannot tell whose capture it was: the whole capture sent once more is refused, so the gateway had made it
        expect(after.data.captures).toEqual([
          expect.objectContaining({ id: capture.id, status: "captured", by: "gateway" }),
        ])
        expect(await collectionOf(payment)).toEqual({
          status: "completed",
          captured: Number(payment.amount),
          refunded: 0,
        })
      })
    })

    describe("Medusa's recompute of the payment collection cut short (the capture and refund recorded, the totals not)", () => {
      it("is run by the order sync once past the deadline: the order shows what was captured and refunded", async () => {
        const { payment } = await paidOrder()
        const since = Date.now()
        await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)
        await api.post(`/admin/payments/${payment.id}/refund`, { amount: 2 }, admin)
        const whole = Number(payment.amount)
        expect(await collectionOf(payment)).toEqual({ status: "completed", captured: whole, refunded: 2 })
        // What a kill between Medusa's records and its recompute leaves: the totals of before the capture.
        const pg = getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION)
        const zero = JSON.stringify({ value: "0", precision: 20 })
        await pg.raw(
          "update payment_collection set captured_amount = 0, raw_captured_amount = ?, refunded_amount = 0, raw_refunded_amount = ?, status = 'authorized' where id = ?",
          [zero, zero, payment.payment_collection_id]
        )
        let early = 0
        if (await endedWithin(since, SETTLE_MS, async () => (early = (await sync("order_sync")).changed)))
          expect(await collectionOf(payment)).toEqual({ status: "authorized", captured: 0, refunded: 0 }) // Medusa may be mid-capture
        await pastDeadline()
        // A first run that ended past the deadline (a loaded machine) may have made the recompute already.
        expect(early + (await sync("order_sync")).changed).toBeGreaterThanOrEqual(1)
        expect(await collectionOf(payment)).toEqual({ status: "completed", captured: whole, refunded: 2 })
        expect(requests("/v1/capture")).toBe(1) // nothing sent again
        expect(requests("/v1/refund")).toBe(1)
      })
    })

    describe("a refund cut short (Medusa's refund record committed, the provider's answer never recorded)", () => {
      async function capturedPayment() {
        const { sessionId, payment } = await paidOrder()
        await api.post(`/admin/payments/${payment.id}/capture`, {}, admin)
        return { sessionId, payment: await paymentNow(payment.id) }
      }

      it("is sent by the refund sync under its own reference when the gateway never got it; one it made is recorded, not sent again", async () => {
        const { sessionId, payment } = await capturedPayment()
        const since = Date.now()
        const [lost] = await payments().createRefunds([{ payment: payment.id, amount: 3 }])
        const [made] = await payments().createRefunds([{ payment: payment.id, amount: 2 }])
        await gatewayModule()
          .acquiring()
          .refund({
            refund_orders: [
              {
                ...gatewayOrderOf(sessionId, payment.data),
                refund_amount: "2.00",
                refund_reason: "requested by merchant",
                refund_reference: made.id,
              },
            ],
          })
        expect(requests("/v1/refund")).toBe(1)
        if (await syncWithin(since, "refund_sync")) expect(requests("/v1/refund")).toBe(1) // nothing is sent
        await pastDeadline()
        await sync("refund_sync")
        expect(requests("/v1/refund")).toBe(2) // the lost one only
        const refunds = (await tx(sessionId)).refunds
        expect(refunds.map((r: any) => [r.refund_reference, r.refund_amount]).sort()).toEqual(
          [
            [lost.id, "3.00"],
            [made.id, "2.00"],
          ].sort()
        )
        const after = await paymentNow(payment.id)
        expect(after.data.refunds.map((r: any) => r.reference).sort()).toEqual([lost.id, made.id].sort())
        expect((await collectionOf(payment)).refunded).toBe(5)
        // the next run confirms them as any other refund
        await sync("refund_sync")
        expect((await paymentNow(payment.id)).data.refunds.every((r: any) => r.status === "refunded")).toBe(true)
        expect(requests("/v1/refund")).toBe(2)
      })
    })

    describe("the pages the syncs read", () => {
      it("are the same read with SQL on the shared connection as through the payment module (a module on its own database)", async () => {
        const first = await paidOrder()
        const second = await paidOrder()
        await payments().createCaptures([{ payment: first.payment.id, amount: 1 }])
        await payments().createRefunds([{ payment: first.payment.id, amount: 1 }])
        const sql = sqlPages(getContainer().resolve(ContainerRegistrationKeys.PG_CONNECTION))
        const service = servicePages(payments())
        const since = new Date(Date.now() - 3_600_000).toISOString()
        const shape = (rows: any[]) =>
          rows.map((r) => ({
            id: r.id,
            order_no: r.data?.order_no,
            captured: Boolean(r.captured_at),
            collection: r.payment_collection_id,
            ...(r.captures ? { captures: r.captures.map((c: any) => [c.id, new Date(c.created_at).getTime()]) } : {}),
            ...(r.refunds ? { refunds: r.refunds.map((c: any) => c.id) } : {}),
          }))
        for (const options of [undefined, { with: "captures" as const }, { with: "refunds" as const }]) {
          const a = shape(await sql.payments("", since, options))
          expect(a.map((r) => r.order_no).sort()).toEqual([first.sessionId, second.sessionId].sort())
          expect(shape(await service.payments("", since, options))).toEqual(a)
          // keyset: after the first id, only the second
          expect(shape(await service.payments(a[0]!.id, since, options))).toEqual(
            shape(await sql.payments(a[0]!.id, since, options))
          )
          expect(await sql.payments(a[0]!.id, since, options)).toHaveLength(1)
        }
        expect(
          shape(await sql.payments("", since, { with: "captures" })).find((r) => r.id === first.payment.id)!.captures
        ).toHaveLength(1)
        const statuses = ["pending", "authorized"]
        const sessionsOf = (rows: any[]) => rows.map((r) => [r.id, r.status, r.data?.order_no ?? null])
        expect(sessionsOf(await service.sessions("", since, statuses))).toEqual(
          sessionsOf(await sql.sessions("", since, statuses))
        )
        expect(await sql.sessions("", since, statuses)).toHaveLength(2)
        // A card authorised whose cart was never completed: found by both, and only it.
        const { session: left } = await authorisedCart()
        const now = new Date(Date.now() + 60_000).toISOString()
        expect(await sql.sessionsWithoutPayment("", since, now)).toEqual([{ id: left.id }])
        expect(await service.sessionsWithoutPayment("", since, now)).toEqual([{ id: left.id }])
        expect(await sql.sessionsWithoutPayment("", since, since)).toEqual([]) // none last changed before then
      })
    })

    describe("admin operations cut short", () => {
      it("an audit row left attempted becomes unknown, and a payout left pending is sent once under its request_id", async () => {
        const key = randomUUID()
        // The payout's record and its audit row, written before the request; the process stopped before sending.
        const [payout] = await gatewayModule().createGatewayPayouts([
          {
            request_id: key,
            status: "PENDING",
            payment_amount: "10.00",
            payment_currency: "USD",
            beneficiary: MINIMAL_BENEFICIARY,
          },
        ])
        const [row] = await gatewayModule().createGatewayOperationAudits([
          {
            operation: "payout.create",
            actor_type: "system",
            target_id: payout.id,
            request_id: key,
            idempotency_key: key,
            request_hash: "x",
            result: "attempted",
          },
        ])
        await pastDeadline()
        await sync("order_sync")
        const [audit] = await gatewayModule().listGatewayOperationAudits({ id: row.id })
        expect(audit).toMatchObject({ result: "unknown", error_code: "cut_short" })
        const sent = (await (await fetch(`${gateway.sandbox.url}/sandbox/payouts`)).json()) as any[]
        expect(sent.map((p) => p.request_id)).toEqual([key])
        expect((await gatewayModule().retrieveGatewayPayout(payout.id)).status).toMatch(/PROCESSING|COMPLETED/)
        await sync("order_sync")
        expect(requests("/v1/payout")).toBe(1)
      })
    })

    describe("a complete-cart cut short (Medusa made the payment, not the order)", () => {
      it("is completed into the order by the order sync once past the deadline", async () => {
        const { cartId, session } = await authorisedCart()
        // complete-cart's payment step (Medusa's authorizePaymentSession makes the payment), then the process stops.
        const since = Date.now()
        await payments().authorizePaymentSession(session.id, {})
        if (await syncWithin(since, "order_sync")) expect(await orderOfCart(cartId)).toBeNull() // a completion may still be under way
        await pastDeadline()
        await sync("order_sync")
        expect(await orderOfCart(cartId)).toBeTruthy()
        const [payment] = await payments().listPayments({ payment_session_id: session.id })
        expect(payment.captured_at).toBeNull() // completed, nothing captured
        expect(requests("/v1/capture")).toBe(0)
      })
    })

    describe("a card authorised whose cart was never completed (the shopper left, or the process stopped before complete-cart)", () => {
      it("becomes the order once past the deadline: the authorisation is not left held with nothing in Medusa", async () => {
        const { cartId, session, postedAt } = await authorisedCart()
        if (await syncWithin(postedAt, "order_sync")) expect(await orderOfCart(cartId)).toBeNull() // the shopper may still complete it
        await pastDeadline()
        await sync("order_sync")
        expect(await orderOfCart(cartId)).toBeTruthy()
        const [payment] = await payments().listPayments({ payment_session_id: session.id })
        expect(payment).toBeTruthy()
        expect(payment.captured_at).toBeNull()
        expect(requests("/v1/authorise")).toBe(1) // nothing sent again
        expect((await tx(session.id)).payment_status).toBe("2000")
      })
    })

    describe("a card post cut short (counted, sent, its answer never recorded)", () => {
      it("is read by the order sync past the deadline: the authorisation becomes the order", async () => {
        const { cartId, session } = await shopper.cartWithSession("pp_gateway_card")
        // What the card route writes before sending (its counters, then the post's card-sent trace); the gateway
        // authorised it.
        await gatewayModule().takeCardAttempt({ session: session.id, cart: cartId })
        await gatewayModule().markCardPostSent(session.id)
        const res = await fetch(`${gateway.sandbox.url}/sandbox/transactions`, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: JSON.stringify({
            transactions: [
              { order_no: session.id, currency: "USD", amount: Number(session.amount).toFixed(2), state: "authorized" },
            ],
          }),
        })
        expect(res.status).toBe(201)
        // A session nobody posted a card for is not read.
        await shopper.cartWithSession("pp_gateway_card")
        await pastDeadline()
        const summary = await sync("order_sync")
        expect(summary.checked).toBe(1)
        const [after] = await payments().listPaymentSessions({ id: [session.id] }, { relations: ["payment"] })
        expect(after.status).toBe("authorized")
        expect(after.payment).toBeTruthy()
      })

      it("that never reached the gateway fails once the order query finds nothing past the deadline: never unknown for ever", async () => {
        const { session } = await shopper.cartWithSession("pp_gateway_card")
        await gatewayModule().markCardPostSent(session.id) // the process stopped before the request left
        await pastDeadline()
        await sync("order_sync")
        const [marked] = await payments().listPaymentSessions({ id: [session.id] })
        expect(marked.data).toMatchObject({ outcome_unknown: true })
        await pastDeadline()
        await sync("order_sync")
        const [after] = await payments().listPaymentSessions({ id: [session.id] })
        expect(after.status).toBe("error")
        expect(after.data).toMatchObject({
          outcome_unknown: false,
          gateway_state: "failed",
          decline: { code: "try_again_later" },
        })
        expect(requests("/v1/authorise")).toBe(0)
        // The shopper can pay afresh.
        expect((await shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
          "authorized"
        )
      })
    })
  },
})
