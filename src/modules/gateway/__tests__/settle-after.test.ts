/**
 * How long an operation cut short by a crash waits before the jobs settle it (src/reconciliation/cut-short.ts):
 * long past any request's timeout by default, so that a live request is never taken for a dead one.
 */
import { settleAfterSeconds, validateModuleOptions } from "../options"

describe("reconciliation.settle_after_seconds", () => {
  it("defaults to ten minutes and takes a whole number of seconds", () => {
    expect(settleAfterSeconds(undefined)).toBe(600)
    expect(settleAfterSeconds({ settle_after_seconds: 30 })).toBe(30)
    expect(() => validateModuleOptions({ reconciliation: { settle_after_seconds: 30 } })).not.toThrow()
  })

  it("refuses anything else, naming the option", () => {
    for (const bad of [0, 1.5, -1, 86401, "600"]) {
      expect(() => validateModuleOptions({ reconciliation: { settle_after_seconds: bad } })).toThrow(/reconciliation\.settle_after_seconds/)
    }
    expect(() => validateModuleOptions({ reconciliation: { settle_after: 5 } })).toThrow(/reconciliation/)
  })
})
