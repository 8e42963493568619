import fc from "fast-check"
import { assertBatchSize, BATCH_LIMITS, chunk, runInBatches, splitBatch } from "../batch"
import { GatewayValidationError } from "../errors"

describe("batch limits", () => {
  it("are the interface's limits", () => {
    expect(BATCH_LIMITS).toEqual({ capture: 50, cancel: 50, refund: 50, review: 100, orderQuery: 100, refundSearch: 100 })
  })

  it("splitBatch gives compliant chunks in order", () => {
    const ids = Array.from({ length: 121 }, (_, i) => i)
    const chunks = splitBatch("capture", ids)
    expect(chunks.map((c) => c.length)).toEqual([50, 50, 21])
    expect(chunks.flat()).toEqual(ids)
    expect(splitBatch("review", ids).map((c) => c.length)).toEqual([100, 21])
    expect(splitBatch("refund", [])).toEqual([])
  })

  it("every chunk fits and nothing is lost (property)", () => {
    fc.assert(
      fc.property(fc.constantFrom(...(Object.keys(BATCH_LIMITS) as (keyof typeof BATCH_LIMITS)[])), fc.nat(400), (op, n) => {
        const list = Array.from({ length: n }, (_, i) => i)
        const chunks = splitBatch(op, list)
        expect(chunks.every((c) => c.length >= 1 && c.length <= BATCH_LIMITS[op])).toBe(true)
        expect(chunks.flat()).toEqual(list)
        expect(chunks.length).toBe(Math.ceil(n / BATCH_LIMITS[op]))
      }),
    )
  })

  it("assertBatchSize names the field and the rule", () => {
    expect(() => assertBatchSize("capture", 51, "capture_orders")).toThrow(GatewayValidationError)
    expect(() => assertBatchSize("capture", 51, "capture_orders")).toThrow(/"capture_orders".*at most 50 entries/)
    expect(() => assertBatchSize("review", 0, "review_orders")).toThrow(/at least 1/)
    expect(() => assertBatchSize("review", 100, "review_orders")).not.toThrow()
  })

  it("chunk rejects a bad size", () => {
    expect(() => chunk([1], 0)).toThrow(RangeError)
  })

  it("runInBatches runs every chunk with bounded concurrency and keeps order", async () => {
    let inFlight = 0
    let maxInFlight = 0
    const results = await runInBatches(
      "capture",
      Array.from({ length: 260 }, (_, i) => i),
      async (c, i) => {
        inFlight++
        maxInFlight = Math.max(maxInFlight, inFlight)
        await new Promise((r) => setTimeout(r, 5))
        inFlight--
        return `${i}:${c.length}`
      },
      2,
    )
    expect(results).toEqual(["0:50", "1:50", "2:50", "3:50", "4:50", "5:10"])
    expect(maxInFlight).toBe(2)
  })

  it("runInBatches rejects with the first failure", async () => {
    await expect(
      runInBatches("capture", Array.from({ length: 120 }, (_, i) => i), async (_c, i) => {
        if (i === 1) throw new Error("boom")
        return i
      }),
    ).rejects.toThrow("boom")
  })
})
