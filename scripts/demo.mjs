#!/usr/bin/env node
// `npm run demo`: an embedded PostgreSQL, the gateway sandbox and a Medusa store using this plugin with the
// admin, seeded once and reused; then a scripted shopper pays with each kind of payment and the table of
// orders is printed. Ctrl-C stops everything. Options: --reset, the ports below (env or flags), and
// `--storefront-url URL` to back a storefront of your own (e.g. Medusa's Next.js starter on :8000) instead of the
// example: the return URL (`URL/api/gateway/return`, or `--return-url`) and CORS are set for it, its .env lines are
// printed, and the example is not started.
// The stack itself (PostgreSQL, sandbox, migrate, seed, admin user, `medusa develop`) is scripts/demo-stack.mjs.
import { join } from "node:path"
import { root, startStack } from "./demo-stack.mjs"
import { runShopper } from "./demo-shopper.mjs"

const args = process.argv.slice(2)
const flag = (name, fallback) => {
  const i = args.indexOf(`--${name}`)
  return i >= 0 ? args[i + 1] : fallback
}
const ports = {
  store: Number(flag("port", process.env.DEMO_PORT ?? 9000)),
  sandbox: Number(flag("sandbox-port", process.env.DEMO_SANDBOX_PORT ?? 4010)),
  postgres: Number(flag("postgres-port", process.env.DEMO_POSTGRES_PORT ?? 5499)),
  storefront: Number(flag("storefront-port", process.env.DEMO_STOREFRONT_PORT ?? 8000)),
}
const storefrontUrl = flag("storefront-url", process.env.DEMO_STOREFRONT_URL ?? null)
const returnUrl = flag("return-url", null)
if (storefrontUrl && !/^https?:\/\/[^/]+/.test(storefrontUrl)) {
  process.stderr.write(
    `--storefront-url must be the storefront's http(s) address, e.g. http://localhost:8000 (got ${storefrontUrl})\n`
  )
  process.exit(2)
}
const dataDir = join(root, ".demo-data")
let stopStack = async () => undefined
let stopping = false

const step = (text) => process.stdout.write(`\n▶ ${text}\n`)
const info = (text) => process.stdout.write(`  ${text}\n`)

async function shutdown(code = 0) {
  if (stopping) return
  stopping = true
  process.stdout.write("\nStopping...\n")
  await stopStack().catch(() => undefined)
  process.exit(code)
}
process.on("SIGINT", () => shutdown(0))
process.on("SIGTERM", () => shutdown(0))

async function main() {
  const {
    storeUrl,
    storefrontUrl: shopUrl,
    returnUrl: shopReturn,
    sandbox,
    seed,
    admin,
  } = await startStack({
    ports,
    dataDir,
    storefrontUrl,
    env: returnUrl ? { GATEWAY_RETURN_URL: returnUrl } : {},
    reset: args.includes("--reset"),
    log: (kind, text) => (kind === "step" ? step(text) : info(text)),
    registerStop: (stop) => (stopStack = stop),
    onServerExit: (code, output) => {
      process.stderr.write(`\nThe Medusa server stopped (exit ${code}). Its last output:\n${output}\n`)
      shutdown(1)
    },
  })

  step("Scripted shopper: card, 3-D Secure, hosted page, declined card; then capture and refund")
  const rows = await runShopper({ storeUrl, seed, admin, log: info })
  for (const row of rows) {
    const txs = await (await fetch(`${sandbox.url}/sandbox/transactions?order_no=${row.session_id}`)).json()
    const tx = txs.at(-1)
    row.gateway = tx
      ? `${tx.payment_status} (captured ${tx.captured_amount}, refunded ${tx.refunded_amount}${tx.pending_refund_amount !== "0.00" ? `, pending ${tx.pending_refund_amount}` : ""})`
      : "-"
  }
  console.log("")
  console.table(
    rows.map(({ payment, result, medusa, gateway }) => ({
      payment,
      result,
      "Medusa payment": medusa,
      "gateway status": gateway,
    }))
  )

  console.log(`
ready
  admin:       ${storeUrl}/app   (${admin.email} / ${admin.password})
  storefront:  ${shopUrl}   (${storefrontUrl ? "yours: not started here" : "the storefront example: examples/nextjs-storefront"})
  store API:   ${storeUrl}/store   (publishable key ${seed.publishableKey})
  return URL:  ${shopReturn}   (the providers' return_url; CORS allows ${new URL(shopUrl).origin})
  sandbox:     ${sandbox.url}   (test cards: README, "Sandbox")`)
  if (storefrontUrl) {
    console.log(`
Your storefront's .env.local (Medusa's Next.js starters' names; the DTC starter reads NEXT_PUBLIC_MEDUSA_BACKEND_URL
on both sides, the older nextjs-starter-medusa MEDUSA_BACKEND_URL on the server):
  NEXT_PUBLIC_MEDUSA_BACKEND_URL=${storeUrl}
  MEDUSA_BACKEND_URL=${storeUrl}
  NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY=${seed.publishableKey}
  NEXT_PUBLIC_BASE_URL=${new URL(shopUrl).origin}
  NEXT_PUBLIC_DEFAULT_REGION=us
Then build it and serve it at ${new URL(shopUrl).origin} (the DTC starter, in apps/storefront: pnpm build, then pnpm start
for :8000 or pnpm exec next start -p PORT).`)
  }
  console.log("Press Ctrl-C to stop.")
}

main().catch((err) => {
  process.stderr.write(`\ndemo failed: ${err.message}${err.cause ? ` (${err.cause.message ?? err.cause})` : ""}\n`)
  shutdown(1)
})
