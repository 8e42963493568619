/**
 * The public API of the gateway sandbox: what `require("./sandbox")` exports (index.js). Written by hand;
 * sandbox/tsconfig.json checks index.js against it (`npx tsc -p sandbox/tsconfig.json`).
 */

/** Options of startSandbox(), all optional; the CLI flags (bin.js) map onto them one to one. */
export interface SandboxOptions {
  /** address to listen on, default "127.0.0.1" */
  host?: string
  /** default 0: any free port */
  port?: number
  /** the one known acquiring merchant_id, default "701001" (at most 7 characters) */
  merchantId?: string
  /** the one known acquiring account_id, default "701001010" (at most 10 characters) */
  accountId?: string
  /** acquiring sign key (`encryption_data`), default "sandbox_sign_key" */
  signKey?: string
  /** the one known issuing company id, default "4101" */
  companyId?: string
  /** issuing api key (`sign`), default "sandbox_api_key" */
  apiKey?: string
  /** added before every gateway answer, default 0 */
  latencyMs?: number
  /** a refund goes pending -> refunded after this delay, default 0 (at once) */
  refundDelayMs?: number
  /** a payout goes PROCESSING -> COMPLETED / FAILED after this delay, default 0 (at once) */
  payoutDelayMs?: number
  /** first notification retry after this wait, doubling; default 1000 */
  notifyBaseMs?: number
  /** attempts per notification, default 10 */
  notifyAttempts?: number
  /** how the issuing `sign` is computed, default "fields" */
  issuingSignScheme?: IssuingSignScheme
  /** addresses allowed to use /v1/retrievalTrans; undefined = every address */
  registeredIps?: string[]
  /**
   * a payment_status the gateway reports for both authorised and captured transactions (e.g. "3000", as the
   * docs' only sample of a paid order allows); null (default) = 2000 authorised, 3000 captured. The ledger
   * (/sandbox/transactions) keeps the true state.
   */
  paidStatus?: string | null
  /** no console output */
  quiet?: boolean
}

export type IssuingSignScheme = "fields" | "sorted-json"

/** Every option with its default value. */
export type ResolvedSandboxOptions = Required<Omit<SandboxOptions, "registeredIps" | "paidStatus">> & {
  registeredIps: string[] | undefined
  paidStatus: string | null
}

export type FaultKind = "latency" | "error5xx" | "drop" | "malformed" | "bad_signature" | "foreign_redirect"

/** A fault rule (sandbox README, "Faults"). */
export interface FaultRule {
  /** prefix of the request path; absent = every /v1/* and /api/* path; "notifications" = outgoing notifications */
  path?: string
  fault: FaultKind
  /** 0 to 1, default 1 */
  rate?: number
  /** how many requests it applies to, default unlimited */
  times?: number
  /** the wait of a latency rule */
  ms?: number
}

/** A fault rule as the sandbox holds it. */
export interface ActiveFaultRule {
  path: string | undefined
  fault: FaultKind
  rate: number
  times: number | null
  ms: number
  applied: number
  remaining: number | null
}

/** Requests received on gateway paths (/v1/*, /api/*). */
export interface SandboxStats {
  total: number
  byPath: Record<string, number>
  /** the most requests of each gateway path being answered at once since start or reset() */
  mostInFlight: Record<string, number>
}

/**
 * A stored record: the wire fields the sandbox keeps (snake_case for acquiring, camelCase for issuing) plus
 * its own bookkeeping (amounts in minor units as bigint, Dates, history). GET /sandbox/... shows them as JSON.
 */
export type StoredRecord = Record<string, any>

/** The in-memory state: reset() empties every map (the same Map objects) and restarts the sequences. */
export interface SandboxStore {
  /** transaction_id -> transaction */
  transactions: Map<string, StoredRecord>
  /** order_no -> its transactions, oldest first */
  transactionsByOrderNo: Map<string, StoredRecord[]>
  /** refund_reference_id -> refund */
  refunds: Map<string, StoredRecord>
  /** gbc_id -> hosted payment page */
  pages: Map<string, StoredRecord>
  /** "merchant_id/request_id" -> payout */
  payouts: Map<string, StoredRecord>
  /** token_id -> stored card */
  tokens: Map<string, StoredRecord>
  /** recurring_id -> subscription */
  subscriptions: Map<string, StoredRecord>
  /** dispute_id -> dispute */
  disputes: Map<string, StoredRecord>
  /** cardholderId -> cardholder */
  cardholders: Map<number, StoredRecord>
  /** groupId -> group */
  groups: Map<string, StoredRecord>
  /** cardId -> card */
  cards: Map<number, StoredRecord>
  /** the last number handed out of each kind of id */
  seq: {
    transaction: number
    payout: number
    recurring: number
    dispute: number
    reference: number
    cardholder: number
    card: number
    group: number
    reqNo: number
  }
}

/** A running sandbox. */
export interface Sandbox {
  /** http://HOST:PORT */
  url: string
  /** = url ({base_url}) */
  acquiringUrl: string
  /** = url + "/api" ({issuing_base_url}) */
  issuingUrl: string
  port: number
  store: SandboxStore
  /** stop listening, drop connections, cancel every timer */
  close(): Promise<void>
  /** clear all state, faults, counters and notifications (group 7001 is created again) */
  reset(): void
  /** change the option paidStatus while running (null: distinct codes); throws a TypeError for a bad code; reset() keeps it */
  setPaidStatus(code: string | null): void
  /** replace the fault rules; throws an Error naming an invalid rule */
  setFaults(rules: FaultRule[]): ActiveFaultRule[]
  clearFaults(): void
  stats(): SandboxStats
  /** the subscription clock's time: real time plus every advance since start or reset() */
  now(): Date
  /**
   * move the subscription clock forward by `seconds` (a whole number, 1 to ten years) and make every recurring
   * deduction that became due, oldest first (as POST /sandbox/clock); throws a TypeError for a bad number
   */
  advanceClock(seconds: number): ClockAdvance
}

/** A recurring deduction made by the sandbox (sandbox README, "Subscriptions"). */
export interface Deduction {
  recurring_id: string
  transaction_id: string
  order_no: string
  amount: string
  currency: string
  /** "3000" (captured at once) or "6000" (declined) */
  payment_status: string
  /** "1" or "0" */
  order_status: string
  result_info: string
  /** ISO time: the due time it was made for */
  deducted_at: string
}

/** The answer of advanceClock() and POST /sandbox/clock. */
export interface ClockAdvance {
  /** ISO time of the clock after the advance */
  now: string
  offset_seconds: number
  /** the deductions this advance made, oldest first */
  deductions: Deduction[]
}

/** Start a sandbox; rejects with a TypeError naming an invalid option. */
export function startSandbox(options?: SandboxOptions): Promise<Sandbox>

export const DEFAULTS: Readonly<ResolvedSandboxOptions>

/** The sandbox's magic card numbers. */
export const MAGIC_CARDS: Readonly<{ APPROVED: string; DECLINED: string; THREEDS: string; REVIEW: string }>

/** The magic cards with the outcome each gets, for documentation and demos. */
export const TEST_CARDS: ReadonlyArray<{ readonly card: string; readonly outcome: string }>
