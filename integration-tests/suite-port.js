// Each integration suite's own ports: PORT = 21000 + 250 × GATEWAY_SUITE_PORT_BLOCK (0 to 3, default 0: so up to
// four checkouts of this repository can run their suites side by side) + 10 × the suite file's place among
// integration-tests/http's suites, and PORT + 1 to PORT + 9 for a suite's further servers (two-instances.spec.ts).
// Medusa's test runner listens on PORT; without it, it asks get-port for a free port from the kernel's ephemeral
// range and binds it later, where an outgoing connection can take it in between (seen as EADDRINUSE under load).
// These are below that range, fixed per file (suites in parallel jest workers never share one) and never drawn by
// scripts/free-port.cjs.
const { readdirSync } = require("node:fs")
const { basename, dirname } = require("node:path")
const { SUITE_PORTS } = require("../scripts/free-port.cjs")

const PER_SUITE = 10
const BLOCKS = 4
const BLOCK_SIZE = Math.floor((SUITE_PORTS.to - SUITE_PORTS.from + 1) / BLOCKS)
const block = Number(process.env.GATEWAY_SUITE_PORT_BLOCK || 0)
if (!Number.isInteger(block) || block < 0 || block >= BLOCKS)
  throw new Error(
    `GATEWAY_SUITE_PORT_BLOCK must be an integer from 0 to ${BLOCKS - 1}, got ${process.env.GATEWAY_SUITE_PORT_BLOCK}`
  )
const testPath = expect.getState().testPath
const suites = readdirSync(dirname(testPath))
  .filter((f) => /\.spec\.[jt]s$/.test(f))
  .sort()
const index = suites.indexOf(basename(testPath))
const base = SUITE_PORTS.from + BLOCK_SIZE * block + PER_SUITE * index
if (index < 0 || PER_SUITE * (index + 1) > BLOCK_SIZE)
  throw new Error(`no port block for ${testPath} (${suites.length} suites)`)
process.env.PORT = String(base)
