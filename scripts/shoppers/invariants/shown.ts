// Invariant (d): what each shopper was shown (order, declined, processing) matches the ledger and Medusa's orders.
import type { Checkout, JourneyRecord } from "../journeys"
import { heldMinor } from "./ledger"
import type { Claim, MedusaState } from "./medusa"
import type { Where } from "./trace"

/** Checks (d) for every checkout of every journey; answers how many checkouts were shown each outcome. */
export function checkShown(
  {
    journeys,
    transactions,
    txById,
    claimsOf,
    medusa,
    bySession,
    describe,
  }: {
    journeys: JourneyRecord[]
    transactions: any[]
    txById: Map<string, any>
    claimsOf: Map<string, Claim[]>
    medusa: MedusaState
    bySession: Map<string, Where>
    describe: (t: any) => Record<string, unknown>
  },
  add: (invariant: string, details: Record<string, unknown>) => void
): Record<string, number> {
  const { payments, orderOfCart, sessionCart } = medusa
  const txOfSession = new Map<string, any[]>()
  for (const t of transactions) txOfSession.set(t.order_no, [...(txOfSession.get(t.order_no) ?? []), t])
  const txOfCart = (c: Checkout) => {
    const sessions = new Set([
      ...c.sessions.map((s) => s.id),
      ...[...sessionCart].filter(([, x]) => x.cart_id === c.cart_id).map(([id]) => id),
    ])
    const fromEmail = transactions.filter(
      (t) => t.shopper_email && t.shopper_email === c.email && !sessions.has(t.order_no) && !bySession.has(t.order_no)
    )
    return [...[...sessions].flatMap((s) => txOfSession.get(s) ?? []), ...fromEmail]
  }
  const shownCounts: Record<string, number> = {}
  for (const j of journeys) {
    for (const c of j.checkouts) {
      shownCounts[c.shown] = (shownCounts[c.shown] ?? 0) + 1
      const order = orderOfCart.get(c.cart_id)
      const where = {
        journey: j.n,
        kind: j.kind,
        variant: j.variant,
        cart_id: c.cart_id,
        sessions: c.sessions,
        shown: c.shown,
        shown_by: c.shown_by,
        order_shown: c.order_id,
        cart_order_id: order?.order_id ?? null,
      }
      if (c.shown === "order") {
        if (!order) {
          add("(d) shown an order, but the cart is no order", where)
          continue
        }
        if (c.order_id && c.order_id !== order.order_id) add("(d) shown an order that is not the cart's", where)
        const mine = [...claimsOf]
          .filter(([, cl]) => cl.some((x) => x.order_id === order.order_id))
          .map(([tx]) => txById.get(tx))
        if (!mine.some((t) => t && heldMinor(t) > 0)) {
          add("(d) shown an order whose payment holds nothing at the gateway", {
            ...where,
            order_transactions: mine.map((t) => (t ? describe(t) : null)),
            // Every payment of the order (canceled ones too) and every transaction of the cart.
            order_payments: payments
              .filter((p) => p.order_id === order.order_id)
              .map((p) => ({
                id: p.id,
                transaction_id: p.transaction_id,
                canceled: Boolean(p.canceled_at),
                session_id: p.payment_session_id,
              })),
            cart_transactions: txOfCart(c).map(describe),
          })
        }
      } else if (c.shown === "declined") {
        for (const s of c.final_sessions) {
          for (const t of txOfSession.get(s) ?? []) {
            if (heldMinor(t) === 0) continue
            const isOrders = (claimsOf.get(t.transaction_id) ?? []).some((x) => order && x.order_id === order.order_id)
            if (!isOrders)
              add("(d) shown a decline, but the attempt holds money", { ...where, transaction: describe(t) })
          }
        }
      } else if (!order) {
        const holding = txOfCart(c).filter((t) => heldMinor(t) > 0)
        if (holding.length)
          add("(d) still processing: the cart is no order, yet money is held", {
            ...where,
            transactions: holding.map(describe),
          })
      }
    }
  }
  return shownCounts
}
