import { emptySessionData, GatewaySessionData, readSessionData, toProviderData } from "../session-data"
import {
  AttemptFacts,
  attemptOutcomeOf,
  mergeAttempt,
  mergeMoneyStatus,
  observeAttempt,
  observeMoney,
  sameAttempt,
} from "../payment-attempts"

const session = (patch: Partial<GatewaySessionData> = {}): GatewaySessionData => ({
  ...emptySessionData("payses_1", "card", "10.00", "USD"),
  attempt_id: "gwatt_1",
  ...patch,
})
const seen = (patch: Partial<GatewaySessionData> = {}, extra = {}) => observeAttempt(session(patch), extra)!
const facts = (patch: Partial<AttemptFacts> = {}): AttemptFacts => ({
  outcome: "pending",
  threeds: null,
  transaction_id: null,
  card_brand: null,
  decline_code: null,
  decline_message: null,
  ...patch,
})

describe("a payment attempt, as the dashboard records it", () => {
  it("keeps its id in the session data through a round trip, and nothing is recorded without one", () => {
    expect(readSessionData(toProviderData(session()))!.attempt_id).toBe("gwatt_1")
    expect(observeAttempt(session({ attempt_id: null }))).toBeNull()
  })

  it("reads the outcome from the gateway state: paid states are approved, failed is declined", () => {
    expect(
      ["authorized", "captured", "partially_refunded", "refunded", "charged_back"].map((s) =>
        attemptOutcomeOf(s as never)
      )
    ).toEqual(Array(5).fill("approved"))
    expect(attemptOutcomeOf("failed")).toBe("declined")
    expect(attemptOutcomeOf("review")).toBe("review")
    expect(attemptOutcomeOf("not_found")).toBeNull()
    expect(attemptOutcomeOf(null)).toBeNull()
  })

  it("reads the brand from the gateway's mask or the saved card, never more of the card", () => {
    const s = seen({ card_mask: "555555******4444", transaction_id: "T1", gateway_state: "authorized" })
    expect(s).toMatchObject({
      id: "gwatt_1",
      card_brand: "mastercard",
      transaction_id: "T1",
      outcome: "approved",
      currency: "USD",
      amount: "10.00",
    })
    expect(JSON.stringify(s)).not.toContain("4444")
    expect(seen({ saved_card: { use: "pay", id: "sc_1", brand: "amex", last4: "0005" } }).card_brand).toBe("amex")
  })

  it("3-D Secure: a card sent to the issuer started it; the gateway's Y / N or is3ds say more", () => {
    expect(seen({ gateway_state: "pending", issuer_url: "https://g/issuer" }).threeds).toBe("started")
    expect(seen({ method: "apm", gateway_state: "pending", issuer_url: "https://g/issuer" }).threeds).toBeNull()
    expect(seen({ gateway_state: "authorized", threeds_result: "Y" }).threeds).toBe("passed")
    expect(seen({ gateway_state: "failed", threeds_result: "N" }).threeds).toBe("failed")
    expect(seen({ method: "hosted", gateway_state: "authorized" }, { is3ds: "1" }).threeds).toBe("started")
  })

  it("started and then approved passed it, started and then declined failed it, still open is not finished", () => {
    const started = mergeAttempt(null, seen({ gateway_state: "pending", issuer_url: "https://g/i" }))
    expect(started).toMatchObject({ outcome: "pending", threeds: "started" })
    expect(mergeAttempt(started, seen({ gateway_state: "authorized" })).threeds).toBe("passed")
    expect(mergeAttempt(started, seen({ gateway_state: "failed" })).threeds).toBe("failed")
    // the gateway's own word wins over the inference
    expect(
      mergeAttempt(facts({ outcome: "declined", threeds: "passed" }), seen({ gateway_state: "failed" })).threeds
    ).toBe("passed")
  })

  it("never moves back: approved, declined and canceled are final; a late or replayed report changes nothing", () => {
    const approved = facts({ outcome: "approved", transaction_id: "T1", card_brand: "visa" })
    for (const state of ["pending", "failed", "canceled", "unknown"] as const)
      expect(sameAttempt(mergeAttempt(approved, seen({ gateway_state: state })), approved)).toBe(true)
    const declined = facts({ outcome: "declined", decline_code: "D0002", decline_message: "Card declined" })
    expect(mergeAttempt(declined, seen({ gateway_state: "authorized" }))).toEqual(declined)
    expect(mergeAttempt(facts({ outcome: "review" }), seen({ gateway_state: "authorized" })).outcome).toBe("approved")
    expect(mergeAttempt(facts({ outcome: "unknown" }), seen({ gateway_state: "canceled" })).outcome).toBe("canceled")
  })

  it("keeps the gateway's decline reason of a declined attempt only, learned with the outcome or later; the first brand stays", () => {
    const first = mergeAttempt(
      null,
      seen(
        { gateway_state: "failed", card_mask: "400000******0002" },
        { decline: { code: "D0005", message: "3-D Secure authentication failed" } }
      )
    )
    expect(first).toMatchObject({
      outcome: "declined",
      decline_code: "D0005",
      decline_message: "3-D Secure authentication failed",
      card_brand: "visa",
    })
    expect(mergeAttempt(first, seen({ gateway_state: "failed", card_mask: "555555******4444" }))).toEqual(first)
    expect(
      mergeAttempt(facts(), seen({ gateway_state: "authorized" }, { decline: { code: "X", message: "y" } }))
        .decline_code
    ).toBeNull()
    expect(
      mergeAttempt(null, seen({ gateway_state: "failed" }, { decline: { code: "D1", message: "m".repeat(500) } }))
        .decline_message
    ).toHaveLength(200)
  })
})

describe("money a payment moved, as the dashboard records it", () => {
  it("captures (one whose answer was lost as unknown, not counted), refunds (not a chargeback's booking), chargebacks booked with an amount", () => {
    const data = session({
      card_mask: "424242******4242",
      captures: [
        { id: "capt_1", amount: "10.00", status: "captured", by: "plugin" },
        { id: "capt_2", amount: "1.00", status: "unknown", by: "plugin" },
      ],
      refunds: [
        { reference: "ref_1", amount: "3.00", status: "pending", refund_reference_id: null },
        { reference: "ref_cb", amount: "7.00", status: "refunded", refund_reference_id: null },
      ],
      chargebacks: [
        { dispute_id: "chargeback-T1", amount: "7.00", refund_id: "ref_cb", marker: "m", booking_until: null },
        { dispute_id: "chargeback-T0", amount: "0.00", refund_id: null, marker: "n", booking_until: null },
      ],
    })
    const { dimensions, movements } = observeMoney(data)
    expect(dimensions).toEqual({
      order_no: "payses_1",
      attempt_id: "gwatt_1",
      transaction_id: null,
      method: "card",
      currency: "USD",
      card_brand: "visa",
    })
    expect(movements).toEqual([
      { kind: "capture", reference: "capt_1", amount: "10.00", status: "captured" },
      { kind: "capture", reference: "capt_2", amount: "1.00", status: "unknown" },
      { kind: "refund", reference: "ref_1", amount: "3.00", status: "pending" },
      { kind: "chargeback", reference: "chargeback-T1", amount: "7.00", status: "booked" },
    ])
  })

  it("a refund's status only moves forward", () => {
    expect(mergeMoneyStatus("pending", "refunded")).toBe("refunded")
    expect(mergeMoneyStatus("unknown", "failed")).toBe("failed")
    expect(mergeMoneyStatus("unknown", "captured")).toBe("captured")
    expect(mergeMoneyStatus("refunded", "pending")).toBe("refunded")
    expect(mergeMoneyStatus("failed", "refunded")).toBe("failed")
  })
})
