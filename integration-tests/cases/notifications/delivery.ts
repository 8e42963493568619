// Notifications delivered: completing an order, forged and unsigned ones, replays, the read interval, late ones.
import { until } from "../../helpers/until"
import { CARDS, card, completeIssuerPage } from "../../helpers/shopper"
import type { NotificationsEnv } from "./context"

export function deliveryCases(env: NotificationsEnv) {
  const { api, gateway, notifications, sent, post, caughtUp, control, cartCompleted } = env

  it("completes the order from the notification when the shopper never came back from 3-D Secure", async () => {
    const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
    const posted = await env.shopper.postCard(session.id, { card: card(CARDS.threeDS) })
    await completeIssuerPage(posted.data.payment_session.data.issuer_url)
    // No complete call: the gateway's notification alone must create the order.
    await until("the order", () => cartCompleted(cartId))
    expect(await env.orderOfCart(cartId)).toBeTruthy()
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
    const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
    const posted = await env.shopper.postCard(session.id, { card: card(CARDS.threeDS) })
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
    const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
    const posted = await env.shopper.postCard(session.id, { card: card(CARDS.threeDS) })
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
    const { rows: orders } = await env.dbConnection.raw("select count(*)::int as n from order_cart where cart_id = ?", [
      cartId,
    ])
    expect(orders[0].n).toBe(1)
  })

  it("one signed notification re-posted in a loop has the gateway read at most once per interval (2 s here): every delivery counted, none lost; a real later notification within it is applied after it", async () => {
    const { session, payment, tx } = await env.paid()
    await caughtUp(session.id)
    const [approval] = (await sent("PAYMENT")).filter((n) => n.payload.order_no === session.id)
    const queries = async () => (await env.stats())["/v1/retrievalTrans"] ?? 0
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
    expect((await env.refundsOf(payment.id)).map((r: any) => Number(r.amount))).toEqual([Number(tx.amount)])
  })

  it("never moves a captured payment back when a late 'authorized' notification arrives, and survives duplicates", async () => {
    const { session, order, payment } = await env.cardOrder()
    await api.post(`/admin/payments/${payment.id}/capture`, {}, env.admin)
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
    const payments = await env.orderPayments(order.id)
    const p = payments[0]
    expect(p.captured_at).toBeTruthy()
    expect(p.canceled_at).toBeFalsy()
    expect(payments).toHaveLength(1)
    expect((await gateway.transactions(session.id))[0].payment_status).toBe("3000")
  })
}
