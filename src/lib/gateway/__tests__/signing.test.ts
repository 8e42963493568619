import { existsSync, readFileSync } from "node:fs"
import { join } from "node:path"
import {
  AcquiringSigner,
  ACQUIRING_SIGNATURE_FIELDS,
  IssuingSigner,
  signAcquiring,
  signaturesEqual,
  signIssuingFields,
  signIssuingSortedJson,
  sortedJson,
  verifyAcquiring,
  verifyIssuingFields,
} from "../signing"
import { GatewayOptionsError } from "../errors"

interface Vector {
  family: "acquiring" | "issuing"
  endpoint: string
  fields: string[]
  values: Record<string, unknown>
  key: string
  signature: string
}

// The repository's one copy of shared/spec/signature-vectors.json (fixtures/, also read by the sandbox's tests);
// when the shared spec is beside the repository (../shared/spec), the copy must still be identical to it.
const FIXTURE = join(__dirname, "..", "..", "..", "..", "fixtures", "signature-vectors.json")
const SHARED = join(__dirname, "..", "..", "..", "..", "..", "shared", "spec", "signature-vectors.json")
const vectors = (JSON.parse(readFileSync(FIXTURE, "utf8")) as { vectors: Vector[] }).vectors

it("the fixture copy equals the shared spec's vectors (when the spec is present)", () => {
  if (!existsSync(SHARED)) return
  expect(JSON.parse(readFileSync(SHARED, "utf8"))).toEqual(JSON.parse(readFileSync(FIXTURE, "utf8")))
})

describe("signature vectors (shared/spec/signature-vectors.json)", () => {
  it("has vectors of both families", () => {
    expect(vectors.filter((v) => v.family === "acquiring").length).toBeGreaterThan(0)
    expect(vectors.filter((v) => v.family === "issuing").length).toBeGreaterThan(0)
  })

  it.each(vectors.map((v) => [`${v.family} ${v.endpoint}`, v] as const))("%s: signer reproduces it", (_n, v) => {
    const sig =
      v.family === "acquiring" ? signAcquiring(v.fields, v.values, v.key) : signIssuingFields(v.fields, v.values, v.key)
    expect(sig).toBe(v.signature)
    if (v.family === "acquiring") expect(sig).toMatch(/^[0-9a-f]{64}$/)
    else expect(sig).toMatch(/^[0-9A-F]{64}$/)
  })

  it.each(vectors.map((v) => [`${v.family} ${v.endpoint}`, v] as const))(
    "%s: verifier accepts it in either case",
    (_n, v) => {
      const verify = v.family === "acquiring" ? verifyAcquiring : verifyIssuingFields
      expect(verify(v.fields, v.values, v.key, v.signature)).toBe(true)
      expect(verify(v.fields, v.values, v.key, v.signature.toUpperCase())).toBe(true)
      expect(verify(v.fields, v.values, v.key, v.signature.toLowerCase())).toBe(true)
    }
  )

  it.each(vectors.map((v) => [`${v.family} ${v.endpoint}`, v] as const))("%s: tampering is rejected", (_n, v) => {
    const verify = v.family === "acquiring" ? verifyAcquiring : verifyIssuingFields
    const flipped = (v.signature[0] === "0" ? "1" : "0") + v.signature.slice(1)
    expect(verify(v.fields, v.values, v.key, flipped)).toBe(false)
    expect(verify(v.fields, v.values, v.key + "x", v.signature)).toBe(false)
    const firstScalar = v.fields.find((f) => typeof v.values[f] === "string")!
    const tampered = { ...v.values, [firstScalar]: `${String(v.values[firstScalar])}9` }
    expect(verify(v.fields, tampered, v.key, v.signature)).toBe(false)
    expect(verify(v.fields, v.values, v.key, v.signature.slice(0, 63))).toBe(false)
    expect(verify(v.fields, v.values, v.key, undefined)).toBe(false)
  })

  it("the refund vector works from real entries (refund_orders[].transaction_id)", () => {
    const v = vectors.find((x) => x.endpoint === "/v1/refund")!
    const ids = v.values["refund_orders[].transaction_id"] as string[]
    const body = {
      merchant_id: v.values.merchant_id,
      account_id: v.values.account_id,
      refund_orders: ids.map((transaction_id) => ({ transaction_id, amount: "1.00" })),
    }
    expect(signAcquiring(ACQUIRING_SIGNATURE_FIELDS.refund, body, v.key)).toBe(v.signature)
    expect(new AcquiringSigner(v.key).sign("refund", body)).toBe(v.signature)
  })

  it("the default table signs each acquiring vector through the signer", () => {
    const signer = new AcquiringSigner("Sk_test_7f3a9c")
    const byEndpoint: Record<string, Parameters<AcquiringSigner["sign"]>[0]> = {
      "/v1/retrievalTrans": "orderQuery",
      "/v1/retrievalRefund": "refundSearch",
      "/v1/payout": "payout",
      "/v1/authorise": "authorise",
      "response of /v1/authorise and payment notification": "authoriseResponse",
    }
    for (const v of vectors.filter((x) => x.family === "acquiring" && byEndpoint[x.endpoint])) {
      expect(signer.sign(byEndpoint[v.endpoint]!, v.values)).toBe(v.signature)
    }
  })

  it("the issuing signer reads company_id from companyId too", () => {
    const v = vectors.find((x) => x.endpoint === "/cardholder/query")!
    const signer = new IssuingSigner(v.key)
    expect(signer.sign("cardholderQuery", { companyId: "4101", cardholderId: "8101" })).toBe(v.signature)
    expect(signer.sign("cardholderQuery", { company_id: "4101", cardholderId: "8101" })).toBe(v.signature)
    expect(
      signer.verify("cardholderQuery", { companyId: "4101", cardholderId: "8101" }, v.signature.toLowerCase())
    ).toBe(true)
  })

  it("every issuing vector is reproduced by the signer's default table", () => {
    const byEndpoint: Record<string, Parameters<IssuingSigner["sign"]>[0]> = {
      "/cardholder/create": "cardholderCreate",
      "/cardholder/query": "cardholderQuery",
      "/card/charge": "cardCharge",
      "/card/update": "cardUpdate",
    }
    for (const v of vectors.filter((x) => x.family === "issuing")) {
      expect(new IssuingSigner(v.key).sign(byEndpoint[v.endpoint]!, v.values)).toBe(v.signature)
    }
  })
})

describe("signing details", () => {
  it("removes every whitespace character, including tabs and new lines", () => {
    const a = signAcquiring(["a", "b"], { a: " x\ty\n", b: "z  " }, "K")
    expect(a).toBe(signAcquiring(["a", "b"], { a: "xy", b: "z" }, "K"))
  })

  it("counts a missing value as empty text", () => {
    expect(signAcquiring(["a", "b"], { a: "x" }, "K")).toBe(signAcquiring(["a", "b"], { a: "x", b: "" }, "K"))
  })

  it("the key is case-sensitive", () => {
    expect(signAcquiring(["a"], { a: "x" }, "Key")).not.toBe(signAcquiring(["a"], { a: "x" }, "key"))
  })

  it("overrides replace one row, by operation name or by path", () => {
    const byName = new AcquiringSigner("K", { capture: ["merchant_id"] })
    const byPath = new AcquiringSigner("K", { "/v1/capture": ["merchant_id"] })
    const body = { merchant_id: "701001", account_id: "701001010", capture_orders: [{ transaction_id: "T1" }] }
    expect(byName.sign("capture", body)).toBe(signAcquiring(["merchant_id"], body, "K"))
    expect(byPath.sign("capture", body)).toBe(byName.sign("capture", body))
    expect(byName.fields("refund")).toEqual(ACQUIRING_SIGNATURE_FIELDS.refund)
  })

  it("an unknown override key or an empty list is an options error naming it", () => {
    expect(() => new AcquiringSigner("K", { captur: ["a"] })).toThrow(GatewayOptionsError)
    expect(() => new AcquiringSigner("K", { captur: ["a"] })).toThrow(/signatureOverrides\.captur/)
    expect(() => new AcquiringSigner("K", { capture: [] })).toThrow(/signatureOverrides\.capture.*non-empty/)
  })

  it("sorted-json scheme: keys sorted, sign left out, api key appended, uppercase", () => {
    const body = { company_id: "4101", card_id: "100029701", sign: "ignored", charge_amount: "25.00" }
    expect(sortedJson(body)).toBe('{"card_id":"100029701","charge_amount":"25.00","company_id":"4101"}')
    const sig = signIssuingSortedJson(body, "Ak_test_51b2e0")
    expect(sig).toMatch(/^[0-9A-F]{64}$/)
    expect(new IssuingSigner("Ak_test_51b2e0", "sorted-json").sign("cardCharge", body)).toBe(sig)
    // the same body in another key order signs the same
    expect(
      signIssuingSortedJson({ charge_amount: "25.00", company_id: "4101", card_id: "100029701" }, "Ak_test_51b2e0")
    ).toBe(sig)
  })

  it("signaturesEqual is false for different lengths and non-strings", () => {
    expect(signaturesEqual("abc", "ABC")).toBe(true)
    expect(signaturesEqual("abc", "abcd")).toBe(false)
    expect(signaturesEqual("abc", 123)).toBe(false)
    expect(signaturesEqual("abc", null)).toBe(false)
  })
})
