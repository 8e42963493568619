import { checkRepeat, fingerprintOf, IDEMPOTENCY_KEY_RULE, KeyHolder, lostRace } from "../idempotency"

const holder = (over: Partial<KeyHolder> = {}): KeyHolder => ({
  id: "gwaud_1",
  operation: "card.recharge",
  target_id: "gwcard_1",
  request_id: "card_recharge_1",
  result: "succeeded",
  request_hash: fingerprintOf("card.recharge", "gwcard_1", { amount: "25.00" }),
  created_at: new Date("2026-11-25T10:00:00Z"),
  ...over,
})

describe("idempotency keys", () => {
  it("fingerprints what a request asks for, however its body is written", () => {
    const a = fingerprintOf("payout.create", null, {
      payment_amount: "10.00",
      beneficiary: { company_name: "A", address: { city: "L" } },
    })
    const b = fingerprintOf("payout.create", null, {
      beneficiary: { address: { city: "L" }, company_name: "A" },
      payment_amount: "10.00",
      reference: undefined,
    })
    expect(a).toBe(b)
    expect(a).toMatch(/^[0-9a-f]{64}$/)
    expect(
      fingerprintOf("payout.create", null, {
        payment_amount: "10.01",
        beneficiary: { company_name: "A", address: { city: "L" } },
      })
    ).not.toBe(a)
    // the same amount on another card or through another operation is another request
    expect(fingerprintOf("card.recharge", "gwcard_1", { amount: "5" })).not.toBe(
      fingerprintOf("card.recharge", "gwcard_2", { amount: "5" })
    )
    expect(fingerprintOf("card.recharge", "gwcard_1", { amount: "5" })).not.toBe(
      fingerprintOf("card.withdraw", "gwcard_1", { amount: "5" })
    )
  })

  it("answers a repeat from its holder, refuses another body (422) and a request in flight (409)", () => {
    const same = { key: "k-1", fingerprint: fingerprintOf("card.recharge", "gwcard_1", { amount: "25.00" }) }
    expect(checkRepeat(holder(), same).target_id).toBe("gwcard_1")
    expect(() =>
      checkRepeat(holder(), {
        key: "k-1",
        fingerprint: fingerprintOf("card.recharge", "gwcard_1", { amount: "26.00" }),
      })
    ).toThrow(
      expect.objectContaining({
        type: "duplicate_error",
        message: expect.stringContaining('"k-1" was used for another request (card.recharge of gwcard_1'),
      })
    )
    expect(() => checkRepeat(holder({ result: "attempted" }), same)).toThrow(
      expect.objectContaining({ type: "conflict", message: expect.stringContaining("has not finished") })
    )
    // two at once: the loser is told so, never answered as if it had run
    expect(lostRace(holder(), same)).toMatchObject({
      type: "conflict",
      message: expect.stringContaining("at the same time"),
    })
    expect(lostRace(holder({ request_hash: "other" }), same)).toMatchObject({ type: "duplicate_error" })
  })

  it("takes keys a payout's request_id can carry", () => {
    expect(IDEMPOTENCY_KEY_RULE.test("5f0c8a9e-3d1b-4a7e-9c2f-1b6d0e4a8c31")).toBe(true)
    for (const bad of ["", "has spaces", "x".repeat(65), "semi;colon"])
      expect(IDEMPOTENCY_KEY_RULE.test(bad)).toBe(false)
  })
})
