/**
 * The fast parse path (../fast-parse.ts) against zod on the real schemas: on valid samples and on mutations
 * of them (a field removed, replaced by a value of another type, an over-long or comma-holding text, an unknown
 * key), whenever the fast path answers, zod accepts the same value and gives the same output; whenever zod
 * refuses, the fast path does not answer (so zod words the error).
 */
import fc from "fast-check"
import { z } from "zod"
import authoriseSample from "../../../../fixtures/public-docs/authorise.json"
import { ACQUIRING_ENDPOINTS } from "../acquiring/endpoints"
import { fastParser, UNSURE } from "../fast-parse"
import { ISSUING_ENDPOINTS } from "../issuing/endpoints"

const merchant = { merchant_id: "701001", account_id: "701001010" }
const { encryption_data: _signature, ...authoriseRequest } = authoriseSample
const entry = { transaction_id: "T20261123000001", order_no: "o-1", currency: "USD", amount: "28.29" }
const record = {
  order_no: "o-1",
  transaction_id: "T20261123000001",
  amount: "28.29",
  currency: "USD",
  reference_no: "R1",
  transaction_date: "20261123101500",
  website: "https://shop.example",
  shopper_email: "a@b.example",
  shopper_phone: null,
  payment_status: "2000",
  query_result: "1",
  is3ds: "0",
  antifraud_provider: "",
  delivery_information: { delivery_city: "New York", delivery_country: "US" },
  fraud_check_result: [
    { check_items: "card_velocity", status: "PASS" },
    { check_items: 3, status: true },
  ],
  subscription_result: null,
}

const samples: [string, z.ZodType, Record<string, unknown>][] = [
  ["authorise request", ACQUIRING_ENDPOINTS.authorise.request, { ...authoriseRequest, ...merchant }],
  [
    "capture request",
    ACQUIRING_ENDPOINTS.capture.request,
    { ...merchant, capture_orders: [entry, { ...entry, order_no: "o-2" }] },
  ],
  [
    "capture answer",
    ACQUIRING_ENDPOINTS.capture.response!,
    {
      ...merchant,
      return_status: 1,
      return_message: "ok",
      capture_orders: [{ ...entry, capture_status: "1", error_message: "" }],
    },
  ],
  ["order query request", ACQUIRING_ENDPOINTS.orderQuery.request, { ...merchant, orders: ["o-1", "o-2"] }],
  [
    "order query answer",
    ACQUIRING_ENDPOINTS.orderQuery.response!,
    {
      ...merchant,
      return_status: "1",
      orders_list: [record, { order_no: "o-2", query_result: "2" }],
      extra: { kept: true },
    },
  ],
  [
    "order query answer without a list",
    ACQUIRING_ENDPOINTS.orderQuery.response!,
    { ...merchant, return_status: "1", orders_list: null },
  ],
  [
    "issuing cardholder create",
    ISSUING_ENDPOINTS.cardholderCreate.request,
    {
      first_name: "Ada",
      last_name: "Lovelace",
      email: "ada@shop.example",
      birth_date: "1990-12-10",
      mobile: "5550100",
    },
  ],
  [
    "issuing card create",
    ISSUING_ENDPOINTS.cardCreate.request,
    { cardholder_id: 1, group_id: "7001", charge_amount: "10.00", pieces: "3" },
  ],
]

/** Every path to a value inside `v`. */
function paths(v: unknown, at: (string | number)[] = []): (string | number)[][] {
  if (v === null || typeof v !== "object") return [at]
  const keys: (string | number)[] = Array.isArray(v) ? v.map((_, i) => i) : Object.keys(v)
  return [at, ...keys.flatMap((k) => paths((v as Record<string | number, unknown>)[k], [...at, k]))]
}

function mutate(base: unknown, path: (string | number)[], change: { remove: true } | { value: unknown }): unknown {
  const copy = structuredClone(base) as Record<string | number, unknown>
  if (path.length === 0) return "remove" in change ? undefined : change.value
  let parent = copy
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>
  const last = path[path.length - 1]!
  if ("remove" in change) delete parent[last]
  else parent[last] = change.value
  return copy
}

const ODD_VALUES = [
  null,
  undefined,
  "",
  "x",
  "a,b",
  "not-an-email",
  "a@b",
  "1990-13-01",
  "1",
  "-1",
  "20261123",
  "12.345",
  "USD",
  "usd",
  true,
  false,
  0,
  1,
  -1,
  1.5,
  Number.NaN,
  Infinity,
  51,
  [],
  {},
  ["o-1"],
  { a: 1 },
  "x".repeat(51),
]
const oddValue = fc.oneof(
  fc.constantFrom(...ODD_VALUES),
  fc.string({ maxLength: 3 }),
  fc.string({ minLength: 48, maxLength: 60 }),
  fc.integer()
)

function agree(schema: z.ZodType, value: unknown) {
  const fast = fastParser(schema)(value)
  const zod = schema.safeParse(value)
  if (!zod.success) expect(fast).toBe(UNSURE)
  else if (fast !== UNSURE) expect(fast).toEqual(zod.data)
  return { fast, zod }
}

describe.each(samples)("%s", (_name, schema, sample) => {
  it("is valid, and the fast path answers it with zod's output", () => {
    const { fast, zod } = agree(schema, sample)
    expect(zod.success).toBe(true)
    expect(fast).not.toBe(UNSURE)
  })

  it("agrees with zod on every path removed, and replaced by each odd value", () => {
    for (const path of paths(sample)) {
      agree(schema, mutate(sample, path, { remove: true }))
      for (const value of ODD_VALUES) agree(schema, mutate(sample, path, { value }))
    }
  })

  it("agrees with zod on mutations (property)", () => {
    const all = paths(sample)
    fc.assert(
      fc.property(
        fc.constantFrom(...all),
        fc.oneof(
          fc.constant({ remove: true as const }),
          oddValue.map((value) => ({ value }))
        ),
        fc.boolean(),
        (path, change, unknownKey) => {
          const mutated = mutate(sample, path, change)
          agree(schema, mutated)
          if (unknownKey && mutated && typeof mutated === "object" && !Array.isArray(mutated))
            agree(schema, { ...mutated, not_a_field: "x" })
        }
      ),
      { numRuns: 400 }
    )
  })
})

it("runs a format type's own check (z.email()): a bad address is zod's to refuse", () => {
  const schema = ISSUING_ENDPOINTS.cardholderCreate.request
  const value = { first_name: "Ada", last_name: "Lovelace", email: "not-an-email" }
  expect(schema.safeParse(value).success).toBe(false)
  expect(fastParser(schema)(value)).toBe(UNSURE)
})

describe("transforms", () => {
  it("runs a transform of the value alone itself, with zod's output (the order query's `orders_list ?? []`)", () => {
    const schema = ACQUIRING_ENDPOINTS.orderQuery.response!
    const answer = {
      merchant_id: "701001",
      account_id: "701001010",
      return_status: "1",
      return_message: "OK",
      orders_list: null,
    }
    const fast = fastParser(schema)(answer)
    expect(fast).toEqual(schema.parse(answer))
    expect((fast as { orders_list: unknown }).orders_list).toEqual([])
  })

  it("leaves to zod a transform that takes zod's context, and an asynchronous one", () => {
    const withContext = z.string().transform((v, ctx) => {
      if (v === "bad") ctx.addIssue({ code: "custom", message: "is bad" })
      return v.toUpperCase()
    })
    expect(fastParser(withContext)("ok")).toBe("OK")
    expect(fastParser(withContext)("bad")).toBe(UNSURE)
    const later = z.string().transform(async (v) => v)
    expect(fastParser(later)("x")).toBe(UNSURE)
  })
})
