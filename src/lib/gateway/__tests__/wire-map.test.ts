/**
 * The wire map (fieldNames / fieldValues) and the status tables, one test per override kind, against a local
 * HTTP server on a real socket that records what the client puts on the wire. Bad options: wire-map-options.test.ts.
 */
import {
  ACQUIRING_SIGNATURE_FIELDS,
  GatewayApiError,
  signAcquiring,
  signIssuingFields,
  signIssuingSortedJson,
  ISSUING_SIGNATURE_FIELDS,
} from "../index"
import { approvedRespon, json, ordersFound } from "./helpers/recording-server"
import { PAYMENT_NOTIFICATION } from "./helpers/samples"
import { API_KEY, SIGN_KEY, useWireClients } from "./helpers/wire-clients"

const { recording, acquiring, issuing } = useWireClients()

const card = { card: "4242424242424242", expiration_month: "12", expiration_year: "2030", security_code: "321" }
const payment = { order_no: "wire-1", currency: "USD", amount: "10.36", return_url: "https://shop.example/r", ...card }
const entry = { transaction_id: "T1", order_no: "o1", currency: "USD", amount: "1.00" }

describe("fieldNames: our name → the gateway's, in requests", () => {
  it("renames a top-level field of the direct payment; the signature is unchanged (field lists use our names)", async () => {
    recording.server.reply(approvedRespon(SIGN_KEY))
    const c = acquiring({ fieldNames: { authorise: { expiration_month: "exp_month", security_code: "cvc" } } })
    const r = await c.authorise(payment)
    expect(r.outcome).toBe("approved")
    const sent = recording.server.last().fields
    expect(sent).toMatchObject({ exp_month: "12", cvc: "321", expiration_year: "2030" })
    expect(sent).not.toHaveProperty("expiration_month")
    expect(sent).not.toHaveProperty("security_code")
    const ours = { ...payment, merchant_id: "701001", account_id: "701001010" }
    expect(sent.encryption_data).toBe(signAcquiring(ACQUIRING_SIGNATURE_FIELDS.authorise, ours, SIGN_KEY))
  })

  it("renames a list, a field inside its entries, and the envelope's encryption_data; the answer comes back in our names", async () => {
    recording.server.reply(
      json({
        return_status: "1",
        orders: [
          {
            transaction_id: "T1",
            order_no: "o1",
            currency: "USD",
            capture_amount: "1.00",
            capture_status: "1",
            error_message: "",
          },
        ],
      })
    )
    const c = acquiring({
      fieldNames: {
        capture: { capture_orders: "orders", "capture_orders[].amount": "capture_amount", encryption_data: "sign" },
      },
    })
    const r = await c.capture({ capture_orders: [entry] })
    const sent = recording.server.last().fields as { orders: Record<string, unknown>[]; sign: string }
    expect(sent).not.toHaveProperty("capture_orders")
    expect(sent.orders[0]).toEqual({ transaction_id: "T1", order_no: "o1", currency: "USD", capture_amount: "1.00" })
    expect(sent.sign).toBe(
      signAcquiring(
        ACQUIRING_SIGNATURE_FIELDS.capture,
        { merchant_id: "701001", account_id: "701001010", capture_orders: [entry] },
        SIGN_KEY
      )
    )
    expect(r.capture_orders[0]).toMatchObject({ amount: "1.00", capture_status: "1", outcome: "done" })
  })

  it("renames a form field (order query) and the answer's records and their fields", async () => {
    recording.server.reply(
      json({
        return_status: "1",
        records: [{ order_no: "o1", transaction_id: "T1", query_result: "1", status: "3000" }],
      })
    )
    const c = acquiring({
      fieldNames: {
        "/v1/retrievalTrans": { orders: "order_nos", orders_list: "records", "orders_list[].payment_status": "status" },
      },
    })
    const r = await c.orderQuery({ orders: ["o1", "o2"] })
    const sent = recording.server.last()
    expect(sent.contentType).toMatch(/x-www-form-urlencoded/)
    expect(sent.fields).toMatchObject({ order_nos: "o1,o2" })
    expect(sent.fields).not.toHaveProperty("orders")
    expect(r.orders_list[0]).toMatchObject({ order_no: "o1", payment_status: "3000" })
  })

  it("renames the elements of the XML answer before its signature is checked", async () => {
    recording.server.reply(approvedRespon(SIGN_KEY, { transaction_id: "trade_no", result_info: "resultInfo" }))
    const c = acquiring({ fieldNames: { authorise: { transaction_id: "trade_no", result_info: "resultInfo" } } })
    const r = await c.authorise({ ...payment, order_no: "wire-xml" })
    expect(r).toMatchObject({
      transaction_id: "T100",
      outcome: "approved",
      result: { code: "0000", message: "Success" },
    })
  })

  it("a 4xx naming a renamed field names ours", async () => {
    recording.server.reply(json({ code: "I0001", source: "exp_month", message: "exp_month is required" }, 400))
    const c = acquiring({ fieldNames: { authorise: { expiration_month: "exp_month" } } })
    const e = await c.authorise({ ...payment, order_no: "wire-400" }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(GatewayApiError)
    expect((e as GatewayApiError).source).toBe("expiration_month")
  })

  it("the hosted page's one-time id is read under the gateway's input name", async () => {
    recording.server.reply((_r, res) => {
      res.writeHead(200, { "content-type": "text/html" })
      res.end(
        `<html><body><form method="post" action="/v1/checkout"><input type="hidden" name="page_id" value="G1"></form></body></html>`
      )
    })
    const c = acquiring({ fieldNames: { checkout: { gbc_id: "page_id" } } })
    const { order_no, currency, amount } = payment
    expect((await c.checkout({ order_no, currency, amount })).gbcId).toBe("G1")
  })
})

describe("fieldValues: constants, omissions and translations", () => {
  it("a constant replaces our value (payment stands for authorise, apm and checkout)", async () => {
    recording.server.reply(approvedRespon(SIGN_KEY))
    const c = acquiring({ fieldValues: { payment: { platform_source: "Shopify", order_type: "WEB" } } })
    await c.authorise({ ...payment, order_no: "wire-c1", platform_source: "medusa" })
    expect(recording.server.last().fields).toMatchObject({ platform_source: "Shopify", order_type: "WEB" })
    recording.server.reply(approvedRespon(SIGN_KEY))
    await c.authoriseApm({ order_no: "wire-c2", currency: "USD", amount: "1.00", payment_method: "alipay" })
    expect(recording.server.last().fields).toMatchObject({ platform_source: "Shopify", payment_method: "alipay" })
  })

  it("null leaves a field out, and the signature covers what is sent (return_url then counts as empty)", async () => {
    recording.server.reply(approvedRespon(SIGN_KEY))
    const c = acquiring({ fieldValues: { authorise: { return_url: null } } })
    await c.authorise({ ...payment, order_no: "wire-null" })
    const sent = recording.server.last().fields
    expect(sent).not.toHaveProperty("return_url")
    const { return_url: _omitted, ...rest } = {
      ...payment,
      order_no: "wire-null",
      merchant_id: "701001",
      account_id: "701001010",
    }
    expect(sent.encryption_data).toBe(signAcquiring(ACQUIRING_SIGNATURE_FIELDS.authorise, rest, SIGN_KEY))
  })

  it("an operation's own entry wins over the payment group", async () => {
    recording.server.reply(approvedRespon(SIGN_KEY))
    const c = acquiring({ fieldValues: { payment: { platform_source: "A" }, authorise: { platform_source: "B" } } })
    await c.authorise({ ...payment, order_no: "wire-group" })
    expect(recording.server.last().fields.platform_source).toBe("B")
  })

  it("a translation maps our value to the gateway's in a request", async () => {
    recording.server.reply(approvedRespon(SIGN_KEY))
    const c = acquiring({ fieldValues: { payment: { device_type: { MOBILE: "H5", PC: "PC" } } } })
    await c.authorise({ ...payment, order_no: "wire-t1", device_type: "MOBILE" })
    expect(recording.server.last().fields.device_type).toBe("H5")
  })

  it("a translation maps the gateway's values back to ours in an answer (e.g. payment_status)", async () => {
    recording.server.reply(ordersFound("PAID", "SETTLED", "2000"))
    const c = acquiring({
      fieldValues: { orderQuery: { "orders_list[].payment_status": { "3000": ["PAID", "SETTLED"] } } },
    })
    const r = await c.orderQuery({ orders: ["o1", "o2", "o3"] })
    expect(r.orders_list.map((o) => o.payment_status)).toEqual(["3000", "3000", "2000"])
  })
})

describe("status tables", () => {
  it("statusCodes.orderStatus reads the direct payment's order_status", async () => {
    recording.server.reply((r, res) => {
      const values = {
        merchant_id: "701001",
        account_id: "701001010",
        transaction_id: "T9",
        order_no: String(r.fields.order_no),
        currency: "USD",
        amount: "10.36",
        order_status: "A",
        result_info: "0000:OK",
      }
      const sig = signAcquiring(ACQUIRING_SIGNATURE_FIELDS.authoriseResponse, values, SIGN_KEY)
      res.writeHead(200, { "content-type": "application/xml" })
      res.end(
        `<respon>${Object.entries(values)
          .map(([k, v]) => `<${k}>${v}</${k}>`)
          .join("")}<encryption_data>${sig}</encryption_data></respon>`
      )
    })
    const c = acquiring({ statusCodes: { orderStatus: { approved: ["A"] } } })
    expect((await c.authorise({ ...payment, order_no: "wire-s1" })).outcome).toBe("approved")
  })

  it("statusCodes.returnStatusOk and entryDone read the batch answers", async () => {
    recording.server.reply(
      json({ return_status: "SUCCESS", capture_orders: [{ transaction_id: "T1", capture_status: "OK" }] })
    )
    const c = acquiring({ statusCodes: { returnStatusOk: ["SUCCESS"], entryDone: ["OK"] } })
    expect((await c.capture({ capture_orders: [entry] })).capture_orders[0]!.outcome).toBe("done")
  })
})

describe("notifications", () => {
  it("verifies and decodes a notification sent under other names and values", () => {
    const c = acquiring({
      fieldNames: { notification: { notify_type: "event", order_no: "orderNo", encryption_data: "signature" } },
      fieldValues: { notification: { payment_status: { "3000": "PAID" }, notify_type: { PAYMENT: "payment" } } },
    })
    const { order_no, ...unrenamed } = PAYMENT_NOTIFICATION
    const wire = {
      event: "payment",
      ...unrenamed,
      orderNo: order_no,
      payment_status: "PAID",
      signature: signAcquiring(ACQUIRING_SIGNATURE_FIELDS.notification, PAYMENT_NOTIFICATION, SIGN_KEY),
    }
    expect(c.verifyNotification(wire)).toBe(true)
    expect(c.verifyNotification({ ...wire, amount: "2.00" })).toBe(false)
    expect(c.decodeNotification(wire)).toMatchObject({ notify_type: "PAYMENT", order_no: "o1", payment_status: "3000" })
  })

  it("a __proto__ key of the body never supplies a field: what is decoded is what was verified", () => {
    // A rename makes the notification go through the wire map's copy.
    const c = acquiring({ fieldNames: { notification: { order_no: "orderNo" } } })
    const { order_no: _none, ...signed } = PAYMENT_NOTIFICATION
    // Signed without an order number (the signer reads a missing field as ""), as a payload that carries none.
    const encryption_data = signAcquiring(
      ACQUIRING_SIGNATURE_FIELDS.notification,
      { ...signed, order_no: "" },
      SIGN_KEY
    )
    const body = JSON.parse(
      JSON.stringify({ ...signed, notify_type: "PAYMENT", encryption_data }).replace(
        "{",
        '{"__proto__":{"order_no":"someone-else","notify_type":"DISPUTE RECEIVED"},'
      )
    )
    expect(Object.keys(body)).toContain("__proto__") // what a JSON body parser keeps
    expect(c.verifyNotification(body)).toBe(true)
    const decoded = c.decodeNotification(body)
    expect(Object.getPrototypeOf(decoded)).toBe(Object.prototype)
    expect(decoded.order_no).toBeUndefined()
    expect(decoded.notify_type).toBe("PAYMENT")
  })
})

describe("issuing", () => {
  it("renames request and answer fields (answers under data.), translates a status value, reads ok through statusCodes", async () => {
    recording.server.reply(json({ code: 0, msg: { "en-US": "ok" }, data: { id: 100029701, balance: 10, status: "2" } }))
    const c = issuing({
      fieldNames: { cardQuery: { cardId: "card_id", companyId: "company_id", "data.cardId": "id" } },
    })
    const card = await c.card.query({ cardId: 100029701 })
    const sent = recording.server.last()
    expect(sent.path).toBe("/api/card/query")
    expect(sent.fields).toMatchObject({ card_id: "100029701", company_id: "4101" })
    expect(sent.fields).not.toHaveProperty("cardId")
    expect(sent.fields.sign).toBe(
      signIssuingFields(ISSUING_SIGNATURE_FIELDS.cardQuery, { cardId: "100029701", companyId: "4101" }, API_KEY)
    )
    expect(card.cardId).toBe(100029701)

    recording.server.reply(
      json({ code: 0, msg: { "en-US": "ok" }, data: { status: "SUCCESS", reqNo: 1, errorMsg: null } })
    )
    const s = issuing({ fieldValues: { cardStatus: { status: { "2": "BLOCK" } } }, statusCodes: { ok: ["SUCCESS"] } })
    const r = await s.card.status({ card_id: "1", status: "2" })
    expect(recording.server.last().fields.status).toBe("BLOCK")
    expect(r.ok).toBe(true)
  })

  it("the sorted-JSON scheme signs the names as sent", async () => {
    recording.server.reply(json({ code: 0, msg: { "en-US": "ok" }, data: { status: "1" } }))
    const c = issuing({ signScheme: "sorted-json", fieldNames: { cardClose: { card_id: "cardId" } } })
    await c.card.close({ card_id: "7" })
    const { sign, ...rest } = recording.server.last().fields
    expect(rest).toHaveProperty("cardId", "7")
    expect(sign).toBe(signIssuingSortedJson(rest, API_KEY))
  })
})
