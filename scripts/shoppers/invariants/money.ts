// The crash harness's money checks that apply to the shoppers: captures and refunds on both sides, collection totals, audit rows.
import type { Client } from "pg"
import { collectionTotalViolations } from "../../crash/invariants"
import { minor } from "./ledger"
import type { Claim, MedusaState } from "./medusa"

/** Captures and refunds on both sides, payment collection totals, payments belonging to orders, money movements audited. */
export async function checkMoney(
  db: Client,
  {
    transactions,
    txById,
    claimsOf,
    payments,
  }: {
    transactions: any[]
    txById: Map<string, any>
    claimsOf: Map<string, Claim[]>
    payments: MedusaState["payments"]
  },
  add: (invariant: string, details: Record<string, unknown>) => void
): Promise<void> {
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
}
