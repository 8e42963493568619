/**
 * What must hold after a crash and the reconciliation that follows, checked against the sandbox's own ledger
 * (its transactions, refunds, payouts and card transfers) and Medusa's tables (read only):
 * - every capture, refund, payout and card transfer the gateway made is in Medusa exactly once;
 * - nothing Medusa shows as captured or refunded is missing at the gateway (and no payout Medusa holds is unsent),
 *   and each payment collection's captured and refunded amounts (what the order shows) add up its records;
 * - no payout or card transfer was sent twice for one request (one idempotency key);
 * - every money operation is audited, and no audit row is left "attempted".
 */
import type { Client } from "pg"

export interface Violation {
  invariant: string
  details: Record<string, unknown>
}

const minor = (amount: string | number | null | undefined) => Math.round(Number(amount ?? 0) * 100)

async function sandboxJson(url: string, path: string) {
  const res = await fetch(`${url}${path}`)
  if (!res.ok) throw new Error(`sandbox ${path}: HTTP ${res.status}`)
  return res.json() as Promise<any>
}

export async function checkInvariants(
  db: Client,
  sandboxUrl: string
): Promise<{ violations: Violation[]; counts: Record<string, number> }> {
  const v: Violation[] = []
  const add = (invariant: string, details: Record<string, unknown>) => v.push({ invariant, details })

  const transactions: any[] = await sandboxJson(sandboxUrl, "/sandbox/transactions")
  const payouts: any[] = await sandboxJson(sandboxUrl, "/sandbox/payouts")
  const issuing = await sandboxJson(sandboxUrl, "/sandbox/issuing")

  // --- captures: per payment session (the gateway's order_no), the gateway's captured amount = Medusa's captures.
  const payments = (
    await db.query(`select p.id, p.payment_session_id, p.canceled_at, p.amount, p.data,
        coalesce((select json_agg(json_build_object('id', c.id, 'amount', c.amount)) from capture c where c.payment_id = p.id and c.deleted_at is null), '[]') as captures,
        coalesce((select json_agg(json_build_object('id', f.id, 'amount', f.amount, 'metadata', f.metadata)) from refund f where f.payment_id = p.id and f.deleted_at is null), '[]') as refunds
      from payment p where p.provider_id like 'pp_gateway_%' and p.deleted_at is null`)
  ).rows
  const paymentBySession = new Map(payments.map((p) => [p.payment_session_id, p]))
  const txByOrder = new Map<string, any[]>()
  for (const t of transactions) txByOrder.set(t.order_no, [...(txByOrder.get(t.order_no) ?? []), t])

  let gatewayCaptures = 0
  for (const [orderNo, txs] of txByOrder) {
    const captured = txs.reduce((s, t) => s + minor(t.captured_amount), 0)
    if (captured > 0) gatewayCaptures++
    const p = paymentBySession.get(orderNo)
    const medusa = p ? p.captures.reduce((s: number, c: any) => s + minor(c.amount), 0) : 0
    const count = p ? p.captures.length : 0
    if (captured > 0 && (!p || count !== 1 || medusa !== captured)) {
      add("gateway capture in Medusa exactly once", {
        order_no: orderNo,
        payment_id: p?.id ?? null,
        gateway_captured: captured / 100,
        medusa_captured: medusa / 100,
        medusa_captures: count,
      })
    }
    if (captured === 0 && medusa > 0) {
      add("Medusa capture present at the gateway", {
        order_no: orderNo,
        payment_id: p!.id,
        medusa_captured: medusa / 100,
        gateway_status: txs.map((t) => t.payment_status),
      })
    }
    if (p?.canceled_at && captured > 0)
      add("cancelled payment not captured at the gateway", { order_no: orderNo, payment_id: p.id })
    // An authorisation the gateway holds (or money it took) reaches Medusa as a payment (the order sync completes the cart).
    const holding = txs.filter((t) => ["2000", "3000", "4000", "4100"].includes(t.payment_status))
    if (holding.length && !p)
      add("gateway authorisation in Medusa", {
        order_no: orderNo,
        transactions: holding.map((t) => `${t.transaction_id} ${t.payment_status}`),
      })
  }
  // Money Medusa holds belongs to an order (complete-cart cut short between the payment and the order leaves neither lost).
  const orphans = (
    await db.query(`select p.id, p.payment_session_id from payment p where p.provider_id like 'pp_gateway_%' and p.deleted_at is null and p.canceled_at is null
      and not exists (select 1 from order_payment_collection opc where opc.payment_collection_id = p.payment_collection_id and opc.deleted_at is null)`)
  ).rows
  for (const o of orphans)
    add("Medusa payment belongs to an order", { payment_id: o.id, order_no: o.payment_session_id })
  for (const p of payments) {
    if (!txByOrder.has(p.payment_session_id) && p.captures.length) {
      add("Medusa capture present at the gateway", {
        order_no: p.payment_session_id,
        payment_id: p.id,
        reason: "no gateway transaction",
      })
    }
  }

  // What the order shows (its payment collection's captured and refunded amounts) is what its records add up to.
  v.push(...(await collectionTotalViolations(db)))

  // --- refunds: by refund_reference (= Medusa's refund id).
  const gatewayRefunds = transactions.flatMap((t) =>
    (t.refunds ?? []).map((r: any) => ({ ...r, order_no: t.order_no }))
  )
  const byReference = new Map<string, any[]>()
  for (const r of gatewayRefunds)
    byReference.set(r.refund_reference ?? "", [...(byReference.get(r.refund_reference ?? "") ?? []), r])
  const medusaRefunds = new Map<string, { amount: number; payment_id: string; chargeback: boolean }>()
  for (const p of payments) {
    for (const f of p.refunds)
      medusaRefunds.set(f.id, {
        amount: minor(f.amount),
        payment_id: p.id,
        chargeback: Boolean(f.metadata?.gateway_chargeback),
      })
  }
  for (const [reference, list] of byReference) {
    const live = list.filter((r) => r.refund_status !== "2")
    if (list.length > 1)
      add("gateway refund made once per reference", { refund_reference: reference, count: list.length })
    const m = medusaRefunds.get(reference)
    if (live.length && (!m || m.amount !== minor(live[0].refund_amount))) {
      add("gateway refund in Medusa exactly once", {
        refund_reference: reference,
        order_no: live[0].order_no,
        gateway_amount: live[0].refund_amount,
        medusa_amount: m ? m.amount / 100 : null,
      })
    }
  }
  for (const [id, m] of medusaRefunds) {
    if (m.chargeback) continue
    const live = (byReference.get(id) ?? []).filter((r) => r.refund_status !== "2")
    if (!live.length)
      add("Medusa refund present at the gateway", { refund_id: id, payment_id: m.payment_id, amount: m.amount / 100 })
  }

  // --- payouts: by request_id.
  const medusaPayouts = (
    await db.query(`select id, request_id, status, payment_amount from gateway_payout where deleted_at is null`)
  ).rows
  const payoutByRequest = new Map(medusaPayouts.map((p) => [p.request_id, p]))
  for (const g of payouts) {
    const m = payoutByRequest.get(g.request_id)
    if (!m) add("gateway payout in Medusa exactly once", { request_id: g.request_id, gateway_status: g.status })
    else if (m.status !== g.status)
      add("payout status settled", { request_id: g.request_id, medusa_status: m.status, gateway_status: g.status })
  }
  const sentPayouts = new Set(payouts.map((g) => g.request_id))
  for (const m of medusaPayouts)
    if (!sentPayouts.has(m.request_id))
      add("Medusa payout present at the gateway", { payout_id: m.id, request_id: m.request_id, status: m.status })

  // --- card transfers: by request_id, against the audit; per idempotency key at most one transfer.
  const audits = (
    await db.query(
      `select id, operation, request_id, idempotency_key, result, target_id from gateway_operation_audit where deleted_at is null`
    )
  ).rows
  const auditByRequest = new Map<string, any[]>()
  for (const a of audits)
    if (a.request_id) auditByRequest.set(a.request_id, [...(auditByRequest.get(a.request_id) ?? []), a])
  const transfers: any[] = issuing.transfers ?? []
  const transfersByRequest = new Map<string, number>()
  for (const t of transfers) transfersByRequest.set(t.request_id, (transfersByRequest.get(t.request_id) ?? 0) + 1)
  for (const t of transfers) {
    const rows = (auditByRequest.get(t.request_id) ?? []).filter((a) => a.operation.startsWith("card."))
    if (rows.length !== 1)
      add("card transfer in Medusa exactly once (audited)", {
        request_id: t.request_id,
        path: t.path,
        amount: t.amount,
        audit_rows: rows.length,
      })
    else if (rows[0].result === "failed")
      add("card transfer in Medusa exactly once (audited)", {
        request_id: t.request_id,
        path: t.path,
        amount: t.amount,
        audit_result: rows[0].result,
      })
  }
  for (const [request, n] of transfersByRequest)
    if (n > 1) add("card transfer sent once", { request_id: request, count: n })
  const keyRequests = new Map<string, Set<string>>()
  for (const a of audits) {
    if (!a.idempotency_key || !a.operation.startsWith("card.") || a.operation.endsWith(".undo")) continue
    keyRequests.set(a.idempotency_key, new Set([...(keyRequests.get(a.idempotency_key) ?? []), a.request_id]))
  }
  for (const [key, requests] of keyRequests) {
    const made = [...requests].reduce((s, r) => s + (transfersByRequest.get(r) ?? 0), 0)
    if (made > 1) add("card transfer sent once per idempotency key", { idempotency_key: key, transfers: made })
  }
  // The cards' balances in Medusa (after a refresh) are the gateway's.
  const cards = (await db.query(`select id, gateway_card_id, balance from gateway_card where deleted_at is null`)).rows
  for (const c of cards) {
    const g = (issuing.cards ?? []).find((x: any) => String(x.cardId) === String(c.gateway_card_id))
    if (g && minor(g.balance) !== minor(c.balance))
      add("card balance settled", { card_id: c.id, medusa_balance: c.balance, gateway_balance: g.balance })
  }

  // --- audit: nothing left in flight; every capture and refund of a gateway payment recorded as a money movement.
  for (const a of audits)
    if (a.result === "attempted")
      add("no operation left in flight", { audit_id: a.id, operation: a.operation, request_id: a.request_id })
  for (const g of payouts) {
    if (!(auditByRequest.get(g.request_id) ?? []).some((a) => a.operation.startsWith("payout.")))
      add("payout audited", { request_id: g.request_id })
  }
  const movements = new Set(
    (
      await db.query(`select kind || ':' || reference as k from gateway_money_movement where deleted_at is null`)
    ).rows.map((r) => r.k)
  )
  for (const p of payments) {
    for (const c of p.captures) {
      if (!movements.has(`capture:${c.id}`))
        add("capture audited (money movement)", {
          capture_id: c.id,
          payment_id: p.id,
          in_payment_data: (p.data?.captures ?? []).find((x: any) => x.id === c.id) ?? null,
        })
    }
    for (const f of p.refunds)
      if (!movements.has(`refund:${f.id}`) && !f.metadata?.gateway_chargeback)
        add("refund audited (money movement)", { refund_id: f.id, payment_id: p.id })
  }

  return {
    violations: v,
    counts: {
      gateway_transactions: transactions.length,
      gateway_captures: gatewayCaptures,
      gateway_refunds: gatewayRefunds.length,
      gateway_payouts: payouts.length,
      gateway_card_transfers: transfers.length,
      medusa_payments: payments.length,
    },
  }
}

/** Each payment collection of a gateway payment whose captured or refunded amount is not what its records add up to. */
export async function collectionTotalViolations(db: Client): Promise<Violation[]> {
  const collections = (
    await db.query(`select pc.id, pc.captured_amount, pc.refunded_amount,
        (select coalesce(sum(c.amount), 0) from capture c join payment p on p.id = c.payment_id
          where p.payment_collection_id = pc.id and c.deleted_at is null and p.deleted_at is null) as captures,
        (select coalesce(sum(f.amount), 0) from refund f join payment p on p.id = f.payment_id
          where p.payment_collection_id = pc.id and f.deleted_at is null and p.deleted_at is null) as refunds
      from payment_collection pc where pc.deleted_at is null
        and exists (select 1 from payment p where p.payment_collection_id = pc.id and p.provider_id like 'pp_gateway_%' and p.deleted_at is null)`)
  ).rows
  return collections
    .filter((c) => minor(c.captured_amount) !== minor(c.captures) || minor(c.refunded_amount) !== minor(c.refunds))
    .map((c) => ({
      invariant: "payment collection totals match its captures and refunds",
      details: {
        payment_collection_id: c.id,
        captured_amount: Number(c.captured_amount),
        captures: Number(c.captures),
        refunded_amount: Number(c.refunded_amount),
        refunds: Number(c.refunds),
      },
    }))
}
