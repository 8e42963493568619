/**
 * Requests shared by the gateway benchmarks: the sandbox's credentials, an approved card payment, and the
 * wire body the library would send for a request (signed and encoded outside any timed region).
 */
import { AcquiringClient, AcquiringOperation, createAcquiringClient } from "../../src/lib/gateway"

export const CREDENTIALS = { merchantId: "701001", accountId: "701001010", signKey: "sandbox_sign_key" }

export function benchClient(baseUrl: string): AcquiringClient {
  // No logger: the transport then builds no log line (the production provider passes Medusa's logger).
  return createAcquiringClient({ baseUrl, ...CREDENTIALS })
}

const expiryYear = String(new Date().getUTCFullYear() + 3)

/** An approved direct card payment with its own order number. */
export function cardPayment(orderNo: string) {
  return {
    order_no: orderNo,
    currency: "USD",
    amount: "28.29",
    card: "4242424242424242",
    expiration_month: "12",
    expiration_year: expiryYear,
    security_code: "123",
    return_url: "https://shop.example/return",
  }
}

/** The body and content type the client sends for `request` (validated, wire map applied, signed, encoded). */
export function wireBody(client: AcquiringClient, op: AcquiringOperation, request: Record<string, unknown>) {
  const { body, contentType } = client.wireRequest(op, request)
  return { path: client.operations[op].path, body, contentType }
}
