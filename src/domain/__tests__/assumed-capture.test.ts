/**
 * The plugin knows what it captured: a captured reading of an [assumed] payment_status code never stands for a
 * capture of its own (status.ts actionableState, session-data.ts sessionStateOf).
 */
import {
  actionableState,
  emptySessionData,
  GatewaySessionData,
  hasKnownCapture,
  isDeclaredState,
  readSessionData,
  sessionStateOf,
  toProviderData,
} from ".."

const session = (captures: GatewaySessionData["captures"] = []): GatewaySessionData => ({
  ...emptySessionData("payses_1", "card", "10.00", "USD"),
  captures,
})
const record = (payment_status: string) => ({ payment_status, query_result: "1" })

describe("a captured reading", () => {
  it("is authorised for a payment with no known capture when the store declared nothing", () => {
    for (const code of ["3000", "4000", "4100", "4200"]) {
      expect(sessionStateOf(record(code), session(), undefined)).toMatchObject({ state: "authorized" })
    }
    expect(sessionStateOf(record("3000"), session(), undefined).read).toBe("captured")
  })

  it("stands when the plugin captured (by its own request or booked as captured by the gateway)", () => {
    for (const by of ["plugin", "gateway"] as const) {
      expect(
        sessionStateOf(record("3000"), session([{ id: "capt_1", amount: "10.00", status: "captured", by }]), undefined)
          .state
      ).toBe("captured")
    }
    // a capture whose answer was lost is not known to have been made
    expect(
      sessionStateOf(
        record("3000"),
        session([{ id: "capt_1", amount: "10.00", status: "unknown", by: "plugin" }]),
        undefined
      ).state
    ).toBe("authorized")
  })

  it("stands when the store declared the state's codes in payment_status_codes", () => {
    expect(isDeclaredState("captured", { captured: ["3000"] })).toBe(true)
    expect(isDeclaredState("captured", { captured: [] })).toBe(false)
    expect(isDeclaredState("captured", { refunded: ["4100"] })).toBe(false)
    expect(sessionStateOf(record("3000"), session(), { captured: ["3000"] }).state).toBe("captured")
    expect(sessionStateOf(record("4100"), session(), { captured: ["3000"] }).state).toBe("authorized")
  })

  it("leaves every other reading as it is", () => {
    for (const s of ["pending", "review", "authorized", "canceled", "failed", "not_found", "unknown"] as const) {
      expect(actionableState(s, { capture: false, declared: false })).toBe(s)
    }
    expect(sessionStateOf(record("6000"), session(), undefined).state).toBe("failed")
  })
})

describe("a capture's origin in the session data", () => {
  it("round-trips by, and reads a record written before it existed as the plugin's", () => {
    const d = session([{ id: "capt_1", amount: "10.00", status: "captured", by: "gateway" }])
    expect(readSessionData(toProviderData(d))!.captures).toEqual([
      { id: "capt_1", amount: "10.00", status: "captured", by: "gateway" },
    ])
    const old = { ...toProviderData(d), captures: [{ id: "capt_2", amount: "1.00", status: "captured" }] }
    expect(readSessionData(old)!.captures[0]!.by).toBe("plugin")
    expect(hasKnownCapture(readSessionData(old))).toBe(true)
    expect(hasKnownCapture(null)).toBe(false)
  })
})
