/** The go-live check (src/go-live): one result per check, as the admin page, the admin route and the command show them. */

export type GoLiveStatus = "pass" | "fail" | "warn" | "skip"

/** Where the configured gateway addresses point: the plugin's sandbox, the gateway's test environment, or live. */
export type GatewayEnvironment = "sandbox" | "test" | "live"

export interface GoLiveCheck {
  /** Stable id, e.g. "payments.credentials", "notify_url", "job.order_sync". */
  id: string
  title: string
  status: GoLiveStatus
  /** What was found, in words. Never a key or a secret. */
  detail: string
  /** What to change when the check did not pass; null when there is nothing to do. */
  fix: string | null
}

export interface GoLiveReport {
  /** True when no check failed (warnings and skipped checks allowed). */
  ok: boolean
  environment: GatewayEnvironment
  counts: Record<GoLiveStatus, number>
  checks: GoLiveCheck[]
  checked_at: Date
}

/** GET /admin/gateway/go-live: the checks, run now against the configured gateway. */
export type AdminGatewayGoLiveResponse = { report: GoLiveReport }
