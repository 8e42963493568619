// What a journey records: its kind, its checkouts and what each shopper was shown, and the run it belongs to.
import type { CrashSeed } from "../../crash/store-process"

export type Shown = "order" | "declined" | "processing"

export type JourneyKind =
  | "card_plain"
  | "decline_retry"
  | "threeds_pass"
  | "threeds_fail_retry"
  | "risk_review"
  | "apm"
  | "hosted"
  | "switch_methods"
  | "two_tabs"
  | "double_click"
  | "back_after_pay"
  | "late_after_cart_change"
  | "late_after_ttl"
  | "abandon"
  | "saved_card"
  | "subscription"

export interface SessionSeen {
  id: string
  provider: string
  /** What the journey did with it (e.g. "3ds started", "paid", "replaced"). */
  note: string
}

export interface Checkout {
  cart_id: string
  collection_id: string
  email: string
  sessions: SessionSeen[]
  /** The sessions of the attempt whose outcome the shopper was shown last. */
  final_sessions: string[]
  shown: Shown
  /** Why (the answer that decided `shown`). */
  shown_by: string
  order_id: string | null
  /** What the storefront kit's completeCart would have told the shopper, when it differs (N-5: it shows non-declines as declines). */
  kit_shown?: string
}

export interface JourneyRecord {
  n: number
  kind: JourneyKind
  variant: string
  customer_id: string | null
  checkouts: Checkout[]
  steps: string[]
  /** A failure of the harness's own set-up calls (cart, shipping...): the journey stopped there. */
  error?: string
  ms: number
}

export interface JourneyEnv {
  storeUrl: string
  seeded: CrashSeed
  seed: number
  /** The store's `reconciliation.release_after_seconds` (a journey waits past it). */
  releaseAfterSeconds: number
}
