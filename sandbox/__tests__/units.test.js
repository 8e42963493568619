"use strict"
const fs = require("node:fs")
const path = require("node:path")
// The shared spec's vectors when this checkout sits beside it; otherwise the repository's verbatim copy.
const SHARED_VECTORS = path.join(__dirname, "..", "..", "..", "shared", "spec", "signature-vectors.json")
const FIXTURE_VECTORS = path.join(__dirname, "..", "..", "fixtures", "signature-vectors.json")
const readJson = (file) => JSON.parse(fs.readFileSync(file, "utf8"))
const vectors = readJson(fs.existsSync(SHARED_VECTORS) ? SHARED_VECTORS : FIXTURE_VECTORS).vectors
const signing = require("../lib/signing")
const money = require("../lib/money")
const validation = require("../lib/validation")
const { parseBody } = require("../lib/body")
const { buildXml } = require("../lib/xml")
const { backoffMs, formEncode } = require("../lib/notifier")
const { normaliseRules, createFaults, NO_FAULT } = require("../lib/faults")
const { familyOf } = require("../lib/routing")
const { serialise } = require("../lib/serialise")
const { faultsFor, truncateBody } = require("../lib/request-faults")
const { parseArgs } = require("../bin")

describe("signing module against signature-vectors.json", () => {
  test("the repository's copy equals the shared spec's vectors (when the spec is beside it)", () => {
    if (!fs.existsSync(SHARED_VECTORS)) return
    expect(readJson(FIXTURE_VECTORS)).toEqual(readJson(SHARED_VECTORS))
  })

  test.each(vectors.map((v) => [v.family, v.endpoint, v]))("%s %s", (family, _endpoint, v) => {
    if (family === "acquiring") {
      expect(signing.acquiringSign(v.values, v.fields, v.key)).toBe(v.signature)
      expect(signing.acquiringVerify(v.values, v.fields, v.key, v.signature)).toBe(true)
      expect(signing.acquiringVerify(v.values, v.fields, v.key, v.signature.toUpperCase())).toBe(true)
      expect(signing.acquiringVerify(v.values, v.fields, v.key + "x", v.signature)).toBe(false)
    } else {
      expect(signing.issuingSignFields(v.values, v.fields, v.key)).toBe(v.signature)
      // the endpoint's own formula in the sandbox's table gives the same signature
      const table = signing.ISSUING_FIELDS[v.endpoint]
      if (table) expect(signing.issuingSign(v.endpoint, v.values, v.key)).toBe(v.signature)
      expect(signing.issuingVerify(v.endpoint, { ...v.values, sign: v.signature }, v.key)).toBe(true)
      expect(signing.issuingVerify(v.endpoint, { ...v.values, sign: v.signature.toLowerCase() }, v.key)).toBe(false)
    }
  })

  test("the sandbox's acquiring table matches the vectors' field lists", () => {
    for (const v of vectors.filter((x) => x.family === "acquiring")) {
      const path = v.endpoint.split(" ")[0]
      const table = signing.ACQUIRING_FIELDS[path] || signing.ACQUIRING_FIELDS.response
      expect(table).toEqual(v.fields)
    }
  })

  test("a refund body with refund_orders entries signs like the vector's expanded list", () => {
    const v = vectors.find((x) => x.endpoint === "/v1/refund")
    const body = {
      merchant_id: v.values.merchant_id,
      account_id: v.values.account_id,
      refund_orders: v.values["refund_orders[].transaction_id"].map((id) => ({ transaction_id: id, amount: "1.00" })),
    }
    expect(signing.acquiringSign(body, signing.ACQUIRING_FIELDS["/v1/refund"], v.key)).toBe(v.signature)
  })

  test("issuing company id is read from companyId too", () => {
    const v = vectors.find((x) => x.endpoint === "/cardholder/query")
    const body = { companyId: v.values.company_id, cardholderId: v.values.cardholderId, sign: v.signature }
    expect(signing.issuingVerify("/cardholder/query", body, v.key)).toBe(true)
  })

  test("sorted-json scheme: every field but sign, keys sorted, JSON, api key", () => {
    const body = { z: "1", company_id: "4101", card_id: "7", sign: "ignored" }
    const expected = require("node:crypto")
      .createHash("sha256")
      .update('{"card_id":"7","company_id":"4101","z":"1"}' + "k")
      .digest("hex")
      .toUpperCase()
    expect(signing.issuingSign("/card/close", body, "k", "sorted-json")).toBe(expected)
  })

  test("malformed or corrupted signatures fail", () => {
    const v = vectors[0]
    expect(signing.acquiringVerify(v.values, v.fields, v.key, "abc")).toBe(false)
    expect(signing.acquiringVerify(v.values, v.fields, v.key, undefined)).toBe(false)
    expect(signing.acquiringVerify(v.values, v.fields, v.key, signing.corruptSignature(v.signature))).toBe(false)
    expect(signing.safeEqual("abc", "abd")).toBe(false)
    expect(signing.safeEqual("abc", "abc")).toBe(true)
  })
})

describe("money", () => {
  test("strict parsing follows the currency exponent", () => {
    expect(money.parseStrict("10.36", "USD")).toBe(1036n)
    expect(money.parseStrict("10.3", "USD")).toBeNull()
    expect(money.parseStrict("10", "USD")).toBeNull()
    expect(money.parseStrict("1000", "JPY")).toBe(1000n)
    expect(money.parseStrict("1000.00", "JPY")).toBeNull()
    expect(money.parseStrict("1.250", "KWD")).toBe(1250n)
    expect(money.parseStrict("-1.00", "USD")).toBeNull()
    expect(money.parseStrict("01.00", "USD")).toBeNull()
    expect(money.parseStrict(10.36, "USD")).toBeNull()
  })
  test("exact sums and formatting", () => {
    const a = money.parseStrict("0.10", "USD") + money.parseStrict("0.20", "USD")
    expect(money.format(a, "USD")).toBe("0.30")
    expect(money.format(5n, "KWD")).toBe("0.005")
    expect(money.format(12345678901234n, "JPY")).toBe("12345678901234")
    expect(money.parseLenient("25", "USD")).toBe(2500n)
    expect(money.parseLenient("25.5", "USD")).toBe(2550n)
    expect(money.parseLenient("25.555", "USD")).toBeNull()
  })
})

describe("validation", () => {
  test("Luhn", () => {
    expect(validation.luhnValid("4242424242424242")).toBe(true)
    expect(validation.luhnValid("4000000000003220")).toBe(true)
    expect(validation.luhnValid("4242424242424241")).toBe(false)
    expect(validation.luhnValid("42")).toBe(false)
    expect(validation.luhnValid("485932000000000" + validation.luhnCheckDigit("485932000000000"))).toBe(true)
  })
  test("length and required checks name the field", () => {
    expect(validation.checkRequired({ a: " " }, ["a"])).toEqual(expect.objectContaining({ code: "I0001", source: "a" }))
    expect(validation.checkLengths({ merchant_id: "12345678" }, validation.PAYMENT_LIMITS)).toEqual(
      expect.objectContaining({ code: "I0002", source: "merchant_id" })
    )
    expect(validation.checkLengths({ merchant_id: 7 }, validation.PAYMENT_LIMITS)).toEqual(
      expect.objectContaining({ code: "I0002", source: "merchant_id" })
    )
  })
  test("dates", () => {
    expect(validation.isDate("2024-02-29")).toBe(true)
    expect(validation.isDate("2023-02-29")).toBe(false)
    expect(validation.isDayMonthYear("31-12-1990")).toBe(true)
    expect(validation.isDayMonthYear("1990-12-31")).toBe(false)
  })
})

describe("body parsing", () => {
  test("JSON and form bodies; form array fields are JSON text", () => {
    expect(parseBody('{"a":"1"}', "application/json")).toEqual({ a: "1" })
    const f = parseBody(
      "merchant_id=1&capture_orders=" + encodeURIComponent('[{"transaction_id":"T1"}]'),
      "application/x-www-form-urlencoded"
    )
    expect(f.capture_orders).toEqual([{ transaction_id: "T1" }])
    expect(parseBody("refund_orders=a,b", "application/x-www-form-urlencoded").refund_orders).toBe("a,b")
    expect(
      parseBody('refund_orders=[{"transaction_id":"T1"}]', "application/x-www-form-urlencoded").refund_orders
    ).toEqual([{ transaction_id: "T1" }])
    expect(parseBody("note=[not json", "application/x-www-form-urlencoded").note).toBe("[not json")
    expect(() => parseBody("{bad", "application/json")).toThrow(/JSON/)
  })

  test("JSON text sent as application/x-www-form-urlencoded (the public docs' samples) is read as JSON", () => {
    const text = JSON.stringify({
      merchant_id: "701001",
      items: "a#,#b#,#1.00#,#1",
      note: "x&y=z",
      checkout_time: 1700000000,
    })
    expect(parseBody(text, "application/x-www-form-urlencoded")).toEqual({
      merchant_id: "701001",
      items: "a#,#b#,#1.00#,#1",
      note: "x&y=z",
      checkout_time: 1700000000,
    })
    expect(parseBody(`  ${text}\n`, "application/x-www-form-urlencoded; charset=UTF-8").merchant_id).toBe("701001")
    expect(() => parseBody('{"merchant_id":', "application/x-www-form-urlencoded")).toThrow(/JSON/)
    expect(parseBody("merchant_id=701001&note=%7Bx", "application/x-www-form-urlencoded")).toEqual({
      merchant_id: "701001",
      note: "{x",
    })
  })
})

describe("items text (public docs, Items)", () => {
  test("4 or 6 components, none empty (0 for empty), prices in the order currency", () => {
    expect(validation.checkItems("huawei#,#NUM1#,#230.00#,#1#;#Test2#,#NUM2#,#290.00#,#2", "USD")).toBeNull()
    expect(validation.checkItems("a#,#0#,#0#,#1#,#0#,#0", "USD")).toBeNull()
    expect(validation.checkItems("a#,#b#,#500#,#2#,#https://s.example/p#,#v1", "JPY")).toBeNull()
    expect(validation.checkItems("a#,#b#,#500#,#2", "USD")).toEqual(
      expect.objectContaining({ code: "I0002", source: "items" })
    )
    expect(validation.checkItems("a#,#b#,#1.00#,#2#,#0", "USD").message).toMatch(/5 components/)
    expect(validation.checkItems("a#,#b#,# #,#2", "USD").message).toMatch(/empty unit price/)
    expect(validation.checkItems(["a"], "USD").message).toMatch(/string/)
  })
})

describe("XML building", () => {
  test("root respon, escaped values, nested and repeated elements", () => {
    const x = buildXml({ note: 'a<b & "c"', risk_reasons: [{ name: "n", status: "s" }] })
    expect(x).toContain(
      "<respon><note>a&lt;b &amp; &quot;c&quot;</note><risk_reasons><name>n</name><status>s</status></risk_reasons></respon>"
    )
  })
})

describe("notification back-off and encoding", () => {
  test("exponential with jitter, capped at 12 h", () => {
    expect(backoffMs(1000, 1, () => 0)).toBe(1000)
    expect(backoffMs(1000, 2, () => 0)).toBe(2000)
    expect(backoffMs(1000, 3, () => 1)).toBe(5000)
    expect(backoffMs(1000, 40, () => 0)).toBe(12 * 3600 * 1000)
  })
  test("form encoding", () => {
    expect(formEncode({ a: "x y", b: "REVIEW RESULT" })).toBe("a=x+y&b=REVIEW+RESULT")
  })
})

describe("fault rules", () => {
  test("validation", () => {
    expect(() => normaliseRules([{ fault: "nope" }])).toThrow(/fault/)
    expect(() => normaliseRules([{ fault: "latency" }])).toThrow(/ms/)
    expect(() => normaliseRules([{ fault: "drop", rate: 2 }])).toThrow(/rate/)
    expect(normaliseRules([{ fault: "drop" }])[0]).toEqual(expect.objectContaining({ rate: 1, times: null }))
  })
})

describe("request pieces", () => {
  test("routing: a family owns its prefix and everything below it, nothing that merely starts alike", () => {
    expect(["/v1", "/v1/authorise", "/api/card/query", "/sandbox", "/sandbox/health"].map(familyOf)).toEqual([
      "acquiring",
      "acquiring",
      "issuing",
      "control",
      "control",
    ])
    expect(["/", "/v1x", "/apis", "/sandboxes"].map(familyOf)).toEqual([null, null, null, null])
  })

  test("serialisation: redirect, XML, HTML, JSON and text answers", () => {
    const text = (out) => out.body.toString("utf8")
    const redirect = serialise({ status: 303, location: "https://shop.example/r?a=1" })
    expect(redirect.headers).toEqual({
      location: "https://shop.example/r?a=1",
      "content-type": "text/plain; charset=utf-8",
    })
    expect(text(redirect)).toBe("See Other: https://shop.example/r?a=1")
    const xml = serialise({ xml: { order_no: "a&b" } })
    expect([xml.status, xml.headers["content-type"], text(xml)]).toEqual([
      200,
      "application/xml; charset=utf-8",
      '<?xml version="1.0" encoding="UTF-8"?>\n<respon><order_no>a&amp;b</order_no></respon>',
    ])
    expect(serialise({ html: "<p>é</p>" }).body.length).toBe(Buffer.byteLength("<p>é</p>"))
    const json = serialise({ status: 405, headers: { allow: "POST" }, json: { a: 1 } })
    expect([json.status, json.headers, text(json)]).toEqual([
      405,
      { allow: "POST", "content-type": "application/json; charset=utf-8" },
      '{"a":1}',
    ])
    expect(text(serialise({}))).toBe("")
  })

  test("faults: only gateway requests get them (and the latency option); malformed halves the body", () => {
    const faults = createFaults()
    faults.set([
      { fault: "latency", ms: 5 },
      { fault: "malformed", times: 1 },
    ])
    expect(faultsFor(faults, false, "/sandbox/health", 100)).toEqual(NO_FAULT)
    const f = faultsFor(faults, true, "/v1/authorise", 100)
    expect([f.latencyMs, f.malformed]).toEqual([105, true])
    expect(truncateBody(f, Buffer.from("abcdefg")).toString()).toBe("abc")
    expect(faultsFor(faults, true, "/v1/authorise", 0).malformed).toBe(false)
  })
})

describe("CLI argument parsing", () => {
  test("flags map onto options; bad values name the flag", () => {
    expect(
      parseArgs([
        "--port",
        "4010",
        "--sign-key=k",
        "--issuing-sign-scheme",
        "sorted-json",
        "--registered-ips",
        "127.0.0.1,::1",
      ]).options
    ).toEqual({
      port: 4010,
      signKey: "k",
      issuingSignScheme: "sorted-json",
      registeredIps: ["127.0.0.1", "::1"],
    })
    expect(() => parseArgs(["--port", "x"])).toThrow(/--port/)
    expect(() => parseArgs(["--latency-ms", "-5"])).toThrow(/--latency-ms/)
    expect(() => parseArgs(["--notify-attempts", "0"])).toThrow(/--notify-attempts/)
    expect(() => parseArgs(["--issuing-sign-scheme", "md5"])).toThrow(/--issuing-sign-scheme/)
    expect(() => parseArgs(["--nope"])).toThrow(/--nope/)
    expect(() => parseArgs(["--sign-key"])).toThrow(/--sign-key needs a value/)
    expect(parseArgs(["--help"]).help).toBe(true)
  })
})
