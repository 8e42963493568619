import { alertRules, validateModuleOptions } from "../../modules/gateway/options"
import {
  chargebackAlert,
  discrepancyAlert,
  operationFailedAlert,
  payoutFailedAlert,
  rejectedNotificationsAlert,
  unknownOperationAlert,
  unknownPaymentAlert,
} from "../kinds"
import { alertUrl } from "../send"

describe("alert keys: once per event", () => {
  const order = { id: "order_01", display_id: 12 }
  it("the same discrepancy of a payment is one event, another reason another", () => {
    const a = discrepancyAlert({ job: "order_sync", order_no: "payses_1", reason: "only authorized", order })
    expect(
      discrepancyAlert({ job: "refund_sync", order_no: "payses_1", reason: "only authorized", order: null }).key
    ).toBe(a.key)
    expect(discrepancyAlert({ job: "order_sync", order_no: "payses_1", reason: "another", order }).key).not.toBe(a.key)
    expect(a).toMatchObject({
      title: "Gateway discrepancy: order #12",
      path: "/orders/order_01",
      resource: { type: "order", id: "order_01" },
    })
  })
  it("an unknown outcome is keyed by what was lost, so a later loss on the same payment is a new event", () => {
    const base = { order_no: "payses_1", order: null, what: "The capture capt_1", minutes: 60 }
    expect(unknownPaymentAlert({ ...base, event: "pay_1:capture capt_1" }).key).not.toBe(
      unknownPaymentAlert({ ...base, event: "pay_1:capture capt_1,refund ref_1" }).key
    )
    expect(unknownPaymentAlert({ ...base, event: "pay_1:capture capt_1" }).path).toBe("/gateway/reconciliation")
  })
  it("retries of one request (its idempotency key) are one failed operation; rows without a key are their own", () => {
    const row = {
      id: "gwaud_1",
      operation: "card.recharge",
      target_id: "gwcard_1",
      idempotency_key: "k1",
      error_code: "1005",
      error_message: "insufficient balance",
      result: "failed",
    }
    expect(operationFailedAlert(row).key).toBe(operationFailedAlert({ ...row, id: "gwaud_2" }).key)
    expect(operationFailedAlert({ ...row, idempotency_key: null }).key).toBe("operation_failed:gwaud_1")
    expect(operationFailedAlert(row)).toMatchObject({
      title: "Failed: card.recharge",
      path: "/gateway/cards/gwcard_1",
      resource: { type: "gateway_card", id: "gwcard_1" },
    })
    expect(
      unknownOperationAlert({ ...row, operation: "group.refund", target_id: "gwgrp_1", result: "unknown" }, 60).path
    ).toBe("/gateway/groups/gwgrp_1")
  })
  it("chargebacks by payment and transaction, failed payouts by payout, rejected notifications once a day", () => {
    expect(chargebackAlert({ order_no: "payses_1", transaction_id: "tx1", order: null }).key).toBe(
      "chargeback:payses_1:tx1"
    )
    expect(
      payoutFailedAlert({ id: "gwpout_1", payment_amount: "1.00", payment_currency: "USD", failure_reason: "closed" })
        .description
    ).toContain("closed")
    const day = (d: string, count: number) => rejectedNotificationsAlert({ count, window_minutes: 60, day: d }).key
    expect(day("2026-11-26", 5)).toBe(day("2026-11-26", 50))
    expect(day("2026-11-27", 5)).not.toBe(day("2026-11-26", 5))
  })
})

describe("alert links", () => {
  const alert = discrepancyAlert({
    job: "order_sync",
    order_no: "payses_1",
    reason: "x",
    order: { id: "order_01", display_id: 1 },
  })
  it("are admin paths, absolute with alerts.admin_url", () => {
    expect(alertUrl(alert, alertRules(undefined))).toBe("/app/orders/order_01")
    expect(alertUrl(alert, alertRules(undefined), "/dashboard")).toBe("/dashboard/orders/order_01")
    expect(alertUrl(alert, alertRules({ admin_url: "https://shop.example/app/" }))).toBe(
      "https://shop.example/app/orders/order_01"
    )
  })
})

describe("the alerts option", () => {
  it("has defaults: 60 minutes for an unknown outcome, 5 rejected notifications an hour, the feed only", () => {
    expect(alertRules(undefined)).toEqual({
      unknown_after_minutes: 60,
      rejected_threshold: 5,
      rejected_window_minutes: 60,
      channels: [],
      to: null,
      template: "gateway-alert",
      admin_url: null,
    })
  })
  it("refuses bad values naming the option and rule", () => {
    const bad = (alerts: unknown) => () => validateModuleOptions({ alerts })
    expect(bad({ channels: ["email"] })).toThrow(
      'Gateway module: option "alerts.to" is required when channels are given'
    )
    expect(bad({ unknown_after_minutes: -1 })).toThrow(
      'option "alerts.unknown_after_minutes" must be a whole number of minutes'
    )
    expect(bad({ rejected_notifications: { threshold: 0 } })).toThrow(
      'option "alerts.rejected_notifications.threshold" must be a positive integer'
    )
    expect(bad({ channels: ["feed"], to: "x" })).toThrow('option "alerts.channels[0]" need not list "feed"')
    expect(bad({ admin_url: "not a url" })).toThrow('option "alerts.admin_url"')
    expect(bad({ chanels: ["email"] })).toThrow('option "alerts.chanels" is not known')
    expect(
      validateModuleOptions({ alerts: { channels: ["email"], to: "ops@store.example", unknown_after_minutes: 0 } })
        .alerts
    ).toBeTruthy()
  })
})
