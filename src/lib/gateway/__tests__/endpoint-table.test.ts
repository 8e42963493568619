/**
 * The endpoint table is the one place an endpoint's facts live: a made-up endpoint given as one row (plus its
 * schemas) is reachable through the client, signed, encoded, retried and read as the row says.
 */
import { z } from "zod"
import { ACQUIRING_ENDPOINTS, AcquiringEndpoint } from "../acquiring/endpoints"
import { createAcquiringClient } from "../acquiring/client"
import { BATCH_LIMITS } from "../batch"
import { GatewayOutcomeUnknownError, GatewayValidationError } from "../errors"
import { ACQUIRING_PATH_ALIASES, ACQUIRING_SIGNATURE_FIELDS, signAcquiring } from "../signing"
import { json, useRecordingServer } from "./helpers/recording-server"

const SIGN_KEY = "Sk_test_table"
const rig = useRecordingServer()

/** A balance enquiry the gateway does not have: one row, two schemas. */
const balanceRow: AcquiringEndpoint = {
  path: "/v1/balance",
  contentType: "form",
  retrySafe: true,
  signature: ["merchant_id", "account_id", "currency"],
  request: z.strictObject({
    merchant_id: z.string(),
    account_id: z.string(),
    currency: z.string().length(3, "must be 3 letters"),
  }),
  answer: "json",
  response: z.looseObject({ return_status: z.string(), balance: z.string() }),
}

const client = (endpoints: Record<string, AcquiringEndpoint>, extra: object = {}) =>
  rig.track(
    createAcquiringClient({
      baseUrl: rig.server.url,
      merchantId: "701001",
      accountId: "701001010",
      signKey: SIGN_KEY,
      endpoints,
      retry: { attempts: 2, baseMs: 1, maxMs: 2 },
      ...extra,
    })
  )

describe("a made-up endpoint from one table row", () => {
  it("is called with the row's path, encoding and signature, and its answer is validated", async () => {
    rig.server.reply(json({ return_status: "1", return_message: "OK", balance: "12.50" }))
    const c = client({ balance: balanceRow })
    const answer = await c.call<{ balance: string }>("balance", { currency: "USD" })
    expect(answer.balance).toBe("12.50")
    const sent = rig.server.last()
    expect(sent.path).toBe("/v1/balance")
    expect(sent.contentType).toBe("application/x-www-form-urlencoded")
    expect(sent.fields).toEqual({
      merchant_id: "701001",
      account_id: "701001010",
      currency: "USD",
      encryption_data: signAcquiring(
        ["merchant_id", "account_id", "currency"],
        { merchant_id: "701001", account_id: "701001010", currency: "USD" },
        SIGN_KEY
      ),
    })
  })

  it("validates the request with the row's schema before sending anything", async () => {
    const before = rig.server.requests.length
    const c = client({ balance: balanceRow })
    await expect(c.call("balance", { currency: "US" })).rejects.toThrow(GatewayValidationError)
    await expect(c.call("balance", { currency: "US" })).rejects.toMatchObject({ field: "currency" })
    expect(rig.server.requests.length).toBe(before)
  })

  it("retries a retry-safe row on 5xx; a row that is not safe to repeat gets an unknown outcome instead", async () => {
    let calls = 0
    rig.server.reply((r, res) => {
      calls++
      if (calls === 1) {
        res.writeHead(503)
        res.end("busy")
        return
      }
      json({ return_status: "1", balance: "1.00" })(r, res)
    })
    expect(
      (await client({ balance: balanceRow }).call<{ balance: string }>("balance", { currency: "EUR" })).balance
    ).toBe("1.00")
    expect(calls).toBe(2)

    rig.server.reply((_r, res) => {
      res.writeHead(503)
      res.end("busy")
    })
    const mutation = client({ balance: { ...balanceRow, retrySafe: false } })
    await expect(mutation.call("balance", { currency: "EUR" })).rejects.toThrow(GatewayOutcomeUnknownError)
  })

  it("takes its path, content type and signature overrides from the options like any row", async () => {
    rig.server.reply(json({ return_status: "1", balance: "0.00" }))
    const c = client(
      { balance: balanceRow },
      {
        paths: { balance: "/v2/balance" },
        contentTypes: { balance: "json" },
        signatureOverrides: { balance: ["currency"] },
      }
    )
    await c.call("balance", { currency: "JPY" })
    const sent = rig.server.last()
    expect(sent.path).toBe("/v2/balance")
    expect(sent.contentType).toBe("application/json")
    expect(sent.fields.encryption_data).toBe(signAcquiring(["currency"], { currency: "JPY" }, SIGN_KEY))
  })

  it("an operation that is in no row is refused without a request", async () => {
    const before = rig.server.requests.length
    await expect(client({}).call("nothing", {})).rejects.toThrow(/"nothing" is not an endpoint/)
    expect(rig.server.requests.length).toBe(before)
  })
})

describe("everything derives from the table", () => {
  it("signature rows, path aliases and batch limits are the table's", () => {
    for (const [op, row] of Object.entries(ACQUIRING_ENDPOINTS)) {
      expect(ACQUIRING_SIGNATURE_FIELDS[op as keyof typeof ACQUIRING_SIGNATURE_FIELDS]).toEqual(row.signature)
      expect(ACQUIRING_PATH_ALIASES[row.path]).toBe(op === "apm" ? "authorise" : op)
    }
    expect(BATCH_LIMITS).toEqual({
      capture: 50,
      review: 100,
      cancel: 50,
      refund: 50,
      orderQuery: 100,
      refundSearch: 100,
    })
  })
})
