/**
 * A local HTTP server on a real socket (node:http) that records every request it receives and answers with
 * whatever the test sets: the way to see exactly what a client puts on the wire.
 */
import { createServer, IncomingMessage, Server, ServerResponse } from "node:http"
import { AddressInfo } from "node:net"
import { ACQUIRING_SIGNATURE_FIELDS, signAcquiring } from "../../signing"

export interface RecordedRequest {
  method: string
  path: string
  contentType: string
  raw: string
  /** The body decoded by its content type (JSON, or form fields; a form value holding JSON text stays text). */
  fields: Record<string, unknown>
}

export type Reply = (req: RecordedRequest, res: ServerResponse) => void

export interface RecordingServer {
  url: string
  requests: RecordedRequest[]
  last(): RecordedRequest
  reply(fn: Reply): void
  close(): Promise<void>
}

function decode(contentType: string, raw: string): Record<string, unknown> {
  if (contentType.includes("application/x-www-form-urlencoded")) return Object.fromEntries(new URLSearchParams(raw))
  try {
    const v = JSON.parse(raw)
    return v && typeof v === "object" ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

export async function startRecordingServer(): Promise<RecordingServer> {
  const requests: RecordedRequest[] = []
  let reply: Reply = (_r, res) => {
    res.writeHead(200, { "content-type": "application/json" })
    res.end(JSON.stringify({ return_status: "1", return_message: "OK" }))
  }
  const server: Server = createServer((req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    req.on("data", (c: Buffer) => chunks.push(c))
    req.on("end", () => {
      const raw = Buffer.concat(chunks).toString("utf8")
      const contentType = String(req.headers["content-type"] ?? "")
      const r: RecordedRequest = {
        method: req.method ?? "",
        path: req.url ?? "",
        contentType,
        raw,
        fields: decode(contentType, raw),
      }
      requests.push(r)
      reply(r, res)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", () => resolve()))
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  return {
    url,
    requests,
    last: () => {
      const r = requests[requests.length - 1]
      if (!r) throw new Error("the server received no request")
      return r
    },
    reply: (fn) => {
      reply = fn
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export function json(body: unknown, status = 200): Reply {
  return (_r, res) => {
    res.writeHead(status, { "content-type": "application/json" })
    res.end(JSON.stringify(body))
  }
}

/** An order query's answer: one order found per payment status given, numbered o1, o2, ... in that order. */
export function ordersFound(...paymentStatuses: string[]): Reply {
  return json({
    return_status: "1",
    orders_list: paymentStatuses.map((payment_status, i) => ({
      order_no: `o${i + 1}`,
      query_result: "1",
      payment_status,
    })),
  })
}

/**
 * An approved direct-payment answer (XML `respon`) for the recorded request, signed with the contract's
 * response formula; `rename` spells elements as another gateway would.
 */
export function approvedRespon(signKey: string, rename: Record<string, string> = {}): Reply {
  return (r, res) => {
    const f = r.fields
    const values: Record<string, string> = {
      merchant_id: String(f.merchant_id ?? ""),
      account_id: String(f.account_id ?? ""),
      order_no: String(f.order_no ?? ""),
      amount: String(f.amount ?? ""),
      currency: String(f.currency ?? ""),
      transaction_id: "T100",
      card: "424242******4242",
      order_status: "1",
      result_info: "0000:Success",
    }
    const signature = signAcquiring(ACQUIRING_SIGNATURE_FIELDS.authoriseResponse, values, signKey)
    const el = (name: string, v: string) => `<${rename[name] ?? name}>${v}</${rename[name] ?? name}>`
    const xml = `<?xml version="1.0" encoding="UTF-8"?><respon>${Object.entries(values)
      .map(([k, v]) => el(k, v))
      .join("")}${el("encryption_data", signature)}</respon>`
    res.writeHead(200, { "content-type": "application/xml" })
    res.end(xml)
  }
}

/**
 * A recording server for one test file, started before its tests and closed after them with every client the
 * tests registered with `track`.
 */
export function useRecordingServer() {
  let server: RecordingServer | null = null
  const open: { close(): Promise<void> }[] = []
  beforeAll(async () => {
    server = await startRecordingServer()
  })
  afterAll(async () => {
    await Promise.all(open.map((c) => c.close()))
    await server?.close()
  })
  return {
    get server(): RecordingServer {
      return server!
    },
    track<T extends { close(): Promise<void> }>(client: T): T {
      open.push(client)
      return client
    },
  }
}
