/** The go-live report as the command prints it: one line per check, its fix under it, the counts last. */
import type { GoLiveReport } from "../types/http/go-live"

const LABEL = { pass: "PASS", fail: "FAIL", warn: "WARN", skip: "SKIP" } as const

export function reportText(report: GoLiveReport): string {
  const width = Math.max(...report.checks.map((c) => c.title.length))
  const lines = [`Go-live check of the card gateway plugin (${report.environment})`, ""]
  for (const c of report.checks) {
    lines.push(`${LABEL[c.status]}  ${c.title.padEnd(width)}  ${c.detail}`)
    if (c.fix && c.status !== "pass") lines.push(`      ${" ".repeat(width)}  Fix: ${c.fix}`)
  }
  const { pass, fail, warn, skip } = report.counts
  lines.push(
    "",
    `${pass} passed, ${fail} failed, ${warn} warnings, ${skip} skipped: ${report.ok ? "nothing blocks going live" : "fix the failed checks before going live"}.`
  )
  return lines.join("\n")
}
