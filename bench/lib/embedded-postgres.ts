/**
 * A throw-away PostgreSQL for the store benchmarks: the same embedded server the integration tests use
 * (integration-tests/embedded-postgres.mjs, an ES module, hence the dynamic import), plus a fresh database.
 */
import path from "node:path"
import { pathToFileURL } from "node:url"

export interface BenchDatabase {
  url: string
  stop(): Promise<void>
}

// swc would turn a plain `import()` into `require()`, which cannot load an .mjs file.
const importEsm = new Function("specifier", "return import(specifier)") as (s: string) => Promise<any>

export async function startBenchDatabase(name = "medusa_bench"): Promise<BenchDatabase> {
  const helper = pathToFileURL(path.join(__dirname, "../../integration-tests/embedded-postgres.mjs")).href
  const { startEmbeddedPostgres } = await importEsm(helper)
  const pg = await startEmbeddedPostgres()
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const { Client } = require("pg")
  const admin = new Client({ host: pg.host, port: pg.port, user: pg.user, password: pg.password, database: "postgres" })
  await admin.connect()
  await admin.query(`CREATE DATABASE ${name}`)
  await admin.end()
  return {
    url: `postgres://${pg.user}:${pg.password}@${pg.host}:${pg.port}/${name}`,
    stop: () => pg.stop(),
  }
}
