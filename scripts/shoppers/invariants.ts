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
import type { Checkout, JourneyRecord } from "./journeys"
import { collectionTotalViolations } from "../crash/invariants"

export interface Violation {
  invariant: string
  details: Record<string, unknown>
}

const minor = (amount: string | number | null | undefined) => Math.round(Number(amount ?? 0) * 100)

/** payment_status codes of the ledger (sandbox/lib/store.js PS). */
const HELD_CODES = new Set(["1100", "2000", "3000", "4000", "4100", "4200"])

/** What a transaction holds now, in minor units: the authorisation, or what was captured and not given back. */
export function heldMinor(t: any): number {
  if (t.payment_status === "1100" || t.payment_status === "2000") return minor(t.amount)
  if (["3000", "4000", "4100", "4200"].includes(t.payment_status)) {
    return Math.max(
      0,
      minor(t.captured_amount) - minor(t.refunded_amount) - minor(t.pending_refund_amount) - minor(t.chargeback_amount)
    )
  }
  return 0
}

/** Whether the transaction ever held money (review, authorised or captured at some point of its history). */
export function everHeld(t: any): boolean {
  return (t.history ?? []).some((h: any) => HELD_CODES.has(h.payment_status)) || HELD_CODES.has(t.payment_status)
}

/** Released: it held money and holds nothing now, by a void (5000) or a refund of all of it. */
export function releasedHow(t: any): "void" | "refund" | null {
  if (!everHeld(t) || heldMinor(t) > 0) return null
  if (t.payment_status === "5000") return "void"
  if (
    minor(t.captured_amount) > 0 &&
    minor(t.refunded_amount) + minor(t.pending_refund_amount) >= minor(t.captured_amount) - minor(t.chargeback_amount)
  )
    return "refund"
  return null
}

interface Claim {
  /** payment or review_session */
  kind: "payment" | "review_session"
  id: string
  order_id: string
  payment_collection_id: string
  session_id: string
}

interface Where {
  journey: JourneyRecord
  checkout: Checkout | null
  session_note: string | null
}

async function sandboxJson(url: string, path: string) {
  const res = await fetch(`${url}${path}`)
  if (!res.ok) throw new Error(`sandbox ${path}: HTTP ${res.status}`)
  return res.json() as Promise<any>
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
  const payments = (
    await db.query(`select p.id, p.payment_session_id, p.payment_collection_id, p.canceled_at, p.captured_at, p.amount, p.provider_id,
        p.data->>'transaction_id' as transaction_id, opc.order_id, o.status as order_status,
        coalesce((select json_agg(json_build_object('id', c.id, 'amount', c.amount)) from capture c where c.payment_id = p.id and c.deleted_at is null), '[]') as captures,
        coalesce((select json_agg(json_build_object('id', f.id, 'amount', f.amount, 'metadata', f.metadata)) from refund f where f.payment_id = p.id and f.deleted_at is null), '[]') as refunds
      from payment p
      left join order_payment_collection opc on opc.payment_collection_id = p.payment_collection_id and opc.deleted_at is null
      left join "order" o on o.id = opc.order_id and o.deleted_at is null
      where p.provider_id like 'pp_gateway_%' and p.deleted_at is null`)
  ).rows
  const reviewSessions = (
    await db.query(`select ps.id, ps.payment_collection_id, ps.data->>'transaction_id' as transaction_id, opc.order_id
      from payment_session ps
      join order_payment_collection opc on opc.payment_collection_id = ps.payment_collection_id and opc.deleted_at is null
      where ps.provider_id like 'pp_gateway_%' and ps.deleted_at is null and ps.status = 'pending_authorization'
        and not exists (select 1 from payment p where p.payment_session_id = ps.id and p.deleted_at is null)`)
  ).rows
  const orderOfCart = new Map<string, { order_id: string; created_at: Date; status: string }>(
    (
      await db.query(`select oc.cart_id, oc.order_id, o.created_at, o.status from order_cart oc join "order" o on o.id = oc.order_id
        where oc.deleted_at is null and o.deleted_at is null`)
    ).rows.map((r) => [r.cart_id, { order_id: r.order_id, created_at: r.created_at, status: r.status }])
  )
  // Where a session the harness never saw (its creation answered nothing) belongs: its collection's cart.
  const sessionCart = new Map<string, { cart_id: string; status: string }>(
    (
      await db.query(`select ps.id, cpc.cart_id, ps.status from payment_session ps
        join cart_payment_collection cpc on cpc.payment_collection_id = ps.payment_collection_id and cpc.deleted_at is null`)
    ).rows.map((r) => [r.id, { cart_id: r.cart_id, status: r.status }])
  )
  const liveSession = new Map<string, string>(
    (await db.query(`select id, status from payment_session where deleted_at is null`)).rows.map((r) => [
      r.id,
      r.status,
    ])
  )
  const hasReleaseTable = Boolean((await db.query(`select to_regclass('public.gateway_release') as t`)).rows[0]?.t)
  const releases: any[] = hasReleaseTable
    ? (
        await db.query(
          `select transaction_id, order_no, reason, status, how, order_id, note from gateway_release where deleted_at is null`
        )
      ).rows
    : []
  const alertedTx = new Map(
    releases.filter((r) => r.status === "refused" || r.status === "unknown").map((r) => [r.transaction_id, r])
  )
  const releaseRowOf = new Map(releases.map((r) => [r.transaction_id, r]))

  // Claims: what makes a transaction an order's payment.
  const claimsOf = new Map<string, Claim[]>()
  const claim = (tx: string | null, c: Claim) => {
    if (!tx) return
    claimsOf.set(tx, [...(claimsOf.get(tx) ?? []), c])
  }
  for (const p of payments) {
    if (p.canceled_at || !p.order_id || p.order_status === "canceled") continue
    claim(p.transaction_id ?? latestTxOfSession(transactions, p.payment_session_id), {
      kind: "payment",
      id: p.id,
      order_id: p.order_id,
      payment_collection_id: p.payment_collection_id,
      session_id: p.payment_session_id,
    })
  }
  for (const s of reviewSessions) {
    claim(s.transaction_id ?? latestTxOfSession(transactions, s.id), {
      kind: "review_session",
      id: s.id,
      order_id: s.order_id,
      payment_collection_id: s.payment_collection_id,
      session_id: s.id,
    })
  }
  for (const p of payments)
    if (!p.transaction_id)
      add("Medusa payment names its gateway transaction", { payment_id: p.id, order_no: p.payment_session_id })

  // --- Where each transaction came from: the journey that saw its session, else its shopper e-mail, else its cart.
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

  // --- The crash harness's money checks that apply: captures and refunds on both sides, collection totals, audit.
  const paymentsOfTx = new Map<string, any[]>()
  for (const p of payments)
    if (p.transaction_id) paymentsOfTx.set(p.transaction_id, [...(paymentsOfTx.get(p.transaction_id) ?? []), p])
  for (const t of transactions) {
    const captured = minor(t.captured_amount)
    const ps = paymentsOfTx.get(t.transaction_id) ?? []
    const medusa = ps.flatMap((p) => p.captures).reduce((s: number, c: any) => s + minor(c.amount), 0)
    const count = ps.flatMap((p) => p.captures).length
    // A capture of a transaction no Medusa payment names (released by a refund) is the plugin's, not Medusa's.
    if (captured > 0 && ps.length && (count !== 1 || medusa !== captured)) {
      add("gateway capture in Medusa exactly once", {
        transaction_id: t.transaction_id,
        order_no: t.order_no,
        gateway_captured: captured / 100,
        medusa_captured: medusa / 100,
        medusa_captures: count,
      })
    }
    if (captured === 0 && medusa > 0)
      add("Medusa capture present at the gateway", {
        transaction_id: t.transaction_id,
        order_no: t.order_no,
        medusa_captured: medusa / 100,
        gateway_status: t.payment_status,
      })
    for (const p of ps)
      if (p.canceled_at && captured > 0)
        add("cancelled payment not captured at the gateway", { transaction_id: t.transaction_id, payment_id: p.id })
  }
  for (const p of payments) {
    if (p.transaction_id && !txById.has(p.transaction_id) && p.captures.length)
      add("Medusa capture present at the gateway", {
        payment_id: p.id,
        transaction_id: p.transaction_id,
        reason: "no gateway transaction",
      })
  }
  const gatewayRefunds = transactions.flatMap((t) =>
    (t.refunds ?? []).map((r: any) => ({ ...r, order_no: t.order_no }))
  )
  const medusaRefunds = new Map<string, { amount: number; payment_id: string; chargeback: boolean }>()
  for (const p of payments)
    for (const f of p.refunds)
      medusaRefunds.set(f.id, {
        amount: minor(f.amount),
        payment_id: p.id,
        chargeback: Boolean(f.metadata?.gateway_chargeback),
      })
  for (const r of gatewayRefunds) {
    if (r.refund_status === "2") continue
    const m = medusaRefunds.get(r.refund_reference ?? "")
    const ordersTx = (claimsOf.get(r.transaction_id) ?? []).length > 0
    if (m && m.amount !== minor(r.refund_amount))
      add("gateway refund in Medusa exactly once", {
        refund_reference: r.refund_reference,
        transaction_id: r.transaction_id,
        gateway_amount: r.refund_amount,
        medusa_amount: m.amount / 100,
      })
    // A refund no Medusa refund names is the plugin's release; on an order's live payment it is (c).
    if (!m && ordersTx)
      add("(c) an order's live payment refunded at the gateway without a Medusa refund", {
        refund_reference: r.refund_reference,
        transaction_id: r.transaction_id,
        amount: r.refund_amount,
      })
  }
  for (const [id, m] of medusaRefunds) {
    if (m.chargeback) continue
    if (!gatewayRefunds.some((r) => r.refund_reference === id && r.refund_status !== "2"))
      add("Medusa refund present at the gateway", { refund_id: id, payment_id: m.payment_id, amount: m.amount / 100 })
  }
  for (const c of await collectionTotalViolations(db)) add(c.invariant, c.details)
  for (const p of payments) {
    if (!p.canceled_at && !p.order_id)
      add("Medusa payment belongs to an order", {
        payment_id: p.id,
        order_no: p.payment_session_id,
        transaction_id: p.transaction_id,
        gateway: txById.get(p.transaction_id)?.payment_status ?? null,
      })
  }
  const movements = new Set(
    (
      await db.query(`select kind || ':' || reference as k from gateway_money_movement where deleted_at is null`)
    ).rows.map((r) => r.k)
  )
  for (const p of payments) {
    // A capture made with the authorisation (capture: "automatic") is audited under auto_<transaction id> (core/capture.ts).
    for (const c of p.captures)
      if (!movements.has(`capture:${c.id}`) && !movements.has(`capture:auto_${p.transaction_id}`))
        add("capture audited (money movement)", { capture_id: c.id, payment_id: p.id })
    for (const f of p.refunds)
      if (!movements.has(`refund:${f.id}`) && !f.metadata?.gateway_chargeback)
        add("refund audited (money movement)", { refund_id: f.id, payment_id: p.id })
  }

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

/** The newest transaction of a session (order_no) that ever held money: what a payment without a transaction id stands for. */
function latestTxOfSession(transactions: any[], orderNo: string): string | null {
  const mine = transactions.filter((t) => t.order_no === orderNo && everHeld(t))
  return mine.length ? mine[mine.length - 1].transaction_id : null
}
