// The demo's stack, reusable: an embedded PostgreSQL (unless DATABASE_URL is given), the gateway sandbox and a
// Medusa store (`medusa develop`) with this plugin and the admin, migrated and seeded once per data directory.
// Used by `npm run demo` (scripts/demo.mjs) and by the browser tests (integration-tests/browser/run.mjs).
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs"
import { createRequire } from "node:module"
import { createServer } from "node:net"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { startEmbeddedPostgres } from "../integration-tests/embedded-postgres.mjs"
import { runCommand } from "./run-command.mjs"
import { buildStorefront, startStorefront } from "./storefront-server.mjs"

export const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const require = createRequire(import.meta.url)
const { startSandbox } = require("../sandbox")

export const DEMO_ADMIN = { email: "admin@demo.local", password: "demo-password" }

export async function assertFree(port, what) {
  await new Promise((resolve, reject) => {
    const s = createServer()
    s.once("error", () =>
      reject(new Error(`Port ${port} (${what}) is taken: stop what uses it or pass another (see README, "Demo")`))
    )
    s.listen(port, "127.0.0.1", () => s.close(resolve))
  })
}

export async function waitFor(url, ms) {
  const end = Date.now() + ms
  while (Date.now() < end) {
    try {
      const r = await fetch(url)
      if (r.ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 1000))
  }
  throw new Error(`${url} did not answer within ${ms / 1000} s`)
}

/**
 * Starts the stack. `ports`: { store, sandbox, postgres }; `dataDir`: where PostgreSQL's data and seed.json
 * live (`reset` empties it first); `log(kind, text)` with kind "step" or "info"; `onServerExit(code, output)`
 * is called when `medusa develop` stops by itself; `registerStop(stop)` receives the stop function at once,
 * so a stack still starting can be stopped. Answers { storeUrl, sandbox, seed, admin, env, stop }.
 */
export async function startStack({
  ports,
  dataDir,
  reset = false,
  admin = DEMO_ADMIN,
  env: extraEnv = {},
  sandboxOptions = {},
  storefrontUrl: externalStorefront = null,
  log = () => {},
  onServerExit = () => {},
  registerStop = () => {},
}) {
  const step = (text) => log("step", text)
  const info = (text) => log("info", text)
  const children = []
  const stops = []
  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    for (const c of children) {
      try {
        process.kill(-c.pid, "SIGTERM")
      } catch {
        c.kill("SIGTERM")
      }
    }
    await Promise.all(
      children.map((c) =>
        c.exitCode !== null || c.signalCode
          ? undefined
          : new Promise((r) => {
              c.once("exit", r)
              setTimeout(r, 10_000)
            })
      )
    )
    // What ignored SIGTERM (medusa develop's restarted `medusa start --types` children, next's server) goes now:
    // left running, it would hold its port and a core after the stack is gone.
    for (const c of children) {
      try {
        process.kill(-c.pid, "SIGKILL")
      } catch {
        // the group is gone
      }
    }
    for (const s of stops.reverse()) await s().catch(() => undefined)
  }

  // The caller can stop a stack that is still starting (Ctrl-C during the first admin build).
  registerStop(stop)

  // In its own process group, so that stopping it also stops what `npx medusa develop` starts.
  async function run(cmd, cmdArgs, env, { background = false } = {}) {
    const ran = await runCommand(cmd, cmdArgs, { cwd: root, env, background })
    if (background) {
      children.push(ran.child)
      ran.child.on("exit", (code) => {
        if (!stopping) onServerExit(code, ran.output().slice(-4000))
      })
    }
    return ran
  }

  try {
    if (reset) rmSync(dataDir, { recursive: true, force: true })
    mkdirSync(dataDir, { recursive: true })
    const fresh = !existsSync(join(dataDir, "seed.json"))

    step("Checking ports")
    await assertFree(ports.store, "Medusa")
    await assertFree(ports.sandbox, "sandbox")
    if (!externalStorefront) await assertFree(ports.storefront, "storefront")

    let databaseUrl = process.env.DATABASE_URL
    if (!databaseUrl) {
      step(
        `Starting PostgreSQL (embedded, data in ${dataDir.startsWith(root) ? dataDir.slice(root.length + 1) : dataDir}/pg)`
      )
      await assertFree(ports.postgres, "PostgreSQL")
      const pgDir = join(dataDir, "pg")
      const pg = await startEmbeddedPostgres({
        databaseDir: pgDir,
        port: ports.postgres,
        persistent: true,
        initialise: !existsSync(join(pgDir, "PG_VERSION")),
      })
      stops.push(() => pg.stop())
      if (fresh) await pg.createDatabase("medusa_demo").catch(() => undefined)
      databaseUrl = `postgres://${pg.user}:${pg.password}@localhost:${pg.port}/medusa_demo`
    }

    step("Starting the gateway sandbox")
    const storeUrl = `http://localhost:${ports.store}`
    const sandbox = await startSandbox({ port: ports.sandbox, quiet: true, notifyBaseMs: 500, ...sandboxOptions })
    stops.push(() => sandbox.close())
    info(`sandbox: ${sandbox.url}`)

    // The storefront: the example (examples/nextjs-storefront) on its port, or one of your own (--storefront-url).
    const storefrontOrigin = externalStorefront
      ? new URL(externalStorefront).origin
      : `http://localhost:${ports.storefront}`
    const env = {
      DATABASE_URL: databaseUrl,
      PORT: String(ports.store),
      MEDUSA_ADMIN_DISABLE: "false",
      MEDUSA_DISABLE_TELEMETRY: "true",
      GATEWAY_BASE_URL: sandbox.url,
      GATEWAY_STORE_URL: storeUrl,
      // The storefront's return route (outside its country routes): where 3-D Secure, APMs and the hosted page send the
      // shopper back (docs/storefront-dtc-starter.md, step 7).
      GATEWAY_RETURN_URL: `${storefrontOrigin}/api/gateway/return`,
      // The storefront's browser posts cards to the store API (the kit) from its own origin.
      STORE_CORS: `${storefrontOrigin},${sandbox.url}`,
      ADMIN_CORS: storeUrl,
      AUTH_CORS: `${storeUrl},${storefrontOrigin}`,
      ...extraEnv,
    }

    step("Migrating the database")
    await run("npx", ["medusa", "db:migrate"], env)
    if (fresh) {
      step("Seeding the store (once; --reset starts over)")
      await run("npx", ["medusa", "exec", "./scripts/demo-seed.ts", join(dataDir, "seed.json.tmp")], env)
      await run("npx", ["medusa", "user", "-e", admin.email, "-p", admin.password], env)
      writeFileSync(join(dataDir, "seed.json"), readFileSync(join(dataDir, "seed.json.tmp")))
    }
    const seed = JSON.parse(readFileSync(join(dataDir, "seed.json"), "utf8"))

    // Built before `medusa develop` watches the project (the build writes only into the example's .next, a
    // dot-directory the watcher skips).
    let storefrontDir = null
    if (!externalStorefront) {
      step("Building the storefront example (next build, production; skipped when its sources did not change)")
      storefrontDir = await buildStorefront(root, info)
    }
    step("Starting Medusa with the plugin and the admin (first start builds the admin: a minute or two)")
    const server = await run("npx", ["medusa", "develop"], env, { background: true })
    await waitFor(`${storeUrl}/health`, 300_000)
    info(`store: ${storeUrl}`)
    let storefrontUrl = externalStorefront ? storefrontOrigin : null
    if (storefrontDir) {
      const storefront = await startStorefront({ root, dir: storefrontDir, port: ports.storefront, storeUrl, seed })
      stops.push(() => storefront.close())
      storefrontUrl = storefront.url
      info(`storefront: ${storefront.url}`)
    }
    return {
      storeUrl,
      storefrontUrl,
      returnUrl: env.GATEWAY_RETURN_URL,
      sandbox,
      seed,
      admin,
      env,
      serverOutput: server.output,
      stop,
    }
  } catch (err) {
    await stop()
    throw err
  }
}
