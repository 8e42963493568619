// With DB_HOST unset, start an embedded PostgreSQL for this jest run and point Medusa's test runner at
// it. DB_HOST must be the literal `localhost`: Medusa's runner turns SSL on for any other host name.
import { startEmbeddedPostgres } from "./embedded-postgres.mjs"

export default async function globalSetup() {
  // REDIS_URL switches medusa-config.ts to Redis modules; only the two-instance suite wants that, so keep
  // it aside for that suite (GATEWAY_TEST_REDIS_URL, which .ci/run sets directly) and let every other suite
  // boot a plain store.
  if (process.env.REDIS_URL) {
    process.env.GATEWAY_TEST_REDIS_URL = process.env.REDIS_URL
    delete process.env.REDIS_URL
  }
  if (process.env.DB_HOST) return
  const pg = await startEmbeddedPostgres({ durable: false })
  globalThis.__EMBEDDED_PG__ = pg
  process.env.DB_HOST = pg.host
  process.env.DB_PORT = String(pg.port)
  process.env.DB_USERNAME = pg.user
  process.env.DB_PASSWORD = pg.password
  process.env.__EMBEDDED_PG_STARTED__ = "1"
}
