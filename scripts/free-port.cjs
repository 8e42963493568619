// The one place a port is chosen for a server another process (or library) binds later: the demo, the browser
// test, the crash and shopper harnesses, the benches, the packed-plugin check, the embedded PostgreSQL.
//
// A port the kernel hands out for "any free port" (bind to 0) comes from its ephemeral range, the same range an
// outgoing connection takes its local port from: chosen, closed, then bound later, it can be taken in between by
// any connection the machine opens (seen as EADDRINUSE under load). So the port is drawn below that range, where
// no outgoing connection lands, checked free by binding it once, and never handed out twice by one process. Ports
// 21000-21999 are the integration suites' own (integration-tests/suite-port.js), never drawn here.
const { createServer } = require("node:net")
const { readFileSync } = require("node:fs")

const SUITE_PORTS = { from: 21000, to: 21999 }
const LOWEST = 22000
const given = new Set()

/** The low end of the kernel's ephemeral range (Linux default 32768). */
function ephemeralLow() {
  try {
    const low = Number(readFileSync("/proc/sys/net/ipv4/ip_local_port_range", "utf8").trim().split(/\s+/)[0])
    return Number.isInteger(low) && low > LOWEST + 1000 ? low : 32768
  } catch {
    return 32768
  }
}

/** Whether nothing listens on `port` on any address (a server binding all addresses is what follows). */
function bindable(port) {
  return new Promise((resolve) => {
    const server = createServer()
    server.once("error", () => resolve(false))
    server.listen(port, () => server.close(() => resolve(true)))
  })
}

/** A TCP port below the ephemeral range, free a moment ago and not given out before by this process. */
async function freePort() {
  const high = ephemeralLow()
  for (let i = 0; i < 200; i++) {
    const port = LOWEST + Math.floor(Math.random() * (high - LOWEST))
    if (given.has(port)) continue
    if (await bindable(port)) {
      given.add(port)
      return port
    }
  }
  throw new Error(`no free port between ${LOWEST} and ${high} after 200 tries`)
}

module.exports = { freePort, SUITE_PORTS }
