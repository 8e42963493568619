/**
 * The admin API's body schemas are the library's rules and the admin forms' too: what the gateway refuses the
 * API refuses (with the field named), and what a form prepares is what the API takes.
 */
import { z } from "zod"
import { cardholderCreateRequestSchema } from "../../../../lib/gateway/issuing/schemas/cardholder"
import { issuesOf, ruleOf } from "../../../../lib/gateway/validate"
import { submitted } from "../../../../admin/lib/form"
import { AdminCreateCardholderSchema } from "../schemas/cardholders"
import { AdminCardAmountSchema, AdminCreateCardsSchema } from "../schemas/cards"
import { groupCreateRequestSchema } from "../../../../lib/gateway/issuing/schemas/group"
import { AdminCreateGroupSchema, AdminRefundGroupSchema } from "../schemas/groups"
import { AdminCreatePayoutSchema } from "../schemas/payouts"

const refusals = (schema: z.ZodType, body: unknown) => {
  const r = schema.safeParse(body)
  return r.success ? [] : issuesOf(r.error, body).map((i) => `${i.field} ${i.rule}`)
}

describe("admin API body schemas", () => {
  it("refuse a cardholder exactly where the gateway's /cardholder/create does", () => {
    const bodies = [
      { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" },
      { first_name: "Ada", last_name: "Lovelace", email: "not-an-email" },
      { first_name: "", last_name: "Lovelace", email: "ada@example.com" },
      { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", birth_date: "31-01-1990" },
      { first_name: "Ada", last_name: "Lovelace", email: "ada@example.com", billing_postal: "1".repeat(17) },
    ]
    for (const body of bodies)
      expect(refusals(AdminCreateCardholderSchema, body)).toEqual(refusals(cardholderCreateRequestSchema, body))
    expect(refusals(AdminCreateCardholderSchema, bodies[3])).toEqual(["birth_date must be a date YYYY-MM-DD"])
    expect(refusals(AdminCreateCardholderSchema, { ...bodies[0], request_id: "x" })).toEqual([
      "request_id is not a known field of this request",
    ])
  })

  it("check a payout's amount against its currency's decimals, and its parties against the gateway's schemas", () => {
    const beneficiary = { entity_type: "COMPANY", company_name: "Acme" }
    expect(refusals(AdminCreatePayoutSchema, { payment_amount: "100", payment_currency: "jpy", beneficiary })).toEqual(
      []
    )
    expect(AdminCreatePayoutSchema.parse({ payment_amount: 1.5, payment_currency: "kwd", beneficiary })).toMatchObject({
      payment_amount: "1.5",
      payment_currency: "KWD",
    })
    expect(
      refusals(AdminCreatePayoutSchema, { payment_amount: "100.5", payment_currency: "JPY", beneficiary })
    ).toEqual(["payment_amount must have at most 0 decimal places for JPY"])
    expect(refusals(AdminCreatePayoutSchema, { payment_amount: "0.00", payment_currency: "USD", beneficiary })).toEqual(
      ["payment_amount must be greater than 0"]
    )
    expect(
      refusals(AdminCreatePayoutSchema, {
        payment_amount: "1",
        payment_currency: "USD",
        beneficiary: { ...beneficiary, nickname: "x" },
      })
    ).toEqual(["beneficiary.nickname is not a known field of this request"])
    expect(refusals(AdminCreatePayoutSchema, { payment_amount: "1", payment_currency: "USD" })).toEqual([
      "beneficiary is required",
    ])
  })

  it("take cards' counts, flags and dates as the API documents them", () => {
    const base = { cardholder_id: "gwchd_1", group_id: "gwgrp_1", charge_amount: "10" }
    expect(AdminCreateCardsSchema.parse(base)).toEqual({ ...base, pieces: 1 })
    expect(refusals(AdminCreateCardsSchema, { ...base, pieces: 51 })).toEqual(["pieces must be at most 50"])
    expect(refusals(AdminCreateCardsSchema, { ...base, start_date: "2030-01-02", end_date: "2030-01-01" })).toEqual([
      "end_date must not be before start_date",
    ])
    expect(AdminCardAmountSchema.parse({ amount: 5.25 })).toEqual({ amount: "5.25" })
  })

  it("take a new group with the gateway's /group/create rules, its amount checked against its currency", () => {
    const body = { name: "Marketing", country_code: "gb", currency: "eur", charge_amount: "500.5" }
    expect(AdminCreateGroupSchema.parse(body)).toEqual({ ...body, country_code: "GB", currency: "EUR" })
    // what the admin body refuses, the gateway's request refuses under its own names
    const wire = (b: typeof body) => ({
      group_name: b.name,
      country_code: b.country_code,
      currency: b.currency,
      charge_amount: b.charge_amount,
    })
    for (const bad of [
      { ...body, name: "x".repeat(65) },
      { ...body, country_code: "GBR" },
      { ...body, currency: "JPY", charge_amount: "1.5" },
    ]) {
      expect(refusals(AdminCreateGroupSchema, bad)).toHaveLength(1)
      expect(refusals(groupCreateRequestSchema, wire(bad))).toHaveLength(1)
    }
    expect(refusals(AdminCreateGroupSchema, { ...body, currency: "KWD", charge_amount: "1.2345" })).toEqual([
      "charge_amount must have at most 3 decimal places for KWD",
    ])
    expect(refusals(AdminCreateGroupSchema, { ...body, gateway_group_id: "7001" })).toEqual([
      "gateway_group_id is not a known field of this request",
    ])
    expect(AdminRefundGroupSchema.parse({ amount: 200.5 })).toEqual({ amount: "200.5" })
    expect(refusals(AdminRefundGroupSchema, { amount: "0" })).toEqual(["amount must be greater than 0"])
  })
})

describe("admin forms", () => {
  it("send trimmed texts and leave blank fields out, as the API wants them", () => {
    const form = { first_name: " Ada ", last_name: "Lovelace", email: "ada@example.com", birth_date: "", remark: "  " }
    const body = submitted(form)
    expect(body).toEqual({ first_name: "Ada", last_name: "Lovelace", email: "ada@example.com" })
    expect(AdminCreateCardholderSchema.safeParse(body).success).toBe(true)
    expect(AdminCreateCardholderSchema.safeParse(form).success).toBe(false) // "" is not a date
    expect(submitted({ beneficiary: { address: { city: "", country_code: "GB" } }, shared: false })).toEqual({
      beneficiary: { address: { country_code: "GB" } },
      shared: false,
    })
  })

  it("word a rule without its own message as the library does", () => {
    const issue = AdminCreateCardholderSchema.safeParse({ first_name: "A".repeat(65), last_name: "B", email: "a@b.co" })
      .error!.issues[0]!
    expect(ruleOf({ ...issue, message: undefined }, "A".repeat(65))).toBe("must be at most 64 characters")
    expect(ruleOf({ code: "invalid_type", expected: "string" }, undefined)).toBe("is required")
  })
})
