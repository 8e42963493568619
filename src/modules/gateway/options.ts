/**
 * The module's options (medusa-config.ts: `{ resolve: "./src/modules/gateway", options: { issuing, payout } }`).
 * Both parts are optional: a store without issuing or payouts still gets the notification log and payment
 * details. What is given is validated at boot, with a message naming the option.
 */
export interface GatewayIssuingOptions {
  /** Issuing API base URL, e.g. https://sandbox.example/api (endpoint paths are appended). */
  base_url: string
  company_id: string
  /** The company's api key for `sign`. Never logged. */
  api_key: string
  sign_scheme?: "fields" | "sorted-json"
}

export interface GatewayPayoutOptions {
  /** Acquiring API base URL (paths /v1/... are appended). */
  base_url: string
  merchant_id: string
  account_id: string
  /** The merchant's sign key for `encryption_data`. Never logged. */
  sign_key: string
  /** Where the gateway sends payout notifications; unset: none are asked for. */
  notify_url?: string
}

export interface GatewayModuleOptions {
  issuing?: GatewayIssuingOptions
  payout?: GatewayPayoutOptions
}

const PREFIX = "Gateway module"

const nonEmpty = (v: unknown): v is string => typeof v === "string" && v.trim().length > 0

function url(name: string, v: unknown): void {
  if (!nonEmpty(v)) throw new Error(`${PREFIX}: option "${name}" is required (an http(s) URL)`)
  let ok = false
  try {
    const u = new URL(v)
    ok = u.protocol === "http:" || u.protocol === "https:"
  } catch {
    ok = false
  }
  if (!ok) throw new Error(`${PREFIX}: option "${name}" must be an http(s) URL`)
}

function text(name: string, v: unknown, max?: number): void {
  if (!nonEmpty(v)) throw new Error(`${PREFIX}: option "${name}" is required`)
  if (max !== undefined && v.length > max) throw new Error(`${PREFIX}: option "${name}" must be at most ${max} characters`)
}

/** Throws an Error naming the first option that is missing or malformed. */
export function validateModuleOptions(options: unknown): GatewayModuleOptions {
  if (options === undefined || options === null) return {}
  if (typeof options !== "object") throw new Error(`${PREFIX}: options must be an object ({ issuing?, payout? })`)
  const o = options as Record<string, unknown>
  if (o.issuing !== undefined) {
    if (typeof o.issuing !== "object" || o.issuing === null) throw new Error(`${PREFIX}: option "issuing" must be an object`)
    const i = o.issuing as Record<string, unknown>
    url("issuing.base_url", i.base_url)
    text("issuing.company_id", i.company_id)
    text("issuing.api_key", i.api_key)
    if (i.sign_scheme !== undefined && i.sign_scheme !== "fields" && i.sign_scheme !== "sorted-json") {
      throw new Error(`${PREFIX}: option "issuing.sign_scheme" must be "fields" or "sorted-json"`)
    }
  }
  if (o.payout !== undefined) {
    if (typeof o.payout !== "object" || o.payout === null) throw new Error(`${PREFIX}: option "payout" must be an object`)
    const p = o.payout as Record<string, unknown>
    url("payout.base_url", p.base_url)
    text("payout.merchant_id", p.merchant_id, 7)
    text("payout.account_id", p.account_id, 10)
    text("payout.sign_key", p.sign_key)
    if (p.notify_url !== undefined) url("payout.notify_url", p.notify_url)
  }
  return o as GatewayModuleOptions
}
