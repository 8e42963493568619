/**
 * The total deadline of a request against a local server that trickles its answer a few bytes at a time: the
 * body's idle timeout never fires, so only the deadline ends the request. A mutating request then has an
 * unknown outcome (it was sent), a query is retried and fails as a transport error.
 */
import { createServer, IncomingMessage, Server, ServerResponse } from "node:http"
import { AddressInfo } from "node:net"
import { createAcquiringClient, GatewayOutcomeUnknownError, GatewayTransportError, HttpTransport } from "../index"

jest.setTimeout(15_000)

let server: Server
let url: string
let received: string[] = []
const open = new Set<ServerResponse>()

beforeAll(async () => {
  server = createServer((req: IncomingMessage, res: ServerResponse) => {
    req.resume()
    req.on("end", () => {
      received.push(req.url ?? "")
      open.add(res)
      // Headers at once, then one byte every 100 ms, for ever: never idle long enough for bodyTimeout.
      res.writeHead(200, { "content-type": "application/json" })
      res.write("{")
      const tick = setInterval(() => res.write(" "), 100)
      res.on("close", () => {
        clearInterval(tick)
        open.delete(res)
      })
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  for (const res of open) res.destroy()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})

beforeEach(() => {
  received = []
})

const clientWith = (totalMs: number) =>
  createAcquiringClient({
    baseUrl: url,
    merchantId: "701001",
    accountId: "701001010",
    signKey: "sandbox_sign_key",
    timeouts: { headersMs: 2000, bodyMs: 2000, totalMs },
    retry: { attempts: 2, baseMs: 1, maxMs: 5 },
  })

describe("total deadline of a request", () => {
  it("defaults to the headers timeout plus the body timeout", () => {
    expect(new HttpTransport({ timeouts: { headersMs: 1000, bodyMs: 3000 } }).timeouts.totalMs).toBe(4000)
    expect(new HttpTransport().timeouts.totalMs).toBe(60_000)
    expect(new HttpTransport({ timeouts: { totalMs: 1500 } }).timeouts.totalMs).toBe(1500)
  })

  it("a trickled answer to a capture ends at the deadline as an unknown outcome, sent once", async () => {
    const client = clientWith(1200)
    try {
      const started = Date.now()
      const err = await client
        .capture({ capture_orders: [{ transaction_id: "T1", order_no: "o1", currency: "USD", amount: "1.00" }] })
        .catch((e: unknown) => e)
      expect(err).toBeInstanceOf(GatewayOutcomeUnknownError)
      expect(err).toMatchObject({ code: "GATEWAY_DEADLINE" })
      expect((err as Error).message).toMatch(/total deadline/)
      expect(Date.now() - started).toBeLessThan(5000)
      expect(received).toEqual(["/v1/capture"])
    } finally {
      await client.close()
    }
  })

  it("a trickled answer to a query is retried, then a transport error", async () => {
    const client = clientWith(1200)
    try {
      const err = await client.orderQuery({ orders: ["o1"] }).catch((e: unknown) => e)
      expect(err).toBeInstanceOf(GatewayTransportError)
      expect((err as Error).message).toMatch(/GATEWAY_DEADLINE.*gave up after 2 attempt/)
      expect(received).toEqual(["/v1/retrievalTrans", "/v1/retrievalTrans"])
    } finally {
      await client.close()
    }
  })
})
