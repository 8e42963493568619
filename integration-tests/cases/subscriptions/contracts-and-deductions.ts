// Subscription contracts: sold by card, deductions recorded once (notifications or the sync), contracts ended, late records.
import { until } from "../../helpers/until"
import { CARDS } from "../../helpers/shopper"
import { DAY, type SubscriptionsEnv } from "./context"

export function contractAndDeductionCases(env: SubscriptionsEnv) {
  const { api, dbConnection, gateway, subscribe, deductionsOf, shortPlan, detail, syncSubscriptions } = env

  it("sells the subscription by card: the wire carries its plan and amount, the contract is recorded with its recurring_id", async () => {
    const { order, session, subscription, posted } = await subscribe(env.ada)
    const [tx] = await gateway.transactions(session.id)
    expect(tx.recurring_id).toMatch(/^RC/)
    const contract = await (await fetch(`${gateway.sandbox.url}/sandbox/subscriptions/${tx.recurring_id}`)).json()
    expect(contract).toMatchObject({ contract_name: "Coffee Club monthly", interval: "month", recurring_status: "1" })
    expect(contract.amount).toBe("25.00") // the contract_amount sent: 2 × 12.50
    expect(posted.data.payment_session.data.subscription).toMatchObject({
      recurring_id: tx.recurring_id,
      amount: "25.00",
      interval: "month",
      billing_cycles: 12,
    })

    expect(subscription).toMatchObject({
      recurring_id: tx.recurring_id,
      order_id: order.id,
      customer_id: env.ada.customer!.id,
      contract_name: "Coffee Club monthly",
      interval: "month",
      interval_count: 1,
      billing_cycles: 12,
      amount: "25.00",
      currency: "USD",
      status: "active",
      deductions: [],
    })
    const listed = await api.get(
      `/admin/gateway/subscriptions?status=active&customer_id=${env.ada.customer!.id}`,
      env.admin
    )
    expect(listed.data).toMatchObject({ count: 1, subscriptions: [{ id: subscription.id, order_id: order.id }] })
    // Staff see who it is, not an id: the customer's e-mail (and name, when the customer has one).
    expect(listed.data.subscriptions[0].customer).toEqual({
      id: env.ada.customer!.id,
      email: env.ada.customer!.email,
      name: "Ada Lovelace",
    })
  })

  it("records each deduction exactly once when the clock advances, even when notifications repeat or arrive late", async () => {
    const { subscription } = await subscribe(env.ada)
    const advanced = gateway.sandbox.advanceClock(95 * DAY) // three monthly deductions
    expect(advanced.deductions).toHaveLength(3)
    await until("three deductions recorded", async () => (await deductionsOf(subscription.id)).length === 3, 60_000)
    const deductions = await deductionsOf(subscription.id)
    expect(deductions.map((d) => d.transaction_id)).toEqual(advanced.deductions.map((d: any) => d.transaction_id))
    expect(deductions.every((d) => d.amount === "25.00" && d.currency === "USD" && d.outcome === "approved")).toBe(true)

    // The gateway sends them all again (repeats, out of order): nothing new is recorded.
    const sent = await env.deductionNotifications()
    for (const s of [...sent].reverse())
      await fetch(`${gateway.sandbox.url}/sandbox/notifications/${s.notify_id}/resend`, { method: "POST" })
    // Each deduction's signed content is one record, delivered twice now.
    await until(
      "the replays processed",
      async () => {
        const { rows } = await dbConnection.raw(
          "select count(*)::int as c, coalesce(sum(deliveries), 0)::int as d, count(*) filter (where status = 'received')::int as waiting from gateway_notification where notify_type = 'SUBSCRIPTION' and verified"
        )
        return rows[0].c === sent.length && rows[0].d >= sent.length * 2 && rows[0].waiting === 0
      },
      60_000
    )
    expect(await deductionsOf(subscription.id)).toHaveLength(3)
    const { rows } = await dbConnection.raw(
      "select count(*)::int as c from gateway_subscription_deduction where subscription_id = ?",
      [subscription.id]
    )
    expect(rows[0].c).toBe(3)

    // A declined deduction is recorded as declined; the contract stays active, the next time moves on.
    const mid = (await api.get(`/admin/gateway/subscriptions/${subscription.id}`, env.admin)).data.subscription
    expect(mid.next_deduction_at).toEqual(expect.any(String))
    await fetch(`${gateway.sandbox.url}/sandbox/subscriptions/${subscription.recurring_id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ next_deduction: "decline" }),
    })
    gateway.sandbox.advanceClock(31 * DAY)
    await until(
      "the declined deduction recorded",
      async () => (await deductionsOf(subscription.id)).length === 4,
      60_000
    )
    const after = (await api.get(`/admin/gateway/subscriptions/${subscription.id}`, env.admin)).data.subscription
    expect(after.deductions[3].outcome).toBe("declined")
    expect(after.status).toBe("active")
    expect(new Date(after.next_deduction_at).getTime()).toBeGreaterThan(new Date(mid.next_deduction_at).getTime())
  })

  it("catches up with the subscription sync when the deductions' notifications never verify; a second run changes nothing", async () => {
    const { subscription } = await subscribe(env.ada)
    gateway.sandbox.setFaults([{ path: "notifications", fault: "bad_signature" }])
    expect(gateway.sandbox.advanceClock(62 * DAY).deductions).toHaveLength(2)
    await until("the forged-looking notifications refused", async () => {
      const { rows } = await dbConnection.raw(
        "select count(*)::int as c from gateway_notification where notify_type = 'SUBSCRIPTION' and status = 'rejected'"
      )
      return rows[0].c >= 2
    })
    expect(await deductionsOf(subscription.id)).toHaveLength(0)
    gateway.sandbox.clearFaults()

    const run = await api.post("/admin/gateway/sync-runs", { job: "subscription_sync" }, env.admin)
    expect(run.data.summary).toMatchObject({
      job: "subscription_sync",
      status: "succeeded",
      checked: 1,
      changed: 1,
      requests: 1,
    })
    expect((await deductionsOf(subscription.id)).map((d) => d.outcome)).toEqual(["approved", "approved"])
    const again = await api.post("/admin/gateway/sync-runs", { job: "subscription_sync" }, env.admin)
    expect(again.data.summary).toMatchObject({ status: "succeeded", changed: 0 })
    expect(await deductionsOf(subscription.id)).toHaveLength(2)
  })

  it("a contract that ran its billing cycles (a declined deduction counts) is ended, not cancelled, through notifications", async () => {
    const { subscription } = await subscribe(env.ada, CARDS.approve, await shortPlan(2))
    expect(subscription).toMatchObject({ contract_name: "Tea Club 2 Monthly", billing_cycles: 2 }) // product and variant title
    await fetch(`${gateway.sandbox.url}/sandbox/subscriptions/${subscription.recurring_id}`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ next_deduction: "decline" }),
    })
    expect(gateway.sandbox.advanceClock(65 * DAY).deductions).toHaveLength(2) // both notifications at once
    const contract = await (
      await fetch(`${gateway.sandbox.url}/sandbox/subscriptions/${subscription.recurring_id}`)
    ).json()
    expect(contract.recurring_status).toBe("0")
    const over = await until(
      "the contract over",
      async () => {
        const s = await detail(subscription.id)
        return s.deductions.length === 2 && s.status !== "active" ? s : null
      },
      60_000
    )
    expect(over.deductions.map((d: any) => d.outcome).sort()).toEqual(["approved", "declined"])
    expect(over).toMatchObject({ status: "ended", cancelled_at: null, next_deduction_at: null })
  })

  it("the sync alone ends a contract whose deductions it reads after the first payment's record, and corrects one marked cancelled, audited", async () => {
    const { subscription } = await subscribe(env.ada, CARDS.approve, await shortPlan(2))
    gateway.sandbox.setFaults([{ path: "notifications", fault: "bad_signature" }])
    expect(gateway.sandbox.advanceClock(65 * DAY).deductions).toHaveLength(2)
    gateway.sandbox.clearFaults()
    expect((await detail(subscription.id)).deductions).toHaveLength(0)

    expect(await syncSubscriptions()).toMatchObject({ status: "succeeded", changed: 1 })
    expect(await detail(subscription.id)).toMatchObject({
      status: "ended",
      cancelled_at: null,
      next_deduction_at: null,
      deductions: [{}, {}],
    })

    // A contract an earlier version marked cancelled: the sync corrects it (not a move backwards) and audits it.
    await env
      .getContainer()
      .resolve("gateway")
      .updateGatewaySubscriptions({ id: subscription.id, status: "cancelled", cancelled_at: new Date() })
    await syncSubscriptions()
    expect(await detail(subscription.id)).toMatchObject({ status: "ended", cancelled_at: null })
    const { rows } = await dbConnection.raw(
      "select actor_type, result, details from gateway_operation_audit where operation = 'subscription.correct' and target_id = ?",
      [subscription.id]
    )
    expect(rows).toEqual([
      {
        actor_type: "system",
        result: "succeeded",
        details: expect.objectContaining({ from: "cancelled", to: "ended", deductions: 2, billing_cycles: 2 }),
      },
    ])
    const audit = await api.get(
      `/admin/gateway/audit?operation=subscription.correct&target_id=${subscription.id}`,
      env.admin
    )
    expect(audit.data).toMatchObject({
      count: 1,
      audit: [{ operation: "subscription.correct", actor_type: "system" }],
    })
    // Staff have the gateway's recurring id: it finds the contract's history too, and nothing else.
    const byRecurringId = (await api.get(`/admin/gateway/audit?recurring_id=${subscription.recurring_id}`, env.admin))
      .data.audit as { target_id: string; operation: string }[]
    expect(byRecurringId.map((r) => r.operation)).toContain("subscription.correct")
    expect(byRecurringId.every((r) => r.target_id === subscription.id)).toBe(true)
    const other = await api.get(`/admin/gateway/audit?recurring_id=R-none&target_id=${subscription.id}`, env.admin)
    expect(other.data).toMatchObject({ count: 0, audit: [] })
  })

  it("finds its order when the record is made after the order was placed (no record from the provider)", async () => {
    const { subscription, order } = await subscribe(env.ada)
    // As when the payment module could not reach the plugin's module: the provider recorded nothing, and the
    // gateway's notification of the first deduction records the contract, long after order.placed.
    await dbConnection.raw("delete from gateway_subscription where id = ?", [subscription.id])
    expect(gateway.sandbox.advanceClock(31 * DAY).deductions).toHaveLength(1)
    const recorded = await until(
      "the contract recorded from the notification",
      async () => {
        const { data } = await api.get(
          `/admin/gateway/subscriptions?recurring_id=${subscription.recurring_id}`,
          env.admin
        )
        return data.subscriptions[0]?.deductions?.length ? data.subscriptions[0] : null
      },
      60_000
    )
    expect(recorded).toMatchObject({
      recurring_id: subscription.recurring_id,
      order_id: order.id,
      customer_id: env.ada.customer!.id,
    })
    expect((await api.get(`/admin/gateway/subscriptions?order_id=${order.id}`, env.admin)).data.count).toBe(1)
  })
}
