import { addressBucket, clientAddress } from "../client-address"
import { MemoryCapStore } from "../cap-store"
import { cardAttemptLimits, CardAttempts, cardFingerprint, fingerprintSecret } from "../card-attempts"

describe("the in-process cap store (M2-1)", () => {
  it("counts per key within a window that starts at the key's first hit", async () => {
    let now = 1_000_000
    const store = new MemoryCapStore(10, () => now)
    expect(await store.hit(["a", "b", "a"], 60)).toEqual([1, 1, 2])
    now += 59_999
    expect(await store.hit(["a"], 60)).toEqual([3])
    now += 1
    expect(await store.hit(["a", "b"], 60)).toEqual([1, 1]) // both windows are over
  })

  it("holds at most maxKeys keys: expired ones go first, then NEW keys are refused while known ones still count", async () => {
    let now = 0
    const store = new MemoryCapStore(3, () => now)
    expect(await store.hit(["a", "b", "c"], 60)).toEqual([1, 1, 1])
    expect(await store.hit(["d"], 60)).toEqual([null]) // full: refused, never evicting a live counter
    expect(await store.hit(["a"], 60)).toEqual([2]) // a counter it holds keeps counting
    expect(store.size).toBe(3)
    now += 60_000
    expect(await store.hit(["d", "e"], 60)).toEqual([1, 1]) // expired counters made room
    expect(store.size).toBeLessThanOrEqual(3)
  })

  it("stays bounded under a flood of distinct keys", async () => {
    const store = new MemoryCapStore(1000, () => 0)
    const keys = Array.from({ length: 50_000 }, (_, i) => `addr-${i}`)
    const counts = await store.hit(keys, 3600)
    expect(store.size).toBe(1000)
    expect(counts.filter((c) => c === null)).toHaveLength(49_000)
  })
})

describe("card attempts against the caps (M2-2)", () => {
  const limits = cardAttemptLimits({ per_address: 100, per_session: 2, per_cart: 3, per_card: 4, window_seconds: 60 })

  it("answers the first cap a post goes past; every post counts, refused ones too", async () => {
    const caps = new CardAttempts(new MemoryCapStore(), limits)
    const post = (session: string, card = "c1") => caps.take({ session, cart: "cart_1", card })
    expect(await post("s1")).toBeNull()
    expect(await post("s1")).toBeNull()
    expect(await post("s1")).toBe("session") // a third post on one session
    expect(await post("s2")).toBe("cart") // a new session of the same cart: the cart has had 4
    expect(await caps.take({ cart: "cart_2", card: "c1" })).toBe("card") // another cart, the same card: its 5th
    expect(await caps.take({ cart: "cart_3", card: "c2" })).toBeNull()
  })

  it("a full store is its own verdict", async () => {
    const caps = new CardAttempts(new MemoryCapStore(1), limits)
    expect(await caps.take({ address: "1.2.3.4" })).toBeNull()
    expect(await caps.take({ address: "5.6.7.8" })).toBe("full")
  })

  it("defaults", () => {
    expect(cardAttemptLimits(undefined)).toEqual({ per_address: 20, per_session: 5, per_cart: 10, per_card: 10, window_seconds: 3600 })
  })
})

describe("card fingerprints", () => {
  const secret = fingerprintSecret("sandbox_sign_key")
  it("are keyed hashes: one card (however typed) is one key, never the number", () => {
    const a = cardFingerprint(secret, { number: "4242424242424242" })
    expect(cardFingerprint(secret, { number: "4242 4242 4242 4242" })).toBe(a)
    expect(cardFingerprint(secret, { number: "4000000000000002" })).not.toBe(a)
    expect(a).toMatch(/^[0-9a-f]{32}$/)
    expect(a).not.toContain("4242")
    // another server secret gives another key: the key tells nothing without it
    expect(cardFingerprint(fingerprintSecret("other"), { number: "4242424242424242" })).not.toBe(a)
    expect(cardFingerprint(secret, { saved_card_id: "gwsc_1" })).not.toBe(cardFingerprint(secret, { saved_card_id: "gwsc_2" }))
  })
})

describe("the client address (M2-1)", () => {
  const req = (headers: Record<string, string>, socketAddress = "10.0.0.5") => ({ headers, socketAddress })

  it("without a proxy option: the socket's address, whatever the headers say", () => {
    expect(clientAddress(req({ "x-forwarded-for": "1.1.1.1" }), undefined)).toBe("10.0.0.5")
    expect(clientAddress(req({}, "::ffff:192.0.2.7"), undefined)).toBe("192.0.2.7")
    expect(clientAddress({ headers: {}, socketAddress: null }, undefined)).toBe("unknown")
  })

  it("behind proxies: the header's entry as many places from the right as there are trusted proxies", () => {
    const xff = { "x-forwarded-for": "6.6.6.6, 203.0.113.9, 198.51.100.1" } // spoofed, client, CDN
    expect(clientAddress(req(xff), { header: "x-forwarded-for", trusted_proxies: 2 })).toBe("203.0.113.9")
    expect(clientAddress(req(xff), { header: "X-Forwarded-For" })).toBe("198.51.100.1")
    expect(clientAddress(req({ "cf-connecting-ip": "2001:db8::1" }), { header: "cf-connecting-ip" })).toBe("2001:db8::1")
    // fewer entries than proxies, no header, or no address in it: the request did not come through them
    expect(clientAddress(req({ "x-forwarded-for": "203.0.113.9" }), { header: "x-forwarded-for", trusted_proxies: 2 })).toBe("10.0.0.5")
    expect(clientAddress(req({}), { header: "x-real-ip" })).toBe("10.0.0.5")
    expect(clientAddress(req({ "x-real-ip": "not an address" }), { header: "x-real-ip" })).toBe("10.0.0.5")
  })

  it("buckets IPv6 by /64 and keeps IPv4 whole", () => {
    expect(addressBucket("2001:db8:1:2:aaaa::1")).toBe("2001:db8:1:2::/64")
    expect(addressBucket("2001:0db8:0001:0002:ffff:ffff:ffff:ffff")).toBe("2001:db8:1:2::/64")
    expect(addressBucket("2001:db8::")).toBe("2001:db8:0:0::/64")
    expect(addressBucket("::ffff:1.2.3.4")).toBe("0:0:0:0::/64")
    expect(addressBucket("192.0.2.7")).toBe("192.0.2.7")
    expect(addressBucket("unknown")).toBe("unknown")
  })
})
