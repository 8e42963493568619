// The acquiring client against the sandbox over a real socket: order query, capture, cancel, review, refund and refund search.
import { AcquiringClient, GatewayApiError, splitBatch, runInBatches } from "../index"
import { acquiringFor, cardPayment, CARDS, expectNothingSent, orderNo, Sandbox, start } from "./helpers/sandbox"
import { useAcquiringSandbox } from "./helpers/acquiring-sandbox"

let sb: Sandbox
let client: AcquiringClient
const { authorised, captured } = useAcquiringSandbox((started, made) => {
  sb = started
  client = made
})

describe("order query /v1/retrievalTrans", () => {
  it("finds transactions by order number and transaction id; unknown ids answer query_result 2", async () => {
    const a = await authorised("1.00")
    const b = await authorised("2.00")
    const r = await client.orderQuery({
      orders: [a.order_no, "no-such-order"],
      trades: [b.transaction_id!, "T-missing"],
    })
    expect(r.return_status).toBe("1")
    const byOrder = new Map(r.orders_list.map((t) => [t.order_no ?? t.transaction_id, t]))
    expect(byOrder.get(a.order_no)).toMatchObject({
      transaction_id: a.transaction_id,
      payment_status: "2000",
      query_result: "1",
      amount: "1.00",
    })
    expect(byOrder.get(b.order_no)).toMatchObject({ transaction_id: b.transaction_id, payment_status: "2000" })
    expect(byOrder.get("no-such-order")).toMatchObject({ query_result: "2" })
    expect(byOrder.get("T-missing")).toMatchObject({ query_result: "2" })
    expect(byOrder.get(a.order_no)!.transaction_date).toMatch(/^\d{14}$/)
  })

  it("works with the content type switched to JSON", async () => {
    const json = acquiringFor(sb, { contentTypes: { orderQuery: "json", "/v1/capture": "form" } })
    try {
      const a = await authorised("1.00")
      expect((await json.orderQuery({ orders: [a.order_no] })).orders_list[0]!.transaction_id).toBe(a.transaction_id)
      const c = await json.capture({
        capture_orders: [{ transaction_id: a.transaction_id!, order_no: a.order_no, currency: "USD", amount: "1.00" }],
      })
      expect(c.capture_orders[0]!.outcome).toBe("done")
    } finally {
      await json.close()
    }
  })

  it("from an unregistered IP: GatewayApiError return_status 7 saying to register the IP", async () => {
    const guarded = await start({ registeredIps: ["203.0.113.7"] })
    const c = acquiringFor(guarded)
    try {
      const e = await c.orderQuery({ orders: ["x"] }).catch((x: unknown) => x)
      expect(e).toBeInstanceOf(GatewayApiError)
      expect(e).toMatchObject({ returnStatus: "7", code: "return_status:7", httpStatus: 200 })
      expect((e as Error).message).toMatch(
        /IP not registered with the gateway: register this server's IP address for the order query/
      )
    } finally {
      await c.close()
      await guarded.close()
    }
  })
})

describe("capture, cancel, review", () => {
  it("capture: done, then refused as data when repeated or too large", async () => {
    const a = await authorised("10.00")
    const b = await authorised("10.00")
    const entry = (t: typeof a, amount: string) => ({
      transaction_id: t.transaction_id!,
      order_no: t.order_no,
      currency: "USD",
      amount,
    })
    const r = await client.capture({ capture_orders: [entry(a, "10.00"), entry(b, "10.01")] })
    expect(r.return_status).toBe("1")
    expect(r.capture_orders[0]).toMatchObject({ outcome: "done", capture_status: "1", result: null })
    expect(r.capture_orders[1]).toMatchObject({
      outcome: "refused",
      capture_status: "0",
      result: { code: "C0001", message: "Amount exceeds authorised amount" },
    })
    const again = await client.capture({ capture_orders: [entry(a, "10.00")] })
    expect(again.capture_orders[0]).toMatchObject({ outcome: "refused", result: { code: "C0002" } })
    const q = await client.orderQuery({ trades: [a.transaction_id!] })
    expect(q.orders_list[0]!.payment_status).toBe("3000")
  })

  it("cancel: an authorised transaction is voided and can no longer be captured", async () => {
    const a = await authorised("4.00")
    const e = { transaction_id: a.transaction_id!, order_no: a.order_no, currency: "USD", amount: "4.00" }
    const r = await client.cancel({ cancel_orders: [e] })
    expect(r.cancel_orders[0]).toMatchObject({ outcome: "done", cancel_status: "1" })
    const c = await client.capture({ capture_orders: [e] })
    expect(c.capture_orders[0]!.outcome).toBe("refused")
    const again = await client.cancel({ cancel_orders: [e] })
    expect(again.cancel_orders[0]).toMatchObject({ outcome: "refused", result: { code: "X0001" } })
    expect((await client.orderQuery({ trades: [a.transaction_id!] })).orders_list[0]!.payment_status).toBe("5000")
  })

  it("review: approve moves a held transaction to authorised, reject to declined; others are refused", async () => {
    const held1 = await client.authorise(cardPayment("6.00", "USD", CARDS.review))
    const held2 = await client.authorise(cardPayment("6.00", "USD", CARDS.review))
    const normal = await authorised("6.00")
    const e = (t: typeof normal, flag: "1" | "0") => ({
      transaction_id: t.transaction_id!,
      order_no: t.order_no,
      currency: "USD",
      amount: "6.00",
      review_flag: flag,
    })
    const r = await client.review({ review_orders: [e(held1, "1"), e(held2, "0"), e(normal, "1")] })
    expect(r.review_orders.map((x) => x.outcome)).toEqual(["done", "done", "refused"])
    expect(r.review_orders[2]!.result).toEqual({ code: "R0001", message: "Not under review" })
    const q = await client.orderQuery({ trades: [held1.transaction_id!, held2.transaction_id!] })
    const status = Object.fromEntries(q.orders_list.map((t) => [t.transaction_id, t.payment_status]))
    expect(status[held1.transaction_id!]).toBe("2000")
    expect(status[held2.transaction_id!]).toBe("6000")
  })

  it("a batch over the limit is split by splitBatch into compliant requests", async () => {
    const txs = []
    for (let i = 0; i < 60; i++) txs.push(await authorised("1.00"))
    const entries = txs.map((t) => ({
      transaction_id: t.transaction_id!,
      order_no: t.order_no,
      currency: "USD",
      amount: "1.00",
    }))
    // one request over the limit is refused locally, without a request
    await expectNothingSent(sb, () => client.capture({ capture_orders: entries }))
    const before = sb.stats().byPath["/v1/capture"] ?? 0
    const chunks = splitBatch("capture", entries)
    expect(chunks.map((c) => c.length)).toEqual([50, 10])
    const results = await runInBatches("capture", entries, (chunk) => client.capture({ capture_orders: chunk }), 2)
    expect(results.flatMap((r) => r.capture_orders).every((e) => e.outcome === "done")).toBe(true)
    expect((sb.stats().byPath["/v1/capture"] ?? 0) - before).toBe(2)
  })
})

describe("refund and refund search", () => {
  it("refunds with a merchant reference; a repeat returns the same refund; over-refund is refused", async () => {
    const t = await captured("20.00")
    const base = { transaction_id: t.transaction_id!, order_no: t.order_no, currency: "USD", amount: "20.00" }
    const ref = `re_${orderNo()}`
    const r = await client.refund({
      refund_orders: [{ ...base, refund_amount: "5.00", refund_reason: "damaged", refund_reference: ref }],
    })
    const entry = r.refund_orders[0]!
    expect(entry).toMatchObject({
      outcome: "done",
      refund_status: "1",
      refund_reference: ref,
      result: { code: "V0000", message: "OK" },
    })
    expect(entry.refund_reference_id).toMatch(new RegExp(`^${t.transaction_id}-\\d{2}$`))
    const repeat = await client.refund({ refund_orders: [{ ...base, refund_amount: "5.00", refund_reference: ref }] })
    expect(repeat.refund_orders[0]!.refund_reference_id).toBe(entry.refund_reference_id)
    const over = await client.refund({ refund_orders: [{ ...base, refund_amount: "15.01" }] })
    expect(over.refund_orders[0]).toMatchObject({ outcome: "refused", result: { code: "V0001" } })
    const rest = await client.refund({ refund_orders: [{ ...base, refund_amount: "15.00" }] })
    expect(rest.refund_orders[0]!.outcome).toBe("done")

    const byOrder = await client.refundSearch({ refund_orders: [t.order_no] })
    expect(byOrder.refund_orders).toHaveLength(2)
    expect(byOrder.refund_orders.every((x) => x.transaction_id === t.transaction_id)).toBe(true)
    const byMerchantRef = await client.refundSearch({ merchant_refunds: [ref] })
    expect(byMerchantRef.refund_orders).toHaveLength(1)
    expect(byMerchantRef.refund_orders[0]).toMatchObject({
      refund_reference: ref,
      refund_amount: "5.00",
      refund_status: "1",
    })
    expect(byMerchantRef.refund_orders[0]!.refund_date).toMatch(/^\d{14}$/)
    const byGatewayRef = await client.refundSearch({ refund_references: [entry.refund_reference_id!] })
    expect(byGatewayRef.refund_orders[0]!.refund_reference_id).toBe(entry.refund_reference_id)
    expect((await client.orderQuery({ trades: [t.transaction_id!] })).orders_list[0]!.payment_status).toBe("4100")
  })

  it("an uncaptured transaction is not refundable (data, not an error)", async () => {
    const t = await authorised("3.00")
    const r = await client.refund({
      refund_orders: [
        {
          transaction_id: t.transaction_id!,
          order_no: t.order_no,
          currency: "USD",
          amount: "3.00",
          refund_amount: "1.00",
        },
      ],
    })
    expect(r.refund_orders[0]).toMatchObject({ outcome: "refused", result: { code: "V0002" } })
  })
})
