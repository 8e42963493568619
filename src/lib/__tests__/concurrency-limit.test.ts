import { ConcurrencyLimit } from "../concurrency-limit"

/** A task that stays running until released, recording how many ran at once. */
function gate() {
  let release!: () => void
  const done = new Promise<void>((r) => (release = r))
  return { done, release }
}

describe("ConcurrencyLimit", () => {
  it("runs at most `max` tasks at once and the rest in arrival order, each once", async () => {
    const limit = new ConcurrencyLimit(3)
    let running = 0
    let most = 0
    const started: number[] = []
    const gates = Array.from({ length: 10 }, gate)
    const all = gates.map((g, i) =>
      limit.run(async () => {
        running++
        most = Math.max(most, running)
        started.push(i)
        await g.done
        running--
        return i
      })
    )
    await new Promise((r) => setImmediate(r))
    expect(started).toEqual([0, 1, 2])
    expect(limit.waiting).toBe(7)
    for (const g of gates) {
      g.release()
      await new Promise((r) => setImmediate(r))
    }
    expect(await Promise.all(all)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(started).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9])
    expect(most).toBe(3)
    expect(limit.active).toBe(0)
  })

  it("a failing task frees its turn and its error reaches its caller", async () => {
    const limit = new ConcurrencyLimit(1)
    const failed = limit.run(async () => {
      throw new Error("boom")
    })
    const next = limit.run(async () => "ran")
    await expect(failed).rejects.toThrow("boom")
    await expect(next).resolves.toBe("ran")
    expect(limit.active).toBe(0)
  })

  it("refuses a limit that is not a whole number of at least 1", () => {
    expect(() => new ConcurrencyLimit(0)).toThrow(/whole number/)
    expect(() => new ConcurrencyLimit(1.5)).toThrow(/whole number/)
  })
})
