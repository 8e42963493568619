/**
 * Answers of the wrong shape, served by a small local HTTP server (the sandbox always answers the right
 * shape): every mismatch is a GatewayResponseError naming the field.
 */
import { createServer, IncomingMessage, Server, ServerResponse } from "node:http"
import { AddressInfo } from "node:net"
import {
  AcquiringClient,
  createAcquiringClient,
  createIssuingClient,
  GatewayApiError,
  GatewayOutcomeUnknownError,
  GatewayResponseError,
  IssuingClient,
} from "../index"

let server: Server
let reply: (req: IncomingMessage, res: ServerResponse) => void = (_q, res) => res.end()
let acquiring: AcquiringClient
let issuing: IssuingClient

beforeAll(async () => {
  server = createServer((req, res) => {
    req.resume()
    req.on("end", () => reply(req, res))
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  acquiring = createAcquiringClient({
    baseUrl: url,
    merchantId: "701001",
    accountId: "701001010",
    signKey: "k",
    retry: { attempts: 1 },
  })
  issuing = createIssuingClient({ baseUrl: `${url}/api`, companyId: "4101", apiKey: "k", retry: { attempts: 1 } })
})

afterAll(async () => {
  await acquiring.close()
  await issuing.close()
  await new Promise((r) => server.close(r))
})

function json(status: number, body: unknown) {
  reply = (_q, res) => {
    res.writeHead(status, { "content-type": "application/json" })
    res.end(JSON.stringify(body))
  }
}

const entry = { transaction_id: "T1", order_no: "o1", currency: "USD", amount: "1.00" }

/** The shape error; for a request that may have moved money it comes as the cause of an unknown outcome. */
async function responseError(p: Promise<unknown>): Promise<GatewayResponseError> {
  const e = await p.catch((x: unknown) => x)
  const inner = e instanceof GatewayOutcomeUnknownError ? (e as Error & { cause?: unknown }).cause : e
  expect(inner).toBeInstanceOf(GatewayResponseError)
  return inner as GatewayResponseError
}

it("a batch entry without its status names the field", async () => {
  json(200, {
    merchant_id: "701001",
    account_id: "701001010",
    return_status: "1",
    return_message: "OK",
    capture_orders: [{ transaction_id: "T1" }],
  })
  const e = await responseError(acquiring.capture({ capture_orders: [entry] }))
  expect(e.field).toBe("capture_orders[0].capture_status")
  expect(e.rule).toBe("is required")
  expect(e.message).toMatch(/confirm with the order query/)
})

it("an envelope without return_status names it", async () => {
  json(200, { capture_orders: [] })
  expect((await responseError(acquiring.capture({ capture_orders: [entry] }))).field).toBe("return_status")
})

it("an envelope refusal (return_status 4) is a GatewayApiError, before the entries are looked at", async () => {
  json(200, { return_status: "4", return_message: "too many orders" })
  const e = await acquiring.capture({ capture_orders: [entry] }).catch((x: unknown) => x)
  expect(e).toBeInstanceOf(GatewayApiError)
  expect(e).toMatchObject({ returnStatus: "4", code: "return_status:4", gatewayMessage: "too many orders" })
  expect((e as Error).message).toMatch(/split the batch/)
})

it("a wrongly typed order query field names it", async () => {
  json(200, { return_status: "1", orders_list: [{ order_no: "o1", query_result: 1 }] })
  const e = await responseError(acquiring.orderQuery({ orders: ["o1"] }))
  expect(e.field).toBe("orders_list[0].query_result")
  expect(e.rule).toMatch(/must be a string \(got number\)/)
})

it("a refund_reference_id that is not <transaction_id>-NN", async () => {
  json(200, {
    return_status: "1",
    refund_orders: [{ transaction_id: "T1", refund_reference_id: "nonsense", refund_status: "1" }],
  })
  const e = await responseError(acquiring.refundSearch({ refund_orders: ["o1"] }))
  expect(e.field).toBe("refund_orders[0].refund_reference_id")
})

it("an optimise acceptance rate above 1", async () => {
  json(200, { return_status: "1", payment_methods: [{ payment_method: "card", acceptance_rate: 1.5, rank: 1 }] })
  const e = await responseError(
    acquiring.optimise({ request_id: "r", currency: "USD", amount: "1.00", shopper_email: "a@b.c" })
  )
  expect(e.field).toBe("payment_methods[0].acceptance_rate")
})

it("a payout answer without status", async () => {
  json(200, { request_id: "r" })
  expect(
    (await responseError(acquiring.payout({ request_id: "r", payment_amount: "1.00", payment_currency: "USD" }))).field
  ).toBe("status")
})

it("a 4xx without the error body is a GatewayApiError with the HTTP status", async () => {
  reply = (_q, res) => {
    res.writeHead(400, { "content-type": "text/html" })
    res.end("<html>Bad Request card=4242424242424242</html>")
  }
  const e = await acquiring.capture({ capture_orders: [entry] }).catch((x: unknown) => x)
  expect(e).toMatchObject({ name: "GatewayApiError", code: "HTTP_400", httpStatus: 400 })
  expect((e as Error).message).not.toContain("4242424242424242")
})

it("the direct payment answer in JSON instead of XML", async () => {
  json(200, { order_status: "1" })
  const e = await responseError(
    acquiring.authorise({
      order_no: "o",
      currency: "USD",
      amount: "1.00",
      card: "4242424242424242",
      expiration_month: "12",
      expiration_year: "2040",
      security_code: "123",
    })
  )
  expect(e.field).toBe("(body)")
})

it("issuing: a data field of the wrong type names it under data", async () => {
  json(200, { code: 0, msg: { "zh-CN": "成功", "en-US": "success" }, data: { cardholderId: "abc" } })
  const e = await responseError(issuing.cardholder.query({ cardholderId: 1 }))
  expect(e.field).toBe("data.cardholderId")
})

it("issuing: an envelope without code", async () => {
  json(200, { msg: "x", data: null })
  expect((await responseError(issuing.group.query({ group_id: "1" }))).field).toBe("code")
})

it("issuing: a non-zero code with a plain text msg", async () => {
  json(200, { code: 1001, msg: "Invalid parameter: group_id", data: null })
  const e = await issuing.group.query({ group_id: "1" }).catch((x: unknown) => x)
  expect(e).toMatchObject({ name: "IssuingApiError", code: 1001, gatewayMessage: "Invalid parameter: group_id" })
})

it("an unreadable envelope of a request that may have moved money is an unknown outcome, of a query a shape error", async () => {
  json(200, { refund_orders: [] })
  const refund = { ...entry, refund_amount: "1.00", refund_reason: "r" }
  const lost = await acquiring.refund({ refund_orders: [refund] }).catch((x: unknown) => x)
  expect(lost).toBeInstanceOf(GatewayOutcomeUnknownError)
  expect(((lost as Error & { cause?: unknown }).cause as GatewayResponseError).field).toBe("return_status")
  json(200, { orders_list: [] })
  const query = await acquiring.orderQuery({ orders: ["o1"] }).catch((x: unknown) => x)
  expect(query).toBeInstanceOf(GatewayResponseError)
  expect(query).not.toBeInstanceOf(GatewayOutcomeUnknownError)
})

it("issuing: a 2xx answer that cannot be read is an unknown outcome for a money move, a shape error for a query", async () => {
  reply = (_q, res) => {
    res.writeHead(200, { "content-type": "text/html" })
    res.end("<html>gateway busy</html>")
  }
  expect(await issuing.card.charge({ card_id: "9", charge_amount: "1.00" }).catch((x: unknown) => x)).toBeInstanceOf(
    GatewayOutcomeUnknownError
  )
  expect(await issuing.group.refund({ group_id: "1", refund_amount: "1.00" }).catch((x: unknown) => x)).toBeInstanceOf(
    GatewayOutcomeUnknownError
  )
  const query = await issuing.cardholder.query({ cardholderId: 1 }).catch((x: unknown) => x)
  expect(query).toBeInstanceOf(GatewayResponseError)
  expect(query).not.toBeInstanceOf(GatewayOutcomeUnknownError)
  json(200, { code: 0, msg: { "en-US": "success" }, data: "done" })
  const charged = await issuing.card.charge({ card_id: "9", charge_amount: "1.00" }).catch((x: unknown) => x)
  expect(charged).toBeInstanceOf(GatewayOutcomeUnknownError)
  expect((charged as Error).message).toMatch(/could not be read/)
})

it("issuing: requests carry ids as text, the company id in the endpoint's spelling, request_id and sign", async () => {
  let seen: Record<string, unknown> = {}
  reply = (_req, res) => {
    res.writeHead(200, { "content-type": "application/json" })
    res.end(JSON.stringify({ code: 0, msg: { "en-US": "success" }, data: { cardholderId: 7, companyId: 4101 } }))
  }
  server.removeAllListeners("request")
  server.on("request", (req: IncomingMessage, res: ServerResponse) => {
    let body = ""
    req.on("data", (c) => (body += c))
    req.on("end", () => {
      seen = JSON.parse(body) as Record<string, unknown>
      reply(req, res)
    })
  })
  await issuing.cardholder.query({ cardholderId: 7 })
  expect(seen).toMatchObject({ request_id: "", cardholderId: "7", companyId: "4101" })
  expect(seen.company_id).toBeUndefined()
  expect(seen.sign).toMatch(/^[0-9A-F]{64}$/)
  await issuing.card.query({ cardId: 9 }).catch(() => undefined)
  expect(seen).toMatchObject({ cardId: "9", companyId: "4101" })
  expect(seen.request_id).toBeUndefined()
})
