/**
 * Debug logs of answers: the body is redacted whole before it is cut to its logged length, so a card number
 * that straddles the cut is still recognised and masked (a cut first would leave its first digits in the log).
 */
import { createServer, Server } from "node:http"
import { AddressInfo } from "node:net"
import { HttpTransport, redactingLogger } from "../index"
import { acquiringFor, CARDS, cardPayment, issuingFor, newCard, orderNo, Sandbox, start } from "./helpers/sandbox"
import { payoutRequest } from "./helpers/samples"

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
  const transport = new HttpTransport({ logger: { debug: log, info: log, warn: log, error: log }, logBodies: true })
  try {
    const res = await transport.send({
      operation: "capture",
      url,
      body: "{}",
      contentType: "application/json",
      idempotent: false,
    })
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
  const logger = redactingLogger({
    debug: at("debug"),
    info: at("info"),
    warn: at("warn"),
    error: at("error"),
    shouldLog: (l) => l !== "debug" || debugOn,
  })!
  const transport = new HttpTransport({ logger, retry: { attempts: 2, baseMs: 1 }, logBodies: true })
  const closed = new URL("http://127.0.0.1:9/v1/retrievalTrans") // nothing listens: a warning per attempt
  try {
    await transport.send({ operation: "capture", url, body: "{}", contentType: "application/json", idempotent: false })
    expect(lines).toEqual([])
    await expect(
      transport.send({
        operation: "orderQuery",
        url: closed,
        body: "",
        contentType: "application/x-www-form-urlencoded",
        idempotent: true,
      })
    ).rejects.toThrow()
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

/**
 * M4-1: what the logger receives from real calls to the sandbox, with the wire map renaming the card fields
 * (`fieldNames`) and every level written (debug included). The card-bearing operations never log their
 * bodies, and the bodies that are logged hide every sensitive field under the gateway's name as well as ours.
 */
describe("logs of real calls with renamed card fields", () => {
  const CVV = "7391"
  const TOKEN = "TKsecret0123456789"
  const IBAN_TEXT = "GB33BUKB20201555555555"
  let sb: Sandbox
  let lines: string[]
  const logger = () => {
    lines = []
    const log = (m: string) => void lines.push(m)
    return { debug: log, info: log, warn: log, error: log, enabled: () => true }
  }
  const RENAMES = { authorise: { security_code: "securityCode", token_id: "tokenId", card: "cardNo" } }

  beforeAll(async () => {
    sb = await start()
  })
  afterAll(async () => {
    await sb.close()
  })

  const pay = async (client: ReturnType<typeof acquiringFor>) => {
    // The sandbox reads the docs' names, so it may refuse the renamed fields: what matters here is the log.
    await client.authorise({ ...cardPayment("10.00"), card: CARDS.approved, security_code: CVV }).catch(() => undefined)
    await client
      .authorise({ ...cardPayment("10.00"), card: "", token_id: TOKEN, security_code: CVV })
      .catch(() => undefined)
  }
  const expectNoCardData = () => {
    const logged = lines.join("\n")
    expect(logged).toContain("POST /v1/authorise") // the calls were logged...
    expect(logged).not.toContain(CVV) // ...without the security code,
    expect(logged).not.toContain(TOKEN) // the token
    expect(logged).not.toContain(CARDS.approved.slice(0, 12)) // or the card number
  }

  it("with the default options (bodies not logged)", async () => {
    const client = acquiringFor(sb, { fieldNames: RENAMES, logger: logger() })
    try {
      await pay(client)
    } finally {
      await client.close()
    }
    expectNoCardData()
  })

  it("with logBodies on: the authorise bodies are still never logged, and other bodies hide renamed fields", async () => {
    const client = acquiringFor(sb, {
      fieldNames: { ...RENAMES, payout: { "beneficiary.bank_details.iban": "ibanCode" } },
      logger: logger(),
      logBodies: true,
    })
    try {
      await pay(client)
      expectNoCardData()
      expect(lines.join("\n")).not.toContain('"body"')
      lines.length = 0
      await client
        .payout(
          payoutRequest(`po_${orderNo()}`, {
            account_currency: "AUD",
            bank_country_code: "AU",
            iban: IBAN_TEXT,
            account_number: "12345678",
            bank_code: "062",
          })
        )
        .catch(() => undefined)
    } finally {
      await client.close()
    }
    const logged = lines.join("\n")
    expect(logged).toContain("ibanCode") // the payout's body was logged (the sandbox's answer too)...
    expect(logged).not.toContain(IBAN_TEXT) // ...without the IBAN under the gateway's name
    expect(logged).not.toContain("12345678") // or the account number
  })

  it("the issuing card query and creation never log their answers (card number, CVV, expiry)", async () => {
    const issuing = issuingFor(sb, { logger: logger(), logBodies: true })
    try {
      const entry = await newCard(issuing)
      const card = await issuing.card.query({ cardId: String(entry.cardId) })
      const logged = lines.join("\n")
      expect(logged).toContain("/card/query")
      expect(logged).toContain('"body"') // bodies are logged for the other calls (the cardholder)...
      for (const pan of [entry.cardNumber, card.cardNumber]) expect(logged).not.toContain(String(pan).slice(0, 12))
      // ...never for the card's: not even its field names (redaction would have left them with hidden values)
      for (const name of ["cardNumber", "cvv", "expireYear", "expireMonth"]) expect(logged).not.toContain(`"${name}"`)
    } finally {
      await issuing.close()
    }
  })
})
