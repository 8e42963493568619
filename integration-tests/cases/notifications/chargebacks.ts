// Chargebacks: booked once from what the gateway confirms, never from unsigned fields, by marker, failing closed.
import type { NotificationsEnv } from "./context"

export function chargebackCases(env: NotificationsEnv) {
  const { api, dbConnection, gateway, sent, post, caughtUp, stats, control, refundsOf, disputesOf, paid } = env

  it("a lost chargeback reaches Medusa as one refund of what the gateway confirms; a repeat or the order sync never books it twice; a won one changes nothing", async () => {
    const lost = await paid()
    await caughtUp(lost.session.id)
    const refundCalls = (await stats())["/v1/refund"] ?? 0
    const dispute = await control("/sandbox/disputes", {
      transaction_id: lost.tx.transaction_id,
      reason: "Fraudulent transaction",
    })
    await caughtUp(lost.session.id)
    expect(await refundsOf(lost.payment.id)).toEqual([]) // an open dispute moves no money
    await control(`/sandbox/disputes/${dispute.dispute_id}`, { outcome: "lost" })
    await caughtUp(lost.session.id)
    const booked = await refundsOf(lost.payment.id)
    expect(booked).toHaveLength(1)
    expect(Number(booked[0].amount)).toBe(Number(lost.tx.amount)) // what the gateway took: the transaction's amount
    expect(booked[0].note).toContain(lost.tx.transaction_id)
    expect(booked[0].code).toBe("chargeback")
    expect((await stats())["/v1/refund"] ?? 0).toBe(refundCalls) // nothing was refunded at the gateway

    // The gateway delivers the same result again, and the order sync looks again: still one refund.
    const [result] = (await sent("DISPUTE RESULT")).filter((n) => n.payload.order_no === lost.session.id)
    expect((await post(result.payload, true)).status).toBe(200)
    await caughtUp(lost.session.id, 1)
    await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, env.admin)
    expect(await refundsOf(lost.payment.id)).toHaveLength(1)
    // Medusa holds nothing more: a staff refund is refused before the gateway.
    const more = await api
      .post(`/admin/payments/${lost.payment.id}/refund`, { amount: 1 }, env.admin)
      .catch((e: any) => e.response)
    expect(more.status).toBe(400)
    // The order widget's data shows the chargeback as the order query confirmed it, booked.
    const details = await api.get(`/admin/gateway/payment-sessions/${lost.session.id}`, env.admin)
    const [entry, ...others] = details.data.gateway_payment.disputes
    expect(others).toEqual([])
    expect(entry).toMatchObject({ transaction_id: lost.tx.transaction_id, status: "LOST", booked: true })
    expect(Number(entry.amount)).toBe(Number(lost.tx.amount))

    const won = await paid()
    const d2 = await control("/sandbox/disputes", { transaction_id: won.tx.transaction_id })
    await control(`/sandbox/disputes/${d2.dispute_id}`, { outcome: "won" })
    await caughtUp(won.session.id)
    expect(await refundsOf(won.payment.id)).toEqual([])
  })

  it("a signed message re-posted as disputes is one notification: its unsigned dispute fields are never stored, and the real chargeback is booked from the order query", async () => {
    const { session, payment, tx } = await paid()
    await caughtUp(session.id)
    const [approval] = (await sent("PAYMENT")).filter((n) => n.payload.order_no === session.id)
    const queries = (await stats())["/v1/retrievalTrans"] ?? 0
    // Anyone holding one signed message can change what its signature does not cover.
    const relabelled = ["DISPUTE RECEIVED", "DISPUTE RESULT", "DISPUTE x1", "DISPUTE x2"].map((notify_type, i) => ({
      ...approval.payload,
      notify_type,
      notify_id: `forged-${i}`,
      dispute_id: `D-forged-${i}`,
      dispute_status: "LOST",
      dispute_amount: "0.01",
      dispute_reason: "forged",
    }))
    for (const body of relabelled) {
      const res = await post(body, true)
      expect(res.status).toBe(200)
      expect((await res.json()).duplicate).toBe(true)
    }
    const rows = await caughtUp(session.id, relabelled.length)
    expect(rows).toHaveLength(1) // one record for the signed content, whatever the labels
    expect(rows[0].notify_type).toBe("PAYMENT")
    // Each delivery had the gateway read at most once more; nothing of the labels was kept or acted on.
    expect(((await stats())["/v1/retrievalTrans"] ?? 0) - queries).toBeLessThanOrEqual(relabelled.length)
    expect(await disputesOf(session.id)).toBeNull()
    expect(await refundsOf(payment.id)).toEqual([])
    await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, env.admin)
    expect(await refundsOf(payment.id)).toEqual([])

    // The real chargeback: booked once, for what the order query confirms (never 0.01, never split).
    const d = await control("/sandbox/disputes", { transaction_id: tx.transaction_id })
    await control(`/sandbox/disputes/${d.dispute_id}`, { outcome: "lost" })
    await caughtUp(session.id, relabelled.length)
    expect((await refundsOf(payment.id)).map((r: any) => Number(r.amount))).toEqual([Number(tx.amount)])
  })

  it("a chargeback booking is recognised by its marker, never by its amount: a staff refund while it is open is sent, and the booking retried after a failure books once without a refund at the gateway", async () => {
    const { session, payment, tx } = await paid()
    await caughtUp(session.id)
    const d = await control("/sandbox/disputes", { transaction_id: tx.transaction_id, amount: "10.00" })
    await caughtUp(session.id)
    // Medusa's refunds cannot be written for a while (another transaction holds the table): the booking fails.
    const blocker = await dbConnection.transaction()
    try {
      await blocker.raw("lock table refund in share mode")
      await control(`/sandbox/disputes/${d.dispute_id}`, { outcome: "lost" })
      await caughtUp(session.id)
    } finally {
      await blocker.rollback()
    }
    expect(await refundsOf(payment.id)).toEqual([])
    const open = (await dbConnection.raw("select data from payment where id = ?", [payment.id])).rows[0].data
      .chargebacks
    const before = await disputesOf(session.id)

    // Staff refund the disputed amount while the chargeback is open: it is a refund, sent to the gateway.
    const refundCalls = (await stats())["/v1/refund"] ?? 0
    const staff = await api.post(`/admin/payments/${payment.id}/refund`, { amount: 10 }, env.admin)
    expect(staff.status).toBe(200)
    const [staffRefund] = await refundsOf(payment.id)
    expect((await stats())["/v1/refund"]).toBe(refundCalls + 1)
    const [ledger] = await gateway.transactions(session.id)
    expect(ledger.refunds).toEqual([
      expect.objectContaining({ refund_reference: staffRefund.id, refund_amount: "10.00" }),
    ])
    // It was open then, with the marker its booking carries.
    expect(open).toEqual([expect.objectContaining({ refund_id: null, marker: expect.any(String) })])
    expect(before).toEqual([
      expect.objectContaining({ transaction_id: tx.transaction_id, status: "LOST", booked: false }),
    ])

    // The next run (the refund's notification, then the order sync twice) books the chargeback once, for what
    // Medusa still holds, and sends nothing.
    const refunds = await env.chargebackBookedOnceAfterStaffRefund({ session, payment, tx }, refundCalls)
    expect(refunds[1].metadata).toEqual({ gateway_chargeback: open[0].marker })
    expect((await gateway.transactions(session.id))[0].refunds).toHaveLength(1)
    expect(await disputesOf(session.id)).toEqual([expect.objectContaining({ booked: true })])
  })

  it("a chargeback booking fails closed: when Medusa does not keep the refund's marker, the booking is refused and nothing is sent; a staff refund afterwards is sent; the booking retried with its marker books once", async () => {
    const { session, payment, tx } = await paid()
    await caughtUp(session.id)
    const refundCalls = (await stats())["/v1/refund"] ?? 0
    // A Medusa that drops the refund's metadata (the marker is not in refundPaymentWorkflow's input type):
    // every refund is stored without it.
    await dbConnection.raw(`
      create or replace function test_drop_refund_metadata() returns trigger as $$ begin new.metadata := null; return new; end $$ language plpgsql;
      create trigger test_drop_refund_metadata before insert on refund for each row execute function test_drop_refund_metadata();
    `)
    try {
      // A partial chargeback (the gateway keeps the rest refundable); Medusa books it whole.
      const d = await control("/sandbox/disputes", { transaction_id: tx.transaction_id, amount: "10.00" })
      await caughtUp(session.id)
      await control(`/sandbox/disputes/${d.dispute_id}`, { outcome: "lost" })
      await caughtUp(session.id)
      // The booking arrived without its marker while it was under way: refused, never sent as a refund.
      expect(await refundsOf(payment.id)).toEqual([])
      expect((await stats())["/v1/refund"] ?? 0).toBe(refundCalls)
      expect((await gateway.transactions(session.id))[0].refunds).toEqual([])
      const [row] = await env.verifiedRows(session.id)
      expect(row.result).toMatch(/could not be booked.*being booked on this payment right now.*nothing was sent/)
      expect(await disputesOf(session.id)).toEqual([expect.objectContaining({ booked: false })])
      // The failed booking is no longer under way: a staff refund (even of the booking's amount) is not held back.
      const [open] = (await dbConnection.raw("select data from payment where id = ?", [payment.id])).rows[0].data
        .chargebacks
      expect(open).toMatchObject({ refund_id: null, booking_until: null, amount: tx.amount })
      const staff = await api
        .post(`/admin/payments/${payment.id}/refund`, { amount: 10 }, env.admin)
        .catch((e: any) => e.response)
      expect([staff.status, staff.data?.message]).toEqual([200, undefined])
      expect((await stats())["/v1/refund"]).toBe(refundCalls + 1)
      expect((await gateway.transactions(session.id))[0].refunds).toEqual([
        expect.objectContaining({ refund_amount: "10.00" }),
      ])
    } finally {
      await dbConnection.raw(
        "drop trigger if exists test_drop_refund_metadata on refund; drop function if exists test_drop_refund_metadata();"
      )
    }
    // Medusa keeps the marker again: the order sync books the chargeback once, for what Medusa still holds.
    const refunds = await env.chargebackBookedOnceAfterStaffRefund({ session, payment, tx }, refundCalls)
    expect(refunds[1].metadata).toEqual({ gateway_chargeback: expect.any(String) })
    expect(await disputesOf(session.id)).toEqual([expect.objectContaining({ booked: true })])
  })

  it("a lost chargeback whose notification could not be processed reaches Medusa through the order sync", async () => {
    const { session, payment, tx } = await paid()
    await caughtUp(session.id)
    const dispute = await control("/sandbox/disputes", { transaction_id: tx.transaction_id })
    await caughtUp(session.id)
    // The result arrives while the order query is down: nothing can be confirmed, nothing is booked.
    gateway.sandbox.setFaults([{ path: "/v1/retrievalTrans", fault: "error5xx" }])
    await control(`/sandbox/disputes/${dispute.dispute_id}`, { outcome: "lost" })
    const [failed] = await caughtUp(session.id)
    expect(failed.status).toBe("failed")
    expect(await refundsOf(payment.id)).toEqual([])
    gateway.sandbox.clearFaults()
    await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, env.admin)
    expect((await refundsOf(payment.id)).map((r: any) => Number(r.amount))).toEqual([Number(tx.amount)])
    await api.post("/admin/gateway/sync-runs", { job: "order_sync" }, env.admin)
    expect(await refundsOf(payment.id)).toHaveLength(1)
    const [settled] = await env.verifiedRows(session.id)
    expect(settled).toMatchObject({ status: "processed", result: "read again and applied by the order sync" })
  })
}
