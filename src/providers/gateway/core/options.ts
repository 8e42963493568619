/**
 * The payment provider's options, as a store owner writes them in `medusa-config.ts`.
 * Validated once at boot: a missing or malformed option stops the store with a message that names it.
 */
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
  /** Per-endpoint request encoding: "json" (default) or "form". */
  content_types?: Record<string, "json" | "form">
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
      if (v !== "json" && v !== "form") {
        throw new Error(`Gateway payment provider: option "content_types.${k}" must be "json" or "form"`)
      }
    }
  }
}
