import { confirmReturn } from "../confirm.js"
import type { CompletionResult } from "../types.js"

const order: CompletionResult = { type: "order", order: { id: "order_1" } }
const waiting: CompletionResult = { type: "requires_more", message: "not yet" }

function sequence(...results: (CompletionResult | null)[]) {
  let calls = 0
  const complete = async () => results[Math.min(calls++, results.length - 1)]
  return { complete, calls: () => calls }
}

describe("confirmReturn: the return page's bounded wait for the gateway", () => {
  it("completes again while the gateway has not confirmed, waiting longer each time, and answers the order", async () => {
    const waits: number[] = []
    const s = sequence(waiting, waiting, order)
    const result = await confirmReturn(s.complete, { sleep: async (ms) => void waits.push(ms), intervalMs: 1000 })
    expect(result).toEqual(order)
    expect(s.calls()).toBe(3)
    expect(waits).toEqual([1000, 2000])
  })

  it("stops after the last try and answers 'requires more' (the page says 'still processing')", async () => {
    const waits: number[] = []
    const s = sequence(waiting)
    const result = await confirmReturn(s.complete, {
      attempts: 4,
      intervalMs: 10,
      sleep: async (ms) => void waits.push(ms),
    })
    expect(result).toEqual(waiting)
    expect(s.calls()).toBe(4)
    expect(waits).toEqual([10, 20, 30])
  })

  it("takes a completion call that throws (no network, a failed server action) as 'not confirmed yet', never a decline", async () => {
    // The shopper may have paid: the wait goes on, and past the last try the page says "still processing".
    let calls = 0
    const failing = async (): Promise<CompletionResult | null> => {
      calls++
      throw new TypeError("Failed to fetch")
    }
    expect(await confirmReturn(failing, { attempts: 3, sleep: async () => undefined })).toEqual({
      type: "requires_more",
      message: "The payment could not be confirmed yet.",
    })
    expect(calls).toBe(3)
    // A later try that answers ends the wait with its answer.
    let tries = 0
    const flaky = async (): Promise<CompletionResult | null> => {
      if (++tries < 3) throw new Error("An unexpected response was received from the server.")
      return order
    }
    expect(await confirmReturn(flaky, { sleep: async () => undefined })).toEqual(order)
    expect(tries).toBe(3)
  })

  it("answers a decline or 'no cart' at once, without trying again", async () => {
    const declined: CompletionResult = { type: "declined", message: "m", code: "declined" }
    for (const first of [declined, null]) {
      const s = sequence(first, order)
      expect(await confirmReturn(s.complete, { sleep: async () => undefined })).toEqual(first)
      expect(s.calls()).toBe(1)
    }
  })
})
