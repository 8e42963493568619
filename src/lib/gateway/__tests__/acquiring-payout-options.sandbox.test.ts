// The acquiring client against the sandbox over a real socket: payout, optimise, options reaching the wire, bad input never sent.
import { AcquiringClient, GatewayValidationError, signAcquiring } from "../index"
import { acquiringFor, cardPayment, expectNothingSent, orderNo, Sandbox, SIGN_KEY } from "./helpers/sandbox"
import { PAYMENT_NOTIFICATION, payoutRequest } from "./helpers/samples"
import { useAcquiringSandbox } from "./helpers/acquiring-sandbox"

let sb: Sandbox
let client: AcquiringClient
const { authorised } = useAcquiringSandbox((started, made) => {
  sb = started
  client = made
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
