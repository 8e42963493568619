#!/usr/bin/env node
// The plugin tried as a store owner would: `npm run build` (the plugin and the storefront kit), `npm pack` of both,
// the kit's package in a scratch Vite app and in scratch Next.js apps, and the sandbox from a bare install of the
// plugin (scripts/storefront-kit-check.mjs), then the plugin's tarball installed by package name into two fresh
// Medusa stores outside this repository, one at the Medusa version this repository develops on and one at the
// oldest its peer ranges accept, each paid through (scripts/packed-store.mjs: go-live check, card, 3-D Secure and
// APM checkouts, captures, refunds, syncs, the sandbox's ledger).
// Exits non-zero on the first failure; ends with `packed-e2e: N passed, 0 failed`. `.ci/run` runs it.
import { existsSync, mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { medusaVersions, payThroughScratchStore } from "./packed-store.mjs"
import { runCommand } from "./run-command.mjs"
import { checkPackedKitAndSandbox, packPluginAndKit } from "./storefront-kit-check.mjs"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const t0 = Date.now()
const log = (m) => process.stdout.write(`[packed-e2e ${Math.round((Date.now() - t0) / 1000)}s] ${m}\n`)
const children = []
const cleanups = []
let passed = 0

async function run(cmd, args, opts = {}) {
  const result = await runCommand(cmd, args, opts)
  if (opts.background) children.push(result.child)
  return result
}

async function cleanup() {
  for (const c of children) {
    try {
      process.kill(-c.pid, "SIGTERM")
    } catch {
      /* gone */
    }
  }
  for (const f of cleanups.reverse()) await f().catch(() => undefined)
}

function check(what, ok, detail = "") {
  if (!ok) throw new Error(`${what}${detail ? `: ${detail}` : ""}`)
  passed++
  log(`ok ${what}`)
}

async function waitFor(url, ms) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`)
}

async function main() {
  const work = mkdtempSync(join(tmpdir(), "gateway-packed-"))
  cleanups.push(async () => rmSync(work, { recursive: true, force: true }))

  log("Building the plugin and the storefront kit (npm run build)")
  await run("npm", ["run", "build"], { cwd: root })
  log("Packing the plugin and the kit (npm pack)")
  const { tarball, kitTarball } = await packPluginAndKit(work)
  check("npm pack made the plugin's and the kit's tarballs", existsSync(tarball) && existsSync(kitTarball), tarball)

  // The kit's tarball in a scratch Vite app and in scratch Next.js apps at the starter's Medusa version and ours;
  // the sandbox from a directory holding only the plugin (scripts/storefront-kit-check.mjs).
  await checkPackedKitAndSandbox({ kitTarball, tarball, work, log, check })

  // The store at the version this repository develops on and at its peers' floor, side by side (each its own
  // PostgreSQL, sandbox and ports): the plugin installs without ERESOLVE and pays through at both.
  const stores = medusaVersions().map((medusa) => ({
    medusa,
    log: (m) => log(`[Medusa ${medusa.medusa}] ${m}`),
    check: (what, ok, detail) => check(`Medusa ${medusa.medusa}: ${what}`, ok, detail),
  }))
  const results = await Promise.allSettled(
    stores.map(({ medusa, log, check }) =>
      payThroughScratchStore({
        tarball,
        dir: join(work, `store-${medusa.medusa}`),
        medusa,
        run,
        log,
        check,
        cleanups,
        waitFor,
      })
    )
  )
  const failed = results.find((r) => r.status === "rejected")
  if (failed) throw failed.reason
}

const deadline = setTimeout(() => {
  process.stderr.write("packed-e2e: gave up after 25 minutes\n")
  cleanup().finally(() => process.exit(1))
}, 25 * 60_000)
for (const sig of ["SIGINT", "SIGTERM"]) process.on(sig, () => cleanup().finally(() => process.exit(130)))

main()
  .then(async () => {
    clearTimeout(deadline)
    await cleanup()
    process.stdout.write(`packed-e2e: ${passed} passed, 0 failed\n`)
    process.exit(0)
  })
  .catch(async (err) => {
    clearTimeout(deadline)
    process.stderr.write(`packed-e2e: FAILED: ${err.stack ?? err}\n`)
    await cleanup()
    process.stdout.write(`packed-e2e: ${passed} passed, 1 failed\n`)
    process.exit(1)
  })
