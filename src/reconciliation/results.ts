/**
 * What reconciliation answers: one payment applied, one job run. Types only (the admin's review and
 * reconciliation pages read them through src/types/http, so nothing here may import server code).
 */
import type { GatewayState } from "../domain/status"

export interface ApplyResult {
  order_no: string
  state: GatewayState
  /** What changed in Medusa, in words; empty when nothing had to. */
  changes: string[]
  discrepancy: string | null
  /** Set when the record was not applied, e.g. it belongs to an earlier attempt. */
  ignored?: string
}

export interface SyncSummary {
  job: "order_sync" | "refund_sync" | "subscription_sync"
  status: "succeeded" | "failed" | "skipped"
  checked: number
  changed: number
  requests: number
  discrepancies: { order_no: string; reason: string }[]
  error: string | null
}
