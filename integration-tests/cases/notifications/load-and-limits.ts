// Notifications under load: concurrent copies, the per-minute delivery limit, storms, floods, payout re-reads.
import { Modules } from "@medusajs/framework/utils"
import { until } from "../../helpers/until"
import { CARDS, card, completeIssuerPage } from "../../helpers/shopper"
import type { NotificationsEnv } from "./context"

export function loadAndLimitCases(env: NotificationsEnv) {
  const { api, getContainer, dbConnection, gateway, sent, post, verifiedRows, stats } = env

  it("copies of one signed notification arriving together are one record, processed once", async () => {
    const { cartId, session } = await env.shopper.cartWithSession("pp_gateway_card")
    // The sandbox's own notification never verifies here, so the copies below are the first of their content.
    gateway.sandbox.setFaults([{ path: "notifications", fault: "bad_signature" }])
    const posted = await env.shopper.postCard(session.id, { card: card(CARDS.threeDS) })
    await completeIssuerPage(posted.data.payment_session.data.issuer_url)
    const [notice] = await until("the notification", async () =>
      (await sent("PAYMENT")).filter((n) => n.payload.order_no === session.id)
    )
    gateway.sandbox.clearFaults()
    const genuine = await env.signedCopy(notice.payload)

    const answers = await Promise.all(Array.from({ length: 4 }, () => post(genuine)))
    expect(answers.map((a) => a.status)).toEqual([200, 200, 200, 200])
    const bodies = await Promise.all(answers.map((a) => a.json()))
    expect(bodies.filter((b) => !b.duplicate)).toHaveLength(1)
    expect(new Set(bodies.map((b) => b.id)).size).toBe(1)
    const row = await until("the copies handled", async () => {
      const [r] = await verifiedRows(session.id)
      return r && r.status !== "received" ? r : null
    })
    expect(row).toMatchObject({ deliveries: 4, status: "processed" })
    expect(await verifiedRows(session.id)).toHaveLength(1)
    await until("the order", () => env.cartCompleted(cartId))
    const { rows: orders } = await dbConnection.raw("select count(*)::int as n from order_cart where cart_id = ?", [
      cartId,
    ])
    expect(orders[0].n).toBe(1)
  })

  it("one signed notification posted more than notifications.max_deliveries_per_minute (10) times in a minute: the first 10 are handled, the rest answered as duplicates without an event, covered by the read already due; a later one to a settled record is handled", async () => {
    const limit = getContainer().resolve("gateway").moduleOptions().notifications?.max_deliveries_per_minute ?? 10
    expect(limit).toBe(10) // the plugin's default: this store does not set it
    // The sandbox's own notifications never verify here, so the posts below are the record's only deliveries.
    gateway.sandbox.setFaults([{ path: "notifications", fault: "bad_signature" }])
    const eventBus = getContainer().resolve(Modules.EVENT_BUS)
    const emitted: string[] = []
    const counter = async ({ data }: { data: { id: string } }) => void emitted.push(data.id)
    const subscriber = { subscriberId: "test-notification-events" }
    try {
      const { session } = await env.paid()
      const [notice] = await until("the sandbox's notifications given up", async () => {
        const mine = (await sent()).filter((n) => n.payload.order_no === session.id)
        return mine.length && mine.every((n) => n.state !== "sending")
          ? mine.filter((n) => n.notify_type === "PAYMENT")
          : null
      })
      expect(await verifiedRows(session.id)).toHaveLength(0)
      const genuine = await env.signedCopy(notice.payload)
      eventBus.subscribe("gateway.notification.received", counter as never, subscriber)

      const queries = async () => (await stats())["/v1/retrievalTrans"] ?? 0
      const before = await queries()
      const first = await post(genuine)
      expect(first.status).toBe(200)
      const { id, duplicate } = await first.json()
      expect(duplicate).toBe(false)
      const row = async () =>
        (
          await dbConnection.raw(
            "select status, deliveries, delivery_window_count, (processed_at > now() - interval '2 seconds') as read_lately from gateway_notification where id = ?",
            [id]
          )
        ).rows[0]
      const settled = (what: string) =>
        until(what, async () => {
          const r = await row()
          return r.status !== "received" ? r : null
        })
      await settled("the first delivery read")
      const afterFirstRead = await queries()
      expect(afterFirstRead - before).toBeGreaterThanOrEqual(1)

      // 14 more at once, one after another, within the read interval (2 s here) that follows the first read.
      const answers: unknown[] = []
      for (let i = 1; i < limit + 5; i++) {
        const res = await post(genuine)
        answers.push([res.status, await res.json()])
      }
      expect(answers).toEqual(Array.from({ length: limit + 4 }, () => [200, { received: true, id, duplicate: true }]))
      // The first 10 counted, each with its event; the 5 beyond them counted in the minute only, without one.
      expect(await row()).toMatchObject({
        status: "received",
        deliveries: limit,
        delivery_window_count: limit + 5,
        read_lately: true,
      })
      await until("the events of the handled deliveries", async () => emitted.filter((e) => e === id).length >= limit)
      // One read at the interval's end covers all 14, the dropped ones with them: the gateway saw no other.
      expect(await settled("the deliveries read")).toMatchObject({ status: "processed", deliveries: limit })
      expect(emitted.filter((e) => e === id)).toHaveLength(limit)
      expect((await queries()) - afterFirstRead).toBe(1)

      // Over the limit in the same minute, but the record is settled (no read due after it): handled, read again.
      const later = await post(genuine)
      expect(await later.json()).toEqual({ received: true, id, duplicate: true })
      expect(await settled("the later delivery read")).toMatchObject({
        status: "processed",
        deliveries: limit + 1,
        delivery_window_count: limit + 6,
      })
      expect(emitted.filter((e) => e === id)).toHaveLength(limit + 1)
      expect((await queries()) - afterFirstRead).toBe(2)
    } finally {
      eventBus.unsubscribe("gateway.notification.received", counter as never, subscriber)
      gateway.sandbox.clearFaults()
    }
  })

  it("a storm of notifications is processed at most notifications.concurrency (8) at once: the gateway never sees more order queries in flight, copies of a waiting record queue nothing more, and each is processed", async () => {
    // A genuine notification's fields (one 3-D Secure payment), re-signed for each payment below as the gateway would.
    const { session: first } = await env.shopper.cartWithSession("pp_gateway_card")
    const started = await env.shopper.postCard(first.id, { card: card(CARDS.threeDS) })
    await completeIssuerPage(started.data.payment_session.data.issuer_url)
    const [template] = await until("the notification", async () =>
      (await sent("PAYMENT")).filter((n) => n.payload.order_no === first.id)
    )
    await env.caughtUp(first.id)
    // 16 payments waiting for 3-D Secure: each notification has the gateway read (the order query), slowly here.
    const waiting: { id: string; tx: string }[] = []
    for (let i = 0; i < 16; i++) {
      const { session } = await env.shopper.cartWithSession("pp_gateway_card")
      const posted = await env.shopper.postCard(session.id, { card: card(CARDS.threeDS) })
      expect(posted.data.payment_session.status).toBe("requires_more")
      waiting.push({ id: session.id, tx: posted.data.payment_session.data.transaction_id })
    }
    // The sandbox's counters started at this test (beforeEach resets it); the reads so far came one at a time.
    expect(gateway.sandbox.stats().mostInFlight["/v1/retrievalTrans"] ?? 0).toBeLessThanOrEqual(1)
    const signer = gateway.merchant()
    const { encryption_data: _, ...fields } = template.payload
    const bodies = waiting.map(({ id, tx }) => {
      const f = { ...fields, order_no: id, transaction_id: tx }
      return { ...f, encryption_data: signer.signer.sign("notification", f) }
    })
    await signer.close()
    gateway.sandbox.setFaults([{ path: "/v1/retrievalTrans", fault: "latency", ms: 1500 }])
    // Each delivered three times at once (the gateway's retries and replays): a record's copies queue one run.
    const queue = () => (getContainer().resolve("gateway") as any).notificationQueue()
    let mostWaiting = 0
    const sampler = setInterval(() => (mostWaiting = Math.max(mostWaiting, queue().waiting)), 10)
    const answers = await Promise.all([...bodies, ...bodies, ...bodies].map((b) => post(b)))
    expect(answers.map((a) => a.status)).toEqual([...bodies, ...bodies, ...bodies].map(() => 200))
    const rows = await until("every notification processed", async () => {
      const all = (await Promise.all(waiting.map(({ id }) => verifiedRows(id)))).flat()
      return all.length === waiting.length && all.every((r: any) => r.status !== "received") ? all : null
    })
    clearInterval(sampler)
    gateway.sandbox.clearFaults()
    expect(rows.map((r: any) => [r.status, r.deliveries])).toEqual(waiting.map(() => ["processed", 3]))
    expect(mostWaiting).toBeGreaterThan(0)
    expect(mostWaiting).toBeLessThanOrEqual(waiting.length) // at most one waiting run per record, not one per copy
    const { byPath, mostInFlight } = gateway.sandbox.stats()
    expect(byPath["/v1/retrievalTrans"]).toBeGreaterThanOrEqual(waiting.length) // every one read the gateway
    expect(mostInFlight["/v1/retrievalTrans"]).toBeLessThanOrEqual(8)
  })

  it("a flood of forged posts leaves a bounded sample without bodies and a count per minute; old ones are pruned; a body over 16 kB is refused unread", async () => {
    const { rows: clock } = await dbConnection.raw("select now() as now")
    const start = clock[0].now
    // Rejections per minute since the test began (the table is new: none before this version).
    const counted = async () =>
      (
        await dbConnection
          .raw(
            "select coalesce(sum(rejected), 0)::int as rejected, coalesce(sum(bad_signature), 0)::int as bad_signature from gateway_notification_rejection where period_start >= date_trunc('minute', ?::timestamptz)",
            [start]
          )
          .catch(() => ({ rows: [{ rejected: 0, bad_signature: 0 }] }))
      ).rows[0]
    const before = await counted()
    // A sample and a count of eight days ago, beyond the default retention of 7 days.
    await dbConnection.raw(
      "insert into gateway_notification (id, notify_id, notify_type, content_type, payload, verified, status, received_at) values ('gwntf_old', 'old', 'PAYMENT', 'application/json', '{}', false, 'rejected', now() - interval '8 days')"
    )
    await dbConnection
      .raw(
        "insert into gateway_notification_rejection (id, period_start, rejected) values ('gwnrj_old', date_trunc('minute', now() - interval '8 days'), 5)"
      )
      .catch(() => undefined)
    const base = {
      notify_type: "PAYMENT",
      merchant_id: "701001",
      account_id: "701001010",
      transaction_id: "T-forged",
      order_no: "payses_forged",
      currency: "USD",
      amount: "1.00",
      order_status: "1",
      result_info: "0000:Success",
      card: CARDS.approve,
    }
    const flood = Array.from({ length: 60 }, (_, i) => ({
      ...base,
      notify_id: `flood-${i}`,
      ...(i % 2 ? { encryption_data: "0".repeat(64) } : {}),
    }))
    const answers = await Promise.all(flood.map((body, i) => post(body, i % 3 === 0)))
    expect(answers.every((a) => a.status === 401)).toBe(true)

    const { rows: samples } = await dbConnection.raw(
      "select * from gateway_notification where status = 'rejected' and received_at >= ?",
      [start]
    )
    // At most 10 a minute (the flood may straddle two minutes), none with its body.
    expect(samples.length).toBeGreaterThan(0)
    expect(samples.length).toBeLessThanOrEqual(20)
    expect(
      samples.every(
        (r: any) =>
          r.payload === null && r.verified === false && r.size > 0 && r.source && r.order_no === "payses_forged"
      )
    ).toBe(true)
    const { rows: leaked } = await dbConnection.raw(
      "select count(*)::int as n from gateway_notification t where t::text like ?",
      [`%${CARDS.approve}%`]
    )
    expect(leaked[0].n).toBe(0)
    // Every one is counted, per minute: what an alert on repeated verification failures reads.
    const after = await counted()
    expect({
      rejected: after.rejected - before.rejected,
      bad_signature: after.bad_signature - before.bad_signature,
    }).toEqual({ rejected: 60, bad_signature: 30 })
    const { rows: old } = await dbConnection.raw(
      "select (select count(*)::int from gateway_notification where id = 'gwntf_old') as samples, (select count(*)::int from gateway_notification_rejection where id = 'gwnrj_old') as counts"
    )
    expect(old[0]).toEqual({ samples: 0, counts: 0 })

    const big = await post({ ...base, padding: "x".repeat(20_000) })
    expect(big.status).toBe(413)
    expect((await counted()).rejected).toBe(after.rejected)
  })

  it("a payout's notifications re-read an open payout at most once a minute and never a final one (no re-send per delivery or replay)", async () => {
    const payouts = async () => (await stats())["/v1/payout"] ?? 0
    const payoutRows = async () =>
      (
        await dbConnection.raw(
          "select * from gateway_notification where notify_type = 'PAYOUT' and verified order by received_at"
        )
      ).rows
    const handled = (deliveries: number) =>
      until(`${deliveries} payout notification deliveries handled`, async () => {
        const rows = await payoutRows()
        const n = rows.reduce((sum: number, r: any) => sum + (r.deliveries ?? 1), 0)
        return n >= deliveries && rows.every((r: any) => r.status !== "received") ? rows : null
      })
    const create = async (reference: string) =>
      (
        await api.post(
          "/admin/gateway/payouts",
          {
            payment_amount: "10.00",
            payment_currency: "USD",
            reference,
            beneficiary: {
              entity_type: "COMPANY",
              company_name: "Acme",
              address: { city: "London", country_code: "GB", street_address: "1 King St" },
              bank_details: {
                account_name: "Acme",
                account_number: "12345678",
                bank_country_code: "GB",
                account_currency: "USD",
                swift_code: "BARCGB22",
              },
            },
          },
          { headers: { ...env.admin.headers, "Idempotency-Key": `po-${reference}` } }
        )
      ).data.payout

    // An open payout (PROCESSING after its answer): its COMPLETED notification re-reads it once; the same
    // notification delivered twice more (the gateway's retry, a replay) sends nothing: the payout is final.
    const payout = await create("N-1")
    expect(payout.status).toBe("PROCESSING")
    await handled(1)
    expect(await payouts()).toBe(2)
    const [notice] = await sent("PAYOUT")
    for (let i = 0; i < 2; i++) expect((await post(notice.payload)).status).toBe(200)
    await handled(3)
    expect(await payouts()).toBe(2)
    expect((await api.get(`/admin/gateway/payouts/${payout.id}`, env.admin)).data.payout.status).toBe("COMPLETED")
    expect((await payoutRows())[0].result).toMatch(/COMPLETED \(final\): not sent again/)

    // A payout still open after its re-read (both answers lost): a second delivery within the minute sends nothing.
    gateway.sandbox.setFaults([{ path: "/v1/payout", fault: "drop", times: 2 }])
    const lost = await create("N-2")
    expect(lost.status).toBe("UNKNOWN")
    await until("the second payout's notification", async () => ((await sent("PAYOUT")).length >= 2 ? true : null))
    await handled(4)
    expect(await payouts()).toBe(4)
    const second = (await sent("PAYOUT")).find((n) => n.payload.request_id === lost.request_id)
    expect((await post(second.payload)).status).toBe(200)
    await handled(5)
    expect(await payouts()).toBe(4)
    expect((await api.get(`/admin/gateway/payouts/${lost.id}`, env.admin)).data.payout.status).toBe("UNKNOWN")
  })
}
