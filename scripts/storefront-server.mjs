// The Next.js storefront example (examples/nextjs-storefront, on the plugin's storefront kit) for the demo and
// the browser test: `next build` (production), skipped when nothing it is built from changed since the last build
// (a hash of the example, the kit's source and Next's version, kept in its .next), then `next start` on the port,
// told the store's address and publishable key at run time (one build serves any backend).
import { createHash } from "node:crypto"
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs"
import { join } from "node:path"
import { runCommand } from "./run-command.mjs"

const SOURCES = ["examples/nextjs-storefront", "src/storefront", "src/domain/providers.ts", "src/domain/card-brand.ts"]

function hashOf(root) {
  const hash = createHash("sha256")
  hash.update(JSON.parse(readFileSync(join(root, "node_modules", "next", "package.json"), "utf8")).version)
  const walk = (path) => {
    const full = join(root, path)
    if (statSync(full).isDirectory()) {
      for (const name of readdirSync(full).sort())
        if (name !== ".next" && name !== "node_modules" && name !== "__tests__") walk(join(path, name))
    } else hash.update(path).update(readFileSync(full))
  }
  SOURCES.forEach(walk)
  return hash.digest("hex")
}

/** Builds the example in production mode unless its last build is of the same sources; answers its folder. */
export async function buildStorefront(root, log = () => {}) {
  const dir = join(root, "examples", "nextjs-storefront")
  const stamp = join(dir, ".next", "gateway-sources.sha256")
  const hash = hashOf(root)
  if (existsSync(stamp) && readFileSync(stamp, "utf8") === hash && existsSync(join(dir, ".next", "BUILD_ID"))) {
    log("the storefront's production build is up to date (examples/nextjs-storefront/.next)")
    return dir
  }
  await runCommand("npx", ["next", "build", dir], { cwd: root, env: { NEXT_TELEMETRY_DISABLED: "1" } })
  writeFileSync(stamp, hash)
  return dir
}

/** `next start` of the built example; `returns.close()` stops it. */
export async function startStorefront({ root, dir, port, storeUrl, seed }) {
  const env = {
    NEXT_TELEMETRY_DISABLED: "1",
    MEDUSA_BACKEND_URL: storeUrl,
    NEXT_PUBLIC_MEDUSA_BACKEND_URL: storeUrl,
    NEXT_PUBLIC_MEDUSA_PUBLISHABLE_KEY: seed.publishableKey,
    NEXT_PUBLIC_DEFAULT_REGION: "us",
  }
  const server = await runCommand("npx", ["next", "start", dir, "-p", String(port), "-H", "127.0.0.1"], {
    cwd: root,
    env,
    background: true,
  })
  const url = `http://localhost:${port}`
  const end = Date.now() + 120_000
  for (;;) {
    const up = await fetch(`${url}/api/gateway/return`)
      .then((r) => r.ok)
      .catch(() => false)
    if (up) break
    if (Date.now() > end || server.child.exitCode !== null)
      throw new Error(`next start did not answer on ${url}:\n${server.output().slice(-3000)}`)
    await new Promise((r) => setTimeout(r, 500))
  }
  const close = async () => {
    await new Promise((resolve) => {
      if (server.child.exitCode !== null) return resolve()
      server.child.once("exit", () => resolve())
      try {
        process.kill(-server.child.pid, "SIGTERM")
      } catch {
        server.child.kill("SIGTERM")
      }
      setTimeout(resolve, 10_000)
    })
    // npm exec and next's server may outlive the SIGTERM (seen: both still serving after a test run ended).
    try {
      process.kill(-server.child.pid, "SIGKILL")
    } catch {
      // the group is gone
    }
  }
  return { url, close, output: server.output }
}
