/**
 * How long an operation cut short by a crash waits before the jobs settle it (src/reconciliation/cut-short.ts):
 * long past any request's timeout, so that a live request is never taken for a dead one; and how long a checkout
 * may hold money without becoming an order before it is released (src/reconciliation/release.ts).
 */
import { minimumSettleSeconds, releaseAfterSeconds, settleAfterSeconds, validateModuleOptions } from "../options"

const payments = (timeouts?: Record<string, number>) => ({
  base_url: "https://gateway.example",
  merchant_id: "701001",
  account_id: "701001010",
  sign_key: "k",
  website: "https://shop.example",
  return_url: "https://shop.example/return",
  ...(timeouts ? { timeouts } : {}),
})

describe("reconciliation.settle_after_seconds", () => {
  it("defaults to ten minutes and takes a whole number of seconds", () => {
    expect(settleAfterSeconds(undefined)).toBe(600)
    expect(settleAfterSeconds({ settle_after_seconds: 300 })).toBe(300)
    expect(() => validateModuleOptions({ reconciliation: { settle_after_seconds: 300 } })).not.toThrow()
  })

  it("refuses anything else, naming the option", () => {
    for (const bad of [0, 1.5, -1, 86401, "600"]) {
      expect(() => validateModuleOptions({ reconciliation: { settle_after_seconds: bad } })).toThrow(
        /reconciliation\.settle_after_seconds/
      )
    }
    expect(() => validateModuleOptions({ reconciliation: { settle_after: 5 } })).toThrow(/reconciliation/)
  })

  it("is at least twice the longest a live gateway request may take (N-7)", () => {
    // The default timeouts: connect 5 s + headers 30 s + body 30 s = 65 s, twice is 130.
    expect(minimumSettleSeconds({})).toBe(130)
    expect(() => validateModuleOptions({ reconciliation: { settle_after_seconds: 30 } })).toThrow(
      /"reconciliation\.settle_after_seconds" \(30\) must be at least 130: twice the longest a live gateway request may take/
    )
    expect(() => validateModuleOptions({ reconciliation: { settle_after_seconds: 130 } })).not.toThrow()
    // Shorter timeouts allow a shorter deadline; total_ms bounds the whole answer.
    expect(minimumSettleSeconds({ payments: payments({ connect_ms: 500, total_ms: 1000 }) as never })).toBe(3)
    expect(() =>
      validateModuleOptions({
        payments: payments({ connect_ms: 500, total_ms: 1000 }),
        reconciliation: { settle_after_seconds: 3 },
      })
    ).not.toThrow()
    expect(() =>
      validateModuleOptions({
        payments: payments({ connect_ms: 500, total_ms: 1000 }),
        reconciliation: { settle_after_seconds: 2 },
      })
    ).toThrow(/must be at least 3/)
    // The payout account's timeouts count too (its requests move money as well); without its own, the defaults.
    const payout = {
      base_url: "https://gateway.example",
      merchant_id: "701001",
      account_id: "701001010",
      sign_key: "k",
    }
    expect(() =>
      validateModuleOptions({
        payments: payments({ connect_ms: 500, total_ms: 1000 }),
        payout,
        reconciliation: { settle_after_seconds: 3 },
      })
    ).toThrow(/must be at least 130/)
    expect(() =>
      validateModuleOptions({
        payments: payments({ connect_ms: 500, total_ms: 1000 }),
        payout: { ...payout, timeouts: { connect_ms: 500, total_ms: 1000 } },
        reconciliation: { settle_after_seconds: 3 },
      })
    ).not.toThrow()
  })
})

describe("reconciliation.release_after_seconds", () => {
  it("defaults to the settling deadline plus an hour", () => {
    expect(releaseAfterSeconds(undefined)).toBe(4200)
    expect(releaseAfterSeconds({ settle_after_seconds: 300 })).toBe(3900)
    expect(releaseAfterSeconds({ release_after_seconds: 7200 })).toBe(7200)
  })

  it("is never shorter than the settling deadline, and names the option", () => {
    expect(() => validateModuleOptions({ reconciliation: { release_after_seconds: 300 } })).toThrow(
      /"reconciliation\.release_after_seconds" \(300\) must be at least "reconciliation\.settle_after_seconds" \(600\)/
    )
    expect(() => validateModuleOptions({ reconciliation: { release_after_seconds: 600 } })).not.toThrow()
    for (const bad of [0, 2.5, "3600"]) {
      expect(() => validateModuleOptions({ reconciliation: { release_after_seconds: bad } })).toThrow(
        /reconciliation\.release_after_seconds/
      )
    }
  })
})
