/**
 * The replay key of a notification comes from its signed content alone: labels the signature does not cover
 * never make a new notification, and different signed content always does, also when the store renamed the
 * signature's field.
 */
import { ACQUIRING_SIGNATURE_FIELDS, createAcquiringClient, signAcquiring } from "../../lib/gateway"
import { PAYMENT_NOTIFICATION } from "../../lib/gateway/__tests__/helpers/samples"
import { notificationReplayKey } from ".."

const SIGN_KEY = "key"
const signed = PAYMENT_NOTIFICATION
const sign = (values: Record<string, string>) =>
  signAcquiring(ACQUIRING_SIGNATURE_FIELDS.notification, values, SIGN_KEY)

describe("notification replay key", () => {
  const clients: ReturnType<typeof createAcquiringClient>[] = []
  afterAll(async () => Promise.all(clients.map((c) => c.close())))
  const client = (fieldNames?: Record<string, Record<string, string>>) => {
    const c = createAcquiringClient({
      baseUrl: "http://127.0.0.1:9",
      merchantId: "701001",
      accountId: "701001010",
      signKey: SIGN_KEY,
      ...(fieldNames ? { fieldNames } : {}),
    })
    clients.push(c)
    return c
  }

  it("is the same for one signed message under any unsigned label, and differs for other signed content", () => {
    const c = client()
    const payment = c.readNotification({
      ...signed,
      notify_type: "PAYMENT",
      notify_id: "n1",
      encryption_data: sign(signed),
    })
    const relabelled = c.readNotification({
      ...signed,
      notify_type: "DISPUTE RESULT",
      notify_id: "n2",
      dispute_amount: "0.01",
      encryption_data: sign(signed).toUpperCase(),
    })
    const declined = { ...signed, order_status: "0", result_info: "D0002:Card declined" }
    const other = c.readNotification({ ...declined, notify_type: "PAYMENT", encryption_data: sign(declined) })
    expect([payment.verified, relabelled.verified, other.verified]).toEqual([true, true, true])
    expect(notificationReplayKey(relabelled)).toBe(notificationReplayKey(payment))
    expect(notificationReplayKey(other)).not.toBe(notificationReplayKey(payment))
  })

  it("reads the signature under the store's name for it", () => {
    const c = client({ notification: { encryption_data: "signature" } })
    const declined = { ...signed, order_status: "0", result_info: "D0002:Card declined" }
    const a = c.readNotification({ ...signed, notify_type: "PAYMENT", signature: sign(signed) })
    const b = c.readNotification({ ...declined, notify_type: "PAYMENT", signature: sign(declined) })
    expect([a.verified, b.verified]).toEqual([true, true])
    expect(notificationReplayKey(a)).not.toBe(notificationReplayKey(b))
  })

  it("depends on the formula that verified it", () => {
    const fields = { encryption_data: "ab".repeat(32) }
    expect(notificationReplayKey({ formula: "notification", fields })).not.toBe(
      notificationReplayKey({ formula: "payoutNotification", fields })
    )
  })
})
