// When a suite's teardown (Medusa's runner stopping the store, disposing its container and dropping its database)
// takes more than a minute, says what the worker is still waiting on: its open sockets and the database's busy
// connections. Once (stop 41's CI) a teardown waited 20 minutes on something, and the log could not say what.
const { Client } = require("pg")

const AFTER_MS = 60_000
let timer = null

/** The worker's open TCP sockets, named by the suite's known ports: into the store, to PostgreSQL, to the sandbox. */
function sockets() {
  const known = {
    [process.env.PORT]: "store",
    [process.env.DB_PORT]: "postgres",
    [process.env.GATEWAY_BASE_URL && new URL(process.env.GATEWAY_BASE_URL).port]: "sandbox",
  }
  const open = process._getActiveHandles().filter((h) => h?.constructor?.name === "Socket" && h.remotePort)
  return open.map((s) => {
    const name = known[s.localPort] ? `into ${known[s.localPort]}` : `to ${known[s.remotePort] ?? "other"}`
    return `${s.localPort}->${s.remotePort} (${name}${s.pending ? ", connecting" : ""})`
  })
}

async function busyConnections() {
  if (!process.env.DB_PORT) return "no DB_PORT"
  const client = new Client({
    host: process.env.DB_HOST || "localhost",
    port: Number(process.env.DB_PORT),
    user: process.env.DB_USERNAME || "postgres",
    password: process.env.DB_PASSWORD || "postgres",
    database: "postgres",
  })
  try {
    await client.connect()
    const { rows } = await client.query(
      `select pid, datname, state, wait_event_type, wait_event, round(extract(epoch from now() - xact_start)) as xact_s,
              left(query, 160) as query
         from pg_stat_activity where datname like 'medusa-%' and state <> 'idle' and pid <> pg_backend_pid()`
    )
    return rows
  } catch (e) {
    return `could not ask PostgreSQL: ${e.message}`
  } finally {
    await client.end().catch(() => undefined)
  }
}

function arm(file, since) {
  timer = setTimeout(async () => {
    const report = { sockets: sockets(), busy_connections: await busyConnections() }
    process.stderr.write(
      `\n[teardown-watch] ${file}: ${Math.round((Date.now() - since) / 1000)} s since its last test ended; ` +
        `still waiting on ${JSON.stringify(report)}\n`
    )
    arm(file, since)
  }, AFTER_MS)
  timer.unref()
}

const disarm = () => {
  clearTimeout(timer)
  timer = null
}

// Declared before the suite's own hooks: this afterEach runs after the test's, this afterAll after the runner's.
beforeEach(disarm)
afterEach(() => arm(expect.getState().testPath, Date.now()))
afterAll(disarm)
