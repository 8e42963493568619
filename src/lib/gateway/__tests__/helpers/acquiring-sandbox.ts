// Shared setup of the acquiring client's sandbox tests: a sandbox and client per file, faults cleared after each test, payment steps.
import { AcquiringClient } from "../../index"
import { acquiringFor, cardPayment, Sandbox, useSandboxClient } from "./sandbox"

/**
 * A sandbox and an acquiring client of it for the file's tests (`ready` hands the two to the file's own variables),
 * the sandbox's faults cleared after each test; answers two steps on that client: an approved card payment, and a
 * captured one.
 */
export function useAcquiringSandbox(ready: (sb: Sandbox, client: AcquiringClient) => void) {
  let sb: Sandbox
  let client: AcquiringClient
  useSandboxClient(acquiringFor, (started, made) => {
    sb = started
    client = made
    ready(started, made)
  })

  afterEach(() => sb.clearFaults())

  async function authorised(amount = "10.36", currency = "USD") {
    const r = await client.authorise(cardPayment(amount, currency))
    expect(r.outcome).toBe("approved")
    return r
  }

  async function captured(amount = "10.36") {
    const r = await authorised(amount)
    const c = await client.capture({
      capture_orders: [{ transaction_id: r.transaction_id!, order_no: r.order_no, currency: "USD", amount }],
    })
    expect(c.capture_orders[0]!.outcome).toBe("done")
    return r
  }

  return { authorised, captured }
}
