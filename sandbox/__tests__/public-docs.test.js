"use strict"
/**
 * Golden direction 1: what the public docs send, the sandbox accepts.
 * The docs' direct-payment sample (fixtures/public-docs/authorise.json, see its README) goes to /v1/authorise
 * verbatim: only `order_no` is made unique and `encryption_data` is recomputed with the sandbox's key by the
 * sandbox's own signing module. It is sent as the docs send it (JSON text, Content-Type
 * application/x-www-form-urlencoded) and as application/json.
 */
const fs = require("node:fs")
const path = require("node:path")
const signing = require("../lib/signing")
const { DEFAULTS } = require("../lib/options")
const h = require("./helpers")

const FIXTURE = path.join(__dirname, "..", "..", "fixtures", "public-docs", "authorise.json")
const PUBLIC_DOCS = path.join(__dirname, "..", "..", "..", "shared", "spec", "public-docs.md")
const fixtureText = fs.readFileSync(FIXTURE, "utf8")
const sample = JSON.parse(fixtureText)

// the sample's notify_url is on the reserved `.example` domain: one attempt, which fails without leaving the host
const sb = h.useSandbox({ notifyAttempts: 1 }, { resetEach: false })

let seq = 0
/** The sample, re-signed, with a unique order_no; every other field, its value and the order untouched. */
function resigned() {
  seq += 1
  const body = JSON.parse(fixtureText)
  body.order_no = `${sample.order_no}${process.pid}${seq}${Date.now() % 100000}`
  body.encryption_data = signing.acquiringSign(body, signing.ACQUIRING_FIELDS["/v1/authorise"], DEFAULTS.signKey)
  return body
}

describe("the public docs' direct-payment sample", () => {
  test("the fixture carries the docs' card field names and values", () => {
    expect(sample).toEqual(
      expect.objectContaining({
        merchant_id: "701001",
        account_id: "701001010",
        card: "4242424242424242",
        expiration_month: "12",
        expiration_year: "2030",
        security_code: "321",
      })
    )
    const keys = Object.keys(sample)
    expect(keys.slice(keys.indexOf("card"), keys.indexOf("card") + 4)).toEqual([
      "card",
      "expiration_month",
      "expiration_year",
      "security_code",
    ])
    expect(keys[keys.length - 1]).toBe("checkout_time")
  })

  const docsTest = fs.existsSync(PUBLIC_DOCS) ? test : test.skip
  docsTest("the fixture lists exactly public-docs.md's fields, in its order, with its values", () => {
    const md = fs.readFileSync(PUBLIC_DOCS, "utf8")
    const start = md.indexOf("\n", md.indexOf("## Direct payment `POST /v1/authorise`"))
    const section = md.slice(start, md.indexOf("\nSo the card's expiry", start))
    const names = section
      .replace(/"[^"]*"/g, "")
      .replace(/[()*]/g, "")
      .split(",")
      .map((s) => s.trim())
      .filter((s) => /^[a-z_0-9]+$/.test(s))
    expect(names.length).toBeGreaterThan(50)
    expect(Object.keys(sample)).toEqual(names)
    const values = [...section.matchAll(/([a-z_0-9]+)\s*\(?\s*"([^"]*)"/g)].map((m) => [m[1], m[2]])
    expect(values.length).toBeGreaterThan(15)
    for (const [name, value] of values) expect([name, sample[name]]).toEqual([name, value])
  })

  test.each([
    [
      "as the docs send it: JSON text with Content-Type application/x-www-form-urlencoded",
      "application/x-www-form-urlencoded",
    ],
    ["as application/json", "application/json"],
  ])("%s: accepted, XML respon, order_status 1", async (_what, contentType) => {
    const body = resigned()
    // only order_no and encryption_data differ from the fixture
    const changed = Object.keys(sample).filter((k) => JSON.stringify(sample[k]) !== JSON.stringify(body[k]))
    expect(changed.sort()).toEqual(["encryption_data", "order_no"])
    expect(Object.keys(body)).toEqual(Object.keys(sample))

    const res = await fetch(`${sb.url}/v1/authorise`, {
      method: "POST",
      headers: { "content-type": contentType },
      body: JSON.stringify(body),
    })
    const text = await res.text()
    expect([res.status, text.slice(0, 300)]).toEqual([200, expect.any(String)])
    expect(res.headers.get("content-type")).toMatch(/application\/xml/)
    expect(text).toMatch(/^<\?xml[^>]*\?>\s*<respon>[\s\S]*<\/respon>\s*$/)
    const x = h.readXml(text)
    expect(x).toEqual(
      expect.objectContaining({
        merchant_id: "701001",
        account_id: "701001010",
        order_no: body.order_no,
        currency: "USD",
        amount: "10.36",
        card: "424242******4242",
        order_status: "1",
        result_info: "0000:Success",
      })
    )
    expect(signing.acquiringVerify(x, signing.ACQUIRING_FIELDS.response, DEFAULTS.signKey, x.encryption_data)).toBe(
      true
    )
    const state = await (await fetch(`${sb.url}/sandbox/transactions/${x.transaction_id}`)).json()
    expect(state).toEqual(
      expect.objectContaining({
        payment_status: "2000",
        notify_url: sample.notify_url,
        website: sample.website,
        shopper_email: sample.shopper_email,
      })
    )
  })

  test("the same sample without one of expiration_month, expiration_year, security_code is refused naming it", async () => {
    for (const field of ["expiration_month", "expiration_year", "security_code"]) {
      const body = resigned()
      delete body[field]
      const res = await fetch(`${sb.url}/v1/authorise`, {
        method: "POST",
        headers: { "content-type": "application/x-www-form-urlencoded" },
        body: JSON.stringify(body),
      })
      expect(res.status).toBe(400)
      expect(await res.json()).toEqual({ code: "I0001", source: field, message: `${field} is required` })
    }
  })
})
