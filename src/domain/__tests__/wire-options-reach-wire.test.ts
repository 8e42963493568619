// Provider and module options reaching the wire: each [assumed] wire name or value overridden by configuration, against a recording server.
import { createAcquiringClient, createIssuingClient, decodeItems } from "../../lib/gateway"
import { issuingClientOptions, payoutClientOptions, validateModuleOptions } from "../../modules/gateway/options"
import { stateOfRecord } from ".."
import { approvedRespon, json, ordersFound } from "../../lib/gateway/__tests__/helpers/recording-server"
import { card, paymentRequest, SIGN_KEY, useWireOptions } from "./wire-options-setup"

const { recording, providerOptions, clientOf } = useWireOptions()

describe("payment provider options reach the wire", () => {
  it("field_names renames a field of the direct payment", async () => {
    const o = providerOptions({ field_names: { authorise: { security_code: "cvv2" } } })
    recording.server.reply(approvedRespon(SIGN_KEY))
    await clientOf(o).authorise({ ...paymentRequest(o, "p-names"), ...card } as never)
    expect(recording.server.last().fields).toMatchObject({ cvv2: "321" })
    expect(recording.server.last().fields).not.toHaveProperty("security_code")
  })

  it("field_values sets a constant (platform_source), leaves out a field (return_url) and translates one (device_type)", async () => {
    const o = providerOptions({
      field_values: {
        payment: { platform_source: "Shopify", device_type: { MOBILE: "H5" } },
        authorise: { return_url: null },
      },
    })
    recording.server.reply(approvedRespon(SIGN_KEY))
    await clientOf(o).authorise({ ...paymentRequest(o, "p-values"), ...card } as never)
    const sent = recording.server.last().fields
    expect(sent).toMatchObject({ platform_source: "Shopify", device_type: "H5" })
    expect(sent).not.toHaveProperty("return_url")
  })

  it("status_codes reads order_status and the batch statuses", async () => {
    const o = providerOptions({
      status_codes: {
        order_status: { approved: ["Y"], declined: ["1"] },
        return_status_ok: ["0000"],
        entry_done: ["S"],
      },
    })
    recording.server.reply(approvedRespon(SIGN_KEY))
    expect((await clientOf(o).authorise({ ...paymentRequest(o, "p-status"), ...card } as never)).outcome).toBe(
      "declined"
    )
    recording.server.reply(
      json({ return_status: "0000", capture_orders: [{ transaction_id: "T1", capture_status: "S" }] })
    )
    const r = await clientOf(o).capture({
      capture_orders: [{ transaction_id: "T1", order_no: "o1", currency: "USD", amount: "1.00" }],
    })
    expect(r.capture_orders[0]!.outcome).toBe("done")
  })

  it("payment_status_codes: the gateway's codes are read as the contract's, so every state reads right", async () => {
    const o = providerOptions({ payment_status_codes: { captured: ["PAID"], refunded: ["REFUNDED"] } })
    recording.server.reply(ordersFound("PAID", "REFUNDED", "2000"))
    const r = await clientOf(o).orderQuery({ orders: ["o1", "o2", "o3"] })
    expect(r.orders_list.map((rec) => stateOfRecord(rec))).toEqual(["captured", "refunded", "authorized"])
    const n = clientOf(o).decodeNotification({ notify_type: "PAYMENT", payment_status: "PAID" })
    expect(n.payment_status).toBe("3000")
  })

  it("content_types json-as-form sends JSON text with the form content type, as the docs' samples do", async () => {
    const o = providerOptions({ content_types: { capture: "json-as-form" } })
    recording.server.reply(
      json({ return_status: "1", capture_orders: [{ transaction_id: "T1", capture_status: "1" }] })
    )
    await clientOf(o).capture({
      capture_orders: [{ transaction_id: "T1", order_no: "o1", currency: "USD", amount: "1.00" }],
    })
    const sent = recording.server.last()
    expect(sent.contentType).toBe("application/x-www-form-urlencoded")
    expect(JSON.parse(sent.raw)).toMatchObject({ merchant_id: "701001", capture_orders: [{ transaction_id: "T1" }] })
  })

  it("paths moves an operation", async () => {
    const o = providerOptions({ paths: { optimise: "/v2/optimise" } })
    recording.server.reply(json({ return_status: "1", payment_methods: [] }))
    await clientOf(o).optimise({ request_id: "r1", currency: "USD", amount: "1.00", shopper_email: "a@example.com" })
    expect(recording.server.last().path).toBe("/v2/optimise")
  })

  it("verify_response_signatures: false accepts an answer whose signature the formula does not give", async () => {
    const o = providerOptions({ verify_response_signatures: false })
    recording.server.reply(approvedRespon("not-the-key"))
    const r = await clientOf(o).authorise({ ...paymentRequest(o, "p-verify"), ...card } as never)
    expect(r.outcome).toBe("approved")
  })

  it("product_url fills the goods URL of items; the line id is the item's id", async () => {
    const o = providerOptions({ product_url: "https://shop.example/products/{handle}?v={variant_id}" })
    recording.server.reply(approvedRespon(SIGN_KEY))
    await clientOf(o).authorise({ ...paymentRequest(o, "p-items"), ...card } as never)
    expect(decodeItems(String(recording.server.last().fields.items))).toEqual([
      {
        name: "Mug",
        number: "MUG-1",
        unitPrice: "20.00",
        quantity: "1",
        url: "https://shop.example/products/mug?v=variant_1",
        id: "cali_1",
      },
    ])
    const plain = providerOptions()
    expect(decodeItems(String(paymentRequest(plain, "p-items-2").items))[0]).toMatchObject({ url: "0", id: "cali_1" })
  })
})

describe("module options (issuing, payout) reach the wire", () => {
  it("issuing.field_names / field_values / status_codes", async () => {
    const o = validateModuleOptions({
      issuing: {
        base_url: `${recording.server.url}/api`,
        company_id: "4101",
        api_key: "k",
        field_names: { cardRefund: { refund_amount: "amount" } },
        field_values: { cardRefund: { request_id: null } },
        status_codes: { ok: ["SUCCESS"] },
      },
    })
    const c = createIssuingClient(issuingClientOptions(o.issuing!))
    recording.track(c)
    recording.server.reply(json({ code: 0, msg: { "en-US": "ok" }, data: { status: "SUCCESS" } }))
    const r = await c.card.refund({ card_id: "9", refund_amount: "5.00" })
    expect(recording.server.last().fields).toMatchObject({ card_id: "9", amount: "5.00", company_id: "4101" })
    expect(recording.server.last().fields).not.toHaveProperty("request_id")
    expect(r.ok).toBe(true)
  })

  it("payout.field_names / field_values / paths / content_types", async () => {
    const o = validateModuleOptions({
      payout: {
        base_url: recording.server.url,
        merchant_id: "701001",
        account_id: "701001010",
        sign_key: "k",
        field_names: { payout: { "beneficiary.bank_details.swift_code": "bic" } },
        field_values: { payout: { fund_source: "Wallet" } },
        paths: { payout: "/v1/payouts" },
        content_types: { payout: "form" },
      },
    })
    const c = createAcquiringClient(payoutClientOptions(o.payout!))
    recording.track(c)
    recording.server.reply(json({ request_id: "r1", status: "PROCESSING" }))
    await c.payout({
      request_id: "r1",
      payment_amount: "10.00",
      payment_currency: "USD",
      fund_source: "DepositAccount",
      beneficiary: { first_name: "Ada", bank_details: { swift_code: "DEUTDEFF" } },
    })
    const sent = recording.server.last()
    expect(sent.path).toBe("/v1/payouts")
    expect(sent.contentType).toMatch(/x-www-form-urlencoded/)
    expect(sent.fields.fund_source).toBe("Wallet")
    expect(JSON.parse(String(sent.fields.beneficiary))).toEqual({
      first_name: "Ada",
      bank_details: { bic: "DEUTDEFF" },
    })
  })
})
