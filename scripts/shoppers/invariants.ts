/**
 * What must hold once the shoppers are done and the jobs settled, checked against the sandbox's ledger
 * (GET /sandbox/transactions: every transaction with order_no = the Medusa payment session id, payment_status,
 * captured / refunded / chargeback amounts, refunds and history) and Medusa's tables (read only):
 *
 * (a) every gateway transaction that holds money (review 1100, authorised 2000, captured with something not
 *     refunded) is exactly one of: the transaction (payment.data.transaction_id) of exactly one non-canceled Medusa
 *     payment of an order (payment → payment_collection → order_payment_collection), or, for a payment held for
 *     review, of the order's payment session waiting for it (Medusa makes no payment before the review ends);
 *     released (voided, 5000; refunded in full: it then holds nothing); or shown to staff (a `gateway_release` row
 *     with status refused / unknown naming it; none when that table does not exist);
 * (b) no order has live payments from two different gateway transactions;
 * (c) nothing released belongs to an order: no transaction of an order's live payment was voided or refunded
 *     (staff cancel or refund nothing in this harness);
 * (d) what each shopper was shown matches the ledger: "order" → the cart's order exists and its payment's transaction
 *     holds money; "declined" → no transaction of the attempt declined holds money unless it became the order's;
 *     "processing" → an order for the cart, or no transaction of the cart holds money;
 * and the crash harness's money checks that apply here: a Medusa capture or refund is at the gateway (and a capture
 * or refund of an order's transaction at the gateway is in Medusa), each payment collection's captured and refunded
 * amounts add up its records, a non-canceled Medusa payment belongs to an order, every capture and refund is
 * audited as a money movement.
 */
import type { Client } from "pg"
import type { JourneyRecord } from "./journeys"
import { everHeld, heldMinor, releasedHow, sandboxJson } from "./invariants/ledger"
import { claimsOfTransactions, readMedusa } from "./invariants/medusa"
import { checkMoney } from "./invariants/money"
import { checkShown } from "./invariants/shown"
import { traceTransactions } from "./invariants/trace"

export { everHeld, heldMinor, releasedHow } from "./invariants/ledger"

export interface Violation {
  invariant: string
  details: Record<string, unknown>
}

export interface CheckResult {
  violations: Violation[]
  counts: Record<string, number>
  /** Not violations: what the run did that a reader of the figures wants to know. */
  notes: Record<string, unknown>
}

export async function checkInvariants(
  db: Client,
  sandboxUrl: string,
  journeys: JourneyRecord[],
  opts: { releaseAfterSeconds: number }
): Promise<CheckResult> {
  const v: Violation[] = []
  const add = (invariant: string, details: Record<string, unknown>) => v.push({ invariant, details })

  const transactions: any[] = await sandboxJson(sandboxUrl, "/sandbox/transactions")
  const txById = new Map(transactions.map((t) => [t.transaction_id, t]))
  // --- Medusa: gateway payments with their order, review sessions of orders, orders by cart.
  const medusa = await readMedusa(db)
  const { payments, reviewSessions, orderOfCart, hasReleaseTable, releases, alertedTx } = medusa

  // Claims: what makes a transaction an order's payment.
  const claimsOf = claimsOfTransactions(medusa, transactions)
  for (const p of payments)
    if (!p.transaction_id)
      add("Medusa payment names its gateway transaction", { payment_id: p.id, order_no: p.payment_session_id })
  // --- Where each transaction came from: the journey that saw its session, else its shopper e-mail, else its cart.
  const { bySession, whereOf, describe } = traceTransactions(journeys, medusa)

  // --- (a) and (c), transaction by transaction.
  const counts = {
    transactions: transactions.length,
    ever_held: 0,
    holding: 0,
    holding_for_orders: 0,
    released_by_void: 0,
    released_by_refund: 0,
    alerted: 0,
    ghosts: 0,
    pending_never_finished: 0,
    declined_or_failed: 0,
  }
  for (const t of transactions) {
    const held = heldMinor(t)
    const claims = claimsOf.get(t.transaction_id) ?? []
    const alerted = alertedTx.get(t.transaction_id)
    const released = releasedHow(t)
    if (everHeld(t)) counts.ever_held++
    if (t.payment_status === "1000") counts.pending_never_finished++
    if (["6000", "6100"].includes(t.payment_status)) counts.declined_or_failed++
    if (released === "void") counts.released_by_void++
    if (released === "refund") counts.released_by_refund++
    if (alerted) counts.alerted++
    if (held > 0) {
      counts.holding++
      if (claims.length === 1 && !alerted) counts.holding_for_orders++
      else if (claims.length === 0 && alerted) {
        /* shown to staff: allowed */
      } else if (claims.length === 0) {
        counts.ghosts++
        add("(a) money held at the gateway for no order, not released, not shown to staff", describe(t))
      } else if (claims.length > 1) {
        add("(a) one transaction is the payment of several orders or payments", { ...describe(t), claims })
      } else {
        add("(a) an order's payment is also alerted to staff as not released", { ...describe(t), claims })
      }
    }
    if (released && claims.length)
      add("(c) a released transaction is an order's live payment", { ...describe(t), released_by: released, claims })
    // An order's payment whose transaction holds nothing and was never released: declined, never finished, unknown.
    if (!released && held === 0 && claims.length)
      add("an order's live payment holds nothing at the gateway (never held, or failed)", { ...describe(t), claims })
  }
  // A Medusa payment or review session naming a transaction the gateway does not have.
  for (const [tx, claims] of claimsOf)
    if (!txById.has(tx))
      add("(a) an order's payment names a transaction the gateway does not have", { transaction_id: tx, claims })

  // --- (b) orders with live payments from two transactions.
  const txOfOrder = new Map<string, Set<string>>()
  for (const [tx, claims] of claimsOf)
    for (const c of claims) txOfOrder.set(c.order_id, new Set([...(txOfOrder.get(c.order_id) ?? []), tx]))
  for (const [order, txs] of txOfOrder) {
    if (txs.size > 1) {
      add("(b) an order has live payments from two gateway transactions", {
        order_id: order,
        transactions: [...txs].map((id) => {
          const t = txById.get(id)
          return t ? describe(t) : { transaction_id: id, sandbox: "unknown to the gateway" }
        }),
      })
    }
  }
  // --- (d) what each shopper was shown.
  const shownCounts = checkShown({ journeys, transactions, txById, claimsOf, medusa, bySession, describe }, add)

  // --- The crash harness's money checks that apply: captures and refunds on both sides, collection totals, audit.
  await checkMoney(db, { transactions, txById, claimsOf, payments }, add)

  // --- Notes: orders nobody was shown (the order sync completed the cart), and how late.
  const shownOrderCarts = new Set(
    journeys.flatMap((j) => j.checkouts.filter((c) => c.shown === "order").map((c) => c.cart_id))
  )
  const cartStarted = new Map<string, number>()
  for (const t of transactions) {
    const cart = whereOf(t)?.checkout?.cart_id
    if (cart) cartStarted.set(cart, Math.min(cartStarted.get(cart) ?? Infinity, Date.parse(t.created_at)))
  }
  const unshownOrders = journeys.flatMap((j) =>
    j.checkouts
      .filter((c) => !shownOrderCarts.has(c.cart_id) && orderOfCart.has(c.cart_id))
      .map((c) => ({
        journey: j.n,
        kind: j.kind,
        variant: j.variant,
        shown: c.shown,
        order_id: orderOfCart.get(c.cart_id)!.order_id,
        seconds_after_first_payment: Math.round(
          (orderOfCart.get(c.cart_id)!.created_at.getTime() - (cartStarted.get(c.cart_id) ?? NaN)) / 1000
        ),
      }))
  )

  return {
    violations: v,
    counts: {
      ...counts,
      medusa_payments: payments.length,
      orders: orderOfCart.size,
      review_sessions_of_orders: reviewSessions.length,
      gateway_release_rows: releases.length,
    },
    notes: {
      gateway_release_table: hasReleaseTable,
      shown: shownCounts,
      orders_nobody_was_shown: unshownOrders.length,
      orders_nobody_was_shown_past_release_ttl: unshownOrders.filter(
        (o) => o.seconds_after_first_payment > opts.releaseAfterSeconds
      ).length,
      orders_nobody_was_shown_examples: unshownOrders.slice(0, 5),
    },
  }
}
