import { ShortCache } from "../short-cache"

describe("ShortCache (L2-6)", () => {
  it("shares one call in flight per key, and keeps nothing when ttl is 0", async () => {
    const cache = new ShortCache<number>()
    let calls = 0
    let release!: (v: number) => void
    const fetch = () => {
      calls += 1
      return new Promise<number>((r) => (release = r))
    }
    const asked = [cache.get("s1", 0, fetch), cache.get("s1", 0, fetch), cache.get("s1", 0, fetch)]
    expect(calls).toBe(1)
    release(7)
    expect(await Promise.all(asked)).toEqual([7, 7, 7])
    const next = cache.get("s1", 0, fetch) // the first call is over: a new one
    expect(calls).toBe(2)
    release(8)
    expect(await next).toBe(8)
  })

  it("keeps an answer for ttl when keep says so, never a failure", async () => {
    let now = 0
    const cache = new ShortCache<string>(10, () => now)
    let calls = 0
    const fetch = async () => `answer ${++calls}`
    expect(await cache.get("cart", 10_000, fetch)).toBe("answer 1")
    now += 9_999
    expect(await cache.get("cart", 10_000, fetch)).toBe("answer 1")
    now += 1
    expect(await cache.get("cart", 10_000, fetch)).toBe("answer 2")
    const failing = async () => "default"
    expect(await cache.get("other", 10_000, failing, (v) => v !== "default")).toBe("default")
    expect(
      await cache.get(
        "other",
        10_000,
        async () => "ranked",
        (v) => v !== "default"
      )
    ).toBe("ranked")
    await expect(cache.get("boom", 10_000, async () => Promise.reject(new Error("down")))).rejects.toThrow("down")
    expect(await cache.get("boom", 10_000, async () => "up")).toBe("up")
  })

  it("is bounded: past maxKeys the oldest kept answer goes", async () => {
    const cache = new ShortCache<number>(2, () => 0)
    let calls = 0
    const fetch = async () => ++calls
    await cache.get("a", 1000, fetch)
    await cache.get("b", 1000, fetch)
    await cache.get("c", 1000, fetch) // evicts a
    expect(await cache.get("b", 1000, fetch)).toBe(2)
    expect(await cache.get("a", 1000, fetch)).toBe(4)
  })
})
