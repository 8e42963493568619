/**
 * The go-live check as a command, run with the store's container:
 *   npx medusa-plugin-card-gateway check [--json]      (bin/medusa-plugin-card-gateway.js)
 *   npx medusa exec <this file> [json]        (medusa exec passes positional arguments only)
 * Prints each check with its fix (or, with --json, one line `GO_LIVE {...}` holding the report) and sets the
 * exit code: 1 when a check failed, 0 otherwise (warnings do not fail it).
 */
import type { ExecArgs } from "@medusajs/framework/types"
import { reportText, runGoLiveChecks } from "../go-live"

export default async function goLiveCheck({ container, args }: ExecArgs) {
  const report = await runGoLiveChecks(container)
  const json = args?.some((a) => a === "json" || a === "--json")
  const out = json ? `GO_LIVE ${JSON.stringify(report)}` : reportText(report)
  process.stdout.write(`${out}\n`)
  // medusa exec ends with process.exit(), which keeps this code.
  process.exitCode = report.ok ? 0 : 1
}
