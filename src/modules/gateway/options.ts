/**
 * The module's options (medusa-config.ts: `{ resolve: "./src/modules/gateway", options: { issuing, payout } }`).
 * Both parts are optional: a store without issuing or payouts still gets the notification log and payment
 * details. What is given is validated at boot, with a message naming the option.
 *
 * Every wire name or value the wire audit (docs/gateway-contract.md) marks [assumed] can be overridden here
 * for issuing and payouts without a code change: `field_names`, `field_values` (see src/lib/gateway/wire-map.ts),
 * `signature_overrides`, `paths`, and `status_codes`. The service builds its clients with
 * `issuingClientOptions` / `payoutClientOptions` below.
 */
import {
  AcquiringClientOptions,
  ACQUIRING_ENDPOINTS,
  ACQUIRING_PATH_ALIASES,
  ACQUIRING_SIGNATURE_FIELDS,
  compileAcquiringWireMap,
  compileIssuingWireMap,
  GatewayOptionsError,
  ISSUING_ENDPOINTS,
  ISSUING_PATH_ALIASES,
  ISSUING_SIGNATURE_FIELDS,
  IssuingClientOptions,
  resolveSignatureTable,
} from "../../lib/gateway"
import type { FieldNamesOption, FieldValuesOption } from "../../lib/gateway"

export interface GatewayIssuingOptions {
  /** Issuing API base URL, e.g. https://sandbox.example/api (endpoint paths are appended). */
  base_url: string
  company_id: string
  /** The company's api key for `sign`. Never logged. */
  api_key: string
  sign_scheme?: "fields" | "sorted-json"
  /** The gateway's names for our fields, per operation (cardQuery, cardCreate, ...; answer paths start at `data.`). */
  field_names?: FieldNamesOption
  /** Constant / omitted / translated values per operation, e.g. `{ cardStatus: { status: { "2": "0" } } }`. */
  field_values?: FieldValuesOption
  /** Per-endpoint `sign` field lists replacing the defaults (keys: operation names or paths). */
  signature_overrides?: Record<string, string[]>
  /** Per-operation paths; also turns on cardBinQuery, groupStatus, groupCharge. */
  paths?: Record<string, string>
  /** `status` values of operation results meaning success (default ["1"]). */
  status_codes?: { ok?: string[] }
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
  /** The gateway's names for our fields: `{ payout: { ... }, payoutNotification: { ... } }`. */
  field_names?: FieldNamesOption
  /** Constant / omitted / translated values: `{ payout: { fund_source: "Wallet" } }`. */
  field_values?: FieldValuesOption
  /** `{ payout: [...fields] }` / `{ payoutNotification: [...] }` replacing the signature formulas. */
  signature_overrides?: Record<string, string[]>
  /** `{ payout: "json" | "form" | "json-as-form" }` */
  content_types?: Record<string, "json" | "form" | "json-as-form">
  /** `{ payout: "/v1/payout" }` */
  paths?: Record<string, string>
  /** `return_status` values meaning accepted (default ["1"]). */
  status_codes?: { return_status_ok?: string[] }
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

function codeList(name: string, v: unknown): void {
  if (!Array.isArray(v) || v.length === 0 || !v.every(nonEmpty)) throw new Error(`${PREFIX}: option "${name}" must be a non-empty list of codes (text)`)
}

function plainObject(name: string, v: unknown): asserts v is Record<string, unknown> {
  if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error(`${PREFIX}: option "${name}" must be an object`)
}

function fieldLists(name: string, v: unknown): void {
  if (v === undefined) return
  plainObject(name, v)
  for (const [k, list] of Object.entries(v)) {
    if (!Array.isArray(list) || list.length === 0 || !list.every(nonEmpty)) {
      throw new Error(`${PREFIX}: option "${name}.${k}" must be a non-empty list of field names`)
    }
  }
}

function pathMap(name: string, v: unknown, known: readonly string[]): void {
  if (v === undefined) return
  plainObject(name, v)
  for (const [k, path] of Object.entries(v)) {
    if (!known.includes(k)) throw new Error(`${PREFIX}: option "${name}.${k}" is not a known operation (${known.join(", ")})`)
    if (typeof path !== "string" || !/^\/[^\s?#]*$/.test(path)) throw new Error(`${PREFIX}: option "${name}.${k}" must be a path starting with "/"`)
  }
}

/** Runs a library check, turning its GatewayOptionsError into this module's message naming the option. */
function libraryCheck(fn: () => unknown): void {
  try {
    fn()
  } catch (err) {
    if (err instanceof GatewayOptionsError) {
      throw new Error(`${PREFIX}: option "${err.option}" ${err.message.replace(/^Gateway client option "[^"]*" /, "")}`)
    }
    throw err
  }
}

const ISSUING_KEYS = Object.keys(ISSUING_ENDPOINTS)

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
    libraryCheck(() => compileIssuingWireMap(i.field_names, i.field_values, { names: "issuing.field_names", values: "issuing.field_values" }))
    fieldLists("issuing.signature_overrides", i.signature_overrides)
    libraryCheck(() =>
      resolveSignatureTable(ISSUING_SIGNATURE_FIELDS, i.signature_overrides as Record<string, string[]> | undefined, ISSUING_PATH_ALIASES, "issuing.signature_overrides"),
    )
    pathMap("issuing.paths", i.paths, ISSUING_KEYS)
    if (i.status_codes !== undefined) {
      plainObject("issuing.status_codes", i.status_codes)
      for (const [k, v] of Object.entries(i.status_codes)) {
        if (k !== "ok") throw new Error(`${PREFIX}: option "issuing.status_codes.${k}" is not known (ok)`)
        codeList("issuing.status_codes.ok", v)
      }
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
    libraryCheck(() => compileAcquiringWireMap(p.field_names, p.field_values, { names: "payout.field_names", values: "payout.field_values" }))
    fieldLists("payout.signature_overrides", p.signature_overrides)
    libraryCheck(() =>
      resolveSignatureTable(ACQUIRING_SIGNATURE_FIELDS, p.signature_overrides as Record<string, string[]> | undefined, ACQUIRING_PATH_ALIASES, "payout.signature_overrides"),
    )
    if (p.content_types !== undefined) {
      plainObject("payout.content_types", p.content_types)
      for (const [k, v] of Object.entries(p.content_types)) {
        if (v !== "json" && v !== "form" && v !== "json-as-form") {
          throw new Error(`${PREFIX}: option "payout.content_types.${k}" must be "json", "form" or "json-as-form"`)
        }
      }
    }
    pathMap("payout.paths", p.paths, Object.keys(ACQUIRING_ENDPOINTS))
    if (p.status_codes !== undefined) {
      plainObject("payout.status_codes", p.status_codes)
      for (const [k, v] of Object.entries(p.status_codes)) {
        if (k !== "return_status_ok") throw new Error(`${PREFIX}: option "payout.status_codes.${k}" is not known (return_status_ok)`)
        codeList("payout.status_codes.return_status_ok", v)
      }
    }
  }
  return o as GatewayModuleOptions
}

/** The issuing client's options from the module's `issuing` options. */
export function issuingClientOptions(i: GatewayIssuingOptions): IssuingClientOptions {
  return {
    baseUrl: i.base_url,
    companyId: i.company_id,
    apiKey: i.api_key,
    ...(i.sign_scheme ? { signScheme: i.sign_scheme } : {}),
    ...(i.field_names ? { fieldNames: i.field_names } : {}),
    ...(i.field_values ? { fieldValues: i.field_values } : {}),
    ...(i.signature_overrides ? { signatureOverrides: i.signature_overrides } : {}),
    ...(i.paths ? { paths: i.paths as IssuingClientOptions["paths"] } : {}),
    ...(i.status_codes?.ok ? { statusCodes: { ok: i.status_codes.ok } } : {}),
  }
}

/** The payout (acquiring) client's options from the module's `payout` options. */
export function payoutClientOptions(p: GatewayPayoutOptions): AcquiringClientOptions {
  return {
    baseUrl: p.base_url,
    merchantId: p.merchant_id,
    accountId: p.account_id,
    signKey: p.sign_key,
    ...(p.field_names ? { fieldNames: p.field_names } : {}),
    ...(p.field_values ? { fieldValues: p.field_values } : {}),
    ...(p.signature_overrides ? { signatureOverrides: p.signature_overrides } : {}),
    ...(p.content_types ? { contentTypes: p.content_types } : {}),
    ...(p.paths ? { paths: p.paths as AcquiringClientOptions["paths"] } : {}),
    ...(p.status_codes?.return_status_ok ? { statusCodes: { returnStatusOk: p.status_codes.return_status_ok } } : {}),
  }
}
