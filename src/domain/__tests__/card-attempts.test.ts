import { addressBucket, clientAddress } from "../client-address"
import { attemptCounters, capReached, cardAttemptLimits, cardFingerprint, fingerprintSecret } from "../card-attempts"

// The counting itself (the module's shared table: windows, atomic increments, pruning) is tested against the
// database in integration-tests/http/card-attempts.spec.ts and across instances in two-instances.spec.ts.
describe("card attempts against the caps (M2-2)", () => {
  const limits = cardAttemptLimits({ per_address: 100, per_session: 2, per_cart: 3, per_card: 4, window_seconds: 60 })

  it("a post is counted against each cap it names, one key per cap and subject, in the scope's order", () => {
    expect(attemptCounters({ session: "s1", cart: "cart_1", card: "c1" })).toEqual([
      { cap: "session", key: "card-attempt:session:s1" },
      { cap: "cart", key: "card-attempt:cart:cart_1" },
      { cap: "card", key: "card-attempt:card:c1" },
    ])
    expect(attemptCounters({ address: "203.0.113.9", session: undefined })).toEqual([
      { cap: "address", key: "card-attempt:address:203.0.113.9" },
    ])
    expect(attemptCounters({})).toEqual([])
  })

  it("answers the first cap whose count, this post included, is past its limit", () => {
    const counters = attemptCounters({ session: "s1", cart: "cart_1", card: "c1" })
    expect(capReached(counters, [2, 3, 4], limits)).toBeNull() // at each limit: allowed
    expect(capReached(counters, [3, 3, 4], limits)).toBe("session")
    expect(capReached(counters, [1, 4, 5], limits)).toBe("cart") // checked in order: the cart before the card
    expect(capReached(counters, [1, 1, 5], limits)).toBe("card")
    expect(capReached(attemptCounters({ address: "a" }), [101], limits)).toBe("address")
  })

  it("defaults", () => {
    expect(cardAttemptLimits(undefined)).toEqual({
      per_address: 20,
      per_session: 5,
      per_cart: 10,
      per_card: 10,
      window_seconds: 3600,
    })
  })

  it("away from the live gateway the default counts are 100 times higher; the store's own counts apply everywhere", () => {
    expect(cardAttemptLimits(undefined, true)).toEqual({
      per_address: 2000,
      per_session: 500,
      per_cart: 1000,
      per_card: 1000,
      window_seconds: 3600,
    })
    expect(cardAttemptLimits({ per_card: 3 }, true)).toMatchObject({ per_card: 3, per_session: 500 })
    expect(cardAttemptLimits({ per_card: 3 }, false)).toMatchObject({ per_card: 3, per_session: 5 })
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
    expect(cardFingerprint(secret, { saved_card_id: "gwsc_1" })).not.toBe(
      cardFingerprint(secret, { saved_card_id: "gwsc_2" })
    )
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
    expect(clientAddress(req({ "cf-connecting-ip": "2001:db8::1" }), { header: "cf-connecting-ip" })).toBe(
      "2001:db8::1"
    )
    // fewer entries than proxies, no header, or no address in it: the request did not come through them
    expect(
      clientAddress(req({ "x-forwarded-for": "203.0.113.9" }), { header: "x-forwarded-for", trusted_proxies: 2 })
    ).toBe("10.0.0.5")
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
