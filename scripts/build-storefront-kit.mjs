#!/usr/bin/env node
// Builds the storefront kit (src/storefront → .medusa/storefront, or `--out DIR`): `npm run build` runs it after
// `medusa plugin:build`, which compiles only the server side, and again for the browser package
// (packages/storefront/dist). tsc emits one ES module per source file (so a
// storefront's bundler drops what it does not import) with its .d.ts; the folder's own package.json marks it
// ESM and free of side effects but its stylesheet. Exits non-zero on a type error.
import { spawnSync } from "node:child_process"
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
// `--out DIR` (relative to the repository): the browser package's build (packages/storefront/dist) uses the same
// sources and steps; the default is the plugin's own copy, `medusa-plugin-card-gateway/storefront`.
const outArg = process.argv.indexOf("--out")
const out = outArg > 0 ? join(root, process.argv[outArg + 1]) : join(root, ".medusa", "storefront")

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
mkdirSync(out, { recursive: true })
// The stylesheet is a side effect of its import (`import ".../styles.css"`): bundlers must keep it.
copyFileSync(join(root, "src", "storefront", "styles.css"), join(out, "storefront", "styles.css"))
writeFileSync(join(out, "package.json"), `${JSON.stringify({ type: "module", sideEffects: ["*.css"] }, null, 2)}\n`)
process.stdout.write(`storefront kit built in ${out.slice(root.length + 1)}\n`)
