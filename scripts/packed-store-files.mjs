// The files of a scratch store for scripts/packed-store.mjs: its package.json (Medusa at the version tried, the packed
// plugin by its tarball), a Medusa starter's tsconfig, medusa-config.ts as README.md's install section writes it,
// and the repository's seed.
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"

const root = join(dirname(fileURLToPath(import.meta.url)), "..")
const repoPkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"))

/** The version of a peer the scratch store installs: every `@medusajs/*` at the store's, React by its range. */
function versionFor(name, medusa, range) {
  if (name === "@medusajs/ui") return medusa.ui
  return name.startsWith("@medusajs/") ? medusa.medusa : range
}

/** Writes the scratch store's files into `store` for Medusa `medusa` ({ medusa, ui } versions) and the plugin's `tarball`. */
export function writeScratchStore(store, medusa, tarball) {
  const pin = (name) => repoPkg.devDependencies[name]
  writeFileSync(
    join(store, "package.json"),
    JSON.stringify(
      {
        name: "scratch-store",
        private: true,
        dependencies: {
          ...Object.fromEntries(
            Object.keys(repoPkg.peerDependencies).map((n) => [n, versionFor(n, medusa, repoPkg.peerDependencies[n])])
          ),
          "@medusajs/draft-order": medusa.medusa,
          "medusa-plugin-card-gateway": `file:${tarball}`,
        },
        devDependencies: {
          typescript: pin("typescript"),
          "ts-node": pin("ts-node"),
          "@swc/core": pin("@swc/core"),
          "@types/node": pin("@types/node"),
        },
        allowScripts: repoPkg.allowScripts,
      },
      null,
      2
    )
  )
  // A Medusa starter's tsconfig (Node16 resolution: Medusa's packages export subpaths).
  writeFileSync(
    join(store, "tsconfig.json"),
    JSON.stringify(
      {
        compilerOptions: {
          target: "ES2021",
          esModuleInterop: true,
          module: "Node16",
          moduleResolution: "Node16",
          emitDecoratorMetadata: true,
          experimentalDecorators: true,
          skipLibCheck: true,
          declaration: false,
          outDir: "./.medusa/server",
          rootDir: "./",
          resolveJsonModule: true,
          strictNullChecks: true,
        },
        "ts-node": { swc: true },
        include: ["**/*", ".medusa/types/*"],
        exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache"],
      },
      null,
      2
    )
  )
  // medusa-config.ts as README.md's install section writes it (admin off: nothing here looks at it).
  writeFileSync(
    join(store, "medusa-config.ts"),
    `import { defineConfig, loadEnv } from "@medusajs/framework/utils"
loadEnv(process.env.NODE_ENV || "development", process.cwd())
// The payment provider's options, given to the plugin too (its routes, jobs and notifications use them).
const payments = {
  base_url: process.env.GATEWAY_BASE_URL,
  merchant_id: process.env.GATEWAY_MERCHANT_ID,
  account_id: process.env.GATEWAY_ACCOUNT_ID,
  sign_key: process.env.GATEWAY_SIGN_KEY,
  website: "https://shop.example",
  store_url: process.env.STORE_URL,
  return_url: "https://shop.example/checkout/return",
  capture: "manual",
}
module.exports = defineConfig({
  projectConfig: {
    databaseUrl: process.env.DATABASE_URL,
    http: { storeCors: "*", adminCors: "*", authCors: "*", jwtSecret: "supersecret", cookieSecret: "supersecret" },
  },
  admin: { disable: true },
  plugins: [
    {
      resolve: "medusa-plugin-card-gateway",
      options: {
        payments,
        payout: { base_url: process.env.GATEWAY_BASE_URL, merchant_id: process.env.GATEWAY_MERCHANT_ID, account_id: process.env.GATEWAY_ACCOUNT_ID, sign_key: process.env.GATEWAY_SIGN_KEY },
      },
    },
  ],
  modules: [
    {
      resolve: "@medusajs/medusa/payment",
      dependencies: ["gateway"],
      options: {
        providers: [{ resolve: "medusa-plugin-card-gateway/providers/gateway", options: payments }],
      },
    },
  ],
})
`
  )
  // The repository's seed (regions offering the providers, a product, shipping, a publishable key), run in the store.
  mkdirSync(join(store, "seed"))
  copyFileSync(join(root, "scripts/seed-store.ts"), join(store, "seed/seed-store.ts"))
  copyFileSync(join(root, "scripts/demo-seed.ts"), join(store, "seed/demo-seed.ts"))
}
