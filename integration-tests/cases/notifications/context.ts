// What the notification cases share: each test's fresh store, shopper and admin, and helpers reading the store and sandbox.
import { until } from "../../helpers/until"
import { CARDS, card, Shopper } from "../../helpers/shopper"
import { seededOnce, freshStore, type RequestHeaders } from "../../helpers/fresh-store"
import { suiteEnv, UNSET, type Gateway, type SuiteOptions } from "../suite-env"

export type NotificationsEnv = ReturnType<typeof notificationsEnv>

/** Registers the suite's beforeEach (a fresh store, shopper and admin) and answers the helpers the cases use. */
export function notificationsEnv(options: SuiteOptions, gateway: Gateway, storeUrl: string) {
  const { api, getContainer, dbConnection } = options
  const seeded = seededOnce(getContainer)
  /** This test's guest shopper and admin headers (set by the beforeEach). */
  const each = { shopper: UNSET as Shopper, admin: UNSET as RequestHeaders }

  beforeEach(async () => {
    const { shopper, admin } = await freshStore(gateway, seeded(), getContainer(), api)
    Object.assign(each, { shopper, admin })
  })

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
    ((await (await fetch(`${gateway.sandbox.url}/sandbox/stats`)).json()) as { byPath: Record<string, number> }).byPath
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
    const { cartId, session } = await each.shopper.cartWithSession("pp_gateway_card")
    expect((await each.shopper.postCard(session.id, { card: card(CARDS.approve) })).data.payment_session.status).toBe(
      "authorized"
    )
    const order = await each.shopper.complete(cartId)
    const { rows } = await dbConnection.raw(
      "select id, amount from payment where payment_session_id = ? and deleted_at is null",
      [session.id]
    )
    await api.post(`/admin/payments/${rows[0].id}/capture`, {}, each.admin)
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
    await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, each.admin)
    await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, each.admin)
    const refunds = await refundsOf(payment.id)
    expect(refunds.map((r: any) => [Number(r.amount), r.code ?? null])).toEqual([
      [10, null],
      [Number((Number(tx.amount) - 10).toFixed(2)), "chargeback"],
    ])
    expect((await stats())["/v1/refund"]).toBe(refundCalls + 1)
    return refunds
  }
  const cartCompleted = async (cartId: string) => {
    const { data } = await api.get(`/store/carts/${cartId}`, each.shopper.headers)
    return data.cart.completed_at ? data.cart : null
  }
  const orderOfCart = async (cartId: string) => {
    const { rows } = await dbConnection.raw(
      "select order_id from order_cart where cart_id = ? and deleted_at is null",
      [cartId]
    )
    return rows[0]?.order_id as string | undefined
  }
  /** The payments of an order, read through Medusa's admin order route. */
  const orderPayments = async (orderId: string) =>
    (await api.get(`/admin/orders/${orderId}?fields=*payment_collections.payments`, each.admin)).data.order
      .payment_collections[0].payments as any[]
  /** An order paid by card (approved, not captured), and its payment read through the admin order route. */
  const cardOrder = async () => {
    const { cartId, session } = await each.shopper.cartWithSession("pp_gateway_card")
    await each.shopper.postCard(session.id, { card: card(CARDS.approve) })
    const order = (await each.shopper.complete(cartId)).data.order
    const [payment] = await orderPayments(order.id)
    return { session, order, payment }
  }

  return suiteEnv(options, gateway, each, {
    notifications,
    sent,
    post,
    verifiedRows,
    caughtUp,
    stats,
    control,
    refundsOf,
    signedCopy,
    disputesOf,
    paid,
    chargebackBookedOnceAfterStaffRefund,
    cartCompleted,
    orderOfCart,
    orderPayments,
    cardOrder,
  })
}
