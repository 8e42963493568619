#!/usr/bin/env node
// Fails (exit 1) when a runtime dependency of the plugin (what a store installs with it: `npm ls --omit=dev`)
// has a known high or critical advisory. Asks the registry first (`npm audit --omit=dev --audit-level=high`);
// when the registry offers no audit endpoint (some mirrors answer 405), checks the installed versions against
// security/known-advisories.json instead and says so. Run by .ci/run; docs/security.md describes it.
import { execFileSync, spawnSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const BLOCKING = new Set(["high", "critical"])

function registryAudit() {
  const r = spawnSync("npm", ["audit", "--omit=dev", "--json"], { cwd: root, encoding: "utf8", timeout: 120_000 })
  let report
  try {
    report = JSON.parse(r.stdout || "{}")
  } catch {
    return null
  }
  if (report.error || !report.metadata) return null // no audit endpoint: fall back
  const found = Object.values(report.vulnerabilities ?? {}).filter((v) => BLOCKING.has(v.severity))
  return found.map((v) => `${v.name} (${v.severity}): ${v.range}`)
}

const parse = (v) => v.split(/[.+-]/).slice(0, 3).map(Number)
const below = (a, b) => {
  const [x, y] = [parse(a), parse(b)]
  for (let i = 0; i < 3; i++) if (x[i] !== y[i]) return x[i] < y[i]
  return false
}

/** Every installed runtime package: name -> versions. */
function installed() {
  const tree = JSON.parse(
    execFileSync("npm", ["ls", "--omit=dev", "--all", "--json"], { cwd: root, encoding: "utf8", maxBuffer: 64 << 20 })
  )
  const out = new Map()
  const walk = (deps) => {
    for (const [name, d] of Object.entries(deps ?? {})) {
      if (d.version) out.set(name, new Set([...(out.get(name) ?? []), d.version]))
      walk(d.dependencies)
    }
  }
  walk(tree.dependencies)
  return out
}

function localAudit() {
  const { advisories } = JSON.parse(readFileSync(join(root, "security/known-advisories.json"), "utf8"))
  const versions = installed()
  const found = []
  for (const a of advisories) {
    for (const v of versions.get(a.package) ?? []) {
      if (parse(v)[0] === a.major && below(v, a.fixed) && BLOCKING.has(a.severity)) {
        found.push(`${a.package}@${v} (${a.severity}, fixed in ${a.fixed}): ${a.summary} [${a.ids.join(", ")}]`)
      }
    }
  }
  return { found, checked: versions.size }
}

let found = registryAudit()
if (found) {
  console.log(
    `audit: the registry's audit of the runtime dependencies found ${found.length} high or critical advisories`
  )
} else {
  const local = localAudit()
  found = local.found
  console.log(
    `audit: the registry offers no audit endpoint; checked ${local.checked} runtime packages against security/known-advisories.json: ${found.length} high or critical`
  )
}
for (const f of found) console.log(`  - ${f}`)
process.exit(found.length ? 1 : 0)
