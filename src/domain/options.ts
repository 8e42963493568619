/**
 * The payment provider's options, as a store owner writes them in `medusa-config.ts` (the same object is the
 * plugin module's `payments` option: its routes, jobs and notifications use the same account). Validated once
 * at boot: a missing or malformed option stops the store with a message that names it.
 *
 * The rules of each option are the gateway library's (src/lib/gateway/client-options.ts); the wire options
 * (field names and values, signature rows, paths) are checked against the endpoint table by the library too.
 */
import { z } from "zod"
import {
  accountIdOptionSchema,
  ACQUIRING_ENDPOINTS,
  ACQUIRING_PATH_ALIASES,
  ACQUIRING_SIGNATURE_FIELDS,
  baseUrlOptionSchema,
  compileAcquiringWireMap,
  compileIssuingWireMap,
  contentTypeOptionSchema,
  firstOptionProblem,
  GatewayOptionsError,
  httpsOnly,
  isInsecureHttpUrl,
  ISSUING_PATH_ALIASES,
  ISSUING_SIGNATURE_FIELDS,
  merchantIdOptionSchema,
  pathOptionSchema,
  positiveIntOptionSchema,
  resolveSignatureTable,
  secretOptionSchema,
  signatureListsOptionSchema,
  statusListOptionSchema,
} from "../lib/gateway"
import type { FieldNamesOption, FieldValuesOption, SignatureTable } from "../lib/gateway"
import { REDIRECT_HOST_PATTERN } from "./redirect-policy"
import { PAYMENT_STATUS_STATES, PaymentStatusState } from "./status"

export type { PaymentStatusState }

const PLACEHOLDERS = /\{(product_id|variant_id|sku|handle)\}/g

const httpUrl = z
  .string({ error: "is required (a URL)" })
  .min(1, "is required (a URL)")
  .refine((v) => {
    try {
      return ["http:", "https:"].includes(new URL(v).protocol)
    } catch {
      return false
    }
  }, "must be an http(s) URL")

/** Reconciliation requests in flight by default: 8 × 100 orders, so 10,000 open sessions take 13 round trips, not 100. */
export const DEFAULT_SYNC_CONCURRENCY = 8
/** Upper bound of `sync_concurrency`: a reconciliation job should never look like a flood to the gateway. */
export const MAX_SYNC_CONCURRENCY = 32

/** Requests a reconciliation run keeps in flight under `options`. */
export function syncConcurrency(options: GatewayProviderOptions | null | undefined): number {
  return options?.sync_concurrency ?? DEFAULT_SYNC_CONCURRENCY
}

const strictOptions = <S extends z.ZodRawShape>(shape: S) => z.strictObject(shape, { error: "must be an object" })

/** The acquiring account and the [assumed] wire facts a store may override: shared by the provider and payouts. */
export const acquiringAccountShape = {
  /** Acquiring API base URL, e.g. https://test-api.example/ (paths /v1/... are appended). https: unless on this machine. */
  base_url: baseUrlOptionSchema,
  merchant_id: merchantIdOptionSchema,
  account_id: accountIdOptionSchema,
  /** The merchant's sign key for `encryption_data`. Never logged. */
  sign_key: secretOptionSchema("the merchant's sign key"),
  /** Per-endpoint signature field lists that replace the defaults (see docs/gateway-contract.md). */
  signature_overrides: signatureListsOptionSchema.optional(),
  /** Per-endpoint request encoding: "json" (default), "form", or "json-as-form" (JSON text sent as a form, as the docs' samples). */
  content_types: z.record(z.string(), contentTypeOptionSchema).optional(),
  /** Per-operation paths, e.g. `{ apm: "/v1/authorise" }`. */
  paths: z
    .record(z.string(), pathOptionSchema)
    .superRefine((paths, ctx) => {
      for (const k of Object.keys(paths)) {
        if (!(k in ACQUIRING_ENDPOINTS)) {
          ctx.addIssue({
            code: "custom",
            path: [k],
            message: `is not a known operation (${Object.keys(ACQUIRING_ENDPOINTS).join(", ")})`,
          })
        }
      }
    })
    .optional(),
  /**
   * The gateway's names for our fields, per operation (request and answer): `{ authorise: { return_url: "returnUrl" } }`.
   * Keys: operation names, their paths, `payment` (authorise + apm + checkout), `notification`, `payoutNotification`.
   */
  field_names: z.custom<FieldNamesOption>().optional(),
  /** Values on the wire, per operation: a constant, null (leave out) or a translation `{ ourValue: gatewayValue }`. */
  field_values: z.custom<FieldValuesOption>().optional(),
  /** Accept plain http: URLs to another machine (base_url, store_url; payout notify_url): warned at start-up. */
  allow_insecure_http: z.boolean({ error: "must be true or false" }).optional(),
}

const orderStatusCodes = strictOptions({
  approved: statusListOptionSchema.optional(),
  declined: statusListOptionSchema.optional(),
  pending: statusListOptionSchema.optional(),
  review: statusListOptionSchema.optional(),
})

export const providerOptionsSchema = strictOptions({
  ...acquiringAccountShape,
  /** The store's site as registered with the gateway (`website`). */
  website: z.string({ error: "is required" }).trim().min(1, "is required").max(2000, "must be at most 2000 characters"),
  /** Public URL of this Medusa server; notifications go to `${store_url}/hooks/gateway/notifications`. */
  store_url: httpUrl.optional(),
  /**
   * Hosts besides base_url's that the gateway may send a shopper to (`issuer_url` of 3-D Secure and APMs, the
   * hosted page's form): `acs.bank.example`, `pay.gateway.example:8443`, `*.bank.example`. The plugin's policy
   * (./redirect-policy.ts): any other address is refused, never stored.
   */
  redirect_hosts: z
    .array(
      z
        .string()
        .regex(
          REDIRECT_HOST_PATTERN,
          "must be a host name such as acs.bank.example (with :port when not 443; *.bank.example for its subdomains)"
        ),
      {
        error: "must be a list of host names",
      }
    )
    .optional(),
  /** Storefront page the shopper returns to after 3-D Secure, an APM or the hosted page. The gateway's signature breaks on "&" in it (I0013). */
  return_url: httpUrl.refine((v) => !v.includes("&"), 'must not contain "&"'),
  capture: z.enum(["manual", "automatic"], { error: 'must be "manual" or "automatic"' }).optional(),
  three_ds: z.enum(["do3DS", "no3DS"], { error: 'must be "do3DS" or "no3DS"' }).optional(),
  timeouts: strictOptions({
    connect_ms: positiveIntOptionSchema.optional(),
    headers_ms: positiveIntOptionSchema.optional(),
    body_ms: positiveIntOptionSchema.optional(),
    /** Longest one request may take in all, however slowly its answer trickles in (default headers_ms + body_ms). */
    total_ms: positiveIntOptionSchema.optional(),
  }).optional(),
  /**
   * Caps on card posts within `window_seconds` (card testing; card-attempts.ts): per client address (20), per
   * payment session (5), per cart (10), per card number (10); window 3600 s.
   */
  card_attempts: strictOptions({
    per_address: positiveIntOptionSchema.optional(),
    per_session: positiveIntOptionSchema.optional(),
    per_cart: positiveIntOptionSchema.optional(),
    per_card: positiveIntOptionSchema.optional(),
    window_seconds: positiveIntOptionSchema.optional(),
  }).optional(),
  /**
   * Where the shopper's address is read (client-address.ts): unset, the socket's peer (no proxy in front of
   * Medusa); behind proxies, the header the store's proxy sets and how many proxies append to it.
   */
  client_ip: strictOptions({
    header: z
      .string({ error: "must be a header name" })
      .regex(/^[A-Za-z0-9-]{1,64}$/, 'must be a header name, e.g. "x-forwarded-for"')
      .optional(),
    trusted_proxies: positiveIntOptionSchema.max(10, "must be at most 10").optional(),
  }).optional(),
  /** Saved cards: whether a payment with a saved card must carry its security code (default false: the token pays alone). */
  saved_cards: strictOptions({
    require_security_code: z.boolean({ error: "must be true or false" }).optional(),
  }).optional(),
  /** How the gateway's status fields read; each list replaces the contract's default. */
  status_codes: strictOptions({
    /** `order_status` of the direct payment / APM answer (defaults approved 1, declined 0, pending -1, review -2). */
    order_status: orderStatusCodes.optional(),
    /** `return_status` meaning accepted (default 1). */
    return_status_ok: statusListOptionSchema.optional(),
    /** Batch entry status meaning done (default 1) / refused (default 0). */
    entry_done: statusListOptionSchema.optional(),
    entry_refused: statusListOptionSchema.optional(),
    /** `cancel_status` of the subscription cancel meaning done (default 1). */
    subscription_cancelled: statusListOptionSchema.optional(),
    /** `recurring_status` of a contract meaning active (default 1) / inactive: cancelled or ended (default 0) [assumed]. */
    recurring_active: statusListOptionSchema.optional(),
    recurring_inactive: statusListOptionSchema.optional(),
  }).optional(),
  /**
   * `payment_status` codes of the order query, the refund search and notifications, per state (contract
   * defaults in ./status.ts). A code listed here means that state; unlisted default codes keep their meaning.
   */
  payment_status_codes: z
    .record(z.string(), statusListOptionSchema)
    .superRefine((codes, ctx) => {
      const seen = new Map<string, string>()
      for (const [state, list] of Object.entries(codes)) {
        if (!(PAYMENT_STATUS_STATES as readonly string[]).includes(state)) {
          ctx.addIssue({ code: "custom", path: [state], message: `is not known (${PAYMENT_STATUS_STATES.join(", ")})` })
          continue
        }
        for (const code of list) {
          const other = seen.get(code)
          if (other && other !== state)
            ctx.addIssue({ code: "custom", path: [state], message: `lists "${code}", already listed for ${other}` })
          seen.set(code, state)
        }
      }
    })
    .optional(),
  /**
   * Order-query and refund-search requests (100 orders each) one reconciliation run keeps in flight (default
   * DEFAULT_SYNC_CONCURRENCY). The gateway publishes no rate limit: lower it if the gateway throttles.
   */
  sync_concurrency: positiveIntOptionSchema
    .max(MAX_SYNC_CONCURRENCY, `must be at most ${MAX_SYNC_CONCURRENCY}`)
    .optional(),
  /** Check the direct payment answer's signature (default true; its formula is [assumed]). */
  verify_response_signatures: z.boolean({ error: "must be true or false" }).optional(),
  /**
   * Log request and answer bodies (redacted) at debug level, to trace a wire problem (default false). Never
   * for the payment requests that carry the card (authorise, APM, checkout).
   */
  log_bodies: z.boolean({ error: "must be true or false" }).optional(),
  /**
   * The goods URL of each item in `items`: a URL template with `{product_id}`, `{variant_id}`, `{sku}`,
   * `{handle}` (e.g. "https://shop.example/products/{handle}"). Unset, or a placeholder without a value: "0".
   */
  product_url: z
    .string({ error: "must be a URL template" })
    .refine(
      (v) => !/[{}]/.test(v.replace(PLACEHOLDERS, "x")),
      "may hold only the placeholders {product_id}, {variant_id}, {sku}, {handle}"
    )
    .refine((v) => httpUrl.safeParse(v.replace(PLACEHOLDERS, "x")).success, "must be an http(s) URL")
    .optional(),
}).superRefine(httpsOnly(["base_url", "store_url", "return_url"], "allow_insecure_http"))

export type GatewayProviderOptions = z.input<typeof providerOptionsSchema>
export type CaptureMode = NonNullable<GatewayProviderOptions["capture"]>
export type ThreeDSMode = NonNullable<GatewayProviderOptions["three_ds"]>

/** The options of an acquiring client: the provider's, or the module's payout account. */
export type AcquiringAccountOptions = Pick<
  GatewayProviderOptions,
  | keyof typeof acquiringAccountShape
  | "timeouts"
  | "status_codes"
  | "payment_status_codes"
  | "verify_response_signatures"
  | "log_bodies"
>

type WireOptions = { field_names?: unknown; field_values?: unknown; signature_overrides?: Record<string, string[]> }
/** The library's checks of the wire options against an endpoint table; `at` names an option. */
export type WireCheck = (options: WireOptions, at: (option: string) => string) => void

/**
 * The wire checks of one API (acquiring or issuing): its field names and values compile against its endpoint
 * table, and its signature overrides name its signature rows.
 */
function wireCheckOf<K extends string>(
  compileWireMap: (
    fieldNames: unknown,
    fieldValues: unknown,
    optionNames: { names: string; values: string }
  ) => unknown,
  signatureFields: SignatureTable<K>,
  pathAliases: Readonly<Record<string, K>>
): WireCheck {
  return (o, at) => {
    compileWireMap(o.field_names, o.field_values, { names: at("field_names"), values: at("field_values") })
    resolveSignatureTable(signatureFields, o.signature_overrides, pathAliases, at("signature_overrides"))
  }
}

const acquiringWireCheck = wireCheckOf(compileAcquiringWireMap, ACQUIRING_SIGNATURE_FIELDS, ACQUIRING_PATH_ALIASES)
/** The issuing options' wire checks (the module's `issuing` part). */
export const issuingWireCheck = wireCheckOf(compileIssuingWireMap, ISSUING_SIGNATURE_FIELDS, ISSUING_PATH_ALIASES)

/**
 * Checks `options` against `schema`, then the library's wire checks (field names and values, signature rows);
 * throws an Error `${prefix}: option "a.b" rule` naming the first problem. `name` prefixes option paths.
 */
export function assertOptions(
  prefix: string,
  schema: z.ZodType,
  options: unknown,
  name = "",
  wireCheck: WireCheck = acquiringWireCheck
): void {
  const at = (option: string) => (name ? `${name}.${option}` : option)
  const problem = firstOptionProblem(schema, options)
  if (problem) throw new Error(`${prefix}: option "${at(problem.option)}" ${problem.rule}`)
  try {
    wireCheck(options as WireOptions, at)
  } catch (err) {
    if (!(err instanceof GatewayOptionsError)) throw err
    throw new Error(`${prefix}: option "${err.option}" ${err.message.replace(/^Gateway client option "[^"]*" /, "")}`)
  }
}

/**
 * The start-up warning for `fields` of `options` that are plain http: to another machine (accepted only with
 * `allow_insecure_http: true`): null when there are none. `name` prefixes the option paths.
 */
export function insecureHttpWarning(options: object | undefined, fields: readonly string[], name = ""): string | null {
  const o = (options ?? {}) as Record<string, unknown>
  const insecure = fields.filter((f) => typeof o[f] === "string" && isInsecureHttpUrl(o[f] as string))
  if (!insecure.length) return null
  const list = insecure.map((f) => `"${name}${f}"`).join(", ")
  return `option ${list} ${insecure.length > 1 ? "are" : "is"} plain http: to another machine (allow_insecure_http): card data, signed requests or notifications travel in clear; use https: outside development`
}

/** Throws an Error naming the first option that is missing or malformed. */
export function validateProviderOptions(options: unknown): asserts options is GatewayProviderOptions {
  if (!options || typeof options !== "object") {
    throw new Error(
      "Gateway payment provider: options are required (base_url, merchant_id, account_id, sign_key, website, return_url)"
    )
  }
  assertOptions("Gateway payment provider", providerOptionsSchema, options)
}
