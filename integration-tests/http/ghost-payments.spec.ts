/**
 * Where every payment ends up (docs/payments-and-safety.md): a transaction the plugin started ends as a payment of one order, released
 * (voided while authorised, refunded once captured), or shown to staff. Shoppers off the happy path, against the
 * sandbox over a real socket, each checked on the sandbox's ledger: a method switched mid-redirect and finished at
 * the bank afterwards (N-2), a second session authorised beside the order's payment (N-1), a checkout left past
 * reconciliation.release_after_seconds (N-4), an earlier attempt finished after the session went on.
 */
import { useSandbox } from "../helpers/sandbox"
import { runCases } from "../cases/suite-env"
import { ghostPaymentsEnv, RELEASE_MS, SETTLE_MS } from "../cases/ghost-payments/context"
import { replacedSessionCases } from "../cases/ghost-payments/replaced-sessions"
import { keptAndUnknownReleaseCases } from "../cases/ghost-payments/kept-and-unknown-releases"
import { secondPaymentAndExpiredCheckoutCases } from "../cases/ghost-payments/second-payments-and-expired-checkouts"
import { portalCaptureAndEarlierAttemptCases } from "../cases/ghost-payments/portal-captures-and-earlier-attempts"

jest.setTimeout(300 * 1000)

// The store listens on a port chosen now, so that the sandbox can send notifications to it.
// The suite's own port (integration-tests/suite-port.js), where Medusa's runner listens.
const port = Number(process.env.PORT)
const storeUrl = `http://localhost:${port}`
// The shortened deadlines (SETTLE_MS, RELEASE_MS: integration-tests/cases/ghost-payments/context.ts).
const gateway = useSandbox(
  {
    GATEWAY_STORE_URL: storeUrl,
    GATEWAY_SETTLE_AFTER_SECONDS: String(SETTLE_MS / 1000),
    GATEWAY_RELEASE_AFTER_SECONDS: String(RELEASE_MS / 1000),
    GATEWAY_TIMEOUT_CONNECT_MS: "500",
    GATEWAY_TIMEOUT_TOTAL_MS: "1000",
    GATEWAY_CARD_ATTEMPTS_PER_ADDRESS: "10000",
    // The store declares 3000 as captured (N-10, portal-captures-and-earlier-attempts.ts: a capture the gateway
    // made by itself is then read as one).
    GATEWAY_PAYMENT_STATUS_CODES: JSON.stringify({ captured: ["3000"] }),
  },
  { notifyBaseMs: 100, notifyAttempts: 5 }
)

// The store at the port the sandbox was promised; a fresh store, shopper and admin before every test; the cases
// below run in this order.
runCases(
  (options) => ghostPaymentsEnv(options, gateway, storeUrl),
  [
    replacedSessionCases,
    keptAndUnknownReleaseCases,
    secondPaymentAndExpiredCheckoutCases,
    portalCaptureAndEarlierAttemptCases,
  ],
  storeUrl
)
