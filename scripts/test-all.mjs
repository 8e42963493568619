#!/usr/bin/env node
// `npm test`: every test of the project, in two lanes that run side by side (docs/testing.md, "Running the tests").
//
//   jest (unit and integration, two workers)    output as it comes
//   browser test -> shopper run -> crash run -> packed plugin in a scratch store
//                                               each one's output printed whole when it ends
//
// The browser test mostly waits (on the admin's pages, the storefront, a settling deadline: about 90 s of processor
// time in 230 s here), so beside jest it costs little; one after another, the parts added their whole time to the
// run. Every part runs even when another failed; the exit code is 1 when any failed, and the last lines say each
// part's time and exit code.
import { spawn } from "node:child_process"
import { closeSync, createReadStream, mkdtempSync, openSync, readFileSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { fileURLToPath } from "node:url"

const root = fileURLToPath(new URL("..", import.meta.url))
const npm = process.platform === "win32" ? "npm.cmd" : "npm"
const jest = {
  name: "jest",
  cmd: "node",
  args: [
    "node_modules/jest/bin/jest.js",
    "--maxWorkers=2",
    "--workerIdleMemoryLimit=1500MB",
    "--forceExit",
    ...process.argv.slice(2),
  ],
  env: { NODE_OPTIONS: "--experimental-vm-modules" },
}
const lane = [
  { name: "browser test", cmd: "node", args: ["integration-tests/browser/run.mjs"] },
  { name: "shopper run", cmd: npm, args: ["run", "--silent", "shoppers:ci"] },
  { name: "crash run", cmd: npm, args: ["run", "--silent", "crash:ci"] },
  // Last: its `npm run build` rewrites .medusa/server and the kit's dist, which none of the parts above may be reading.
  { name: "packed plugin in a scratch store", cmd: "node", args: ["scripts/packed-e2e.mjs"] },
]

const logs = mkdtempSync(join(tmpdir(), "gateway-test-all-"))
const running = new Set()
const results = []
const started = Date.now()
const seconds = (t) => Math.round((Date.now() - t) / 1000)
// A failed part's last lines are printed again at the very end: CI's log may be read from its tail only, and a
// part's output (the shopper run's JSON, say) can be long.
const TAIL_LINES = 60
const lastLines = (text, n) => text.trimEnd().split("\n").slice(-n).join("\n")

/** Runs one part (in its own process group, so Ctrl-C stops all of it); `live` streams its output, else a file keeps it. */
function run(part, live) {
  const t0 = Date.now()
  const log = join(logs, `${part.name.replace(/\W+/g, "-")}.log`)
  const out = live ? "inherit" : openSync(log, "w")
  process.stdout.write(
    `::: ${part.name} started at ${seconds(started)} s${live ? "" : " (its output follows when it ends)"}\n`
  )
  const child = spawn(part.cmd, part.args, {
    cwd: root,
    env: { ...process.env, ...part.env },
    stdio: ["ignore", out, out],
    detached: true,
  })
  if (!live) closeSync(out) // the child holds its own copy of the log's descriptor
  running.add(child)
  return new Promise((resolve) => {
    child.on("error", (err) => process.stderr.write(`${part.name}: ${err.message}\n`))
    child.on("close", async (code, signal) => {
      running.delete(child)
      const result = { name: part.name, seconds: seconds(t0), code: code ?? signal, tail: "" }
      results.push(result)
      if (!live) {
        process.stdout.write(`\n::: ${part.name}: its output\n`)
        await new Promise((done) => createReadStream(log).on("end", done).pipe(process.stdout, { end: false }))
        if (result.code !== 0) result.tail = lastLines(readFileSync(log, "utf8"), TAIL_LINES)
      }
      process.stdout.write(`::: ${part.name}: ${result.seconds} s (exit ${result.code})\n`)
      resolve(result)
    })
  })
}

process.on("SIGINT", () => {
  for (const child of running) process.kill(-child.pid, "SIGINT")
})

await Promise.all([
  run(jest, true),
  (async () => {
    for (const part of lane) await run(part, false)
  })(),
])
rmSync(logs, { recursive: true, force: true })

process.stdout.write(`\n::: npm test: ${seconds(started)} s in all\n`)
for (const r of results) process.stdout.write(`:::   ${r.name}: ${r.seconds} s (exit ${r.code})\n`)
const failed = results.filter((r) => r.code !== 0)
for (const r of failed.filter((f) => f.tail))
  process.stdout.write(`\n::: ${r.name} failed; its last lines:\n${r.tail}\n`)
if (failed.length) process.stdout.write(`\n::: failed: ${failed.map((r) => r.name).join(", ")}\n`)
process.exit(failed.length ? 1 : 0)
