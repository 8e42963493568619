/** The acquiring client of a provider options object (the provider's, or the plugin module's `payments`). */
import {
  AcquiringClient,
  AcquiringClientOptions,
  createAcquiringClient,
  LineLogger,
  redactingLogger,
} from "../lib/gateway"
import type { FieldValueMap, FieldValueRule, FieldValuesOption } from "../lib/gateway"
import type { AcquiringAccountOptions } from "./options"
import { DEFAULT_PAYMENT_STATUS_CODES, PaymentStatusState } from "./status"

/** Where a `payment_status` is read: the order query's records, the refund search's records, notifications. */
const PAYMENT_STATUS_FIELDS: ReadonlyArray<[string, string]> = [
  ["orderQuery", "orders_list[].payment_status"],
  ["refundSearch", "refund_orders[].payment_status"],
  ["notification", "payment_status"],
]

/**
 * `payment_status_codes` as value translations of the wire map: a code the store lists for a state is read
 * as the contract's code of that state, so the rest of the plugin keeps one table (status.ts). Explicit
 * `field_values` for the same field are merged over it.
 */
export function fieldValuesWithStatusCodes(options: AcquiringAccountOptions): FieldValuesOption | undefined {
  const codes = options.payment_status_codes
  if (!codes || Object.keys(codes).length === 0) return options.field_values
  const translation: Record<string, string[]> = {}
  for (const [state, list] of Object.entries(codes) as [PaymentStatusState, string[]][]) {
    const ours = DEFAULT_PAYMENT_STATUS_CODES[state][0]
    translation[ours] = [...(translation[ours] ?? []), ...list]
  }
  const out: Record<string, Record<string, FieldValueRule>> = {}
  for (const [op, map] of Object.entries(options.field_values ?? {})) out[op] = { ...(map as FieldValueMap) }
  for (const [op, field] of PAYMENT_STATUS_FIELDS) {
    const given = out[op]?.[field]
    const merged =
      given && typeof given === "object" ? { ...translation, ...given } : given === undefined ? translation : given
    out[op] = { ...(out[op] ?? {}), [field]: merged }
  }
  return out
}

/** The library client's options from an acquiring account's (snake_case) options: the provider's or the payout's. */
export function acquiringClientOptions(options: AcquiringAccountOptions): AcquiringClientOptions {
  const t = options.timeouts ?? {}
  const timeouts = {
    ...(t.connect_ms ? { connectMs: t.connect_ms } : {}),
    ...(t.headers_ms ? { headersMs: t.headers_ms } : {}),
    ...(t.body_ms ? { bodyMs: t.body_ms } : {}),
    ...(t.total_ms ? { totalMs: t.total_ms } : {}),
  }
  const sc = options.status_codes
  const statusCodes = sc
    ? {
        ...(sc.order_status ? { orderStatus: sc.order_status } : {}),
        ...(sc.return_status_ok ? { returnStatusOk: sc.return_status_ok } : {}),
        ...(sc.entry_done ? { entryDone: sc.entry_done } : {}),
        ...(sc.entry_refused ? { entryRefused: sc.entry_refused } : {}),
        ...(sc.subscription_cancelled ? { subscriptionCancelled: sc.subscription_cancelled } : {}),
      }
    : undefined
  const fieldValues = fieldValuesWithStatusCodes(options)
  return {
    baseUrl: options.base_url,
    ...(options.allow_insecure_http !== undefined ? { allowInsecureHttp: options.allow_insecure_http } : {}),
    merchantId: options.merchant_id,
    accountId: options.account_id,
    signKey: options.sign_key,
    ...(Object.keys(timeouts).length ? { timeouts } : {}),
    ...(options.signature_overrides ? { signatureOverrides: options.signature_overrides } : {}),
    ...(options.content_types ? { contentTypes: options.content_types } : {}),
    ...(options.paths ? { paths: options.paths as AcquiringClientOptions["paths"] } : {}),
    ...(statusCodes ? { statusCodes } : {}),
    ...(options.field_names ? { fieldNames: options.field_names } : {}),
    ...(fieldValues ? { fieldValues } : {}),
    ...(options.verify_response_signatures !== undefined
      ? { verifyResponseSignatures: options.verify_response_signatures }
      : {}),
    ...(options.log_bodies !== undefined ? { logBodies: options.log_bodies } : {}),
  }
}

/** A client with the options' account and wire overrides, logging redacted lines to `logger`. */
export function createProviderClient(options: AcquiringAccountOptions, logger?: LineLogger): AcquiringClient {
  const log = redactingLogger(logger)
  return createAcquiringClient({ ...acquiringClientOptions(options), ...(log ? { logger: log } : {}) })
}
