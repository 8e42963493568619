#!/usr/bin/env node
// Builds the storefront kit, the package medusa-plugin-card-gateway-storefront: src/storefront →
// packages/storefront/dist, the one build of it (`npm run build` runs this after `medusa plugin:build`, which
// compiles only the server side; the package's own `prepack` runs it too). tsc emits one ES module per source file
// (so a storefront's bundler drops what it does not import) with its .d.ts; packages/storefront/package.json marks
// them ESM and free of side effects but the stylesheet. Exits non-zero on a type error.
import { spawnSync } from "node:child_process"
import { copyFileSync, rmSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const out = join(root, "packages", "storefront", "dist")

rmSync(out, { recursive: true, force: true })
const tsc = spawnSync(
  join(root, "node_modules", ".bin", "tsc"),
  ["-p", join(root, "src", "storefront", "tsconfig.json"), "--outDir", out],
  { cwd: root, stdio: "inherit" }
)
if (tsc.status !== 0) {
  process.stderr.write("storefront kit: tsc failed\n")
  process.exit(tsc.status ?? 1)
}
// The stylesheet is a side effect of its import (`import ".../styles.css"`): bundlers must keep it.
copyFileSync(join(root, "src", "storefront", "styles.css"), join(out, "storefront", "styles.css"))
process.stdout.write(`storefront kit built in ${out.slice(root.length + 1)}\n`)
