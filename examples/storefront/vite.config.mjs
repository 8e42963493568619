// Builds the storefront example (React) with Vite into .medusa/storefront-example, which
// scripts/storefront-server.mjs serves for the demo and the browser test. The kit is imported by its package
// name, as a store would; here that name points at the kit's source (src/storefront), so the example needs no
// prior `npm run build`.
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { defineConfig } from "vite"

const here = dirname(fileURLToPath(import.meta.url))
const repo = join(here, "..", "..")

export default defineConfig({
  root: here,
  logLevel: "warn",
  resolve: {
    alias: [
      { find: /^medusa-plugin-card-gateway\/storefront$/, replacement: join(repo, "src", "storefront", "index.ts") },
      { find: /^medusa-plugin-card-gateway\/storefront\/core$/, replacement: join(repo, "src", "storefront", "core.ts") },
    ],
  },
  esbuild: { jsx: "automatic" },
  build: {
    outDir: join(repo, ".medusa", "storefront-example"),
    emptyOutDir: true,
    target: "es2022",
    rollupOptions: {
      // The kit's components start with "use client" (for Next.js); a Vite app has no server components, so
      // the bundler dropping the directive is expected.
      onwarn(warning, warn) {
        if (warning.code === "MODULE_LEVEL_DIRECTIVE" || (warning.code === "SOURCEMAP_ERROR" && /use client/.test(warning.message))) return
        if (warning.message?.includes("Error when using sourcemap for reporting an error")) return
        warn(warning)
      },
    },
  },
})
