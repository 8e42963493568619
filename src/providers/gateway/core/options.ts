/**
 * The payment provider's options, as a store owner writes them in `medusa-config.ts`.
 * Validated once at boot: a missing or malformed option stops the store with a message that names it.
 */
import { ACQUIRING_ENDPOINTS, compileAcquiringWireMap, GatewayOptionsError } from "../../../lib/gateway"
import type { FieldNamesOption, FieldValuesOption } from "../../../lib/gateway"

export type CaptureMode = "manual" | "automatic"
export type ThreeDSMode = "do3DS" | "no3DS"

export interface GatewayProviderOptions {
  /** Acquiring API base URL, e.g. https://test-api.example/ (paths /v1/... are appended). */
  base_url: string
  merchant_id: string
  account_id: string
  /** The merchant's sign key for `encryption_data`. Never logged. */
  sign_key: string
  /** The store's site as registered with the gateway (`website`). */
  website: string
  /** Public URL of this Medusa server; notifications go to `${store_url}/hooks/gateway/notifications`. */
  store_url?: string
  /** Storefront page the shopper returns to after 3-D Secure, an APM or the hosted page. */
  return_url: string
  capture?: CaptureMode
  three_ds?: ThreeDSMode
  timeouts?: { connect_ms?: number; headers_ms?: number; body_ms?: number }
  /** Per-endpoint signature field lists that replace the defaults (see docs/gateway-contract.md). */
  signature_overrides?: Record<string, string[]>
  /**
   * Per-endpoint request encoding: "json" (default), "form", or "json-as-form" (JSON text sent with
   * `Content-Type: application/x-www-form-urlencoded`, as the public docs' samples do).
   */
  content_types?: Record<string, "json" | "form" | "json-as-form">
  /** Caps on card posts per payment session and per client address (defaults 5, and 20 per hour). */
  card_attempts?: { per_session?: number; per_address?: number; window_seconds?: number }
  /**
   * The gateway's names for our fields, per operation (request and answer), for every name the wire audit of
   * docs/gateway-contract.md marks [assumed]: `{ authorise: { return_url: "returnUrl" }, notification:
   * { notify_type: "event" } }`. Keys: operation names (authorise, apm, checkout, orderQuery, capture, review,
   * cancel, refund, refundSearch, payout, optimise, cancelSubscription), their paths, `payment` (authorise +
   * apm + checkout), `notification`, `payoutNotification`. Paths: `name`, `parent.name`, `list[].name`.
   */
  field_names?: FieldNamesOption
  /**
   * Values on the wire, per operation: a text is the constant sent (`{ payment: { platform_source: "Shopify" } }`),
   * null leaves the field out (`{ authorise: { return_url: null } }`), an object translates our value to the
   * gateway's in requests and back in answers and notifications (`{ payment: { device_type: { MOBILE: "H5" } } }`).
   */
  field_values?: FieldValuesOption
  /** How the gateway's status fields read; each list replaces the contract's default. */
  status_codes?: {
    /** `order_status` of the direct payment / APM answer (defaults approved 1, declined 0, pending -1, review -2). */
    order_status?: { approved?: string[]; declined?: string[]; pending?: string[]; review?: string[] }
    /** `return_status` meaning accepted (default 1). */
    return_status_ok?: string[]
    /** Batch entry status meaning done (default 1) / refused (default 0). */
    entry_done?: string[]
    entry_refused?: string[]
    /** `cancel_status` of the subscription cancel meaning done (default 1). */
    subscription_cancelled?: string[]
  }
  /**
   * `payment_status` codes of the order query, the refund search and notifications, per state (contract
   * defaults: pending 1000, review 1100, authorized 2000, captured 3000, partially_refunded 4000, refunded
   * 4100, charged_back 4200 [assumed], canceled 5000, failed 6000 and 6100). A code listed here means that state; unlisted default codes
   * keep their meaning.
   */
  payment_status_codes?: Partial<Record<PaymentStatusState, string[]>>
  /** Per-operation paths, e.g. `{ optimise: "/v1/optimise", apm: "/v1/authorise" }`. */
  paths?: Record<string, string>
  /** Check the direct payment answer's signature (default true; its formula is [assumed]). */
  verify_response_signatures?: boolean
  /**
   * The goods URL of each item in `items`: a URL template with `{product_id}`, `{variant_id}`, `{sku}`,
   * `{handle}` (e.g. "https://shop.example/products/{handle}"). Unset, or a placeholder without a value: "0".
   */
  product_url?: string
}

/** The states a `payment_status` code can mean (status.ts). */
export const PAYMENT_STATUS_STATES = [
  "pending",
  "review",
  "authorized",
  "captured",
  "partially_refunded",
  "refunded",
  "canceled",
  "failed",
  "charged_back",
] as const
export type PaymentStatusState = (typeof PAYMENT_STATUS_STATES)[number]

const PREFIX = "Gateway payment provider"

function assertCodeList(name: string, v: unknown): void {
  if (!Array.isArray(v) || v.length === 0 || !v.every((c) => typeof c === "string" && c.trim().length > 0)) {
    throw new Error(`${PREFIX}: option "${name}" must be a non-empty list of codes (text)`)
  }
}

function assertPlainObject(name: string, v: unknown, shape: string): asserts v is Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error(`${PREFIX}: option "${name}" must be an object ${shape}`)
}

/** The wire-level options: field_names, field_values, status_codes, payment_status_codes, paths, product_url... */
function validateWireOptions(o: Record<string, unknown>): void {
  try {
    compileAcquiringWireMap(o.field_names, o.field_values, { names: "field_names", values: "field_values" })
  } catch (err) {
    if (err instanceof GatewayOptionsError) {
      throw new Error(`${PREFIX}: option "${err.option}" ${err.message.replace(/^Gateway client option "[^"]*" /, "")}`)
    }
    throw err
  }
  if (o.status_codes !== undefined) {
    assertPlainObject("status_codes", o.status_codes, "{ order_status?, return_status_ok?, entry_done?, entry_refused?, subscription_cancelled? }")
    for (const [k, v] of Object.entries(o.status_codes)) {
      if (k === "order_status") {
        assertPlainObject("status_codes.order_status", v, "{ approved?, declined?, pending?, review? }")
        for (const [s, list] of Object.entries(v)) {
          if (!["approved", "declined", "pending", "review"].includes(s)) {
            throw new Error(`${PREFIX}: option "status_codes.order_status.${s}" is not known (approved, declined, pending, review)`)
          }
          assertCodeList(`status_codes.order_status.${s}`, list)
        }
      } else if (["return_status_ok", "entry_done", "entry_refused", "subscription_cancelled"].includes(k)) {
        assertCodeList(`status_codes.${k}`, v)
      } else {
        throw new Error(
          `${PREFIX}: option "status_codes.${k}" is not known (order_status, return_status_ok, entry_done, entry_refused, subscription_cancelled)`,
        )
      }
    }
  }
  if (o.payment_status_codes !== undefined) {
    assertPlainObject("payment_status_codes", o.payment_status_codes, `{ ${PAYMENT_STATUS_STATES.join("?, ")}? }`)
    const seen = new Map<string, string>()
    for (const [state, list] of Object.entries(o.payment_status_codes)) {
      if (!(PAYMENT_STATUS_STATES as readonly string[]).includes(state)) {
        throw new Error(`${PREFIX}: option "payment_status_codes.${state}" is not known (${PAYMENT_STATUS_STATES.join(", ")})`)
      }
      assertCodeList(`payment_status_codes.${state}`, list)
      for (const code of list as string[]) {
        const other = seen.get(code)
        if (other && other !== state) throw new Error(`${PREFIX}: option "payment_status_codes.${state}" lists "${code}", already listed for ${other}`)
        seen.set(code, state)
      }
    }
  }
  if (o.paths !== undefined) {
    assertPlainObject("paths", o.paths, "{ [operation]: path }")
    for (const [k, v] of Object.entries(o.paths)) {
      if (!(k in ACQUIRING_ENDPOINTS)) {
        throw new Error(`${PREFIX}: option "paths.${k}" is not a known operation (${Object.keys(ACQUIRING_ENDPOINTS).join(", ")})`)
      }
      if (typeof v !== "string" || !/^\/[^\s?#]*$/.test(v)) throw new Error(`${PREFIX}: option "paths.${k}" must be a path starting with "/"`)
    }
  }
  if (o.verify_response_signatures !== undefined && typeof o.verify_response_signatures !== "boolean") {
    throw new Error(`${PREFIX}: option "verify_response_signatures" must be true or false`)
  }
  if (o.product_url !== undefined) {
    const sample = typeof o.product_url === "string" ? o.product_url.replace(/\{(product_id|variant_id|sku|handle)\}/g, "x") : ""
    if (/[{}]/.test(sample)) {
      throw new Error(`${PREFIX}: option "product_url" may hold only the placeholders {product_id}, {variant_id}, {sku}, {handle}`)
    }
    assertUrl("product_url", sample)
  }
}

const isNonEmptyString = (v: unknown): v is string => typeof v === "string" && v.trim().length > 0

function assertUrl(name: string, value: unknown): void {
  if (!isNonEmptyString(value)) throw new Error(`Gateway payment provider: option "${name}" is required (a URL)`)
  try {
    const u = new URL(value)
    if (u.protocol !== "http:" && u.protocol !== "https:") throw new Error("protocol")
  } catch {
    throw new Error(`Gateway payment provider: option "${name}" must be an http(s) URL`)
  }
}

/** Throws an Error naming the first option that is missing or malformed. */
export function validateProviderOptions(options: unknown): asserts options is GatewayProviderOptions {
  validateCoreProviderOptions(options)
  validateWireOptions(options as unknown as Record<string, unknown>)
  const attempts = (options as unknown as Record<string, unknown>).card_attempts
  if (attempts !== undefined) {
    if (typeof attempts !== "object" || attempts === null) throw new Error(`Gateway payment provider: option "card_attempts" must be an object`)
    for (const [k, v] of Object.entries(attempts)) {
      if (!["per_session", "per_address", "window_seconds"].includes(k)) {
        throw new Error(`Gateway payment provider: option "card_attempts.${k}" is not known (per_session, per_address, window_seconds)`)
      }
      if (typeof v !== "number" || !Number.isInteger(v) || v < 1) {
        throw new Error(`Gateway payment provider: option "card_attempts.${k}" must be a positive integer`)
      }
    }
  }
}

function validateCoreProviderOptions(options: unknown): asserts options is GatewayProviderOptions {
  if (!options || typeof options !== "object") {
    throw new Error("Gateway payment provider: options are required (base_url, merchant_id, account_id, sign_key, website, return_url)")
  }
  const o = options as Record<string, unknown>
  assertUrl("base_url", o.base_url)
  for (const [name, max] of [["merchant_id", 7], ["account_id", 10]] as const) {
    const v = o[name]
    if (!isNonEmptyString(v)) throw new Error(`Gateway payment provider: option "${name}" is required`)
    if (v.length > max) throw new Error(`Gateway payment provider: option "${name}" must be at most ${max} characters`)
  }
  if (!isNonEmptyString(o.sign_key)) throw new Error(`Gateway payment provider: option "sign_key" is required`)
  if (!isNonEmptyString(o.website)) throw new Error(`Gateway payment provider: option "website" is required`)
  if ((o.website as string).length > 2000) throw new Error(`Gateway payment provider: option "website" must be at most 2000 characters`)
  assertUrl("return_url", o.return_url)
  if ((o.return_url as string).includes("&")) {
    // The gateway's signature breaks on "&" inside return_url (error I0013).
    throw new Error(`Gateway payment provider: option "return_url" must not contain "&"`)
  }
  if (o.store_url !== undefined) assertUrl("store_url", o.store_url)
  if (o.capture !== undefined && o.capture !== "manual" && o.capture !== "automatic") {
    throw new Error(`Gateway payment provider: option "capture" must be "manual" or "automatic"`)
  }
  if (o.three_ds !== undefined && o.three_ds !== "do3DS" && o.three_ds !== "no3DS") {
    throw new Error(`Gateway payment provider: option "three_ds" must be "do3DS" or "no3DS"`)
  }
  if (o.timeouts !== undefined) {
    if (typeof o.timeouts !== "object" || o.timeouts === null) {
      throw new Error(`Gateway payment provider: option "timeouts" must be an object`)
    }
    for (const [k, v] of Object.entries(o.timeouts)) {
      if (!["connect_ms", "headers_ms", "body_ms"].includes(k)) {
        throw new Error(`Gateway payment provider: option "timeouts.${k}" is not known (connect_ms, headers_ms, body_ms)`)
      }
      if (typeof v !== "number" || !Number.isInteger(v) || v <= 0) {
        throw new Error(`Gateway payment provider: option "timeouts.${k}" must be a positive integer (milliseconds)`)
      }
    }
  }
  if (o.signature_overrides !== undefined) {
    const so = o.signature_overrides
    if (typeof so !== "object" || so === null) throw new Error(`Gateway payment provider: option "signature_overrides" must be an object`)
    for (const [k, v] of Object.entries(so)) {
      if (!Array.isArray(v) || v.length === 0 || !v.every(isNonEmptyString)) {
        throw new Error(`Gateway payment provider: option "signature_overrides.${k}" must be a non-empty list of field names`)
      }
    }
  }
  if (o.content_types !== undefined) {
    const ct = o.content_types
    if (typeof ct !== "object" || ct === null) throw new Error(`Gateway payment provider: option "content_types" must be an object`)
    for (const [k, v] of Object.entries(ct)) {
      if (v !== "json" && v !== "form" && v !== "json-as-form") {
        throw new Error(`Gateway payment provider: option "content_types.${k}" must be "json", "form" or "json-as-form"`)
      }
    }
  }
}
