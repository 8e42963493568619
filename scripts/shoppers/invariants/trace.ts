// Where each transaction came from (the journey, its checkout and session) and its description in a violation: ledger, journey, Medusa.
import type { Checkout, JourneyRecord } from "../journeys"
import type { MedusaState } from "./medusa"

export interface Where {
  journey: JourneyRecord
  checkout: Checkout | null
  session_note: string | null
}

/**
 * Where each transaction came from: the journey that saw its session, else its shopper e-mail, else its cart; and
 * what a violation says of a transaction.
 */
export function traceTransactions(journeys: JourneyRecord[], medusa: MedusaState) {
  const { payments, orderOfCart, sessionCart, liveSession, releaseRowOf } = medusa
  const bySession = new Map<string, Where>()
  const byCart = new Map<string, Where>()
  const byEmail = new Map<string, Where>()
  for (const j of journeys) {
    for (const c of j.checkouts) {
      byCart.set(c.cart_id, { journey: j, checkout: c, session_note: null })
      byEmail.set(c.email, { journey: j, checkout: c, session_note: null })
      for (const s of c.sessions) bySession.set(s.id, { journey: j, checkout: c, session_note: s.note })
    }
  }
  const whereOf = (t: any): Where | null => {
    const s = bySession.get(t.order_no)
    if (s) return s
    const cart = sessionCart.get(t.order_no)?.cart_id
    if (cart && byCart.get(cart)) return { ...byCart.get(cart)!, session_note: "session the journey never saw" }
    const e = t.shopper_email ? byEmail.get(t.shopper_email) : undefined
    return e ? { ...e, session_note: "found by the shopper's e-mail" } : null
  }
  const describe = (t: any) => {
    const w = whereOf(t)
    const cart = w?.checkout?.cart_id ?? sessionCart.get(t.order_no)?.cart_id ?? null
    const order = cart ? orderOfCart.get(cart) : undefined
    const medusaPayments = payments.filter(
      (p) => p.payment_session_id === t.order_no || p.transaction_id === t.transaction_id
    )
    return {
      transaction_id: t.transaction_id,
      order_no: t.order_no,
      sandbox: {
        payment_status: t.payment_status,
        amount: t.amount,
        captured: t.captured_amount,
        refunded: t.refunded_amount,
        channel: t.channel,
        payment_method: t.payment_method || undefined,
        history: (t.history ?? []).map((h: any) => `${h.payment_status} ${h.event}`).join(" → "),
      },
      journey: w
        ? {
            n: w.journey.n,
            kind: w.journey.kind,
            variant: w.journey.variant,
            shown: w.checkout?.shown,
            shown_by: w.checkout?.shown_by,
            session: w.session_note,
          }
        : null,
      medusa: {
        cart_id: cart,
        cart_order_id: order?.order_id ?? null,
        session: liveSession.has(t.order_no) ? `live (${liveSession.get(t.order_no)})` : "deleted",
        payments: medusaPayments.map((p) => ({
          id: p.id,
          canceled: Boolean(p.canceled_at),
          order_id: p.order_id ?? null,
          transaction_id: p.transaction_id,
        })),
        gateway_release: releaseRowOf.get(t.transaction_id) ?? null,
      },
    }
  }
  return { bySession, whereOf, describe }
}
