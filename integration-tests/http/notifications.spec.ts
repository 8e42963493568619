/**
 * The gateway talking back: notifications (real ones, sent by the sandbox to the store's notify_url, and
 * forged, unsigned, replayed, re-labelled, late, concurrent and flooding ones), chargebacks, the
 * reconciliation jobs, and the review of held payments. Medusa must end up agreeing with the gateway.
 */
import { useSandbox } from "../helpers/sandbox"
import { runCases } from "../cases/suite-env"
import { notificationsEnv, type NotificationsEnv } from "../cases/notifications/context"
import { deliveryCases } from "../cases/notifications/delivery"
import { reviewAndSyncCases } from "../cases/notifications/review-and-sync"
import { chargebackCases } from "../cases/notifications/chargebacks"
import { loadAndLimitCases } from "../cases/notifications/load-and-limits"

jest.setTimeout(300 * 1000)

// The store listens on a port chosen now, so that the sandbox can send notifications to it.
// The suite's own port (integration-tests/suite-port.js), where Medusa's runner listens.
const port = Number(process.env.PORT)
const storeUrl = `http://localhost:${port}`
const gateway = useSandbox(
  { GATEWAY_STORE_URL: storeUrl },
  { notifyBaseMs: 100, notifyAttempts: 5, refundDelayMs: 3_600_000 }
)

/** Sync runs and reviews need an admin session, and a sync run a known job. */
function sessionRequiredCases(env: NotificationsEnv) {
  it("refuses sync runs and reviews without an admin session", async () => {
    const res = await env.api.post("/admin/gateway/sync-runs", { job: "order_sync" }).catch((e: any) => e.response)
    expect(res.status).toBe(401)
    const bad = await env.api
      .post("/admin/gateway/sync-runs", { job: "everything" }, env.admin)
      .catch((e: any) => e.response)
    expect(bad.status).toBe(400)
    expect(bad.data.message).toMatch(/job/)
  })
}

// The store at the port the sandbox was promised; a fresh store, shopper and admin before every test; the cases
// below run in this order.
runCases(
  (options) => notificationsEnv(options, gateway, storeUrl),
  [deliveryCases, reviewAndSyncCases, chargebackCases, loadAndLimitCases, sessionRequiredCases],
  storeUrl
)
