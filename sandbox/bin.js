#!/usr/bin/env node
// @ts-check
"use strict"
/**
 * CLI of the gateway sandbox: `node sandbox/bin.js --port 4010` (or `npm run sandbox -- --port 4010`).
 * Prints `gateway sandbox listening on http://HOST:PORT` when ready; stops on SIGINT/SIGTERM.
 */
const { startSandbox } = require("./index")
const { DEFAULTS, SIGN_SCHEMES } = require("./lib/options")

/** flag -> [option name, kind] @type {Record<string, [string, string]>} */
const FLAGS = {
  "--host": ["host", "string"],
  "--port": ["port", "port"],
  "--merchant-id": ["merchantId", "string"],
  "--account-id": ["accountId", "string"],
  "--sign-key": ["signKey", "string"],
  "--company-id": ["companyId", "string"],
  "--api-key": ["apiKey", "string"],
  "--latency-ms": ["latencyMs", "ms"],
  "--refund-delay-ms": ["refundDelayMs", "ms"],
  "--payout-delay-ms": ["payoutDelayMs", "ms"],
  "--notify-base-ms": ["notifyBaseMs", "ms"],
  "--notify-attempts": ["notifyAttempts", "count"],
  "--issuing-sign-scheme": ["issuingSignScheme", "scheme"],
  "--registered-ips": ["registeredIps", "list"],
  "--paid-status": ["paidStatus", "code"],
}

const USAGE = `Usage: node sandbox/bin.js [flags]      (or: npm run sandbox -- [flags])

A stateful simulator of the gateway's acquiring (/v1/...) and issuing (/api/...) APIs.

Flags (defaults in brackets):
  --host HOST                   address to listen on [${DEFAULTS.host}]
  --port PORT                   port, 0 = any free port [${DEFAULTS.port}]
  --merchant-id ID              acquiring merchant_id [${DEFAULTS.merchantId}]
  --account-id ID               acquiring account_id [${DEFAULTS.accountId}]
  --sign-key KEY                acquiring sign key [${DEFAULTS.signKey}]
  --company-id ID               issuing company id [${DEFAULTS.companyId}]
  --api-key KEY                 issuing api key [${DEFAULTS.apiKey}]
  --latency-ms MS               delay added to every gateway answer [${DEFAULTS.latencyMs}]
  --refund-delay-ms MS          pending refund -> refunded after MS [${DEFAULTS.refundDelayMs}]
  --payout-delay-ms MS          PROCESSING payout -> COMPLETED/FAILED after MS [${DEFAULTS.payoutDelayMs}]
  --notify-base-ms MS           first notification retry after MS, doubling [${DEFAULTS.notifyBaseMs}]
  --notify-attempts N           attempts per notification [${DEFAULTS.notifyAttempts}]
  --issuing-sign-scheme SCHEME  ${SIGN_SCHEMES.join(" | ")} [${DEFAULTS.issuingSignScheme}]
  --registered-ips LIST         comma-separated addresses allowed to use /v1/retrievalTrans [every address]
  --paid-status CODE            report this one payment_status for authorised and captured (e.g. 3000) [2000 and 3000]
  --quiet                       no request log
  --help                        this text

Control endpoints: /sandbox/health, /sandbox/reset, /sandbox/stats, /sandbox/faults, /sandbox/transactions,
/sandbox/notifications, /sandbox/notifications/{notify_id}/resend (replay), /sandbox/refunds/{id},
/sandbox/disputes, /sandbox/disputes/{id} (won | lost). Browser pages: /sandbox/issuer/{transaction_id}
(GET, or POST return_url + notify_url as the docs' 3-D Secure hand-off), /sandbox/hosted/{gbc_id}.
See sandbox/README.md.`

class UsageError extends Error {}

/**
 * @param {string} flag @param {string} kind @param {string|undefined} raw
 */
function convert(flag, kind, raw) {
  if (raw === undefined || raw === "") throw new UsageError(`${flag} needs a value`)
  switch (kind) {
    case "string":
      return raw
    case "port": {
      if (!/^[0-9]+$/.test(raw) || Number(raw) > 65535)
        throw new UsageError(`${flag} must be an integer from 0 to 65535, got "${raw}"`)
      return Number(raw)
    }
    case "ms": {
      if (!/^[0-9]+(\.[0-9]+)?$/.test(raw))
        throw new UsageError(`${flag} must be a non-negative number of milliseconds, got "${raw}"`)
      return Number(raw)
    }
    case "count": {
      if (!/^[0-9]+$/.test(raw) || Number(raw) < 1)
        throw new UsageError(`${flag} must be an integer of at least 1, got "${raw}"`)
      return Number(raw)
    }
    case "scheme": {
      if (!SIGN_SCHEMES.includes(raw))
        throw new UsageError(`${flag} must be one of ${SIGN_SCHEMES.join(", ")}, got "${raw}"`)
      return raw
    }
    case "code": {
      if (!/^[0-9]{1,10}$/.test(raw))
        throw new UsageError(`${flag} must be a payment_status code (digits), got "${raw}"`)
      return raw
    }
    case "list":
      return raw
        .split(",")
        .map((s) => s.trim())
        .filter(Boolean)
    default:
      throw new UsageError(`unknown kind ${kind}`)
  }
}

/**
 * Parse argv into startSandbox options. Accepts `--flag value` and `--flag=value`.
 * @param {string[]} argv
 * @returns {{ help: boolean, options: Record<string, any> }}
 */
function parseArgs(argv) {
  /** @type {Record<string, any>} */
  const options = {}
  let help = false
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i]
    if (arg === "--help" || arg === "-h") {
      help = true
      continue
    }
    if (arg === "--quiet") {
      options.quiet = true
      continue
    }
    const eq = arg.indexOf("=")
    const flag = eq > 0 ? arg.slice(0, eq) : arg
    const spec = FLAGS[flag]
    if (!spec) throw new UsageError(`unknown flag ${flag} (see --help)`)
    const raw = eq > 0 ? arg.slice(eq + 1) : argv[i + 1]
    if (eq < 0) {
      if (raw === undefined || raw.startsWith("--")) throw new UsageError(`${flag} needs a value`)
      i++
    }
    options[spec[0]] = convert(flag, spec[1], raw)
  }
  return { help, options }
}

async function main() {
  let parsed
  try {
    parsed = parseArgs(process.argv.slice(2))
  } catch (e) {
    if (e instanceof UsageError) {
      process.stderr.write(`gateway sandbox: ${e.message}\n`)
      process.exit(2)
    }
    throw e
  }
  if (parsed.help) {
    process.stdout.write(USAGE + "\n")
    return
  }
  let sandbox
  try {
    sandbox = await startSandbox(parsed.options)
  } catch (e) {
    process.stderr.write(`gateway sandbox: ${/** @type {any} */ (e).message}\n`)
    process.exit(1)
  }
  process.stdout.write(`gateway sandbox listening on ${sandbox.url}\n`)
  let stopping = false
  const stop = () => {
    if (stopping) return
    stopping = true
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1)
    )
  }
  process.on("SIGINT", stop)
  process.on("SIGTERM", stop)
}

if (require.main === module) {
  main().catch((e) => {
    process.stderr.write(`gateway sandbox: ${e && e.stack ? e.stack : e}\n`)
    process.exit(1)
  })
}

module.exports = { parseArgs, UsageError }
