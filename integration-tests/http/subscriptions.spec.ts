/**
 * Subscriptions over Medusa's HTTP API against the sandbox: a variant with a plan in its metadata makes the card
 * payment carry the gateway's `subscription` object; the contract is recorded with its recurring_id; the sandbox's
 * clock makes deductions whose SUBSCRIPTION notifications (repeated, late) are recorded exactly once; cancel from the
 * admin and from the customer (idempotent, audited; another customer's is a 404); hosted page refused for it.
 */
import { useSandbox } from "../helpers/sandbox"
import { runCases } from "../cases/suite-env"
import { subscriptionsEnv } from "../cases/subscriptions/context"
import { contractAndDeductionCases } from "../cases/subscriptions/contracts-and-deductions"
import { cancelAndCheckoutRuleCases } from "../cases/subscriptions/cancel-and-checkout-rules"

jest.setTimeout(300 * 1000)

// The store listens on a port chosen now, so that the sandbox can send notifications to it.
// The suite's own port (integration-tests/suite-port.js), where Medusa's runner listens.
const port = Number(process.env.PORT)
const storeUrl = `http://localhost:${port}`
const gateway = useSandbox({ GATEWAY_STORE_URL: storeUrl }, { notifyBaseMs: 100, notifyAttempts: 5 })

// A seeded store, two customers and an admin before every test; the cases below run in this order.
runCases((options) => subscriptionsEnv(options, gateway), [contractAndDeductionCases, cancelAndCheckoutRuleCases])
