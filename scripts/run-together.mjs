// Runs the named npm scripts at the same time (`npm test`'s browser test, crash run and shopper run: each boots
// its own store and spends much of its time waiting on it, so side by side they take little more than the longest
// alone). Each output line is prefixed with its script's name; each script's time and exit code are printed as it
// ends. Exits 1 when any of them failed.
import { spawn } from "node:child_process"
import { createInterface } from "node:readline"

const names = process.argv.slice(2)
if (!names.length) {
  console.error("usage: node scripts/run-together.mjs <npm script>...")
  process.exit(2)
}

function run(name) {
  const t0 = Date.now()
  const child = spawn("npm", ["run", "--silent", name], { stdio: ["ignore", "pipe", "pipe"] })
  for (const stream of [child.stdout, child.stderr])
    createInterface({ input: stream }).on("line", (line) => process.stdout.write(`[${name}] ${line}\n`))
  return new Promise((resolve) =>
    child.on("close", (code, signal) => {
      const seconds = Math.round((Date.now() - t0) / 1000)
      const result = code ?? `signal ${signal}`
      process.stdout.write(`::: ${name}: ${seconds}s (exit ${result})\n`)
      resolve(code === 0)
    })
  )
}

const passed = await Promise.all(names.map(run))
const failed = names.filter((_, i) => !passed[i])
if (failed.length) {
  console.error(`failed: ${failed.join(", ")}`)
  process.exit(1)
}
