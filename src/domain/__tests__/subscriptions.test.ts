import { subscriptionPlanOf, subscriptionLineOf, subscriptionRequest, sessionSubscriptionOf } from "../subscriptions"
import { gatewayDateTime, nextSubscriptionStatus, isCorrection } from "../subscriptions"
import { isOver } from "../subscription-view"

describe("subscription plans from variant metadata", () => {
  it("reads the plan's keys, with defaults, and is null for a variant that sells none", () => {
    expect(subscriptionPlanOf({ gateway_subscription_interval: "month" })).toEqual({
      interval: "month",
      interval_count: 1,
      billing_cycles: null,
      promotion_cycles: null,
      contract_name: null,
    })
    expect(
      subscriptionPlanOf({
        gateway_subscription_interval: "week",
        gateway_subscription_interval_count: "2",
        gateway_subscription_billing_cycles: "6",
        gateway_subscription_promotion_cycles: "0",
        gateway_subscription_contract_name: " Tea ",
      })
    ).toEqual({ interval: "week", interval_count: 2, billing_cycles: 6, promotion_cycles: 0, contract_name: "Tea" })
    expect(subscriptionPlanOf({ colour: "black" })).toBeNull()
    expect(subscriptionPlanOf(null)).toBeNull()
  })

  it("names the key and the rule of a bad value", () => {
    expect(() => subscriptionPlanOf({ gateway_subscription_interval: "fortnight" })).toThrow(
      "Variant metadata gateway_subscription_interval must be one of day, week, month, year"
    )
    expect(() =>
      subscriptionPlanOf({ gateway_subscription_interval: "day", gateway_subscription_interval_count: "0" })
    ).toThrow("Variant metadata gateway_subscription_interval_count must be a whole number from 1 to 9999")
    expect(() =>
      subscriptionPlanOf({ gateway_subscription_interval: "day", gateway_subscription_billing_cycles: "1.5" })
    ).toThrow(/gateway_subscription_billing_cycles must be a whole number/)
  })
})

describe("the subscription on the wire", () => {
  const plan = {
    interval: "month" as const,
    interval_count: 1,
    billing_cycles: 12,
    promotion_cycles: null,
    contract_name: null,
  }
  // As Medusa fills a cart line: its title is the product's, the variant's title apart.
  const line = {
    id: "cali_1",
    title: "Coffee Club",
    product_title: "Coffee Club",
    variant_title: "Monthly",
    variant_id: "variant_1",
    unit_price: 12.5,
    quantity: 2,
    subscription: plan,
  }

  it("takes the cart's one subscription line and refuses two", () => {
    expect(subscriptionLineOf([{ unit_price: 1, quantity: 1 }, line])).toBe(line)
    expect(subscriptionLineOf([{ unit_price: 1, quantity: 1 }])).toBeNull()
    expect(() => subscriptionLineOf([line, { ...line, id: "cali_2" }])).toThrow("A cart can hold one subscription line")
  })

  it("sends the plan and the line's amount exact in the currency (KWD has 3 decimals, JPY none)", () => {
    const sub = sessionSubscriptionOf(line, "USD", { customer_id: "cus_1", cart_id: "cart_1" })
    expect(sub).toMatchObject({
      contract_name: "Coffee Club Monthly",
      amount: "25.00",
      customer_id: "cus_1",
      cart_id: "cart_1",
      recurring_id: null,
    })
    expect(sessionSubscriptionOf({ ...line, variant_title: null }, "USD", {}).contract_name).toBe("Coffee Club")
    expect(sessionSubscriptionOf({ ...line, unit_price: 3.125 }, "KWD", {}).amount).toBe("6.250")
    expect(sessionSubscriptionOf({ ...line, unit_price: 1800 }, "JPY", {}).amount).toBe("3600")
    expect(subscriptionRequest(sub, new Date(Date.UTC(2026, 10, 23, 10)))).toEqual({
      contract_name: "Coffee Club Monthly",
      interval: "month",
      interval_count: "1",
      billing_cycle: 12,
      contract_start: "2026-11-23",
      contract_amount: "25.00",
    })
  })
})

describe("the contract's status moves forward only", () => {
  const cycles = { billing_cycles: 3, deducted: 1 }
  it("activates, cancels and ends, never back", () => {
    expect(nextSubscriptionStatus("pending", "1", cycles)).toBe("active")
    expect(nextSubscriptionStatus("active", "0", cycles)).toBe("cancelled")
    expect(nextSubscriptionStatus("active", "0", { billing_cycles: 3, deducted: 3 })).toBe("ended")
    expect(nextSubscriptionStatus("cancelled", "1", cycles)).toBe("cancelled")
    expect(nextSubscriptionStatus("ended", "1", cycles)).toBe("ended")
    expect(nextSubscriptionStatus("active", "", cycles)).toBe("active")
    expect(nextSubscriptionStatus("active", "9", cycles, { active: ["A"], inactive: ["9"] })).toBe("cancelled")
  })

  it("corrects a contract marked cancelled once its deductions reach its billing cycles, and only that", () => {
    expect(nextSubscriptionStatus("cancelled", "0", { billing_cycles: 3, deducted: 3 })).toBe("ended")
    expect(isCorrection("cancelled", "ended")).toBe(true)
    expect(nextSubscriptionStatus("ended", "0", { billing_cycles: 3, deducted: 1 })).toBe("ended") // never back to cancelled
    expect(nextSubscriptionStatus("cancelled", "0", { billing_cycles: null, deducted: 9 })).toBe("cancelled") // no cycles: until cancelled
    expect(isCorrection("active", "ended")).toBe(false)
    expect([isOver("cancelled"), isOver("ended"), isOver("active"), isOver("pending")]).toEqual([
      true,
      true,
      false,
      false,
    ])
  })

  it("reads the gateway's date-time", () => {
    expect(gatewayDateTime("2026-12-23 10:00:00")?.toISOString()).toBe("2026-12-23T10:00:00.000Z")
    expect(gatewayDateTime("")).toBeNull()
    expect(gatewayDateTime("23/12/2026")).toBeNull()
  })
})
