/**
 * Signatures: which fields, in which order, enter each endpoint's signature is data, a column of the endpoint
 * tables (acquiring/endpoints.ts, issuing/endpoints.ts: the gateway notes' table plus docs/gateway-contract.md);
 * every row can be replaced from the client options (`signatureOverrides`), by operation name ("refund") or by
 * path ("/v1/refund"). This file holds the algorithms and the signers.
 *
 * Acquiring `encryption_data`: lowercase hex SHA-256 of (every listed value with all whitespace removed,
 * concatenated in order) + sign key. Verified case-insensitively and in constant time.
 * Issuing `sign`: the same over the issuing fields + api key, UPPERCASE hex ("fields" scheme); or the
 * "sorted-json" scheme: every field but `sign`, keys sorted, `JSON.stringify`, + api key, SHA-256, uppercase.
 *
 * A field spec is a field name (`order_no`), a list field (`refund_orders[].transaction_id`: each entry's
 * value in array order) or a nested field (`beneficiary.first_name`). A missing value counts as "".
 */
import { createHash, timingSafeEqual } from "node:crypto"
import { GatewayOptionsError } from "./errors"
import {
  ACQUIRING_ENDPOINTS,
  ACQUIRING_SIGNED_MESSAGES,
  AcquiringEndpoint,
  AcquiringSignatureKey,
  acquiringPathAliases,
} from "./acquiring/endpoints"
import { ISSUING_ENDPOINTS, ISSUING_PATH_ALIASES, IssuingSignatureKey } from "./issuing/endpoints"

export type SignatureFieldList = readonly string[]
export type SignatureTable<K extends string = string> = Readonly<Record<K, SignatureFieldList>>
export type { AcquiringSignatureKey, IssuingSignatureKey }

const rowsOf = <K extends string>(table: Readonly<Record<K, { signature: SignatureFieldList }>>) =>
  Object.fromEntries(
    Object.entries(table).map(([k, row]) => [k, (row as { signature: SignatureFieldList }).signature])
  ) as Record<K, SignatureFieldList>

/** The acquiring signature rows of a table of endpoints, plus the signed messages (answer, notifications). */
export function acquiringSignatureTable(
  endpoints: Readonly<Record<string, AcquiringEndpoint>> = ACQUIRING_ENDPOINTS
): SignatureTable {
  return Object.freeze({ ...rowsOf(endpoints), ...ACQUIRING_SIGNED_MESSAGES })
}

/** Default acquiring signature table: the endpoint table's rows and the signed messages. */
export const ACQUIRING_SIGNATURE_FIELDS = acquiringSignatureTable() as SignatureTable<AcquiringSignatureKey>

/** Paths accepted as keys of `signatureOverrides` (and of content types) for the acquiring operations. */
export const ACQUIRING_PATH_ALIASES = acquiringPathAliases() as Readonly<Record<string, AcquiringSignatureKey>>

/** Default issuing `sign` table ("fields" scheme). `company_id` also reads `companyId` and vice versa. */
export const ISSUING_SIGNATURE_FIELDS: SignatureTable<IssuingSignatureKey> = Object.freeze(rowsOf(ISSUING_ENDPOINTS))
export { ISSUING_PATH_ALIASES }

/** Field names that are one and the same value (the issuing company id is spelt both ways). */
const FIELD_ALIASES: Readonly<Record<string, readonly string[]>> = Object.freeze({
  company_id: ["companyId"],
  companyId: ["company_id"],
})

type Values = Readonly<Record<string, unknown>>

function scalarText(v: unknown): string {
  if (v === undefined || v === null) return ""
  if (typeof v === "string") return v
  if (typeof v === "number" || typeof v === "bigint" || typeof v === "boolean") return String(v)
  if (Array.isArray(v)) return v.map(scalarText).join("")
  return JSON.stringify(v)
}

function lookup(values: Values, name: string): unknown {
  if (Object.prototype.hasOwnProperty.call(values, name)) return values[name]
  for (const alias of FIELD_ALIASES[name] ?? []) {
    if (Object.prototype.hasOwnProperty.call(values, alias)) return values[alias]
  }
  return undefined
}

/** Resolves one field spec against the values: its text contribution before whitespace removal. */
function fieldText(values: Values, spec: string): string {
  // A literal key (as in the test vectors: "refund_orders[].transaction_id": [...]) wins.
  if (Object.prototype.hasOwnProperty.call(values, spec)) return scalarText(values[spec])
  const listAt = spec.indexOf("[].")
  if (listAt > 0) {
    const list = lookup(values, spec.slice(0, listAt))
    const rest = spec.slice(listAt + 3)
    if (!Array.isArray(list)) return ""
    return list
      .map((entry) => (entry !== null && typeof entry === "object" ? fieldText(entry as Values, rest) : ""))
      .join("")
  }
  const dot = spec.indexOf(".")
  if (dot > 0) {
    const inner = lookup(values, spec.slice(0, dot))
    return inner !== null && typeof inner === "object" ? fieldText(inner as Values, spec.slice(dot + 1)) : ""
  }
  return scalarText(lookup(values, spec))
}

/** The text that is hashed, without the key: each listed value with whitespace removed, concatenated. */
export function signatureBase(fields: SignatureFieldList, values: Values): string {
  return fields.map((f) => fieldText(values, f).replace(/\s+/g, "")).join("")
}

function sha256Hex(text: string): string {
  return createHash("sha256").update(text, "utf8").digest("hex")
}

/** Acquiring `encryption_data`: lowercase hex SHA-256 of the field values + sign key. */
export function signAcquiring(fields: SignatureFieldList, values: Values, signKey: string): string {
  return sha256Hex(signatureBase(fields, values) + signKey)
}

/** Issuing `sign` ("fields" scheme): UPPERCASE hex SHA-256 of the field values + api key. */
export function signIssuingFields(fields: SignatureFieldList, values: Values, apiKey: string): string {
  return sha256Hex(signatureBase(fields, values) + apiKey).toUpperCase()
}

/** Issuing `sign` ("sorted-json" scheme): every field but `sign`, keys sorted, JSON text + api key. */
export function signIssuingSortedJson(body: Values, apiKey: string): string {
  return sha256Hex(sortedJson(body) + apiKey).toUpperCase()
}

/** `JSON.stringify` of the body without `sign`, top-level keys sorted (undefined values dropped). */
export function sortedJson(body: Values): string {
  const sorted: Record<string, unknown> = {}
  for (const k of Object.keys(body).sort()) {
    if (k === "sign" || body[k] === undefined) continue
    sorted[k] = body[k]
  }
  return JSON.stringify(sorted)
}

/**
 * Constant-time comparison of two hex signatures, case-insensitive. Different lengths or a non-string
 * give false (after a dummy comparison, so that timing says nothing about the expected value).
 */
export function signaturesEqual(expected: string, provided: unknown): boolean {
  const a = Buffer.from(expected.toLowerCase(), "utf8")
  if (typeof provided !== "string") {
    timingSafeEqual(a, a)
    return false
  }
  const b = Buffer.from(provided.trim().toLowerCase(), "utf8")
  if (a.length !== b.length) {
    timingSafeEqual(a, a)
    return false
  }
  return timingSafeEqual(a, b)
}

/** Verifies an acquiring signature (case-insensitive, constant time). */
export function verifyAcquiring(
  fields: SignatureFieldList,
  values: Values,
  signKey: string,
  signature: unknown
): boolean {
  return signaturesEqual(signAcquiring(fields, values, signKey), signature)
}

/** Verifies an issuing signature of the "fields" scheme (case-insensitive, constant time). */
export function verifyIssuingFields(
  fields: SignatureFieldList,
  values: Values,
  apiKey: string,
  signature: unknown
): boolean {
  return signaturesEqual(signIssuingFields(fields, values, apiKey), signature)
}

/**
 * Merges per-operation overrides into a default table. Keys may be operation names or paths (aliases);
 * an unknown key or an empty/non-string list is an options error naming `optionName.key`.
 */
export function resolveSignatureTable<K extends string>(
  defaults: SignatureTable<K>,
  overrides: Readonly<Record<string, readonly string[]>> | undefined,
  aliases: Readonly<Record<string, K>>,
  optionName = "signatureOverrides"
): SignatureTable<K> {
  const table: Record<string, SignatureFieldList> = { ...defaults }
  if (overrides === undefined) return Object.freeze(table) as SignatureTable<K>
  if (overrides === null || typeof overrides !== "object" || Array.isArray(overrides)) {
    throw new GatewayOptionsError(optionName, "must be an object of field lists")
  }
  for (const [rawKey, list] of Object.entries(overrides)) {
    const key = (aliases[rawKey] ?? rawKey) as string
    if (!Object.prototype.hasOwnProperty.call(defaults, key)) {
      throw new GatewayOptionsError(
        `${optionName}.${rawKey}`,
        `is not a known endpoint (one of: ${Object.keys(defaults).join(", ")}, or their paths)`
      )
    }
    if (!Array.isArray(list) || list.length === 0 || !list.every((f) => typeof f === "string" && f.trim().length > 0)) {
      throw new GatewayOptionsError(`${optionName}.${rawKey}`, "must be a non-empty list of field names")
    }
    table[key] = Object.freeze([...list])
  }
  return Object.freeze(table) as SignatureTable<K>
}

/** Signs and verifies acquiring requests, answers and notifications with one sign key and one table. */
export class AcquiringSigner {
  readonly table: SignatureTable<AcquiringSignatureKey>
  readonly #signKey: string

  /** `endpoints`: the table whose rows are signed (a client with extra endpoints passes its own). */
  constructor(
    signKey: string,
    overrides?: Readonly<Record<string, readonly string[]>>,
    endpoints: Readonly<Record<string, AcquiringEndpoint>> = ACQUIRING_ENDPOINTS
  ) {
    this.#signKey = signKey
    const defaults = endpoints === ACQUIRING_ENDPOINTS ? ACQUIRING_SIGNATURE_FIELDS : acquiringSignatureTable(endpoints)
    this.table = resolveSignatureTable(
      defaults as SignatureTable<AcquiringSignatureKey>,
      overrides,
      acquiringPathAliases(endpoints) as Readonly<Record<string, AcquiringSignatureKey>>
    )
  }

  fields(key: AcquiringSignatureKey): SignatureFieldList {
    return this.#row(key)
  }

  sign(key: AcquiringSignatureKey, values: Values): string {
    return signAcquiring(this.#row(key), values, this.#signKey)
  }

  verify(key: AcquiringSignatureKey, values: Values, signature: unknown): boolean {
    return verifyAcquiring(this.#row(key), values, this.#signKey, signature)
  }

  #row(key: string): SignatureFieldList {
    const row = (this.table as Record<string, SignatureFieldList>)[key]
    if (!row) throw new GatewayOptionsError("signatureOverrides", `has no field list for "${key}"`)
    return row
  }
}

export type IssuingSignScheme = "fields" | "sorted-json"

/** Signs issuing requests with one api key, one scheme and one table. */
export class IssuingSigner {
  readonly table: SignatureTable<IssuingSignatureKey>
  readonly scheme: IssuingSignScheme
  readonly #apiKey: string

  constructor(
    apiKey: string,
    scheme: IssuingSignScheme = "fields",
    overrides?: Readonly<Record<string, readonly string[]>>
  ) {
    this.#apiKey = apiKey
    this.scheme = scheme
    this.table = resolveSignatureTable(ISSUING_SIGNATURE_FIELDS, overrides, ISSUING_PATH_ALIASES)
  }

  /** Signs a body; `fields` overrides the table row (for extra endpoints). */
  sign(key: IssuingSignatureKey | null, body: Values, fields?: SignatureFieldList): string {
    if (this.scheme === "sorted-json") return signIssuingSortedJson(body, this.#apiKey)
    const list = fields ?? (key ? this.table[key] : undefined)
    if (!list) throw new GatewayOptionsError("signatureOverrides", "has no field list for this issuing endpoint")
    return signIssuingFields(list, body, this.#apiKey)
  }

  verify(key: IssuingSignatureKey, body: Values, signature: unknown): boolean {
    return signaturesEqual(this.sign(key, body), signature)
  }
}
