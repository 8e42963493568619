/**
 * The acquiring client against the sandbox over a real socket: every endpoint, its refusals and error answers.
 */
import {
  AcquiringClient,
  assertNotDeclined,
  GatewayApiError,
  GatewayDeclinedError,
  GatewayValidationError,
  splitBatch,
  runInBatches,
  signAcquiring,
  toGatewayAmount,
  encodeItems,
} from "../index"
import {
  acquiringFor,
  cardPayment,
  CARDS,
  expectNothingSent,
  orderNo,
  Sandbox,
  SIGN_KEY,
  start,
  useSandboxClient,
} from "./helpers/sandbox"
import { PAYMENT_NOTIFICATION, payoutRequest } from "./helpers/samples"

let sb: Sandbox
let client: AcquiringClient
useSandboxClient(acquiringFor, (started, made) => {
  sb = started
  client = made
})

afterEach(() => sb.clearFaults())

async function authorised(amount = "10.36", currency = "USD") {
  const r = await client.authorise(cardPayment(amount, currency))
  expect(r.outcome).toBe("approved")
  return r
}

async function captured(amount = "10.36") {
  const r = await authorised(amount)
  const c = await client.capture({
    capture_orders: [{ transaction_id: r.transaction_id!, order_no: r.order_no, currency: "USD", amount }],
  })
  expect(c.capture_orders[0]!.outcome).toBe("done")
  return r
}

describe("direct payment /v1/authorise", () => {
  it("approves the approved test card; the answer's signature is verified", async () => {
    const req = cardPayment("10.36")
    const r = await client.authorise({
      ...req,
      website: "https://shop.example",
      shopper_email: "ada@example.com",
      items: encodeItems([{ name: "Tea#;#pot", number: "SKU1", unitPrice: "10.36", quantity: 1 }], { currency: "USD" }),
      item_total: "10.36",
      return_url: "https://shop.example/return",
      notify_url: "https://shop.example/hooks",
    })
    expect(r).toMatchObject({
      outcome: "approved",
      order_status: "1",
      result_info: "0000:Success",
      result: { code: "0000", message: "Success" },
      merchant_id: "701001",
      order_no: req.order_no,
      amount: "10.36",
      currency: "USD",
    })
    expect(r.transaction_id).toBeTruthy()
    expect(r.card).not.toContain("4242424242424242")
    expect(r.card).toMatch(/4242$/)
    expect(r.risk_reasons.length).toBeGreaterThan(0)
    expect(r.encryption_data).toMatch(/^[0-9a-f]{64}$/i)
    expect(r.issuer_url ?? "").toBe("")
    expect(assertNotDeclined(r)).toBe(r)
  })

  it("a decline is a result; assertNotDeclined turns it into GatewayDeclinedError", async () => {
    const r = await client.authorise(cardPayment("5.00", "USD", CARDS.declined))
    expect(r.outcome).toBe("declined")
    expect(r.result).toEqual({ code: "D0002", message: "Card declined" })
    expect(() => assertNotDeclined(r)).toThrow(GatewayDeclinedError)
    try {
      assertNotDeclined(r)
    } catch (e) {
      expect((e as GatewayDeclinedError).code).toBe("D0002")
      expect((e as GatewayDeclinedError).transactionId).toBe(r.transaction_id)
    }
  })

  it("3-D Secure: pending with issuer_url", async () => {
    const r = await client.authorise({
      ...cardPayment("7.00", "USD", CARDS.threeDS),
      open3d: "do3DS",
      return_url: "https://shop.example/r",
    })
    expect(r.outcome).toBe("pending")
    expect(r.issuer_url).toContain(`/sandbox/issuer/${r.transaction_id}`)
  })

  it("held for review: risk_action REVIEW and its risk reasons", async () => {
    const r = await client.authorise(cardPayment("8.00", "USD", CARDS.review))
    expect(r.outcome).toBe("review")
    expect(r.risk_action).toBe("REVIEW")
    expect(r.risk_score).toBe("75")
    expect(r.risk_reasons).toEqual(
      expect.arrayContaining([expect.objectContaining({ name: expect.any(String), status: "REVIEW" })])
    )
  })

  it("JPY and KWD amounts travel with their exponent", async () => {
    const jpy = await client.authorise(cardPayment(toGatewayAmount(1200, "JPY"), "JPY"))
    expect(jpy.amount).toBe("1200")
    const kwd = await client.authorise(cardPayment(toGatewayAmount(1.5, "KWD"), "KWD"))
    expect(kwd.amount).toBe("1.500")
    expect(kwd.outcome).toBe("approved")
  })

  it("token: token_flag YES stores the card, token_id pays without it", async () => {
    const first = await client.authorise({ ...cardPayment("3.00"), token_flag: "YES" })
    expect(first.token_id).toBeTruthy()
    const again = await client.authorise({
      order_no: orderNo(),
      currency: "USD",
      amount: "4.00",
      token_id: first.token_id!,
    })
    expect(again.outcome).toBe("approved")
    // The notes' form: `card` sent empty next to the token (what the saved-card payment sends).
    const empty = await client.authorise({
      order_no: orderNo(),
      currency: "USD",
      amount: "5.00",
      card: "",
      token_id: first.token_id!,
    })
    expect(empty.outcome).toBe("approved")
    expect(empty.card).toMatch(/4242$/)
  })

  it("a repeated order_no is refused: GatewayApiError I0030 naming order_no", async () => {
    const req = cardPayment("2.00")
    await client.authorise(req)
    const e = await client.authorise(req).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(GatewayApiError)
    expect(e).toMatchObject({ code: "I0030", source: "order_no", httpStatus: 400, operation: "authorise" })
  })

  it("a wrong sign key: GatewayApiError I0013 telling to check the sign key", async () => {
    const bad = acquiringFor(sb, { signKey: "wrong_key" })
    try {
      const e = await bad.authorise(cardPayment()).catch((x: unknown) => x)
      expect(e).toBeInstanceOf(GatewayApiError)
      expect(e).toMatchObject({ code: "I0013", source: "encryption_data", httpStatus: 400 })
      expect((e as Error).message).toMatch(/check the sign key/)
      const e2 = await bad.orderQuery({ orders: ["x"] }).catch((x: unknown) => x)
      expect(e2).toMatchObject({ code: "I0013" })
    } finally {
      await bad.close()
    }
  })

  it("an unknown merchant: GatewayApiError I0404 (HTTP 404)", async () => {
    const other = acquiringFor(sb, { merchantId: "709999" })
    try {
      const e = await other.authorise(cardPayment()).catch((x: unknown) => x)
      expect(e).toMatchObject({ name: "GatewayApiError", code: "I0404", httpStatus: 404, source: "merchant_id" })
    } finally {
      await other.close()
    }
  })

  it("APM: pending, shopper goes to issuer_url", async () => {
    const r = await client.authoriseApm({
      order_no: orderNo(),
      currency: "USD",
      amount: "12.00",
      payment_method: "alipay",
      return_url: "https://shop.example/r",
    })
    expect(r.outcome).toBe("pending")
    expect(r.issuer_url).toMatch(/\/sandbox\/issuer\//)
  })

  it("a subscription gives a recurring_id, which cancel subscription stops", async () => {
    const r = await client.authorise({
      ...cardPayment("9.99"),
      subscription: { contract_name: "Monthly box", interval: "month", interval_count: "1", contract_amount: "9.99" },
    })
    expect(r.recurring_id).toBeTruthy()
    expect(r.contract_name).toBe("Monthly box")
    expect(r.recurring_deduction_time).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/)
    const c = await client.cancelSubscription({ recurring_id: r.recurring_id!, contract_name: "Monthly box" })
    expect(c).toMatchObject({ cancelled: true, cancel_status: "1", return_status: "1", result: null })
    const q = await client.orderQuery({ trades: [r.transaction_id!] })
    expect(q.orders_list[0]!.subscription_result?.recurring_status).toBe("0")
    const unknown = await client.cancelSubscription({ recurring_id: "RC0000", contract_name: "nope" })
    expect(unknown.cancelled).toBe(false)
    expect(unknown.result).toEqual({ code: "S0001", message: "Subscription not found" })
  })
})

describe("hosted page /v1/checkout", () => {
  it("answers the loading page: form action, gbc_id and the script's inputs", async () => {
    const req = {
      order_no: orderNo(),
      currency: "USD",
      amount: "15.00",
      return_url: "https://shop.example/r",
      card_type: "1" as const,
    }
    const r = await client.checkout(req)
    expect(r.html).toContain("<form")
    expect(r.method).toBe("POST")
    expect(r.action).toBe(`${sb.acquiringUrl}/v1/checkout`)
    expect(r.gbcId).toBeTruthy()
    expect(r.inputs).toMatchObject({ gbc_id: r.gbcId, account_name: "701001010", pm_id: "1", merNo: "701001" })
    expect(r.inputs.allParams).toContain(`orderNo=${req.order_no}`)
    expect(r.inputs.allParams).toContain("returnUrl=https%3A%2F%2Fshop.example%2Fr")
    expect(r.inputs.signInfo).toMatch(/^[0-9a-f]{64}$/)
    // posting the form gives the card-entry page
    const res = await fetch(r.action, {
      method: "POST",
      body: new URLSearchParams(r.inputs),
      headers: { "content-type": "application/x-www-form-urlencoded" },
    })
    expect(res.status).toBe(200)
    expect(await res.text()).toContain("security_code")
  })
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

describe("payout, optimise", () => {
  it("payout: created, repeated by request_id, failing reference fails", async () => {
    const request_id = `po_${orderNo()}`
    const req = payoutRequest(request_id)
    const p = await client.payout(req)
    expect(p.request_id).toBe(request_id)
    expect(["PROCESSING", "COMPLETED"]).toContain(p.status)
    expect(p.payment_amount).toBe("150.00")
    expect(p.beneficiary?.bank_details?.local_clearing_system).toBe("BECS")
    expect(typeof p.fee_amount).toBe("number")
    expect(p.created_at).toMatch(/[+-]\d{2}:?\d{2}$|Z$/)
    const again = await client.payout(req)
    expect(again.transaction_id).toBe(p.transaction_id)
    expect(again.status).toBe("COMPLETED")

    const failing = await client.payout({ ...req, request_id: `po_${orderNo()}`, reference: "please FAIL" })
    const settled = await client.payout({ ...req, request_id: failing.request_id!, reference: "please FAIL" })
    expect(settled).toMatchObject({
      status: "FAILED",
      failure_reason: "Beneficiary account closed",
      failure_type: "BENEFICIARY_ACCOUNT",
    })
  })

  it("optimise: payment methods ranked", async () => {
    const r = await client.optimise({
      request_id: `q_${orderNo()}`,
      currency: "EUR",
      amount: "30.00",
      shopper_email: "a@b.c",
      billing_country: "DE",
    })
    expect(r.payment_methods.length).toBeGreaterThan(1)
    expect(r.payment_methods[0]).toMatchObject({ payment_method: "klarna", rank: 1 })
    expect(r.payment_methods.map((m) => m.rank)).toEqual(r.payment_methods.map((_, i) => i + 1))
  })
})

describe("options reach the wire", () => {
  it("a signature override replaces the formula (a wrong one is refused with I0013)", async () => {
    const c = acquiringFor(sb, { signatureOverrides: { capture: ["merchant_id"] } })
    try {
      const a = await authorised("1.00")
      const e = await c
        .capture({
          capture_orders: [
            { transaction_id: a.transaction_id!, order_no: a.order_no, currency: "USD", amount: "1.00" },
          ],
        })
        .catch((x: unknown) => x)
      expect(e).toMatchObject({ name: "GatewayApiError", code: "I0013" })
    } finally {
      await c.close()
    }
  })

  it("a path override is used (an unknown path answers I0404)", async () => {
    const c = acquiringFor(sb, { paths: { optimise: "/v1/optimize" } })
    try {
      const e = await c
        .optimise({ request_id: "q", currency: "USD", amount: "1.00", shopper_email: "a@b.c" })
        .catch((x: unknown) => x)
      expect(e).toMatchObject({ name: "GatewayApiError", code: "I0404", httpStatus: 404, source: "path" })
      expect(sb.stats().byPath["/v1/optimize"]).toBe(1)
    } finally {
      await c.close()
    }
  })

  it("verifyNotification checks a notification's signature with the notification formula", () => {
    const n = { notify_type: "PAYMENT", ...PAYMENT_NOTIFICATION }
    const signed = { ...n, encryption_data: signAcquiring(client.signer.fields("notification"), n, SIGN_KEY) }
    expect(client.verifyNotification(signed)).toBe(true)
    expect(client.verifyNotification({ ...signed, amount: "100.00" })).toBe(false)
    expect(client.verifyNotification({ ...signed, encryption_data: undefined })).toBe(false)
  })
})

describe("bad input never reaches the gateway", () => {
  it.each<[string, (c: AcquiringClient) => Promise<unknown>]>([
    ["authorise: too many decimals", (c) => c.authorise({ ...cardPayment(), amount: "1.001" })],
    ["authorise: Luhn", (c) => c.authorise({ ...cardPayment(), card: "4242424242424241" })],
    ["authorise: order_no too long", (c) => c.authorise({ ...cardPayment(), order_no: "x".repeat(51) })],
    ["authorise: return_url with &", (c) => c.authorise({ ...cardPayment(), return_url: "https://s/r?a=1&b=2" })],
    [
      "checkout: unknown field",
      (c) => c.checkout({ order_no: "o", currency: "USD", amount: "1.00", security_code: "123" } as never),
    ],
    [
      "capture: 51 entries",
      (c) =>
        c.capture({
          capture_orders: Array.from({ length: 51 }, (_, i) => ({
            transaction_id: `T${i}`,
            order_no: `o${i}`,
            currency: "USD",
            amount: "1.00",
          })),
        }),
    ],
    [
      "refund: zero",
      (c) =>
        c.refund({
          refund_orders: [
            { transaction_id: "T", order_no: "o", currency: "USD", amount: "1.00", refund_amount: "0.00" },
          ],
        }),
    ],
    [
      "review: bad flag",
      (c) =>
        c.review({
          review_orders: [
            { transaction_id: "T", order_no: "o", currency: "USD", amount: "1.00", review_flag: "x" as never },
          ],
        }),
    ],
    [
      "cancel: JPY decimals",
      (c) => c.cancel({ cancel_orders: [{ transaction_id: "T", order_no: "o", currency: "JPY", amount: "1.50" }] }),
    ],
    ["order query: 101 ids", (c) => c.orderQuery({ orders: Array.from({ length: 101 }, (_, i) => `o${i}`) })],
    ["refund search: none", (c) => c.refundSearch({})],
    [
      "payout: bad date",
      (c) => c.payout({ request_id: "r", payment_amount: "1.00", payment_currency: "USD", payment_date: "31-01-2030" }),
    ],
    [
      "optimise: bad email length",
      (c) => c.optimise({ request_id: "r", currency: "USD", amount: "1.00", shopper_email: "x".repeat(101) }),
    ],
    [
      "cancel subscription: too long",
      (c) => c.cancelSubscription({ recurring_id: "r".repeat(51), contract_name: "c" }),
    ],
  ])("%s", async (_name, call) => {
    const e = await expectNothingSent(sb, () => call(client))
    expect(e).toBeInstanceOf(GatewayValidationError)
  })
})
