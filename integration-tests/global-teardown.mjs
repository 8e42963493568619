// Stops the embedded PostgreSQL started by global-setup.mjs (and deletes its data); a server given
// through DB_HOST is left alone.
export default async function globalTeardown() {
  const pg = globalThis.__EMBEDDED_PG__
  if (!pg) return
  await pg.stop()
  delete process.env.DB_HOST
}
