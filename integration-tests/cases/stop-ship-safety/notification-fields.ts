// Stop-ship 5 and 6: stale and unsigned notification fields change nothing; a payout notification needs the payout key.
import { createAcquiringClient } from "../../../src/lib/gateway"
import { until } from "../../helpers/until"
import { CARDS, card } from "../../helpers/shopper"
import type { StopShipEnv } from "./context"

export function notificationFieldCases(env: StopShipEnv) {
  const { api, dbConnection, gateway, signer, paymentOf, paidOrder } = env

  it("5. a late notification about an earlier, declined attempt changes nothing", async () => {
    const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
    const declined = await env.shopper.postCard(session.id, { card: card(CARDS.decline) })
    expect(declined.data.payment_session.status).toBe("error")
    const approved = await env.shopper.postCard(session.id, { card: card(CARDS.approve) })
    expect(approved.data.payment_session.status).toBe("authorized")
    expect((await env.shopper.complete(cartId)).data.type).toBe("order")
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
    const { rows: gp } = await dbConnection.raw("select disputes from gateway_payment where order_no = ?", [session.id])
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
}
