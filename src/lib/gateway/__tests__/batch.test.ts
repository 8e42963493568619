import fc from "fast-check"
import { assertBatchSize, BATCH_LIMITS, FILTER_TEXT_LIMITS, splitBatch, chunk } from "../batch"
import { runInBatches, runInBatchesStreamed } from "../batch"
import { GatewayValidationError } from "../errors"

describe("batch limits", () => {
  it("are the interface's limits", () => {
    expect(BATCH_LIMITS).toEqual({
      capture: 50,
      cancel: 50,
      refund: 50,
      review: 100,
      orderQuery: 100,
      refundSearch: 100,
    })
  })

  it("splitBatch gives compliant chunks in order", () => {
    const ids = Array.from({ length: 121 }, (_, i) => i)
    const chunks = splitBatch("capture", ids)
    expect(chunks.map((c) => c.length)).toEqual([50, 50, 21])
    expect(chunks.flat()).toEqual(ids)
    expect(splitBatch("review", ids).map((c) => c.length)).toEqual([100, 21])
    expect(splitBatch("refund", [])).toEqual([])
  })

  it("the order query's ids also fit its 1000 characters once joined by commas (public docs)", () => {
    expect(FILTER_TEXT_LIMITS).toEqual({ orderQuery: 1000 })
    // Ids of 34 characters (a Medusa payment session id has 33): 100 of them would be 3499 characters.
    const ids = Array.from({ length: 100 }, (_, i) => `payses_01JABCDEFGHJKMNPQRSTVW${String(i).padStart(5, "0")}`)
    const chunks = splitBatch("orderQuery", ids)
    expect(chunks.map((c) => c.length)).toEqual([28, 28, 28, 16])
    expect(chunks.every((c) => c.join(",").length <= 1000)).toBe(true)
    expect(chunks.flat()).toEqual(ids)
    // entries that stand for an id say which (the order sync's open payments)
    expect(
      splitBatch(
        "orderQuery",
        ids.map((order_no) => ({ order_no })),
        (o) => o.order_no
      ).map((c) => c.length)
    ).toEqual([28, 28, 28, 16])
    // the refund search publishes no such limit
    expect(splitBatch("refundSearch", ids).map((c) => c.length)).toEqual([100])
  })

  it("order query chunks fit both limits, and nothing is lost (property)", () => {
    fc.assert(
      fc.property(fc.array(fc.string({ minLength: 1, maxLength: 50 }), { maxLength: 300 }), (ids) => {
        const chunks = splitBatch("orderQuery", ids)
        expect(chunks.every((c) => c.length >= 1 && c.length <= 100 && c.join(",").length <= 1000)).toBe(true)
        expect(chunks.flat()).toEqual(ids)
      })
    )
  })

  it("every chunk fits and nothing is lost (property)", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...(Object.keys(BATCH_LIMITS) as (keyof typeof BATCH_LIMITS)[])),
        fc.nat(400),
        (op, n) => {
          const list = Array.from({ length: n }, (_, i) => i)
          const chunks = splitBatch(op, list) // numbers stand for no filter text
          expect(chunks.every((c) => c.length >= 1 && c.length <= BATCH_LIMITS[op])).toBe(true)
          expect(chunks.flat()).toEqual(list)
          expect(chunks.length).toBe(Math.ceil(n / BATCH_LIMITS[op]))
        }
      )
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
      2
    )
    expect(results).toEqual(["0:50", "1:50", "2:50", "3:50", "4:50", "5:10"])
    expect(maxInFlight).toBe(2)
  })

  it("runInBatches rejects with the first failure", async () => {
    await expect(
      runInBatches(
        "capture",
        Array.from({ length: 120 }, (_, i) => i),
        async (_c, i) => {
          if (i === 1) throw new Error("boom")
          return i
        }
      )
    ).rejects.toThrow("boom")
  })

  describe("runInBatchesStreamed", () => {
    /** Pages of `sizes` entries (numbered in order), counting the pages read. */
    const source = (sizes: number[]) => {
      const read = { pages: 0 }
      let n = 0
      async function* pages() {
        for (const size of sizes) {
          read.pages++
          yield Array.from({ length: size }, () => n++)
        }
      }
      return { pages: pages(), read }
    }
    const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

    it("fills chunks across pages: N entries take ceil(N/limit) calls, every entry once, in order", async () => {
      fc.assert(
        await fc.asyncProperty(
          fc.array(fc.nat(250), { maxLength: 8 }),
          fc.integer({ min: 1, max: 6 }),
          async (sizes, concurrency) => {
            const { pages } = source(sizes)
            const seen: number[][] = []
            const calls = await runInBatchesStreamed("orderQuery", pages, async (c) => void seen.push(c), concurrency)
            const total = sizes.reduce((a, b) => a + b, 0)
            expect(calls).toBe(Math.ceil(total / 100))
            expect(seen.length).toBe(calls)
            expect(seen.slice(0, -1).every((c) => c.length === 100)).toBe(true)
            expect(seen.flat().sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i))
          }
        ),
        { numRuns: 50 }
      )
    })

    it("closes a chunk before its ids pass the order query's 1000 characters, across pages", async () => {
      async function* pages() {
        for (let p = 0; p < 3; p++)
          yield Array.from({ length: 40 }, (_, i) => ({ order_no: `payses_${String(p * 40 + i).padStart(26, "0")}` }))
      }
      const seen: { order_no: string }[][] = []
      await runInBatchesStreamed(
        "orderQuery",
        pages(),
        async (c) => void seen.push(c),
        2,
        (o) => o.order_no
      )
      expect(seen.every((c) => c.map((o) => o.order_no).join(",").length <= 1000)).toBe(true)
      expect(seen.map((c) => c.length)).toEqual([29, 29, 29, 29, 4])
      expect(seen.flat().map((o) => o.order_no)).toEqual(
        Array.from({ length: 120 }, (_, i) => `payses_${String(i).padStart(26, "0")}`)
      )
    })

    it("keeps at most `concurrency` calls in flight, and no more than there are chunks", async () => {
      for (const [sizes, concurrency, expected] of [
        [[500, 500, 500], 4, 4],
        [[150], 8, 2],
      ] as const) {
        let inFlight = 0
        let max = 0
        await runInBatchesStreamed(
          "orderQuery",
          source([...sizes]).pages,
          async () => {
            max = Math.max(max, ++inFlight)
            await sleep(5)
            inFlight--
          },
          concurrency
        )
        expect(max).toBe(expected)
      }
    })

    it("reads the next page only when a call slot is free (the source is not drained into memory)", async () => {
      const { pages, read } = source(Array.from({ length: 20 }, () => 100))
      const release: (() => void)[] = []
      const done = runInBatchesStreamed("orderQuery", pages, () => new Promise<void>((r) => release.push(r)), 2)
      await sleep(20)
      // Two calls wait, so at most one more page was read (the one waiting for a slot).
      expect(release.length).toBe(2)
      expect(read.pages).toBeLessThanOrEqual(3)
      const finish = async () => {
        while (release.length || read.pages < 20) {
          release.splice(0).forEach((r) => r())
          await sleep(1)
        }
      }
      await Promise.all([done, finish()])
      expect(read.pages).toBe(20)
    })

    it("stops reading after a failure, lets the calls in flight finish, and rejects with the first error", async () => {
      const { pages, read } = source(Array.from({ length: 50 }, () => 100))
      let finished = 0
      let calls = 0
      await expect(
        runInBatchesStreamed(
          "orderQuery",
          pages,
          async () => {
            const i = ++calls
            await sleep(i === 2 ? 1 : 10)
            if (i === 2) throw new Error("boom")
            finished++
          },
          3
        )
      ).rejects.toThrow("boom")
      expect(read.pages).toBeLessThan(10)
      expect(finished).toBe(calls - 1)
    })

    it("refuses a concurrency that is not a positive integer", async () => {
      await expect(runInBatchesStreamed("orderQuery", source([1]).pages, async () => undefined, 0)).rejects.toThrow(
        RangeError
      )
    })
  })
})
