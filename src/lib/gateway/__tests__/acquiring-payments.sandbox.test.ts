// The acquiring client against the sandbox over a real socket: direct payments (/v1/authorise) and the hosted page (/v1/checkout).
import {
  AcquiringClient,
  assertNotDeclined,
  GatewayApiError,
  GatewayDeclinedError,
  toGatewayAmount,
  encodeItems,
} from "../index"
import { acquiringFor, cardPayment, CARDS, orderNo, Sandbox } from "./helpers/sandbox"
import { useAcquiringSandbox } from "./helpers/acquiring-sandbox"

let sb: Sandbox
let client: AcquiringClient
useAcquiringSandbox((started, made) => {
  sb = started
  client = made
})

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
