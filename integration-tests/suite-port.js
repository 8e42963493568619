// Each integration suite's own ports: 21000 + 20 × the suite file's place among integration-tests/http's suites,
// PORT + 1 to PORT + 19 for a suite's further servers (two-instances.spec.ts). Medusa's test runner listens on PORT; without
// it, it asks get-port for a free port from the kernel's ephemeral range and binds it later, where an outgoing
// connection can take it in between (seen as EADDRINUSE under load). These are below that range, fixed per file
// (suites in parallel jest workers never share one) and never drawn by scripts/free-port.cjs.
const { readdirSync } = require("node:fs")
const { basename, dirname } = require("node:path")
const { SUITE_PORTS } = require("../scripts/free-port.cjs")

const PER_SUITE = 20
const testPath = expect.getState().testPath
const suites = readdirSync(dirname(testPath))
  .filter((f) => /\.spec\.[jt]s$/.test(f))
  .sort()
const index = suites.indexOf(basename(testPath))
const base = SUITE_PORTS.from + PER_SUITE * index
if (index < 0 || base + PER_SUITE - 1 > SUITE_PORTS.to)
  throw new Error(`no port block for ${testPath} (${suites.length} suites)`)
process.env.PORT = String(base)
