/**
 * Starts the gateway sandbox for a suite before Medusa's test runner boots the store, and points the store's
 * provider options at it (medusa-config.ts reads GATEWAY_* when the runner loads it).
 */
import type { Sandbox, SandboxOptions } from "../../sandbox"
import { createAcquiringClient } from "../../src/lib/gateway"

// eslint-disable-next-line @typescript-eslint/no-require-imports
const { startSandbox } = require("../../sandbox") as typeof import("../../sandbox")

export function useSandbox(env: Record<string, string> = {}, options: SandboxOptions = {}) {
  const ref: { current: Sandbox | null } = { current: null }
  beforeAll(async () => {
    ref.current = await startSandbox({ quiet: true, ...options })
    process.env.GATEWAY_BASE_URL = ref.current!.url
    Object.assign(process.env, env)
  })
  afterAll(async () => {
    await ref.current?.close()
    for (const k of Object.keys(env)) delete process.env[k]
  })
  return {
    get sandbox(): Sandbox {
      return ref.current!
    },
    /** The sandbox's record of the transactions of one order number, oldest first. */
    async transactions(orderNo: string): Promise<any[]> {
      const res = await fetch(`${ref.current!.url}/sandbox/transactions?order_no=${encodeURIComponent(orderNo)}`)
      return res.json()
    },
    /** A merchant's client of the sandbox, with the sandbox's credentials (what the gateway's portal would do). */
    merchant() {
      return createAcquiringClient({
        baseUrl: ref.current!.url,
        merchantId: "701001",
        accountId: "701001010",
        signKey: "sandbox_sign_key",
      })
    },
    /** Posts `body` as JSON to one of the sandbox's control routes (`/sandbox/...`) and returns its answer. */
    async control(path: string, body: unknown): Promise<any> {
      const res = await fetch(`${ref.current!.url}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify(body),
      })
      return res.json()
    },
  }
}
