// The store-API tests' server: answers as the plugin's store routes and Medusa's checkout routes do, recording every request.
import Medusa from "@medusajs/js-sdk"
import { createServer, type IncomingMessage, type Server } from "node:http"
import type { AddressInfo } from "node:net"

export type Seen = {
  method: string
  path: string
  query: Record<string, string>
  headers: IncomingMessage["headers"]
  body: any
}
export type Answer = { status?: number; json: unknown }

/**
 * A small server for the file's tests, on a real socket: it answers `answers["<METHOD> <path>"]` (404 without one)
 * and records every request in `seen` (method, path, query, headers and body as they arrive on the wire); both are
 * emptied before each test. `sdk()`: a real `@medusajs/js-sdk` client of it.
 */
export function useStoreServer() {
  let server: Server
  let baseUrl: string
  const seen: Seen[] = []
  const answers: Record<string, (req: Seen) => Answer> = {}

  beforeAll(async () => {
    server = createServer(async (req, res) => {
      let raw = ""
      for await (const chunk of req) raw += chunk
      const url = new URL(req.url ?? "/", "http://x")
      const entry: Seen = {
        method: req.method ?? "",
        path: url.pathname,
        query: Object.fromEntries(url.searchParams),
        headers: req.headers,
        body: raw ? JSON.parse(raw) : undefined,
      }
      seen.push(entry)
      const answer = answers[`${entry.method} ${entry.path}`]?.(entry) ?? {
        status: 404,
        json: { type: "not_found", message: `${entry.method} ${entry.path} not found` },
      }
      res.writeHead(answer.status ?? 200, { "content-type": "application/json" }).end(JSON.stringify(answer.json))
    })
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r))
    baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  })
  afterAll(() => new Promise<void>((r) => server.close(() => r())))
  beforeEach(() => {
    seen.length = 0
    for (const key of Object.keys(answers)) delete answers[key]
  })

  const sdk = () => new Medusa({ baseUrl, publishableKey: "pk_test" })
  return { seen, answers, sdk }
}

export const CARD = {
  number: "4000000000003220",
  exp_month: "12",
  exp_year: "2030",
  cvv: "123",
  holder_name: "Ada Lovelace",
}
export const BROWSER = { user_agent: "jest", browser_lang: "en-US" }
export const session = (status: string, data: Record<string, unknown> = {}) => ({
  payment_session: { id: "payses_1", status, data },
})
export const redirect = {
  url: "https://issuer.example/3ds/1",
  method: "POST",
  fields: {
    return_url: "https://shop.example/return",
    notify_url: "https://api.shop.example/hooks/gateway/notifications",
  },
}
