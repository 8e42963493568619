import { isFinalPayoutStatus, payoutRefreshRefusal } from "../refresh-guard"

describe("payout refresh guard", () => {
  it("refuses a COMPLETED or FAILED payout, naming its status and why", () => {
    const failed = payoutRefreshRefusal({ id: "gwpout_1", request_id: "req-1", status: "FAILED" })
    expect(failed).toContain('Payout gwpout_1 (request_id "req-1") is FAILED')
    expect(failed).toMatch(/final payout is never refreshed/)
    expect(failed).toMatch(/could be paid while its record stays FAILED/)
    expect(failed).toMatch(/create a new payout/)
    expect(failed).toMatch(/Nothing was sent to the gateway/)
    const completed = payoutRefreshRefusal({ id: "gwpout_2", request_id: "req-2", status: "COMPLETED" })
    expect(completed).toContain("is COMPLETED")
    expect(completed).toMatch(/de-duplicates its request_id \[assumed\]/)
    expect(completed).not.toMatch(/create a new payout/)
  })

  it("lets an open payout (PENDING, UNKNOWN, PROCESSING) be re-sent", () => {
    for (const status of ["PENDING", "UNKNOWN", "PROCESSING"]) {
      expect([status, payoutRefreshRefusal({ id: "gwpout_3", status })]).toEqual([status, null])
      expect(isFinalPayoutStatus(status)).toBe(false)
    }
    expect(isFinalPayoutStatus("COMPLETED")).toBe(true)
    expect(isFinalPayoutStatus("FAILED")).toBe(true)
    expect(isFinalPayoutStatus(null)).toBe(false)
  })
})
