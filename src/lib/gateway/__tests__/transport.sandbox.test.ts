/**
 * Transport behaviour under the sandbox's fault injection: retries of queries only, unknown outcomes after a
 * mutating request was sent, malformed answers, wrong answer signatures, timeouts, refused connections, and
 * redacted logs.
 */
import { createServer } from "node:net"
import {
  AcquiringClient,
  GatewayApiError,
  GatewayOutcomeUnknownError,
  GatewayResponseError,
  GatewaySignatureError,
  GatewayTransportError,
  IssuingClient,
} from "../index"
import { acquiringFor, cardPayment, issuingFor, newCard, Sandbox, SIGN_KEY, start } from "./helpers/sandbox"

let sb: Sandbox
let client: AcquiringClient
let issuing: IssuingClient

beforeAll(async () => {
  sb = await start()
  client = acquiringFor(sb)
  issuing = issuingFor(sb)
})

afterAll(async () => {
  await client.close()
  await issuing.close()
  await sb.close()
})

afterEach(() => sb.clearFaults())

const count = (path: string) => sb.stats().byPath[path] ?? 0

async function authorisedEntry(amount = "5.00") {
  const r = await client.authorise(cardPayment(amount))
  return { transaction_id: r.transaction_id!, order_no: r.order_no, currency: "USD", amount }
}

describe("queries are retried", () => {
  it("a 5xx on the order query is retried and succeeds when the fault has times: 1", async () => {
    const e = await authorisedEntry()
    sb.setFaults([{ path: "/v1/retrievalTrans", fault: "error5xx", times: 1 }])
    const before = count("/v1/retrievalTrans")
    const r = await client.orderQuery({ trades: [e.transaction_id] })
    expect(r.orders_list[0]!.transaction_id).toBe(e.transaction_id)
    expect(count("/v1/retrievalTrans") - before).toBe(2)
  })

  it("a dropped connection on the refund search is retried", async () => {
    sb.setFaults([{ path: "/v1/retrievalRefund", fault: "drop", times: 2 }])
    const before = count("/v1/retrievalRefund")
    const r = await client.refundSearch({ refund_orders: ["none"] })
    expect(r.refund_orders).toEqual([])
    expect(count("/v1/retrievalRefund") - before).toBe(3)
  })

  it("a query that keeps failing gives up after the configured attempts", async () => {
    sb.setFaults([{ path: "/v1/retrievalTrans", fault: "error5xx" }])
    const before = count("/v1/retrievalTrans")
    const e = await client.orderQuery({ orders: ["x"] }).catch((x: unknown) => x)
    expect(e).toBeInstanceOf(GatewayApiError)
    expect(e).toMatchObject({ httpStatus: 503, code: "I0503" })
    expect(count("/v1/retrievalTrans") - before).toBe(3)

    sb.setFaults([{ path: "/v1/retrievalTrans", fault: "drop" }])
    const e2 = await client.orderQuery({ orders: ["x"] }).catch((x: unknown) => x)
    expect(e2).toBeInstanceOf(GatewayTransportError)
    expect((e2 as Error).message).toMatch(/gave up after 3 attempt/)
  })

  it("issuing queries (card query) are retried on 5xx", async () => {
    sb.setFaults([{ path: "/api/group/query", fault: "error5xx", times: 1 }])
    const g = await issuing.group.query({ group_id: "7001" })
    expect(g.groupId).toBe("7001")
  })
})

describe("mutations are never retried", () => {
  it("a dropped connection after a capture was sent: GatewayOutcomeUnknownError, and the capture did happen", async () => {
    const e = await authorisedEntry("6.00")
    sb.setFaults([{ path: "/v1/capture", fault: "drop", times: 1 }])
    const before = count("/v1/capture")
    const err = await client.capture({ capture_orders: [e] }).catch((x: unknown) => x)
    expect(err).toBeInstanceOf(GatewayOutcomeUnknownError)
    expect((err as Error).message).toMatch(/reconcile/)
    expect(count("/v1/capture") - before).toBe(1)
    // reconciliation: the order query tells the truth
    const q = await client.orderQuery({ trades: [e.transaction_id] })
    expect(q.orders_list[0]!.payment_status).toBe("3000")
  })

  it("a 5xx on a capture is an unknown outcome, not retried", async () => {
    const e = await authorisedEntry()
    sb.setFaults([{ path: "/v1/capture", fault: "error5xx", times: 1 }])
    const before = count("/v1/capture")
    const err = await client.capture({ capture_orders: [e] }).catch((x: unknown) => x)
    expect(err).toBeInstanceOf(GatewayOutcomeUnknownError)
    expect(err).toMatchObject({ httpStatus: 503 })
    expect(count("/v1/capture") - before).toBe(1)
  })

  it("an answer that does not arrive in time after sending: unknown outcome; a slow query is retried", async () => {
    // undici's headers timeout has about 1 s resolution
    const slow = acquiringFor(sb, { timeouts: { headersMs: 1000 } })
    try {
      const e = await authorisedEntry()
      sb.setFaults([{ path: "/v1/cancel", fault: "latency", ms: 3000, times: 1 }])
      const err = await slow.cancel({ cancel_orders: [e] }).catch((x: unknown) => x)
      expect(err).toBeInstanceOf(GatewayOutcomeUnknownError)
      expect(err).toMatchObject({ code: "UND_ERR_HEADERS_TIMEOUT" })
      // a slow query is retried instead
      sb.setFaults([{ path: "/v1/retrievalTrans", fault: "latency", ms: 3000, times: 1 }])
      const q = await slow.orderQuery({ trades: [e.transaction_id] })
      expect(q.orders_list[0]!.payment_status).toBe("5000")
    } finally {
      await slow.close()
    }
  })

  it("issuing: a dropped recharge is an unknown outcome", async () => {
    const cardId = (await newCard(issuing)).cardId!
    sb.setFaults([{ path: "/api/card/charge", fault: "drop", times: 1 }])
    const err = await issuing.card.charge({ card_id: cardId, charge_amount: "2.00" }).catch((x: unknown) => x)
    expect(err).toBeInstanceOf(GatewayOutcomeUnknownError)
    expect((await issuing.card.query({ cardId })).balance).toBe(3)
  })
})

describe("nothing sent", () => {
  it("a refused connection is a GatewayTransportError (nothing happened), also for mutations", async () => {
    const port = await new Promise<number>((resolve) => {
      const srv = createServer()
      srv.listen(0, "127.0.0.1", () => {
        const p = (srv.address() as { port: number }).port
        srv.close(() => resolve(p))
      })
    })
    const dead = acquiringFor(sb, { baseUrl: `http://127.0.0.1:${port}`, retry: { attempts: 2, baseMs: 1 } })
    try {
      const e1 = await dead
        .capture({ capture_orders: [{ transaction_id: "T", order_no: "o", currency: "USD", amount: "1.00" }] })
        .catch((x: unknown) => x)
      expect(e1).toBeInstanceOf(GatewayTransportError)
      expect(e1).toMatchObject({ code: "ECONNREFUSED" })
      expect((e1 as Error).message).toMatch(/nothing was changed/)
      const e2 = await dead.orderQuery({ orders: ["o"] }).catch((x: unknown) => x)
      expect(e2).toBeInstanceOf(GatewayTransportError)
    } finally {
      await dead.close()
    }
  })
})

describe("answers that cannot be trusted", () => {
  // A request that may have moved money and got an answer that cannot be read: the gateway may have done it.
  it("malformed XML of the direct payment: an unknown outcome, caused by the unreadable body", async () => {
    sb.setFaults([{ path: "/v1/authorise", fault: "malformed", times: 1 }])
    const err = await client.authorise(cardPayment()).catch((x: unknown) => x)
    expect(err).toBeInstanceOf(GatewayOutcomeUnknownError)
    expect(err).toMatchObject({ operation: "authorise", httpStatus: 200 })
    expect((err as Error & { cause?: unknown }).cause).toBeInstanceOf(GatewayResponseError)
    expect((err as Error & { cause?: GatewayResponseError }).cause!.field).toBe("(body)")
  })

  it("malformed JSON of a capture, refund and payout: unknown outcomes; of a query or an issuing read: GatewayResponseError", async () => {
    const e = await authorisedEntry()
    sb.setFaults([{ path: "/v1/capture", fault: "malformed", times: 1 }])
    const err = await client.capture({ capture_orders: [e] }).catch((x: unknown) => x)
    expect(err).toBeInstanceOf(GatewayOutcomeUnknownError)
    expect((err as Error & { cause?: GatewayResponseError }).cause!.field).toBe("(body)")
    // The capture did happen: a repeat is refused by the gateway, not made twice.
    const again = await client.capture({ capture_orders: [e] })
    expect(again.capture_orders[0]!.outcome).toBe("refused")

    sb.setFaults([{ path: "/v1/retrievalTrans", fault: "malformed" }])
    const q = await client.orderQuery({ orders: [e.order_no] }).catch((x: unknown) => x)
    expect(q).toBeInstanceOf(GatewayResponseError)
    sb.setFaults([{ path: "/api/group/query", fault: "malformed" }])
    const err2 = await issuing.group.query({ group_id: "7001" }).catch((x: unknown) => x)
    expect(err2).toBeInstanceOf(GatewayResponseError)
  })

  it("a wrong signature on the direct payment answer: an unknown outcome, caused by the signature", async () => {
    sb.setFaults([{ path: "/v1/authorise", fault: "bad_signature", times: 1 }])
    const err = await client.authorise(cardPayment()).catch((x: unknown) => x)
    expect(err).toBeInstanceOf(GatewayOutcomeUnknownError)
    expect((err as Error & { cause?: unknown }).cause).toBeInstanceOf(GatewaySignatureError)
    expect((err as Error & { cause?: GatewaySignatureError }).cause).toMatchObject({
      field: "encryption_data",
      operation: "authorise",
    })
  })

  it("verification can be turned off by option", async () => {
    const lax = acquiringFor(sb, { verifyResponseSignatures: false })
    try {
      sb.setFaults([{ path: "/v1/authorise", fault: "bad_signature", times: 1 }])
      const r = await lax.authorise(cardPayment())
      expect(r.outcome).toBe("approved")
    } finally {
      await lax.close()
    }
  })
})

describe("logs", () => {
  it("every log line is redacted: no PAN, CVV, sign key or signatures", async () => {
    const lines: string[] = []
    const log = (l: string) => lines.push(l)
    const logged = acquiringFor(sb, { logger: { debug: log, info: log, warn: log, error: log } })
    try {
      const req = { ...cardPayment(), security_code: "9731" }
      const r = await logged.authorise(req)
      sb.setFaults([{ path: "/v1/retrievalTrans", fault: "error5xx", times: 1 }])
      await logged.orderQuery({ trades: [r.transaction_id!] })
      const text = lines.join("\n")
      expect(lines.length).toBeGreaterThan(3)
      expect(text).toContain("authorise")
      expect(text).not.toContain("4242424242424242")
      expect(text).not.toContain("9731")
      expect(text).not.toContain(SIGN_KEY)
      expect(text).not.toContain(r.encryption_data!)
      expect(text).toMatch(/retrying/)
    } finally {
      await logged.close()
    }
  })
})
