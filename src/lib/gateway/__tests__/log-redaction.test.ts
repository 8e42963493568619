/**
 * Debug logs of answers: the body is redacted whole before it is cut to its logged length, so a card number
 * that straddles the cut is still recognised and masked (a cut first would leave its first digits in the log).
 */
import { createServer, Server } from "node:http"
import { AddressInfo } from "node:net"
import { HttpTransport, redactingLogger } from "../index"

let server: Server
let url: URL
const PAN = "4242424242424242"

beforeAll(async () => {
  server = createServer((_req, res) => {
    // A JSON field holding a card number that starts at character 3990 and runs past the 4000th.
    const body = JSON.stringify({ padding: "x".repeat(3968), card: PAN })
    res.writeHead(200, { "content-type": "application/json" }).end(body)
  })
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", () => r()))
  url = new URL(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1/capture`)
})

afterAll(async () => {
  await new Promise((r) => server.close(r))
})

it("a card number across the logged length is masked, not cut", async () => {
  const lines: string[] = []
  const log = (m: string) => lines.push(m)
  const transport = new HttpTransport({ logger: { debug: log, info: log, warn: log, error: log } })
  try {
    const res = await transport.send({ operation: "capture", url, body: "{}", contentType: "application/json", idempotent: false })
    expect(res.body).toContain(PAN) // the card number did cross the cut
    expect(res.body.indexOf(PAN)).toBeLessThan(4000)
    expect(res.body.indexOf(PAN) + PAN.length).toBeGreaterThan(4000)
  } finally {
    await transport.close()
  }
  const logged = lines.join("\n")
  expect(logged).toContain("HTTP 200")
  expect(logged).not.toContain(PAN.slice(0, 8))
})

it("a level the logger does not write (Medusa's shouldLog) gets no line; the others still do", async () => {
  const lines: [string, string][] = []
  const at = (level: string) => (m: string) => void lines.push([level, m])
  let debugOn = false
  const logger = redactingLogger({ debug: at("debug"), info: at("info"), warn: at("warn"), error: at("error"), shouldLog: (l) => l !== "debug" || debugOn })!
  const transport = new HttpTransport({ logger, retry: { attempts: 2, baseMs: 1 } })
  const closed = new URL("http://127.0.0.1:9/v1/retrievalTrans") // nothing listens: a warning per attempt
  try {
    await transport.send({ operation: "capture", url, body: "{}", contentType: "application/json", idempotent: false })
    expect(lines).toEqual([])
    await expect(transport.send({ operation: "orderQuery", url: closed, body: "", contentType: "application/x-www-form-urlencoded", idempotent: true })).rejects.toThrow()
    expect(lines.length).toBeGreaterThan(0)
    expect(lines.every(([level]) => level === "warn")).toBe(true)
    // The level is asked per line: switched on at run time, debug lines come (redacted).
    lines.length = 0
    debugOn = true
    await transport.send({ operation: "capture", url, body: "{}", contentType: "application/json", idempotent: false })
    expect(lines.map(([level]) => level)).toEqual(["debug", "debug"])
    expect(lines.map(([, m]) => m).join("\n")).not.toContain(PAN.slice(0, 8))
  } finally {
    await transport.close()
  }
})
