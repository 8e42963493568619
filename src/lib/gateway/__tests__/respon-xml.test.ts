import { parseResponXml, normaliseRiskReasons } from "../acquiring/respon-xml"
import { authoriseResponseSchema } from "../acquiring/schemas/authorise"
import { parseHostedPage, scriptInputs } from "../acquiring/checkout-page"
import { GatewayResponseError } from "../errors"
import { signAcquiring, ACQUIRING_SIGNATURE_FIELDS } from "../signing"

const SAMPLE = `<?xml version="1.0" encoding="UTF-8"?>
<respon>
  <merchant_id>701001</merchant_id>
  <account_id>701001010</account_id>
  <order_no>0012</order_no>
  <amount>10.36</amount>
  <currency>USD</currency>
  <transaction_id>T2024091700001</transaction_id>
  <card>424242******4242</card>
  <order_status>-2</order_status>
  <result_info>P0002:Held for review</result_info>
  <contract_name></contract_name>
  <recurring_id/>
  <recurring_deduction_time>2024-09-17 10:11:12</recurring_deduction_time>
  <note>a &amp; b &lt;c&gt;</note>
  <threeds_result>Y</threeds_result>
  <risk_action>REVIEW</risk_action>
  <risk_score>75</risk_score>
  <risk_reasons><name>velocity</name><status>FAIL</status></risk_reasons>
  <risk_reasons><name>ip_country</name><status>PASS</status></risk_reasons>
  <issuer_url>https://gw.example/issuer/T1?a=1&amp;b=2</issuer_url>
  <encryption_data>abc</encryption_data>
</respon>`

describe("respon XML", () => {
  it("parses every element as text, risk_reasons as a list", () => {
    const out = parseResponXml(SAMPLE)
    expect(out).toMatchObject({
      merchant_id: "701001",
      order_no: "0012",
      amount: "10.36",
      order_status: "-2",
      result_info: "P0002:Held for review",
      contract_name: "",
      recurring_id: "",
      note: "a & b <c>",
      risk_score: "75",
      issuer_url: "https://gw.example/issuer/T1?a=1&b=2",
    })
    expect(out.risk_reasons).toEqual([
      { name: "velocity", status: "FAIL" },
      { name: "ip_country", status: "PASS" },
    ])
    const parsed = authoriseResponseSchema.parse(out)
    expect(parsed.risk_reasons).toHaveLength(2)
    expect(parsed.recurring_deduction_time).toBe("2024-09-17 10:11:12")
  })

  it("never copies a constructor or prototype element into the answer", () => {
    const xml = SAMPLE.replace("<amount>", "<constructor>x</constructor><prototype>y</prototype><amount>")
    let out: Record<string, unknown>
    try {
      out = parseResponXml(xml)
    } catch (err) {
      // fast-xml-parser from 5.5 refuses such element names itself: a malformed answer, nothing read from it
      expect(err).toBeInstanceOf(GatewayResponseError)
      expect((err as Error).message).toMatch(/constructor/)
      return
    }
    expect(Object.prototype.hasOwnProperty.call(out, "constructor")).toBe(false)
    expect(Object.prototype.hasOwnProperty.call(out, "prototype")).toBe(false)
    expect(Object.getPrototypeOf(out)).toBe(Object.prototype)
    expect(out.amount).toBe("10.36")
  })

  it("keeps leading zeros and numeric-looking values as text", () => {
    const out = parseResponXml(
      "<respon><result_info>0000:Success</result_info><order_no>000123</order_no><risk_score>1e3</risk_score></respon>"
    )
    expect(out.result_info).toBe("0000:Success")
    expect(out.order_no).toBe("000123")
    expect(out.risk_score).toBe("1e3")
  })

  it("accepts a single risk reason, zipped name/status lists and wrapped entries", () => {
    expect(
      parseResponXml("<respon><risk_reasons><name>a</name><status>PASS</status></risk_reasons></respon>").risk_reasons
    ).toEqual([{ name: "a", status: "PASS" }])
    expect(normaliseRiskReasons([{ name: ["a", "b"], status: ["PASS", "FAIL"] }])).toEqual([
      { name: "a", status: "PASS" },
      { name: "b", status: "FAIL" },
    ])
    expect(
      normaliseRiskReasons([
        {
          risk_reason: [
            { name: "a", status: "PASS" },
            { name: "b", status: "FAIL" },
          ],
        },
      ])
    ).toEqual([
      { name: "a", status: "PASS" },
      { name: "b", status: "FAIL" },
    ])
    expect(parseResponXml("<respon><risk_reasons></risk_reasons></respon>").risk_reasons).toEqual([])
    expect(parseResponXml("<respon><order_status>1</order_status></respon>").risk_reasons).toBeUndefined()
  })

  it("a truncated document is a GatewayResponseError on the body", () => {
    const cut = SAMPLE.slice(0, 200)
    expect(() => parseResponXml(cut)).toThrow(GatewayResponseError)
    try {
      parseResponXml(cut)
    } catch (e) {
      expect((e as GatewayResponseError).field).toBe("(body)")
    }
  })

  it("another root element is a GatewayResponseError naming respon", () => {
    try {
      parseResponXml("<response><order_status>1</order_status></response>")
      throw new Error("expected error")
    } catch (e) {
      expect(e).toBeInstanceOf(GatewayResponseError)
      expect((e as GatewayResponseError).field).toBe("respon")
    }
  })

  it("the schema names a missing field", () => {
    const r = authoriseResponseSchema.safeParse({ merchant_id: "1", account_id: "2", order_no: "o", result_info: "x" })
    expect(r.success).toBe(false)
    expect(r.error!.issues[0]!.path).toEqual(["order_status"])
  })

  it("the response signature covers the parsed text values", () => {
    const values = parseResponXml(SAMPLE)
    const sig = signAcquiring(ACQUIRING_SIGNATURE_FIELDS.authoriseResponse, values, "key")
    expect(sig).toMatch(/^[0-9a-f]{64}$/)
  })
})

describe("hosted page HTML", () => {
  const html = `<!DOCTYPE html><html><head><title>Loading...</title></head><body>
<form id="payForm" method="post" action="http://gw.example/v1/checkout">
<input type="hidden" name="gbc_id" value="G123">
<input type="hidden" name="webSite" value="https://shop.example/?a=1&amp;b=2">
<input type='hidden' name='to_pass_page' value='1'>
<input type="text" name="visible" value="no">
</form>
<script>
(function () {
  var form = document.getElementById("payForm");
  var extra = {"insurance":"0.00","signInfo":"abc","allParams":"merNo=701001\\u0026orderNo=o1"};
  for (var name in extra) { /* append */ }
  var i = document.createElement("input"); i.name = "open3d"; i.value = "do3DS";
})();
</script></body></html>`

  it("reads action, method, hidden inputs and script-appended inputs", () => {
    const page = parseHostedPage(html, "http://gw.example")
    expect(page).toMatchObject({
      action: "http://gw.example/v1/checkout",
      method: "POST",
      inputs: {
        gbc_id: "G123",
        webSite: "https://shop.example/?a=1&b=2",
        to_pass_page: "1",
        insurance: "0.00",
        signInfo: "abc",
        allParams: "merNo=701001&orderNo=o1",
        open3d: "do3DS",
      },
    })
    expect(page.inputs.visible).toBeUndefined()
  })

  it("resolves a relative action against the base URL", () => {
    expect(parseHostedPage('<form action="/v1/checkout"></form>', "http://gw.example/").action).toBe(
      "http://gw.example/v1/checkout"
    )
  })

  it("a page without a form is a GatewayResponseError", () => {
    expect(() => parseHostedPage("<html>oops</html>", "http://x")).toThrow(GatewayResponseError)
  })

  it("scriptInputs ignores non-flat objects", () => {
    expect(scriptInputs('var a = {"x": {"y": 1}}; var b = {c: 1};')).toEqual({})
  })

  it("scriptInputs takes flat JSON objects inside code blocks, whatever stray braces and quotes surround them", () => {
    expect(
      scriptInputs(
        '(function () { // don\'t {\n  var extra = {"a":"1","n":2};\n  if (x) { y() }\n})(); var z = {"b":"c"}'
      )
    ).toEqual({ a: "1", n: "2", b: "c" })
    expect(scriptInputs('var a = {"x": [{"y": "1"}]}; var b = {"c": "2"}')).toEqual({ c: "2" })
  })

  // L5-3: a hostile page (up to the transport's 5 MiB) must not cost quadratic time: the work is counted.
  /** `text` as a String whose character reads are counted (the scan's work). */
  const counted = (text: string) => {
    const reads = { n: 0 }
    const script = new Proxy(new String(text), {
      get(target, key) {
        if (typeof key === "string" && /^\d+$/.test(key)) reads.n++
        const v = Reflect.get(target, key, target)
        return typeof v === "function" ? v.bind(target) : v
      },
    }) as unknown as string
    return { script, reads }
  }

  it("reads each character of a script once, however unbalanced its braces", () => {
    for (const text of [
      "{".repeat(2000) + '{"a":"1"}',
      "{".repeat(2000) + '{"a":"1"}' + "}".repeat(2000),
      "'{".repeat(2000) + '\n{"a":"1"}',
    ]) {
      const { script, reads } = counted(text)
      expect(scriptInputs(script)).toEqual({ a: "1" })
      expect(reads.n).toBeLessThanOrEqual(text.length)
    }
  })

  it("reads a page of unclosed tags, braces and long runs in one pass", () => {
    // Bounded inputs that kept the former patterns (`<input\b[^>]*>`, `\s*;?\s*`, ...) busy for many minutes.
    const n = 200_000
    expect(scriptInputs("{".repeat(n) + '{"a":"1"}')).toEqual({ a: "1" })
    expect(scriptInputs('x.name="a"' + " ".repeat(n) + "y")).toEqual({})
    expect(parseHostedPage('<form action="/v1/checkout">' + "<input".repeat(n), "https://gw.example").inputs).toEqual(
      {}
    )
    expect(
      parseHostedPage('<form action="/v1/checkout"></form>' + "<script>".repeat(n), "https://gw.example").inputs
    ).toEqual({})
  })

  it("parses no character of a script as JSON more than once", () => {
    const parse = jest.spyOn(JSON, "parse")
    try {
      // JSON-looking blocks nested 2,000 deep that fail only at the innermost point, then a real input object
      const script = '{"a":'.repeat(2000) + "1 x" + "}".repeat(2000) + ' var extra = {"b":"2"};'
      expect(scriptInputs(script)).toEqual({ b: "2" })
      const parsed = parse.mock.calls.reduce((n, [text]) => n + String(text).length, 0)
      expect(parsed).toBeLessThanOrEqual(2 * script.length)
    } finally {
      parse.mockRestore()
    }
  })
})

describe("respon XML: entities (L1-4)", () => {
  it("refuses an answer with a DOCTYPE (entity declarations are never expanded)", () => {
    const bomb = `<?xml version="1.0"?><!DOCTYPE respon [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]><respon><note>&b;</note></respon>`
    expect(() => parseResponXml(bomb)).toThrow(GatewayResponseError)
    expect(() => parseResponXml(bomb)).toThrow(/DOCTYPE/)
    expect(() => parseResponXml(`<!doctype respon><respon><note>x</note></respon>`)).toThrow(/DOCTYPE/)
  })

  it("decodes XML's own escapes and character references once, and nothing else", () => {
    const out = parseResponXml(
      "<respon><note>&amp;lt; &#65;&#x42; &quot;q&quot; &apos;s&apos; &unknown; &#0; &#x110000;</note><issuer_url>https://gw.example/3ds?a=1&amp;b=2&amp;c=%20</issuer_url></respon>"
    )
    expect(out.note).toBe(`&lt; AB "q" 's' &unknown; &#0; &#x110000;`)
    expect(out.issuer_url).toBe("https://gw.example/3ds?a=1&b=2&c=%20")
  })
})
